import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { RevisionReason } from '@bastion/domain/revisions/api';
import type { RevisionSnapshot } from '@bastion/domain/revisions/snapshot';
import { createdAt, uuidId } from './columns.ts';
import { belongsToQuote, type quoteLines, type quoteShippingLines } from './quotes.ts';
import type { quoteTerms } from './terms.ts';
import { userRef } from './users.ts';

/**
 * What restoring a revision writes back (issue 37): the quote's editable header, and its lines,
 * shipping and clauses as stored, ids and all (restoring gives them new ids).
 */
export interface RevisionContents {
  header: {
    quoteName: string;
    dealType: string;
    contractLength: number;
    partnerType: string | null;
    details: Record<string, unknown>;
    secureAccess: Record<string, unknown> | null;
  };
  lines: (typeof quoteLines.$inferSelect)[];
  shipping: (typeof quoteShippingLines.$inferSelect)[];
  terms: (typeof quoteTerms.$inferSelect)[];
  /** The terms' summary row, null when the terms were never saved. */
  termSet: { hasCustomClause: boolean; clauseCount: number } | null;
}

/**
 * Named snapshots of a quote (issue 37, docs/decisions/039): saved by a seller or the deal desk,
 * and taken automatically when the quote is submitted for approval or a document of it is made
 * or sent. A revision never changes; restoring one writes it back as a new version of the quote.
 */
export const quoteRevisions = pgTable(
  'quote_revisions',
  {
    id: uuidId(),
    quoteId: belongsToQuote(),
    /** 1, 2, … per quote, in the order they were taken. */
    revisionNumber: integer('revision_number').notNull(),
    name: text('name').notNull(),
    reason: text('reason').$type<RevisionReason>().notNull(),
    /** The quote's version the snapshot is of. */
    quoteVersion: integer('quote_version').notNull(),
    statusId: text('status_id').notNull(),
    currencyCode: text('currency_code').notNull(),
    /** Null when the quote could not be priced. */
    netMinor: bigint('net_minor', { mode: 'number' }),
    snapshot: jsonb('snapshot').$type<RevisionSnapshot>().notNull(),
    contents: jsonb('contents').$type<RevisionContents>().notNull(),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('quote_revisions_number_key').on(t.quoteId, t.revisionNumber),
    index('quote_revisions_version_idx').on(t.quoteId, t.quoteVersion),
  ],
);

export type QuoteRevisionRow = typeof quoteRevisions.$inferSelect;
