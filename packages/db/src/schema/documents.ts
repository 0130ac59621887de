import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamptz, uuidId, uuidRef } from './columns.ts';
import { belongsToQuote } from './quotes.ts';
import { userRef } from './users.ts';

/**
 * What leaves the system with a quote and what comes back (issue 17, docs/decisions/022): the
 * documents generated from it, the files attached to it, short-lived download links, comments
 * and notes, and the customer's acceptance through a link. File bytes live in PostgreSQL
 * (bytea): one store for every instance, in the same transactions and backups as the quote.
 */

/** Bytes: PostgreSQL bytea (node-postgres gives a Buffer, PGlite a Uint8Array). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const QUOTE_DOCUMENT_FORMATS = ['pdf', 'docx'] as const;

/** Every document generated from a quote, with the exact bytes and the version it shows. */
export const quoteDocuments = pgTable(
  'quote_documents',
  {
    id: uuidId(),
    quoteId: belongsToQuote(),
    format: text('format', { enum: QUOTE_DOCUMENT_FORMATS }).notNull(),
    /** name.format, as the caller asked for it (made safe). */
    fileName: text('file_name').notNull(),
    sha256: text('sha256').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** The quote's version and status when the document was generated. */
    quoteVersion: integer('quote_version').notNull(),
    quoteStatus: text('quote_status').notNull(),
    /** Issue 37: the revision of the quote the document was made from (null before revisions). */
    revisionNumber: integer('revision_number'),
    generatedBy: userRef('generated_by'),
    generatedAt: timestamptz('generated_at').notNull().defaultNow(),
    content: bytea('content').notNull(),
  },
  (t) => [index('quote_documents_quote_idx').on(t.quoteId, t.generatedAt)],
);

/**
 * Files attached to a quote (spec §5: whole KB, at most 10240 KB; safe names) through
 * upload-attachments/{entity}/{id}/{category}/{ref}.
 */
export const quoteAttachments = pgTable(
  'quote_attachments',
  {
    id: uuidId(),
    quoteId: belongsToQuote(),
    /** The spec's third and fourth segments: what kind of file, and the client's reference. */
    category: text('category').notNull(),
    ref: text('ref').notNull().default(''),
    fileName: text('file_name').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sizeKb: integer('size_kb').notNull(),
    contentType: text('content_type').notNull(),
    sha256: text('sha256').notNull(),
    uploadedBy: userRef('uploaded_by'),
    uploadedAt: timestamptz('uploaded_at').notNull().defaultNow(),
    content: bytea('content').notNull(),
  },
  (t) => [index('quote_attachments_quote_idx').on(t.quoteId, t.uploadedAt)],
);

/**
 * A download link (spec §9: valid for 40 s) to one attachment or one generated document. Only
 * the token's hash is stored.
 */
export const downloadLinks = pgTable(
  'download_links',
  {
    id: uuidId(),
    tokenHash: text('token_hash').notNull().unique(),
    attachmentId: uuid('attachment_id').references(() => quoteAttachments.id, {
      onDelete: 'cascade',
    }),
    documentId: uuid('document_id').references(() => quoteDocuments.id, { onDelete: 'cascade' }),
    createdBy: userRef('created_by'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [
    check('download_links_one_file', sql`(${t.attachmentId} is null) <> (${t.documentId} is null)`),
    index('download_links_expiry_idx').on(t.expiresAt),
  ],
);

export const QUOTE_COMMENT_KINDS = ['comment', 'note'] as const;

/**
 * Comments (may be printed on the customer's document) and internal notes (never are) on a
 * quote. Their authors may edit or delete them for 15 minutes.
 */
export const quoteComments = pgTable(
  'quote_comments',
  {
    id: uuidId(),
    quoteId: belongsToQuote(),
    kind: text('kind', { enum: QUOTE_COMMENT_KINDS }).notNull(),
    body: text('body').notNull(),
    authorUserId: userRef('author_user_id'),
    /** Users @-mentioned in the body, e-mailed through the outbox. */
    mentionedUserIds: jsonb('mentioned_user_ids').$type<string[]>().notNull().default([]),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    editedAt: timestamptz('edited_at'),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('quote_comments_quote_idx').on(t.quoteId, t.createdAt)],
);

/**
 * A link sent to the customer to read an approved quote's PDF and accept it, without an
 * account. Only the token's hash is stored; the link names the document it shows.
 */
export const acceptanceLinks = pgTable(
  'acceptance_links',
  {
    id: uuidId(),
    quoteId: belongsToQuote(),
    tokenHash: text('token_hash').notNull().unique(),
    documentId: uuidRef('document_id', () => quoteDocuments.id, 'cascade'),
    /** The quote's version the document shows: a later change ends the link. */
    quoteVersion: integer('quote_version').notNull(),
    recipientName: text('recipient_name').notNull().default(''),
    recipientEmail: text('recipient_email').notNull(),
    sentBy: userRef('sent_by'),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [index('acceptance_links_quote_idx').on(t.quoteId, t.sentAt)],
);

/** The customer's acceptance: who, when, from where, of which exact document and version. */
export const quoteAcceptances = pgTable(
  'quote_acceptances',
  {
    id: uuidId(),
    quoteId: belongsToQuote(),
    linkId: uuidRef('link_id', () => acceptanceLinks.id, 'cascade'),
    documentId: uuidRef('document_id', () => quoteDocuments.id, 'cascade'),
    documentSha256: text('document_sha256').notNull(),
    quoteVersion: integer('quote_version').notNull(),
    acceptedName: text('accepted_name').notNull(),
    acceptedTitle: text('accepted_title').notNull(),
    acceptedEmail: text('accepted_email').notNull(),
    agreed: boolean('agreed').notNull(),
    clientAddress: text('client_address').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    acceptedAt: timestamptz('accepted_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('quote_acceptances_quote_idx').on(t.quoteId)],
);
