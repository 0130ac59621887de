import { PRODUCT_KINDS } from '@bastion/domain/pricing/product-kinds';
import {
  PRICING_METHODS,
  SCHEDULE_AGGREGATES,
  SCHEDULE_TYPES,
  type PercentOfTotalCover,
} from '@bastion/domain/pricing/methods';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { skus } from './catalog.ts';
import {
  createdAt,
  effectivePeriod,
  effectivePeriodCheck,
  textRef,
  updatedAt,
  uuidId,
} from './columns.ts';
import { userRef } from './users.ts';

/**
 * Issue 35, pricing depth (docs/pricing.md): how a SKU's list is worked out beyond its price row,
 * the discount schedules and term discounts of the waterfall, price books, and the history of
 * exchange rates. Every table pricing reads bumps the reference-data version.
 */

/**
 * A SKU's pricing method, effective-dated like its prices ([from, to), to null = open). No row
 * in effect: LIST, the price row.
 */
export const skuPricingMethods = pgTable(
  'sku_pricing_methods',
  {
    id: uuidId(),
    sku: textRef('sku', () => skus.sku, 'cascade'),
    method: text('method', { enum: PRICING_METHODS }).notNull(),
    /** PERCENT_OF_TOTAL: the share of the covered net unit price; COST_PLUS: the markup. */
    percent: numeric('percent', { precision: 7, scale: 2 }),
    /** PERCENT_OF_TOTAL: what the SKU covers. */
    covers: jsonb('covers').$type<PercentOfTotalCover>(),
    /** PERCENT_OF_TOTAL: the lowest and highest unit list, USD cents, at the quote's rate. */
    floorUsdMinor: bigint('floor_usd_minor', { mode: 'number' }),
    ceilingUsdMinor: bigint('ceiling_usd_minor', { mode: 'number' }),
    ...effectivePeriod(),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('sku_pricing_methods_sku_idx').on(t.sku, t.effectiveFrom),
    effectivePeriodCheck('sku_pricing_methods_range', t),
  ],
);

/** BLOCK pricing: one flat price for any quantity from min to max (null: no upper bound). */
export const skuPriceBlocks = pgTable(
  'sku_price_blocks',
  {
    sku: textRef('sku', () => skus.sku, 'cascade'),
    currencyCode: text('currency_code').notNull(),
    minQuantity: integer('min_quantity').notNull(),
    maxQuantity: integer('max_quantity'),
    priceMinor: bigint('price_minor', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sku, t.currencyCode, t.minQuantity] }),
    check(
      'sku_price_blocks_band',
      sql`${t.minQuantity} >= 0 and (${t.maxQuantity} is null or ${t.maxQuantity} >= ${t.minQuantity}) and ${t.priceMinor} >= 0`,
    ),
  ],
);

/** A named discount schedule SKUs share (a SKU without one keeps its own volume tiers). */
export const discountSchedules = pgTable('discount_schedules', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  scheduleType: text('schedule_type', { enum: SCHEDULE_TYPES }).notNull(),
  aggregate: text('aggregate', { enum: SCHEDULE_AGGREGATES }).notNull().default('SKU'),
  /** Count the account's installed base of the same SKU with the quote's units. */
  includeInstalledBase: boolean('include_installed_base').notNull().default(false),
  updatedAt: updatedAt(),
});

export const discountScheduleTiers = pgTable(
  'discount_schedule_tiers',
  {
    scheduleId: textRef('schedule_id', () => discountSchedules.id, 'cascade'),
    minQuantity: integer('min_quantity').notNull(),
    percent: numeric('percent', { precision: 5, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scheduleId, t.minQuantity] })],
);

/** Which schedule a SKU's volume discount follows. */
export const skuDiscountSchedules = pgTable('sku_discount_schedules', {
  sku: text('sku')
    .primaryKey()
    .references(() => skus.sku, { onDelete: 'cascade' }),
  scheduleId: textRef('schedule_id', () => discountSchedules.id, 'cascade'),
});

/** Term discounts: a kind's discount from a contract length on (the highest reached applies). */
export const termDiscounts = pgTable(
  'term_discounts',
  {
    productKind: text('product_kind', { enum: PRODUCT_KINDS }).notNull(),
    minMonths: integer('min_months').notNull(),
    percent: numeric('percent', { precision: 5, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productKind, t.minMonths] }),
    check('term_discounts_months', sql`${t.minMonths} between 1 and 60`),
  ],
);

/**
 * Price books: lists for a segment, region, channel or partner type (null: any), the most
 * specific match of the highest priority in effect pricing a quote. A SKU without an entry in
 * the book keeps its standard list.
 */
export const priceBooks = pgTable(
  'price_books',
  {
    id: uuidId(),
    name: text('name').notNull(),
    segment: text('segment'),
    region: text('region'),
    salesChannel: text('sales_channel', { enum: ['DIRECT', 'T1', 'T2'] }),
    partnerType: text('partner_type'),
    priority: integer('priority').notNull().default(0),
    ...effectivePeriod(),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('price_books_name_idx').on(sql`lower(${t.name})`),
    effectivePeriodCheck('price_books_range', t),
  ],
);

export const priceBookEntries = pgTable(
  'price_book_entries',
  {
    priceBookId: uuid('price_book_id')
      .notNull()
      .references(() => priceBooks.id, { onDelete: 'cascade' }),
    sku: textRef('sku', () => skus.sku, 'cascade'),
    currencyCode: text('currency_code').notNull(),
    unitPriceMinor: bigint('unit_price_minor', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.priceBookId, t.sku, t.currencyCode] }),
    index('price_book_entries_sku_idx').on(t.sku),
    check('price_book_entries_positive', sql`${t.unitPriceMinor} >= 0`),
  ],
);

/**
 * Exchange rates with their history: units of a currency per 1 USD from a day on. The row in
 * effect today is copied to currency_rates, which pricing and reports read.
 */
export const currencyRateHistory = pgTable(
  'currency_rate_history',
  {
    id: uuidId(),
    currencyCode: text('currency_code').notNull(),
    unitsPerUsd: numeric('units_per_usd', { precision: 18, scale: 6 }).notNull(),
    effectiveFrom: date('effective_from').notNull(),
    note: text('note').notNull().default(''),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('currency_rate_history_day_idx').on(t.currencyCode, t.effectiveFrom),
    check('currency_rate_history_positive', sql`${t.unitsPerUsd} > 0`),
  ],
);
