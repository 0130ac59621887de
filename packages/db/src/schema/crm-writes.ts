import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { textRef, timestamptz, updatedAt, uuidRef } from './columns.ts';
import { crmOpportunities } from './crm.ts';
import { quotes } from './quotes.ts';

/**
 * Issue 37 (part 6, decision 044): the primary quote's lines owed to its CRM opportunity as
 * opportunity products. One row per opportunity: the quote whose lines the CRM should hold and
 * the version of it that was asked for. A change marks it pending in the change's transaction; a
 * writer claims it after the commit, and a failed write stays 'failed', with why, until the next
 * change or CRM sync writes it again (the CRM admin page lists those).
 */
export const crmProductWrites = pgTable(
  'crm_product_writes',
  {
    opportunityId: textRef('opportunity_id', () => crmOpportunities.id, 'cascade').primaryKey(),
    quoteId: uuidRef('quote_id', () => quotes.id, 'cascade'),
    /** The quote's version the CRM should hold; written_version is the one it holds. */
    dueVersion: integer('due_version').notNull(),
    writtenVersion: integer('written_version'),
    state: text('state', { enum: ['pending', 'written', 'failed'] })
      .notNull()
      .default('pending'),
    /** Failed writes since the last one that went through. */
    failures: integer('failures').notNull().default(0),
    lastError: text('last_error').notNull().default(''),
    lastAttemptAt: timestamptz('last_attempt_at'),
    writtenAt: timestamptz('written_at'),
    /** How many products the last good write left in the CRM. */
    productCount: integer('product_count').notNull().default(0),
    /** A writer holds the row until then (one writer per opportunity, across instances). */
    claimedUntil: timestamptz('claimed_until'),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('crm_product_writes_open_idx')
      .on(t.state)
      .where(sql`${t.state} <> 'written'`),
    check('crm_product_writes_counts', sql`${t.failures} >= 0 and ${t.productCount} >= 0`),
  ],
);
