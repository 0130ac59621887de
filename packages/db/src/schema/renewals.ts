import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  text,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { skus } from './catalog.ts';
import { createdAt, textRef, timestamptz, updatedAt, uuidId } from './columns.ts';
import { crmOpportunities } from './crm.ts';
import { quoteLines, quotes } from './quotes.ts';
import { userRef } from './users.ts';

/**
 * The installed base (issue 18, docs/decisions/024): what customers own and until when. A quote
 * that reaches ACCEPTED or COMPLETED becomes a contract with one entitlement per line (and per
 * contract year of an ELA); existing customers' contracts are imported from CSV. Renewal,
 * co-term and true-up quotes start from them.
 */

/** Contract numbers (C-2026-000123) come from one sequence. */
export const contractNumberSequence = pgSequence('contract_number_seq', { startWith: 1 });

export const CONTRACT_ORIGINS = ['QUOTE', 'IMPORT', 'DEMO'] as const;

export const contracts = pgTable(
  'contracts',
  {
    id: uuidId(),
    contractNumber: text('contract_number').notNull().unique(),
    accountId: text('account_id').notNull(),
    accountName: text('account_name').notNull().default(''),
    /** The region as the opportunity names it ('NA', 'EMEA'…): REGION assignments scope it. */
    region: text('region').notNull(),
    /** The opportunity the contract was sold on; renewal quotes are made on it. */
    opportunityId: text('opportunity_id').references(() => crmOpportunities.id),
    currencyCode: text('currency_code').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    csmName: text('csm_name').notNull().default(''),
    csmEmail: text('csm_email').notNull().default(''),
    camName: text('cam_name').notNull().default(''),
    camEmail: text('cam_email').notNull().default(''),
    origin: text('origin', { enum: CONTRACT_ORIGINS }).notNull(),
    /** The quote whose acceptance made this contract (origin QUOTE). */
    sourceQuoteId: uuid('source_quote_id').references((): AnyPgColumn => quotes.id, {
      onDelete: 'set null',
    }),
    /** The renewal quote in progress (or the one that renewed it). */
    renewalQuoteId: uuid('renewal_quote_id').references((): AnyPgColumn => quotes.id, {
      onDelete: 'set null',
    }),
    /** When a renewal (or a co-term merging it into another contract) was accepted. */
    renewedAt: timestamptz('renewed_at'),
    /** The contract that carries it on after the renewal or merge. */
    renewedIntoContractId: uuid('renewed_into_contract_id').references(
      (): AnyPgColumn => contracts.id,
      { onDelete: 'set null' },
    ),
    /** The customer will not renew: when and why (set on the renewals desk). */
    lostAt: timestamptz('lost_at'),
    lostReason: text('lost_reason'),
    lostBy: userRef('lost_by'),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('contracts_end_idx').on(t.endDate, t.id),
    index('contracts_region_end_idx').on(t.region, t.endDate, t.id),
    index('contracts_account_end_idx').on(t.accountId, t.endDate, t.id),
    index('contracts_source_quote_idx').on(t.sourceQuoteId),
    index('contracts_renewal_quote_idx').on(t.renewalQuoteId),
    check('contracts_dates', sql`${t.endDate} >= ${t.startDate}`),
  ],
);

export type ContractRow = typeof contracts.$inferSelect;

/** One thing a customer owns for a period: a SKU, a quantity and the price paid per unit. */
export const entitlements = pgTable(
  'entitlements',
  {
    id: uuidId(),
    contractId: uuid('contract_id')
      .notNull()
      .references((): AnyPgColumn => contracts.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    sku: textRef('sku', () => skus.sku),
    quantity: integer('quantity').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    /** Net price of one unit, in minor units: per 12 months for an ANNUAL SKU, else per unit. */
    unitNetMinor: bigint('unit_net_minor', { mode: 'number' }).notNull(),
    currencyCode: text('currency_code').notNull(),
    sourceQuoteId: uuid('source_quote_id').references((): AnyPgColumn => quotes.id, {
      onDelete: 'set null',
    }),
    sourceLineId: uuid('source_line_id').references((): AnyPgColumn => quoteLines.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    index('entitlements_contract_idx').on(t.contractId, t.endDate),
    index('entitlements_account_idx').on(t.accountId, t.endDate),
    index('entitlements_source_quote_idx').on(t.sourceQuoteId),
    check('entitlements_quantity', sql`${t.quantity} > 0`),
    check('entitlements_price', sql`${t.unitNetMinor} >= 0`),
    check('entitlements_dates', sql`${t.endDate} >= ${t.startDate}`),
  ],
);

export type EntitlementRow = typeof entitlements.$inferSelect;
