import { and, eq, gte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@bastion/db/client';
import { quoteDocuments } from '@bastion/db/schema/documents';
import { quoteHistory } from '@bastion/db/schema/quote-history';
import { quotes } from '@bastion/db/schema/quotes';
import { claimSeed } from '@bastion/db/seed/seed-claims';
import type { ServerConfig } from '../../config.ts';
import {
  loadDemoBookRecording,
  movedDocument,
  readDemoBookRecording,
  type DemoBookRecording,
} from './demo-book-recording.ts';
import { demoSessions } from './play-demo-book.ts';

/** The demo book's claim (seed_claims): it is seeded once per database. */
export const DEMO_BOOK_SEED = 'demo_book';

/**
 * Seeds the demo book into a demo database that has no quote yet: the recording of a play
 * (decision 035), moved to `now`, and its documents generated again through the API as their
 * sellers asked for them. Answers how many quotes it made (0 when there already were quotes: a
 * restart never adds the book twice).
 */
export async function seedDemoBook(
  app: FastifyInstance,
  db: Database,
  config: ServerConfig,
  now = new Date(),
  recording?: DemoBookRecording,
): Promise<number> {
  const [existing] = await db.select({ id: quotes.id }).from(quotes).limit(1);
  if (existing) return 0;
  // Two instances started together on one empty database: only the one that claims it seeds it.
  if (!(await claimSeed(db, DEMO_BOOK_SEED, now))) return 0;

  const book = recording ?? (await readDemoBookRecording());
  const made = await loadDemoBookRecording(db, book, now);
  if (book.documents.length === 0) return made;

  const { call, end } = await demoSessions(app, db, config);
  try {
    for (const document of book.documents) {
      const { email, generatedAt } = movedDocument(book, document, now);
      const started = new Date();
      await call(
        email,
        `/api/dx/document/${document.quote_id}/${document.format}/${encodeURIComponent(document.name)}`,
        {},
        'file',
      );
      // Stamped now; dated as the recording dates it.
      await db
        .update(quoteDocuments)
        .set({ generatedAt })
        .where(
          and(
            eq(quoteDocuments.quoteId, document.quote_id),
            gte(quoteDocuments.generatedAt, started),
          ),
        );
      await db
        .update(quoteHistory)
        .set({ occurredAt: generatedAt })
        .where(
          and(
            eq(quoteHistory.quoteId, document.quote_id),
            eq(quoteHistory.action, 'document_generated'),
            gte(quoteHistory.occurredAt, started),
          ),
        );
    }
  } finally {
    await end();
  }
  return made;
}
