/**
 * `npm run api:docs`: writes the OpenAPI document of the API to docs/api/openapi.json. It builds
 * the app as the server does, on an empty in-memory database, without listening, and writes what
 * GET /api/docs/openapi.json answers; the server test lib/openapi.test.ts fails when the two differ.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '@bastion/db/client';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { OPENAPI_FILE, renderOpenApiDocument } from '../lib/openapi.ts';

async function run() {
  // Not the caller's environment: the document must not depend on who runs this.
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    SECRETS_KEY: Buffer.alloc(32).toString('base64'),
  });
  const handle = await openDatabase({ engine: 'pglite', dataDir: null });
  try {
    await handle.migrate();
    const app = await buildApp({ config, db: handle.db, version: 'docs', logger: false });
    await app.ready();
    const target = fileURLToPath(new URL(`../../../../${OPENAPI_FILE}`, import.meta.url));
    writeFileSync(target, renderOpenApiDocument(app.swagger()));
    console.log(`wrote ${OPENAPI_FILE}`);
    await app.close();
  } finally {
    await handle.close();
  }
}

run().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
