import { asc, eq } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { quoteLines, quoteShippingLines } from '@bastion/db/schema/quotes';
import { quoteTermSets, quoteTerms } from '@bastion/db/schema/terms';

/** What a quote copy reads of its source and writes for itself. */

const CHUNK = 500;

export type QuoteLineRecord = typeof quoteLines.$inferSelect;

/** The quote's lines, shipping, terms and term sets, as stored. */
export async function readQuoteContents(db: Database, quoteId: string) {
  const [lines, shipping, terms, termSets] = await Promise.all([
    db
      .select()
      .from(quoteLines)
      .where(eq(quoteLines.quoteId, quoteId))
      .orderBy(asc(quoteLines.position)),
    db.select().from(quoteShippingLines).where(eq(quoteShippingLines.quoteId, quoteId)),
    db
      .select()
      .from(quoteTerms)
      .where(eq(quoteTerms.quoteId, quoteId))
      .orderBy(asc(quoteTerms.position)),
    db.select().from(quoteTermSets).where(eq(quoteTermSets.quoteId, quoteId)),
  ]);
  return { lines, shipping, terms, termSets };
}

/** Writes lines in order, a chunk at a time (a bundle before its components). */
export async function insertQuoteLineRecords(
  tx: Database,
  rows: readonly (typeof quoteLines.$inferInsert)[],
) {
  for (let start = 0; start < rows.length; start += CHUNK) {
    await tx.insert(quoteLines).values(rows.slice(start, start + CHUNK));
  }
}

export async function insertShippingLineRecords(
  tx: Database,
  rows: readonly (typeof quoteShippingLines.$inferInsert)[],
) {
  for (let start = 0; start < rows.length; start += CHUNK) {
    await tx.insert(quoteShippingLines).values(rows.slice(start, start + CHUNK));
  }
}

export async function insertTermRecords(
  tx: Database,
  rows: readonly (typeof quoteTerms.$inferInsert)[],
) {
  if (rows.length === 0) return;
  await tx.insert(quoteTerms).values([...rows]);
}

export async function insertTermSetRecord(tx: Database, row: typeof quoteTermSets.$inferInsert) {
  await tx.insert(quoteTermSets).values(row);
}
