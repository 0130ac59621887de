import { and, desc, eq, isNull, ne, type SQL } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { acceptanceLinks, quoteAcceptances, quoteDocuments } from '@bastion/db/schema/documents';
import { quotes } from '@bastion/db/schema/quotes';
import { users } from '@bastion/db/schema/users';
import { firstOrNull, personName } from '../../lib/db/queries.ts';

/** Queries of customer acceptance (issue 17, point 4): links, the acceptance, the PDF's bytes. */

export type AcceptanceLinkRow = typeof acceptanceLinks.$inferSelect;
export type AcceptanceRow = typeof quoteAcceptances.$inferSelect;

const linkListing = {
  link: acceptanceLinks,
  documentFileName: quoteDocuments.fileName,
  documentSha256: quoteDocuments.sha256,
  sentByName: personName,
};

export type ListedAcceptanceLink = {
  link: AcceptanceLinkRow;
  documentFileName: string;
  documentSha256: string;
  sentByName: string | null;
};

/** The links `where` picks, with their documents and senders. */
const listedLinks = (db: Database, where: SQL | undefined) =>
  db
    .select(linkListing)
    .from(acceptanceLinks)
    .innerJoin(quoteDocuments, eq(quoteDocuments.id, acceptanceLinks.documentId))
    .leftJoin(users, eq(users.id, acceptanceLinks.sentBy))
    .where(where);

/** The quote's links, newest first, with their documents and senders. */
export async function listAcceptanceLinks(
  db: Database,
  quoteId: string,
): Promise<ListedAcceptanceLink[]> {
  return listedLinks(db, eq(acceptanceLinks.quoteId, quoteId)).orderBy(
    desc(acceptanceLinks.sentAt),
    desc(acceptanceLinks.id),
  );
}

export async function findAcceptanceLink(
  db: Database,
  quoteId: string,
  linkId: string,
): Promise<ListedAcceptanceLink | null> {
  return firstOrNull(
    listedLinks(db, and(eq(acceptanceLinks.quoteId, quoteId), eq(acceptanceLinks.id, linkId))),
  );
}

/** The link a token opens, with its quote and document (not the bytes); null when none. */
export async function findLinkByTokenHash(db: Database, tokenHash: string) {
  return firstOrNull(
    db
      .select({
        link: acceptanceLinks,
        quote: quotes,
        documentFileName: quoteDocuments.fileName,
        documentSha256: quoteDocuments.sha256,
      })
      .from(acceptanceLinks)
      .innerJoin(quotes, eq(quotes.id, acceptanceLinks.quoteId))
      .innerJoin(quoteDocuments, eq(quoteDocuments.id, acceptanceLinks.documentId))
      .where(eq(acceptanceLinks.tokenHash, tokenHash)),
  );
}

export type LinkWithQuote = NonNullable<Awaited<ReturnType<typeof findLinkByTokenHash>>>;

/** The quote's acceptance (there is at most one), with its document's file name. */
export async function findAcceptance(db: Database, quoteId: string) {
  return firstOrNull(
    db
      .select({ acceptance: quoteAcceptances, documentFileName: quoteDocuments.fileName })
      .from(quoteAcceptances)
      .innerJoin(quoteDocuments, eq(quoteDocuments.id, quoteAcceptances.documentId))
      .where(eq(quoteAcceptances.quoteId, quoteId)),
  );
}

/** The stored bytes of a generated document, exactly as they were hashed. */
export async function readDocumentContent(db: Database, documentId: string) {
  return firstOrNull(
    db
      .select({ content: quoteDocuments.content, fileName: quoteDocuments.fileName })
      .from(quoteDocuments)
      .where(eq(quoteDocuments.id, documentId)),
  );
}

export async function insertAcceptanceLink(
  db: Database,
  values: typeof acceptanceLinks.$inferInsert,
): Promise<AcceptanceLinkRow> {
  const [row] = await db.insert(acceptanceLinks).values(values).returning();
  if (!row) throw new Error('acceptance link insert returned nothing');
  return row;
}

/** Ends an open link; null when it was already ended (revoked) meanwhile. */
export async function revokeAcceptanceLinkRow(
  db: Database,
  linkId: string,
  now: Date,
): Promise<AcceptanceLinkRow | null> {
  return firstOrNull(
    db
      .update(acceptanceLinks)
      .set({ revokedAt: now })
      .where(and(eq(acceptanceLinks.id, linkId), isNull(acceptanceLinks.revokedAt)))
      .returning(),
  );
}

/** Records the acceptance and ends the quote's other open links (inside the quote's write). */
export async function insertAcceptance(
  tx: Database,
  values: typeof quoteAcceptances.$inferInsert,
  now: Date,
): Promise<AcceptanceRow> {
  const [row] = await tx.insert(quoteAcceptances).values(values).returning();
  if (!row) throw new Error('acceptance insert returned nothing');
  await tx
    .update(acceptanceLinks)
    .set({ revokedAt: now })
    .where(
      and(
        eq(acceptanceLinks.quoteId, values.quoteId),
        ne(acceptanceLinks.id, values.linkId),
        isNull(acceptanceLinks.revokedAt),
      ),
    );
  return row;
}

export async function findUserEmail(db: Database, userId: string | null) {
  if (userId === null) return null;
  return firstOrNull(
    db
      .select({ email: users.email, name: personName, isDisabled: users.isDisabled })
      .from(users)
      .where(eq(users.id, userId)),
  );
}
