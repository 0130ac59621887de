import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { downloadLinks, quoteAttachments } from '@bastion/db/schema/documents';
import { quotes } from '@bastion/db/schema/quotes';
import { users } from '@bastion/db/schema/users';
import { firstOrNull, personName } from '../../lib/db/queries.ts';

/** An attachment as listed: everything but its bytes, with the uploader's name. */
const listedColumns = {
  id: quoteAttachments.id,
  quoteId: quoteAttachments.quoteId,
  category: quoteAttachments.category,
  ref: quoteAttachments.ref,
  fileName: quoteAttachments.fileName,
  sizeKb: quoteAttachments.sizeKb,
  contentType: quoteAttachments.contentType,
  sha256: quoteAttachments.sha256,
  uploadedBy: quoteAttachments.uploadedBy,
  uploadedByName: sql<string | null>`${personName}`,
  uploadedAt: quoteAttachments.uploadedAt,
};

function selectListed(db: Database) {
  return db
    .select(listedColumns)
    .from(quoteAttachments)
    .leftJoin(users, eq(users.id, quoteAttachments.uploadedBy));
}

export function listAttachments(db: Database, quoteId: string) {
  return selectListed(db)
    .where(eq(quoteAttachments.quoteId, quoteId))
    .orderBy(asc(quoteAttachments.uploadedAt), asc(quoteAttachments.id));
}

export type ListedAttachment = Awaited<ReturnType<typeof listAttachments>>[number];

export function findAttachment(db: Database, quoteId: string, id: string) {
  return firstOrNull(
    selectListed(db).where(and(eq(quoteAttachments.quoteId, quoteId), eq(quoteAttachments.id, id))),
  );
}

export async function readAttachmentContent(db: Database, id: string): Promise<Buffer | null> {
  const row = await firstOrNull(
    db
      .select({ content: quoteAttachments.content })
      .from(quoteAttachments)
      .where(eq(quoteAttachments.id, id)),
  );
  return row?.content ?? null;
}

/** Holds the quote until the transaction ends, so two uploads cannot both take the last place. */
export async function lockQuote(tx: Database, quoteId: string): Promise<void> {
  await tx.select({ id: quotes.id }).from(quotes).where(eq(quotes.id, quoteId)).for('update');
}

export async function attachmentTotals(db: Database, quoteId: string) {
  const [row] = await db
    .select({
      files: count(),
      totalKb: sql<number>`coalesce(sum(${quoteAttachments.sizeKb}), 0)::int`,
    })
    .from(quoteAttachments)
    .where(eq(quoteAttachments.quoteId, quoteId));
  return { files: row?.files ?? 0, totalKb: Number(row?.totalKb ?? 0) };
}

export type NewAttachment = typeof quoteAttachments.$inferInsert;

export async function insertAttachment(tx: Database, values: NewAttachment): Promise<string> {
  const [row] = await tx
    .insert(quoteAttachments)
    .values(values)
    .returning({ id: quoteAttachments.id });
  if (!row) throw new Error('attachment insert returned nothing');
  return row.id;
}

export async function deleteAttachmentRow(db: Database, id: string): Promise<void> {
  await db.delete(quoteAttachments).where(eq(quoteAttachments.id, id));
}

export async function insertDownloadLink(db: Database, values: typeof downloadLinks.$inferInsert) {
  await db.insert(downloadLinks).values(values);
}

/** The link of this token hash to an attachment, with the attachment. */
export function findAttachmentLink(db: Database, tokenHash: string) {
  return firstOrNull(
    db
      .select({
        expiresAt: downloadLinks.expiresAt,
        createdBy: downloadLinks.createdBy,
        attachmentId: quoteAttachments.id,
        quoteId: quoteAttachments.quoteId,
        fileName: quoteAttachments.fileName,
        contentType: quoteAttachments.contentType,
      })
      .from(downloadLinks)
      .innerJoin(quoteAttachments, eq(quoteAttachments.id, downloadLinks.attachmentId))
      .where(eq(downloadLinks.tokenHash, tokenHash)),
  );
}
