import { randomUUID } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { entitlements, quoteLines, quoteShippingLines } from '@bastion/db/schema/quotes';
import { quoteTermSets, quoteTerms, termsClauses } from '@bastion/db/schema/terms';
import { skus } from '@bastion/db/schema/catalog';
import { readTogether } from '../../lib/db/read-together.ts';

/**
 * A quote's contents as stored (lines, shipping, clauses): what a copy reads of its source and
 * writes for itself, and what a revision keeps and restoring it writes back (issue 37).
 */

const CHUNK = 500;

export type QuoteLineRecord = typeof quoteLines.$inferSelect;

/** The quote's lines, shipping, terms and term sets, as stored. */
export async function readQuoteContents(db: Database, quoteId: string) {
  const [lines, shipping, terms, termSets] = await readTogether(db, [
    () =>
      db
        .select()
        .from(quoteLines)
        .where(eq(quoteLines.quoteId, quoteId))
        .orderBy(asc(quoteLines.position)),
    () => db.select().from(quoteShippingLines).where(eq(quoteShippingLines.quoteId, quoteId)),
    () =>
      db
        .select()
        .from(quoteTerms)
        .where(eq(quoteTerms.quoteId, quoteId))
        .orderBy(asc(quoteTerms.position)),
    () => db.select().from(quoteTermSets).where(eq(quoteTermSets.quoteId, quoteId)),
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

/** The contents one quote's rows make for another quote (or the same one again): new ids. */
export function contentsFor(
  quoteId: string,
  contents: {
    lines: readonly QuoteLineRecord[];
    shipping: readonly (typeof quoteShippingLines.$inferSelect)[];
    terms: readonly (typeof quoteTerms.$inferSelect)[];
  },
) {
  const idOf = new Map(contents.lines.map((l) => [l.id, randomUUID()]));
  const lines = contents.lines.map((l) => ({
    ...l,
    id: idOf.get(l.id) ?? randomUUID(),
    quoteId,
    parentLineId: l.parentLineId ? (idOf.get(l.parentLineId) ?? null) : null,
  }));
  return {
    // Bundles first, so a component's reference exists when it is written.
    lines: [...lines.filter((l) => !l.parentLineId), ...lines.filter((l) => l.parentLineId)],
    shipping: contents.shipping.flatMap(({ id: _id, ...l }) => {
      const lineId = idOf.get(l.quoteLineId);
      return lineId ? [{ ...l, quoteId, quoteLineId: lineId }] : [];
    }),
    terms: contents.terms.map(({ id: _id, ...t }) => ({ ...t, quoteId })),
  };
}

/** Replaces the quote's lines, shipping and clauses (inside the write that raises its version). */
export async function replaceQuoteContents(
  tx: Database,
  quoteId: string,
  contents: ReturnType<typeof contentsFor>,
  termSet: Omit<typeof quoteTermSets.$inferInsert, 'quoteId'> | null,
) {
  // Shipping goes with its lines (cascade); components with their bundles.
  await tx.delete(quoteLines).where(eq(quoteLines.quoteId, quoteId));
  await tx.delete(quoteTerms).where(eq(quoteTerms.quoteId, quoteId));
  await tx.delete(quoteTermSets).where(eq(quoteTermSets.quoteId, quoteId));
  await insertQuoteLineRecords(tx, contents.lines);
  await insertShippingLineRecords(tx, contents.shipping);
  await insertTermRecords(tx, contents.terms);
  if (termSet) await insertTermSetRecord(tx, { ...termSet, quoteId });
}

/** Of these SKUs, clauses and entitlements, those that no longer exist. */
export async function findMissingReferences(
  db: Database,
  refs: { skus: string[]; clauseIds: string[]; entitlementIds: string[] },
) {
  const [skuRows, clauseRows, entitlementRows] = await Promise.all([
    refs.skus.length === 0
      ? []
      : db.select({ id: skus.sku }).from(skus).where(inArray(skus.sku, refs.skus)),
    refs.clauseIds.length === 0
      ? []
      : db
          .select({ id: termsClauses.id })
          .from(termsClauses)
          .where(inArray(termsClauses.id, refs.clauseIds)),
    refs.entitlementIds.length === 0
      ? []
      : db
          .select({ id: entitlements.id })
          .from(entitlements)
          .where(inArray(entitlements.id, refs.entitlementIds)),
  ]);
  const missing = (wanted: string[], found: { id: string }[]) => {
    const present = new Set(found.map((row) => row.id));
    return wanted.filter((id) => !present.has(id));
  };
  return {
    skus: missing(refs.skus, skuRows),
    clauseIds: missing(refs.clauseIds, clauseRows),
    entitlementIds: missing(refs.entitlementIds, entitlementRows),
  };
}
