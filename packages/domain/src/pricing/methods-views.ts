import { z } from 'zod';
import { ZPercentOfTotalCover } from './methods-schema.ts';
import { PRICING_METHODS, SCHEDULE_AGGREGATES, SCHEDULE_TYPES } from './methods.ts';
import { PRODUCT_KINDS } from './product-kinds.ts';

/*
 * What the catalogue admin answers about pricing methods, block bands, discount schedules and
 * term discounts (issue 35). The server checks its answers with these; the web imports only
 * their types, so none of this is in its bundle. Money is integer minor units; percentages are
 * the shortest decimal text of their value ("20", "12.5").
 */

export const METHOD_ROW_STATUSES = ['in_effect', 'scheduled', 'past'] as const;
export type MethodRowStatus = (typeof METHOD_ROW_STATUSES)[number];

export const ZPricingMethodRowView = z.object({
  id: z.string(),
  method: z.enum(PRICING_METHODS),
  percent: z.string().nullable(),
  covers: ZPercentOfTotalCover.nullable(),
  floor_usd_minor: z.number().int().nullable(),
  ceiling_usd_minor: z.number().int().nullable(),
  effective_from: z.string(),
  /** The first day it no longer applies; null while open. */
  effective_to: z.string().nullable(),
  status: z.enum(METHOD_ROW_STATUSES),
  created_by_email: z.string().nullable(),
  created_at: z.string(),
});
export type PricingMethodRowView = z.infer<typeof ZPricingMethodRowView>;

export const ZPriceBlockView = z.object({
  currency_code: z.string(),
  min_quantity: z.number().int(),
  /** Null: no end. */
  max_quantity: z.number().int().nullable(),
  price_minor: z.number().int(),
});
export type PriceBlockView = z.infer<typeof ZPriceBlockView>;

/** A SKU's pricing beyond its price rows: its methods over time, its bands, its schedule. */
export const ZSkuPricingView = z.object({
  sku: z.string(),
  name: z.string(),
  kind: z.enum(PRODUCT_KINDS),
  family_id: z.string(),
  /** Its `model` attribute, which a cover by model reads; null: none. */
  model: z.string().nullable(),
  is_active: z.boolean(),
  /** The day "in effect" and "scheduled" are judged on. */
  today: z.string(),
  /** The method in effect today: LIST when no row is. */
  method_today: z.enum(PRICING_METHODS),
  /** Newest first. */
  rows: z.array(ZPricingMethodRowView),
  /** Currencies bands may be set in: those with an exchange rate. */
  currency_codes: z.array(z.string()),
  /** By currency, then from the lowest quantity. */
  blocks: z.array(ZPriceBlockView),
  /** The discount schedule its volume discount follows; null: its own volume tiers. */
  discount_schedule_id: z.string().nullable(),
});
export type SkuPricingView = z.infer<typeof ZSkuPricingView>;

export const ZScheduledMethodView = ZSkuPricingView.extend({
  change: z.object({
    method: z.enum(PRICING_METHODS),
    effective_from: z.string(),
    /** True when a method starting that same day was replaced. */
    is_replacement: z.boolean(),
  }),
});
export type ScheduledMethodView = z.infer<typeof ZScheduledMethodView>;

export const ZDiscountScheduleView = z.object({
  id: z.string(),
  name: z.string(),
  schedule_type: z.enum(SCHEDULE_TYPES),
  aggregate: z.enum(SCHEDULE_AGGREGATES),
  include_installed_base: z.boolean(),
  /** From the lowest quantity. */
  tiers: z.array(z.object({ min_quantity: z.number().int(), percent: z.string() })),
  /** The SKUs that follow it, in code order. */
  skus: z.array(z.string()),
  updated_at: z.string(),
});
export type DiscountScheduleView = z.infer<typeof ZDiscountScheduleView>;

export const ZDiscountSchedulesView = z.object({ schedules: z.array(ZDiscountScheduleView) });
export type DiscountSchedulesView = z.infer<typeof ZDiscountSchedulesView>;

export const ZTermDiscountView = z.object({
  product_kind: z.enum(PRODUCT_KINDS),
  min_months: z.number().int(),
  percent: z.string(),
});
export type TermDiscountView = z.infer<typeof ZTermDiscountView>;

/** Every term discount, by kind then months. */
export const ZTermDiscountsView = z.object({ rows: z.array(ZTermDiscountView) });
export type TermDiscountsView = z.infer<typeof ZTermDiscountsView>;
