import { and, asc, desc, eq } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { productFamilies, skus } from '@bastion/db/schema/catalog';
import { crmOpportunities } from '@bastion/db/schema/crm';
import { quoteComments, quoteDocuments } from '@bastion/db/schema/documents';
import { lookupValues } from '@bastion/db/schema/forms';
import { quoteLines, quoteShippingLines } from '@bastion/db/schema/quotes';
import { users } from '@bastion/db/schema/users';
import { firstOrNull, personName } from '../../lib/db/queries.ts';

/** The quote's lines with what the document says of their SKU and its product family. */
export async function listDocumentLines(db: Database, quoteId: string) {
  return db
    .select({
      line: quoteLines,
      name: skus.name,
      kind: skus.kind,
      isShippable: skus.isShippable,
      familyName: productFamilies.name,
      familyOrder: productFamilies.sortOrder,
    })
    .from(quoteLines)
    .innerJoin(skus, eq(skus.sku, quoteLines.sku))
    .leftJoin(productFamilies, eq(productFamilies.id, skus.familyId))
    .where(eq(quoteLines.quoteId, quoteId))
    .orderBy(asc(quoteLines.position));
}

/** The shipping breakup lines, with their region's display name. */
export async function listDocumentShipping(db: Database, quoteId: string) {
  return db
    .select({ line: quoteShippingLines, regionLabel: lookupValues.label })
    .from(quoteShippingLines)
    .leftJoin(
      lookupValues,
      and(
        eq(lookupValues.lookup, 'shipping_regions'),
        eq(lookupValues.value, quoteShippingLines.region),
      ),
    )
    .where(eq(quoteShippingLines.quoteId, quoteId))
    .orderBy(asc(quoteShippingLines.position));
}

/** Comments and notes with their authors' names, oldest first (the caller keeps comments). */
export async function listDocumentComments(db: Database, quoteId: string) {
  return db
    .select({
      kind: quoteComments.kind,
      body: quoteComments.body,
      createdAt: quoteComments.createdAt,
      author: personName,
    })
    .from(quoteComments)
    .leftJoin(users, eq(users.id, quoteComments.authorUserId))
    .where(and(eq(quoteComments.quoteId, quoteId), eq(quoteComments.kind, 'comment')))
    .orderBy(asc(quoteComments.createdAt));
}

export type NewQuoteDocument = Omit<typeof quoteDocuments.$inferInsert, 'id'>;

const documentColumns = {
  id: quoteDocuments.id,
  quoteId: quoteDocuments.quoteId,
  format: quoteDocuments.format,
  fileName: quoteDocuments.fileName,
  sha256: quoteDocuments.sha256,
  sizeBytes: quoteDocuments.sizeBytes,
  quoteVersion: quoteDocuments.quoteVersion,
  quoteStatus: quoteDocuments.quoteStatus,
  revisionNumber: quoteDocuments.revisionNumber,
  generatedAt: quoteDocuments.generatedAt,
  generatedBy: personName,
};

export async function insertQuoteDocument(db: Database, row: NewQuoteDocument) {
  const [inserted] = await db
    .insert(quoteDocuments)
    .values(row)
    .returning({ id: quoteDocuments.id });
  if (!inserted) throw new Error('quote document insert returned nothing');
  return inserted.id;
}

/** A quote's documents without their bytes, newest first. */
export async function listQuoteDocumentRows(db: Database, quoteId: string) {
  return db
    .select(documentColumns)
    .from(quoteDocuments)
    .leftJoin(users, eq(users.id, quoteDocuments.generatedBy))
    .where(eq(quoteDocuments.quoteId, quoteId))
    .orderBy(desc(quoteDocuments.generatedAt), desc(quoteDocuments.id));
}

export async function findQuoteDocumentRow(db: Database, quoteId: string, documentId: string) {
  return firstOrNull(
    db
      .select(documentColumns)
      .from(quoteDocuments)
      .leftJoin(users, eq(users.id, quoteDocuments.generatedBy))
      .where(and(eq(quoteDocuments.quoteId, quoteId), eq(quoteDocuments.id, documentId))),
  );
}

export async function findQuoteDocumentContent(db: Database, quoteId: string, documentId: string) {
  return firstOrNull(
    db
      .select({ content: quoteDocuments.content })
      .from(quoteDocuments)
      .where(and(eq(quoteDocuments.quoteId, quoteId), eq(quoteDocuments.id, documentId))),
  );
}

export type QuoteDocumentRow = Awaited<ReturnType<typeof listQuoteDocumentRows>>[number];

/** The name of a quote's opportunity, as the CRM copy has it; null when it is gone. */
export async function findOpportunityName(db: Database, id: string): Promise<string | null> {
  const [row] = await db
    .select({ name: crmOpportunities.name })
    .from(crmOpportunities)
    .where(eq(crmOpportunities.id, id));
  return row?.name ?? null;
}
