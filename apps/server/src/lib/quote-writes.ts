import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { quoteHistory, quotes } from '@bastion/db/schema/quotes';

/**
 * Every change to a quote, whichever feature makes it (header, products, shipping, terms), goes
 * through here: the quote's version is raised only if it is still the one the caller saw, the
 * feature's own rows are written, and the history entry is recorded, in one transaction
 * (docs/decisions/009: optimistic concurrency and history).
 */

export type QuoteRow = typeof quotes.$inferSelect;
export type HistoryChange = { field: string; before: unknown; after: unknown };

export const STALE_QUOTE_MESSAGE =
  'Someone changed this quote after you opened it. Reload it to see their changes, then make yours again.';

/** Null when someone else wrote first: nothing is changed then. */
export async function writeQuoteAtVersion(
  db: Database,
  input: {
    quoteId: string;
    expectedVersion: number;
    set?: Partial<typeof quotes.$inferInsert>;
    changes: HistoryChange[];
    action: string;
    actorUserId: string;
  },
  now: Date,
  alsoWrite: (tx: Database) => Promise<void> = async () => undefined,
): Promise<QuoteRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(quotes)
      .set({
        ...input.set,
        version: sql`${quotes.version} + 1`,
        updatedAt: now,
        updatedBy: input.actorUserId,
      })
      .where(and(eq(quotes.id, input.quoteId), eq(quotes.version, input.expectedVersion)))
      .returning();
    if (!row) return null;
    await alsoWrite(tx);
    await tx.insert(quoteHistory).values({
      quoteId: row.id,
      actorUserId: input.actorUserId,
      occurredAt: now,
      action: input.action,
      version: row.version,
      changes: input.changes,
    });
    return row;
  });
}
