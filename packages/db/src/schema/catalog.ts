import { OPTION_SELECTIONS } from '@bastion/domain/catalog/bundle-options';
import { BILLING_TYPES } from '@bastion/domain/pricing/model';
import { PRODUCT_KINDS } from '@bastion/domain/pricing/product-kinds';
import { RULE_KINDS, type SkuAttributes } from '@bastion/domain/product-rules/model';
import type { StoredProductRule } from '@bastion/domain/product-rules/stored-rule';
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
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
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
 * The product catalogue, its prices and the cost data behind margins (issue 5, docs/pricing.md).
 * Money is integer minor units; percentages are numeric(5,2) read as exact decimal strings.
 */

/** The pricing engine's product kinds (packages/domain), re-exported for the seed data. */
export { PRODUCT_KINDS };

export const productFamilies = pgTable('product_families', {
  /** A code such as FIREWALL, the value of the product_families form lookup. */
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
});

/** The product hierarchy: a tree of any depth that SKUs hang from (producthierarchy route). */
export const productHierarchyNodes = pgTable(
  'product_hierarchy_nodes',
  {
    id: uuidId(),
    parentId: uuid('parent_id').references((): AnyPgColumn => productHierarchyNodes.id, {
      onDelete: 'restrict',
    }),
    name: text('name').notNull(),
    familyId: text('family_id').references(() => productFamilies.id),
    sortOrder: integer('sort_order').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('product_hierarchy_parent_idx').on(t.parentId, t.sortOrder),
    // Siblings have distinct names, so a path of names finds one node.
    uniqueIndex('product_hierarchy_sibling_name_idx').on(
      sql`coalesce(${t.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      sql`lower(${t.name})`,
    ),
  ],
);

export const skus = pgTable(
  'skus',
  {
    /** The part number, e.g. BX-1200-HW. */
    sku: text('sku').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    kind: text('kind', { enum: PRODUCT_KINDS }).notNull(),
    /** ONE_TIME, or ANNUAL: the price is per unit per 12 months, prorated by the term. */
    billing: text('billing', { enum: BILLING_TYPES }).notNull(),
    familyId: textRef('family_id', () => productFamilies.id),
    hierarchyNodeId: uuid('hierarchy_node_id').references(() => productHierarchyNodes.id, {
      onDelete: 'set null',
    }),
    /** Secure-access sizing: xs, s, m or l; null elsewhere. */
    size: text('size', { enum: ['xs', 's', 'm', 'l'] }),
    /** Secure-access pricing model this SKU prices (Device Based, Local Access Point Based). */
    pricingModel: text('pricing_model'),
    /** Hardware lines need shipping (configure-sh-hw). */
    isShippable: boolean('is_shippable').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /** The SKU a renewal may migrate this one to (issue 18); null: renew as it is. */
    successorSku: text('successor_sku').references((): AnyPgColumn => skus.sku, {
      onDelete: 'set null',
    }),
    /**
     * Issue 34: what product rules read of the SKU beyond family and kind (model, form factor,
     * segment, port types, support tier, HA-capable), checked by ZSkuAttributes when written.
     */
    attributes: jsonb('attributes').$type<SkuAttributes>().notNull().default({}),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('skus_family_idx').on(t.familyId, t.sku),
    index('skus_hierarchy_idx').on(t.hierarchyNodeId),
    // SKU search by part number or name.
    index('skus_search_trgm_idx').using('gin', sql`(${t.sku} || ' ' || ${t.name}) gin_trgm_ops`),
  ],
);

/**
 * List prices per currency with their effective dates ([from, to), to null = open). A change is a
 * new row: the history stays, and a future-dated row takes effect on its date.
 */
export const skuPrices = pgTable(
  'sku_prices',
  {
    id: uuidId(),
    sku: textRef('sku', () => skus.sku, 'cascade'),
    currencyCode: text('currency_code').notNull(),
    unitPriceMinor: bigint('unit_price_minor', { mode: 'number' }).notNull(),
    ...effectivePeriod(),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('sku_prices_lookup_idx').on(t.sku, t.currencyCode, t.effectiveFrom),
    check('sku_prices_positive', sql`${t.unitPriceMinor} >= 0`),
    effectivePeriodCheck('sku_prices_range', t),
  ],
);

/** Volume discounts: the highest tier whose minimum the year's quantity reaches applies. */
export const skuVolumeTiers = pgTable(
  'sku_volume_tiers',
  {
    sku: textRef('sku', () => skus.sku, 'cascade'),
    minQuantity: integer('min_quantity').notNull(),
    percent: numeric('percent', { precision: 5, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.sku, t.minQuantity] })],
);

/**
 * A bundle's option groups (issue 34, features in Salesforce's words): how many of the group's
 * options a bundle takes. A bundle without any keeps its fixed list of components.
 */
export const bundleFeatures = pgTable(
  'bundle_features',
  {
    bundleSku: textRef('bundle_sku', () => skus.sku, 'cascade'),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    minOptions: integer('min_options').notNull().default(0),
    /** Null: no cap. */
    maxOptions: integer('max_options'),
  },
  (t) => [
    primaryKey({ columns: [t.bundleSku, t.name] }),
    check(
      'bundle_features_counts',
      sql`${t.minOptions} >= 0 AND (${t.maxOptions} IS NULL OR ${t.maxOptions} >= GREATEST(${t.minOptions}, 1))`,
    ),
  ],
);

/** What a bundle SKU expands to when added to a quote: its options. */
export const bundleComponents = pgTable(
  'bundle_components',
  {
    bundleSku: textRef('bundle_sku', () => skus.sku, 'cascade'),
    componentSku: textRef('component_sku', () => skus.sku),
    /** Per unit of the bundle. */
    quantity: integer('quantity').notNull().default(1),
    /** The order the configurator and the quote list the options in (ties by SKU). */
    position: integer('position').notNull().default(0),
    /** The option group it belongs to (bundle_features.name); null: outside any group. */
    feature: text('feature'),
    selection: text('selection', { enum: OPTION_SELECTIONS }).notNull().default('REQUIRED'),
  },
  (t) => [primaryKey({ columns: [t.bundleSku, t.componentSku] })],
);

/** Partner discount by channel, partner type and kind of product. */
export const partnerDiscounts = pgTable(
  'partner_discounts',
  {
    salesChannel: text('sales_channel', { enum: ['T1', 'T2'] }).notNull(),
    partnerType: text('partner_type').notNull(),
    productKind: text('product_kind', { enum: PRODUCT_KINDS }).notNull(),
    percent: numeric('percent', { precision: 5, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.salesChannel, t.partnerType, t.productKind] })],
);

/** Units of each currency per US dollar: costs (kept in USD) and USD totals convert with it. */
export const currencyRates = pgTable('currency_rates', {
  currencyCode: text('currency_code').primaryKey(),
  unitsPerUsd: numeric('units_per_usd', { precision: 18, scale: 6 }).notNull(),
  updatedAt: updatedAt(),
});

/** mc-hw-sku-costs: the landed unit cost of a hardware SKU, in USD. */
export const mcHwSkuCosts = pgTable('mc_hw_sku_costs', {
  sku: text('sku')
    .primaryKey()
    .references(() => skus.sku, { onDelete: 'cascade' }),
  unitCostUsdMinor: bigint('unit_cost_usd_minor', { mode: 'number' }).notNull(),
  updatedAt: updatedAt(),
});

/**
 * mc-cost-lookup: cost as a percentage of the USD list price, per product family and kind; the
 * kind ANY row is the family's default (a service costs more than a subscription of its family).
 */
export const mcCostLookups = pgTable(
  'mc_cost_lookups',
  {
    familyId: textRef('family_id', () => productFamilies.id),
    productKind: text('product_kind', { enum: [...PRODUCT_KINDS, 'ANY'] })
      .notNull()
      .default('ANY'),
    costPercent: numeric('cost_percent', { precision: 5, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.familyId, t.productKind] })],
);

/** mc-markup: overhead added to a kind's cost (freight, duty, handling). */
export const mcMarkups = pgTable('mc_markups', {
  productKind: text('product_kind', { enum: PRODUCT_KINDS }).primaryKey(),
  percent: numeric('percent', { precision: 5, scale: 2 }).notNull(),
});

/** mc-duration-depreciation: the share of year-one cost a kind costs in each contract year. */
export const mcDurationDepreciation = pgTable(
  'mc_duration_depreciation',
  {
    productKind: text('product_kind', { enum: PRODUCT_KINDS }).notNull(),
    year: integer('year').notNull(),
    percent: numeric('percent', { precision: 5, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productKind, t.year] }),
    check('mc_duration_depreciation_year', sql`${t.year} between 1 and 5`),
  ],
);

/** ps-approval-sku: SKUs whose presence on a quote requires approval, and why. */
export const approvalSkus = pgTable('approval_skus', {
  sku: text('sku')
    .primaryKey()
    .references(() => skus.sku, { onDelete: 'cascade' }),
  reason: text('reason').notNull(),
  isActive: boolean('is_active').notNull().default(true),
});

/** mc-support-cases: a family's expected support load, costed into the margin of its lines. */
export const mcSupportCases = pgTable(
  'mc_support_cases',
  {
    familyId: text('family_id')
      .primaryKey()
      .references(() => productFamilies.id),
    /** Cases one unit raises in a year, e.g. 0.250. */
    casesPerUnitYear: numeric('cases_per_unit_year', { precision: 7, scale: 3 }).notNull(),
    costPerCaseUsdMinor: bigint('cost_per_case_usd_minor', { mode: 'number' }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'mc_support_cases_nonnegative',
      sql`${t.casesPerUnitYear} >= 0 and ${t.costPerCaseUsdMinor} >= 0`,
    ),
  ],
);

/**
 * Issue 34: product rules (packages/domain/src/product-rules), defined by catalogue admins. The
 * columns lists and filters read are columns; the rest of the rule (scope, condition, message,
 * severity or apply, actions) is `definition`, checked by checkRule against the catalogue when
 * saved and again when read (a rule the catalogue no longer satisfies is reported as broken).
 */
export const productRules = pgTable(
  'product_rules',
  {
    id: uuidId(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    kind: text('kind', { enum: RULE_KINDS }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** Lower runs first; ties by id. */
    priority: integer('priority').notNull().default(100),
    /** Both days included; null: open-ended. */
    effectiveFrom: date('effective_from'),
    effectiveTo: date('effective_to'),
    definition: jsonb('definition').$type<Record<string, unknown>>().notNull(),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedBy: userRef('updated_by'),
  },
  (t) => [uniqueIndex('product_rules_name_key').on(sql`lower(${t.name})`)],
);

/**
 * A rule that failed while evaluating a quote (issue 34): skipped there, and shown to catalogue
 * admins as broken until it is saved again. The last failure per rule; not reference data (a
 * failure changes no price).
 */
export const productRuleFailures = pgTable('product_rule_failures', {
  ruleId: uuid('rule_id')
    .primaryKey()
    .references(() => productRules.id, { onDelete: 'cascade' }),
  message: text('message').notNull(),
  failedAt: timestamp('failed_at', { withTimezone: true }).notNull(),
  /** Distinct failures recorded (each server instance records a failure once per catalogue version). */
  occurrences: integer('occurrences').notNull().default(1),
});

/** A checked rule's columns, as the seed and the admin's save write them. */
export const productRuleColumns = (stored: StoredProductRule) => ({
  name: stored.name,
  kind: stored.kind,
  isActive: stored.is_active,
  priority: stored.priority,
  effectiveFrom: stored.effective_from,
  effectiveTo: stored.effective_to,
  definition: stored.definition,
});
