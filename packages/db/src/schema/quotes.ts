// The quotes, their lines, and the contracts and entitlements (the installed base) they make
// and renew: one file, as these four tables reference each other's keys.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  numeric,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { priceBooks } from './pricing.ts';
import type { LineAttributes } from '@bastion/domain/product-rules/model';
import type { QuoteRenewal } from '@bastion/domain/renewals/model';
import { skus } from './catalog.ts';
import { createdAt, textRef, timestamptz, updatedAt, uuidId, uuidRef } from './columns.ts';
import { crmOpportunities } from './crm.ts';
import { userRef } from './users.ts';

/** Quote numbers (Q-2026-000123) come from one sequence: unique under any concurrency. */
export const quoteNumberSequence = pgSequence('quote_number_seq', { startWith: 1 });

export const quotes = pgTable(
  'quotes',
  {
    id: uuidId(),
    quoteNumber: text('quote_number').notNull().unique(),
    opportunityId: text('opportunity_id').references(() => crmOpportunities.id),
    /** Copied from the opportunity so scoping and the grid need no join. */
    accountId: text('account_id').notNull().default(''),
    accountName: text('account_name').notNull().default(''),
    /** The reseller (T1/T2) or distributor the quote goes through, for search (issue 19). */
    partnerName: text('partner_name').notNull().default(''),
    region: text('region').notNull().default(''),
    ownerUserId: userRef('owner_user_id'),
    quoteName: text('quote_name').notNull(),
    quoteType: text('quote_type', { enum: ['STANDARD', 'ELA', 'LEGACY'] }).notNull(),
    dealType: text('deal_type').notNull(),
    statusId: text('status_id').notNull().default('INCOMPLETE'),
    preArchiveStatusId: text('pre_archive_status_id'),
    isCoterm: boolean('is_coterm').notNull().default(false),
    isRenewal: boolean('is_renewal').notNull().default(false),
    /**
     * Issue 37 (decision 043): the option of its deal this quote is ("Good", "Better", "Best"),
     * null when it is not offered as an option; and whether it is the opportunity's primary
     * quote, the one whose amount the CRM gets (at most one per opportunity).
     */
    optionLabel: text('option_label'),
    isPrimary: boolean('is_primary').notNull().default(false),
    contractLength: integer('contract_length').notNull(),
    salesChannel: text('sales_channel', { enum: ['DIRECT', 'T1', 'T2'] }).notNull(),
    partnerType: text('partner_type'),
    currencyCode: text('currency_code').notNull().default('USD'),
    totalAmountMinor: bigint('total_amount_minor', { mode: 'number' }).notNull().default(0),
    /**
     * Units of the quote currency per 1 USD when the quote was last priced (issue 19): reports
     * convert its amounts at this rate. Null until priced (reports then use today's rate).
     */
    unitsPerUsd: numeric('units_per_usd', { precision: 18, scale: 6 }),
    /**
     * Issue 35: the price book the quote is priced from (null: the standard list), kept when it
     * is re-priced; its name is kept too, so a book deleted later can still be named in the notice.
     */
    priceBookId: uuid('price_book_id').references((): AnyPgColumn => priceBooks.id, {
      onDelete: 'set null',
    }),
    priceBookName: text('price_book_name'),
    /** List prices in effect on this date price the quote (docs/pricing.md); set at creation. */
    priceDate: date('price_date')
      .notNull()
      .default(sql`current_date`),
    /** The secure-access configuration (spec §3), validated by the domain rules. */
    secureAccess: jsonb('secure_access').$type<Record<string, unknown>>(),
    /** The opportunity fields mapped at creation (spec §3) and the header form's answers. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /** can_lock_unlock_quote users lock a quote: then only they may change it (issue 7). */
    lockedBy: userRef('locked_by'),
    lockedAt: timestamptz('locked_at'),
    /** The quote this one was copied from; approvals are never copied. */
    copiedFromQuoteId: uuid('copied_from_quote_id').references((): AnyPgColumn => quotes.id, {
      onDelete: 'set null',
    }),
    /** Renewal, co-term and true-up quotes (issue 18): the contract renewed, co-termed onto or trued up. */
    contractId: uuid('contract_id').references((): AnyPgColumn => contracts.id, {
      onDelete: 'set null',
    }),
    /** Their kind, contracts, new term and dropped lines; null on other quotes. */
    renewal: jsonb('renewal').$type<QuoteRenewal>(),
    /** When the customer accepted it, and when it was booked (written back to the CRM). */
    acceptedAt: timestamptz('accepted_at'),
    completedAt: timestamptz('completed_at'),
    /** Raised by every write; a write naming an older version is refused (409). */
    version: integer('version').notNull().default(1),
    createdBy: userRef('created_by'),
    updatedBy: userRef('updated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The grid sorts by update time within each filter. Ascending indexes serve both directions
    // (a backward scan), with the id as the tie-break the grid also sorts by. The columns after
    // the id are what a seller's visibility and the other filters test (issue 20): the page and
    // its capped total are then read from the index alone, not from 50,000 rows of the table.
    index('quotes_updated_idx').on(
      t.updatedAt,
      t.id,
      t.region,
      t.ownerUserId,
      t.createdBy,
      t.accountId,
      t.statusId,
      t.quoteType,
    ),
    index('quotes_status_updated_idx').on(
      t.statusId,
      t.updatedAt,
      t.id,
      t.region,
      t.ownerUserId,
      t.createdBy,
      t.accountId,
      t.quoteType,
    ),
    index('quotes_region_updated_idx').on(
      t.region,
      t.updatedAt,
      t.id,
      t.ownerUserId,
      t.createdBy,
      t.accountId,
      t.statusId,
      t.quoteType,
    ),
    index('quotes_type_updated_idx').on(
      t.quoteType,
      t.updatedAt,
      t.id,
      t.region,
      t.ownerUserId,
      t.createdBy,
      t.accountId,
      t.statusId,
    ),
    index('quotes_owner_updated_idx').on(t.ownerUserId, t.updatedAt, t.id),
    index('quotes_account_updated_idx').on(t.accountId, t.updatedAt, t.id),
    index('quotes_opportunity_idx').on(t.opportunityId),
    uniqueIndex('quotes_one_primary_per_opportunity')
      .on(t.opportunityId)
      .where(sql`${t.isPrimary}`),
    index('quotes_created_idx').on(t.createdAt, t.id),
    index('quotes_contract_idx').on(t.contractId),
    // Sortable grid columns: a page sorted by them is an index walk, not a sort of everything.
    index('quotes_name_idx').on(t.quoteName, t.id),
    index('quotes_account_name_idx').on(t.accountName, t.id),
    index('quotes_total_idx').on(t.totalAmountMinor, t.id),
    // Free-text search on number, name and account (pg_trgm, created by the migration).
    index('quotes_search_trgm_idx').using(
      'gin',
      sql`(${t.quoteNumber} || ' ' || ${t.quoteName} || ' ' || ${t.accountName}) gin_trgm_ops`,
    ),
    // Global search (issue 19): word prefixes over number, name, account and partner.
    index('quotes_search_fts_idx').using(
      'gin',
      sql`to_tsvector('simple', ${t.quoteNumber} || ' ' || ${t.quoteName} || ' ' || ${t.accountName} || ' ' || ${t.partnerName})`,
    ),
    index('quotes_partner_updated_idx').on(t.partnerName, t.updatedAt, t.id),
    // Reports (issue 19): a range of creation dates read from the index alone.
    index('quotes_report_idx').on(
      t.createdAt,
      t.statusId,
      t.preArchiveStatusId,
      t.region,
      t.quoteType,
      t.dealType,
      t.currencyCode,
      t.unitsPerUsd,
      t.totalAmountMinor,
      t.accountId,
      t.priceDate,
      t.id,
    ),
    check('quotes_contract_length_range', sql`${t.contractLength} between 1 and 60`),
    check('quotes_version_positive', sql`${t.version} >= 1`),
  ],
);

/** A quote as stored: what every reader and the one quote writer pass around. */
export type QuoteRow = typeof quotes.$inferSelect;

/** `quote_id` of a row that is part of a quote and goes with it. */
export const belongsToQuote = () => uuidRef('quote_id', () => quotes.id, 'cascade');

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

/**
 * The products of a quote (spec §3 quote.products): one quantity (y1) for STANDARD, one per
 * contract year for ELA. A bundle's components point at the bundle's line.
 */
export const quoteLines = pgTable(
  'quote_lines',
  {
    id: uuidId(),
    quoteId: belongsToQuote(),
    position: integer('position').notNull(),
    sku: textRef('sku', () => skus.sku),
    parentLineId: uuid('parent_line_id').references((): AnyPgColumn => quoteLines.id, {
      onDelete: 'cascade',
    }),
    y1: integer('y1').notNull().default(0),
    y2: integer('y2').notNull().default(0),
    y3: integer('y3').notNull().default(0),
    y4: integer('y4').notNull().default(0),
    y5: integer('y5').notNull().default(0),
    manualDiscountPercent: numeric('manual_discount_percent', { precision: 5, scale: 2 })
      .notNull()
      .default('0'),
    /**
     * How many to ship when it is not the quantity bought (spec §3): STANDARD in y1, ELA per
     * year. Null: ship what is bought; 0: nothing to ship.
     */
    y1ManualShippingQuantity: integer('y1_manual_shipping_quantity'),
    y2ManualShippingQuantity: integer('y2_manual_shipping_quantity'),
    y3ManualShippingQuantity: integer('y3_manual_shipping_quantity'),
    y4ManualShippingQuantity: integer('y4_manual_shipping_quantity'),
    y5ManualShippingQuantity: integer('y5_manual_shipping_quantity'),
    /** The product changed after its shipping was set: its shipping must be added again (§8). */
    needsShippingRealignment: boolean('needs_shipping_realignment').notNull().default(false),
    /** Issue 18: the entitlement this line renews, extends (co-term) or trues up. */
    entitlementId: uuid('entitlement_id').references((): AnyPgColumn => entitlements.id, {
      onDelete: 'set null',
    }),
    /** A renewal line: SAME (renew the SKU as it is) or SUCCESSOR (migrated to its successor). */
    skuType: text('sku_type', { enum: ['SAME', 'SUCCESSOR'] }),
    /** Priced from the contract: the entitlement's unit net price (minor units, per 12 months for ANNUAL). */
    priorUnitNetMinor: bigint('prior_unit_net_minor', { mode: 'number' }),
    /** The renewal uplift on the prior price, "-100"…"100"; and why it differs from the default. */
    upliftPercent: numeric('uplift_percent', { precision: 5, scale: 2 }),
    upliftReason: text('uplift_reason'),
    /** The days this line runs when it is prorated (co-term, true-up); null: the quote's term. */
    periodStart: date('period_start'),
    periodEnd: date('period_end'),
    /** A true-up line: the usage measured and the quantity entitled (the line's y1 is the overage). */
    measuredQuantity: integer('measured_quantity'),
    entitledQuantity: integer('entitled_quantity'),
    /**
     * Issue 19: the unit list price typed on the configure page while the app setting
     * price_adjustment is on (quote currency, minor units, per 12 months for ANNUAL); null: the
     * catalogue's.
     */
    adjustedUnitListMinor: bigint('adjusted_unit_list_minor', { mode: 'number' }),
    /** Issue 34: what the seller set on the line that product rules read (high availability). */
    attributes: jsonb('attributes')
      .$type<LineAttributes>()
      .notNull()
      .default({ high_availability: false }),
    /**
     * Issue 33 (decision 030): the line's two discounts as priced when it was saved, in basis
     * points, so that reports and documents read the numbers the configure page showed: the
     * seller discount (typed, beyond standard pricing) and the effective discount (from list:
     * volume, partner and typed together). Null: not priced when written (saved before issue 33,
     * or a renewal line not yet saved from its configure page).
     */
    sellerDiscountBp: integer('seller_discount_bp'),
    effectiveDiscountBp: integer('effective_discount_bp'),
  },
  (t) => [
    index('quote_lines_quote_idx').on(t.quoteId, t.position),
    check(
      'quote_lines_quantities',
      sql`${t.y1} >= 0 and ${t.y2} >= 0 and ${t.y3} >= 0 and ${t.y4} >= 0 and ${t.y5} >= 0`,
    ),
    check('quote_lines_discount', sql`${t.manualDiscountPercent} between 0 and 100`),
    check('quote_lines_uplift', sql`${t.upliftPercent} between -100 and 100`),
    check('quote_lines_period', sql`${t.periodEnd} >= ${t.periodStart}`),
    check('quote_lines_prior_price', sql`${t.priorUnitNetMinor} >= 0`),
    check('quote_lines_adjusted_unit_list', sql`${t.adjustedUnitListMinor} >= 0`),
    check(
      'quote_lines_discount_figures',
      sql`${t.sellerDiscountBp} between 0 and 10000 and ${t.effectiveDiscountBp} between 0 and 10000`,
    ),
  ],
);

/**
 * Issue 19 (discount report): a quote's lines per SKU, with the quote's creation date and the
 * filters the reports take (none of which change after a quote is made), so the report reads one
 * narrow index instead of joining every line to its quote. Written with the lines, in the same
 * transaction (refreshQuoteSkuDiscounts); keyed by SKU, not family, so that moving a SKU to
 * another family in the catalogue moves its lines in the report too.
 */
export const quoteSkuDiscounts = pgTable(
  'quote_sku_discounts',
  {
    quoteId: belongsToQuote(),
    sku: text('sku').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    region: text('region').notNull(),
    quoteType: text('quote_type', { enum: ['STANDARD', 'ELA', 'LEGACY'] }).notNull(),
    dealType: text('deal_type').notNull(),
    lineCount: integer('line_count').notNull(),
    /** The lines' seller (manual) discounts in basis points (hundredths of a percent): sum and largest. */
    discountSumBp: bigint('discount_sum_bp', { mode: 'number' }).notNull(),
    discountMaxBp: integer('discount_max_bp').notNull(),
    /** Issue 33: the lines' effective discounts (from list), likewise. */
    effectiveSumBp: bigint('effective_sum_bp', { mode: 'number' }).notNull().default(0),
    effectiveMaxBp: integer('effective_max_bp').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.quoteId, t.sku] }),
    index('quote_sku_discounts_report_idx').on(
      t.createdAt,
      t.region,
      t.quoteType,
      t.dealType,
      t.sku,
      t.lineCount,
      t.discountSumBp,
      t.discountMaxBp,
      t.effectiveSumBp,
      t.effectiveMaxBp,
    ),
  ],
);

/**
 * Shipping breakups (spec §3 shipping_quantities, §5): where and how a hardware line ships, by
 * region and incoterm; a quantity for STANDARD, a deployment schedule per year for ELA.
 */
export const quoteShippingLines = pgTable(
  'quote_shipping_lines',
  {
    id: uuidId(),
    quoteId: belongsToQuote(),
    /** The product line shipped (spec: sh_prod_id). */
    quoteLineId: uuidRef('quote_line_id', () => quoteLines.id, 'cascade'),
    position: integer('position').notNull(),
    region: text('region').notNull(),
    incoterm: text('incoterm').notNull(),
    quantity: integer('quantity').notNull().default(0),
    year1: integer('year1').notNull().default(0),
    year2: integer('year2').notNull().default(0),
    year3: integer('year3').notNull().default(0),
    year4: integer('year4').notNull().default(0),
    year5: integer('year5').notNull().default(0),
  },
  (t) => [
    index('quote_shipping_lines_quote_idx').on(t.quoteId, t.position),
    index('quote_shipping_lines_line_idx').on(t.quoteLineId),
    check(
      'quote_shipping_lines_counts',
      sql`${t.quantity} >= 0 and ${t.year1} >= 0 and ${t.year2} >= 0 and ${t.year3} >= 0 and ${t.year4} >= 0 and ${t.year5} >= 0`,
    ),
  ],
);
