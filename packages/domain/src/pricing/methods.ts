/**
 * Issue 35: the ways a SKU's unit list price can be set beyond its price row, and the discount
 * schedules and term discounts that follow it in the waterfall (docs/pricing.md). Names only:
 * the engine reads them in validate.ts and engine.ts, the database stores them, the admin edits
 * them with the schemas in methods-schema.ts.
 */
import type { ProductKind } from './product-kinds.ts';

/**
 * LIST: the price row. PERCENT_OF_TOTAL: a percentage of the net unit price of the lines the SKU
 * covers. BLOCK: one flat price for a band of quantity. COST_PLUS: the SKU's cost × (1 + markup).
 */
export const PRICING_METHODS = ['LIST', 'PERCENT_OF_TOTAL', 'BLOCK', 'COST_PLUS'] as const;
export type PricingMethodName = (typeof PRICING_METHODS)[number];

/**
 * What a percent-of-total SKU covers: the SKUs named, the lines of SKUs with the same `model`
 * attribute, of the same family, or every line of the quote (the last three of the kinds named).
 */
export const COVER_SCOPES = ['SKU', 'MODEL', 'FAMILY', 'QUOTE'] as const;
export type CoverScope = (typeof COVER_SCOPES)[number];

export interface PercentOfTotalCover {
  scope: CoverScope;
  /** scope SKU: the SKU codes covered. */
  skus?: string[];
  /** scope MODEL, FAMILY or QUOTE: the product kinds covered (none named: every kind). */
  kinds?: ProductKind[];
}

/** RANGE: one rate, the band the aggregate quantity reaches, for every unit. SLAB: each band at its own rate. */
export const SCHEDULE_TYPES = ['RANGE', 'SLAB'] as const;
export type ScheduleType = (typeof SCHEDULE_TYPES)[number];

/** SKU: the quote's units of the SKU. FAMILY: of every SKU of its family on the same schedule. */
export const SCHEDULE_AGGREGATES = ['SKU', 'FAMILY'] as const;
export type ScheduleAggregate = (typeof SCHEDULE_AGGREGATES)[number];
