/**
 * `npm run demo-book:record`: plays the demo book through the API into a fresh in-memory demo
 * database, as `npm start` seeds one, and writes what it made to the recording a fresh demo
 * database loads (features/demo-book, decision 035). Run it when a change alters what the play
 * makes: the test demo-book-recording.test.ts plays the book and fails while the two differ.
 */
import { openDatabase } from '@bastion/db/client';
import { DEMO_PASSWORD, seedDemoData } from '@bastion/db/seed/demo-data';
import { seedReferenceData } from '@bastion/db/seed/reference-data';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import {
  DEMO_BOOK_RECORDING_FILE,
  writeDemoBookRecording,
} from '../features/demo-book/demo-book-recording.ts';
import { playAndRecordDemoBook } from '../features/demo-book/play-demo-book.ts';
import { hashPassword } from '../core/access/passwords.ts';

async function run() {
  // Not the caller's environment: the recording must not depend on who makes it.
  const config = loadConfig({
    LOG_LEVEL: 'warn',
    SECRETS_KEY: Buffer.alloc(32).toString('base64'),
    RATE_LIMIT_API_PER_MINUTE: '0',
  });
  const handle = await openDatabase({ engine: 'pglite', dataDir: null });
  try {
    await handle.migrate();
    await seedReferenceData(handle.db, { signInPolicy: 'demo' });
    await seedDemoData(handle.db, await hashPassword(DEMO_PASSWORD));
    const app = await buildApp({ config, db: handle.db, version: 'record', logger: false });
    await app.ready();
    const started = performance.now();
    const recording = await playAndRecordDemoBook(app, handle.db, config);
    await writeDemoBookRecording(recording);
    const rows = recording.tables.reduce((n, t) => n + t.rows.length, 0);
    console.log(
      `played the demo book in ${Math.round(performance.now() - started)} ms: ${rows} rows and ${recording.documents.length} documents written to ${DEMO_BOOK_RECORDING_FILE}`,
    );
    await app.close();
  } finally {
    await handle.close();
  }
}

run().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
