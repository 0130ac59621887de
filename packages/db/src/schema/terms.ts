import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, uuidId, uuidRef } from './columns.ts';
import { belongsToQuote, quotes } from './quotes.ts';
import { editedRowColumns, userRef } from './users.ts';

/**
 * Terms and conditions (issue 6): the clause library, the rules that put clauses on quotes, and
 * each quote's terms. Placeholders and rule conditions are packages/domain/src/terms.
 */

export const CLAUSE_RULE_EFFECTS = ['ATTACH', 'REQUIRE'] as const;
export const QUOTE_TERM_SOURCES = ['RULE', 'USER', 'CUSTOM'] as const;

/** A standard clause as it reads now: a copy of its latest row in terms_clause_versions. */
export const termsClauses = pgTable(
  'terms_clauses',
  {
    id: uuidId(),
    /** Stable key of a seeded clause (LIMITATION_OF_LIABILITY); null for clauses made by admins. */
    code: text('code'),
    title: text('title').notNull(),
    /** Text with {placeholders} filled from the quote when it is put on one. */
    body: text('body').notNull(),
    category: text('category').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    ...editedRowColumns(),
  },
  (t) => [
    uniqueIndex('terms_clauses_code_key').on(t.code),
    index('terms_clauses_category_idx').on(t.category, t.title),
    check('terms_clauses_version_positive', sql`${t.version} >= 1`),
  ],
);

/** Every version of every clause, the first included: an edit adds a row, never changes one. */
export const termsClauseVersions = pgTable(
  'terms_clause_versions',
  {
    clauseId: uuidRef('clause_id', () => termsClauses.id, 'cascade'),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    category: text('category').notNull(),
    isActive: boolean('is_active').notNull(),
    /** Why it changed, in the editor's words; may be empty. */
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
    createdBy: userRef('created_by'),
  },
  (t) => [primaryKey({ columns: [t.clauseId, t.version] })],
);

/**
 * A rule puts its clause on every quote whose facts meet its condition (the form rules' condition
 * language; an empty condition always holds). ATTACH adds it (the user may remove it); REQUIRE
 * adds it for good.
 */
export const termsClauseRules = pgTable(
  'terms_clause_rules',
  {
    id: uuidId(),
    /** Stable key of a seeded rule; null for rules made by admins. */
    code: text('code'),
    name: text('name').notNull(),
    condition: text('condition').notNull().default(''),
    effect: text('effect', { enum: CLAUSE_RULE_EFFECTS }).notNull(),
    clauseId: uuidRef('clause_id', () => termsClauses.id, 'restrict'),
    isActive: boolean('is_active').notNull().default(true),
    ...editedRowColumns(),
  },
  (t) => [
    uniqueIndex('terms_clause_rules_code_key').on(t.code),
    index('terms_clause_rules_clause_idx').on(t.clauseId),
  ],
);

/**
 * The clauses on a quote, in order. A standard clause names its clause and the version whose text
 * was rendered; a custom clause carries its own text (non-standard). A row with is_removed
 * remembers that the user took off a clause a rule attached, so it does not come back when the
 * quote is opened again.
 */
export const quoteTerms = pgTable(
  'quote_terms',
  {
    id: uuidId(),
    quoteId: belongsToQuote(),
    position: integer('position').notNull(),
    clauseId: uuid('clause_id').references(() => termsClauses.id, { onDelete: 'restrict' }),
    clauseVersion: integer('clause_version'),
    customTitle: text('custom_title'),
    customText: text('custom_text'),
    isRequired: boolean('is_required').notNull().default(false),
    source: text('source', { enum: QUOTE_TERM_SOURCES }).notNull(),
    isRemoved: boolean('is_removed').notNull().default(false),
    /** The text as it read, placeholders filled, when the quote's terms were saved. */
    renderedText: text('rendered_text').notNull().default(''),
  },
  (t) => [
    index('quote_terms_quote_idx').on(t.quoteId, t.position),
    check(
      'quote_terms_standard_or_custom',
      sql`(${t.source} = 'CUSTOM' and ${t.clauseId} is null and ${t.customText} is not null)
        or (${t.source} <> 'CUSTOM' and ${t.clauseId} is not null and ${t.clauseVersion} is not null and ${t.customText} is null)`,
    ),
  ],
);

/** A quote's terms as a whole: what approvals ask of them without reading every clause. */
export const quoteTermSets = pgTable('quote_term_sets', {
  quoteId: uuid('quote_id')
    .primaryKey()
    .references(() => quotes.id, { onDelete: 'cascade' }),
  /** A clause with text of the user's own is on the quote (non-standard terms). */
  hasCustomClause: boolean('has_custom_clause').notNull().default(false),
  clauseCount: integer('clause_count').notNull().default(0),
  savedAt: timestamptz('saved_at').notNull().defaultNow(),
  savedBy: userRef('saved_by'),
});
