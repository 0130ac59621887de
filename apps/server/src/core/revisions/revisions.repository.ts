import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { skus } from '@bastion/db/schema/catalog';
import { quoteLines, quotes, type QuoteRow } from '@bastion/db/schema/quotes';
import { quoteRevisions, type QuoteRevisionRow } from '@bastion/db/schema/quote-revisions';
import { users } from '@bastion/db/schema/users';
import { firstOrNull, personName } from '../../lib/db/queries.ts';

/* A quote's revisions (issue 37) and what a snapshot reads of the quote. */

export type NewRevision = Omit<typeof quoteRevisions.$inferInsert, 'id' | 'revisionNumber'>;

/** The quote, held until the transaction ends: revisions of one quote are numbered one by one. */
export async function lockQuote(tx: Database, quoteId: string): Promise<QuoteRow | null> {
  return firstOrNull(tx.select().from(quotes).where(eq(quotes.id, quoteId)).for('update'));
}

/** A new revision numbered after the quote's last one (call with the quote locked). */
export async function insertRevision(tx: Database, revision: NewRevision) {
  const [row] = await tx
    .insert(quoteRevisions)
    .values({
      ...revision,
      revisionNumber: sql`(select coalesce(max(${quoteRevisions.revisionNumber}), 0) + 1 from ${quoteRevisions} where ${quoteRevisions.quoteId} = ${revision.quoteId})`,
    })
    .returning();
  if (!row) throw new Error('revision insert returned nothing');
  return row;
}

/** The latest revision of this version of the quote, if one was taken. */
export async function findRevisionAtVersion(db: Database, quoteId: string, version: number) {
  return firstOrNull(
    db
      .select()
      .from(quoteRevisions)
      .where(and(eq(quoteRevisions.quoteId, quoteId), eq(quoteRevisions.quoteVersion, version)))
      .orderBy(desc(quoteRevisions.revisionNumber))
      .limit(1),
  );
}

const revisionListColumns = {
  id: quoteRevisions.id,
  revisionNumber: quoteRevisions.revisionNumber,
  name: quoteRevisions.name,
  reason: quoteRevisions.reason,
  quoteVersion: quoteRevisions.quoteVersion,
  statusId: quoteRevisions.statusId,
  currencyCode: quoteRevisions.currencyCode,
  netMinor: quoteRevisions.netMinor,
  createdAt: quoteRevisions.createdAt,
  createdBy: personName,
};

export type RevisionListRow = Awaited<ReturnType<typeof listRevisions>>[number];

/** The quote's revisions, newest first, with who took them (not their snapshots). */
export async function listRevisions(db: Database, quoteId: string) {
  return db
    .select(revisionListColumns)
    .from(quoteRevisions)
    .leftJoin(users, eq(users.id, quoteRevisions.createdBy))
    .where(eq(quoteRevisions.quoteId, quoteId))
    .orderBy(desc(quoteRevisions.revisionNumber));
}

/** One revision of the quote, snapshot and contents included, with who took it. */
export async function findRevision(
  db: Database,
  quoteId: string,
  revisionId: string,
): Promise<(QuoteRevisionRow & { createdByName: string | null }) | null> {
  const row = await firstOrNull(
    db
      .select({ revision: quoteRevisions, createdByName: personName })
      .from(quoteRevisions)
      .leftJoin(users, eq(users.id, quoteRevisions.createdBy))
      .where(and(eq(quoteRevisions.quoteId, quoteId), eq(quoteRevisions.id, revisionId))),
  );
  return row ? { ...row.revision, createdByName: row.createdByName } : null;
}

/** The quote's lines in order with their SKU's name. */
export async function listNamedLines(db: Database, quoteId: string) {
  return db
    .select({ line: quoteLines, name: skus.name })
    .from(quoteLines)
    .innerJoin(skus, eq(skus.sku, quoteLines.sku))
    .where(eq(quoteLines.quoteId, quoteId))
    .orderBy(asc(quoteLines.position));
}
