import { z } from 'zod';
import { namedApiSchemas } from '../api/named-schemas.ts';
import { PRODUCT_KINDS } from '../pricing/product-kinds.ts';
import { COSTED_KINDS, DEPRECIATION_YEARS, HW_KINDS, ZSkuCode } from './schemas.ts';
import { parsePercentBp, parseScaledDecimal } from '../pricing/decimal.ts';
import {
  CASES_DECIMALS,
  casesText,
  MAX_UNIT_COST_MINOR,
  percentProblem,
  percentText,
  usdProblem,
} from '../validation/amounts.ts';
import {
  zActiveOption,
  zDeletedEnvelope,
  zEnvelope,
  zPageFields,
  zPagedSearchBody,
  zRowsPageEnvelope,
  zSearchText,
} from '../api/envelope.ts';

export { casesText, MAX_UNIT_COST_MINOR, percentText, percentProblem, usdProblem };

/*
 * The margin data (mc-* screens) and approval SKUs (ps-approval-sku): request and response
 * schemas of POST /api/admin/margin/* and /api/admin/approval-skus/* (decision 010, issue 5).
 * Percentages travel as exact decimal text, money as integer cents (USD). The request bodies an
 * administrator fills in live in packages/domain (margin-data/schemas.ts), which the browser's
 * forms validate with too.
 */

export {
  COSTED_KINDS,
  DEPRECIATION_YEARS,
  HW_KINDS,
  MAX_DEPRECIATION_PERCENT,
  MAX_REASON_LENGTH,
  ZCostLookupKeyBody,
  ZSaveApprovalSkuBody,
  ZSaveCostLookupBody,
  ZSaveDepreciationBody,
  ZSaveHwSkuCostBody,
  ZSaveMarkupBody,
  ZSaveSupportCaseBody,
  ZSkuBody,
  ZSupportCaseKeyBody,
  type CostedKind,
  type LookupKind,
  type SaveApprovalSkuInput,
  type SaveCostLookupInput,
  type SaveSupportCaseInput,
} from './schemas.ts';

export type ProductKind = (typeof PRODUCT_KINDS)[number];

/** Stored numeric text ("12.5", "12.50") in the same two-decimal form; null stays null. */
export function normalizedPercent(text: string): string {
  const parsed = parsePercentBp(text);
  return parsed.ok ? percentText(parsed.value) : text;
}

/** Stored numeric(7,3) text in the same three-decimal form ("0.4" → "0.400"). */
export function normalizedCases(text: string): string {
  const parsed = parseScaledDecimal(text, CASES_DECIMALS);
  return parsed.ok ? casesText(parsed.value) : text;
}

/** A list answer: its rows, what else it says, and whether the caller may change what it lists. */
function zEditableRowsEnvelope<T extends z.ZodType, E extends z.ZodRawShape = Record<never, never>>(
  row: T,
  extra?: E,
) {
  return zEnvelope(
    z.object({ rows: z.array(row), ...(extra ?? ({} as E)), can_edit: z.boolean() }),
  );
}

/* Cost lookups (mc-cost-lookup). */

export const ZCostLookup = z.object({
  family_id: z.string(),
  family_name: z.string(),
  product_kind: z.enum([...PRODUCT_KINDS, 'ANY']),
  cost_percent: z.string(),
});
export type CostLookup = z.infer<typeof ZCostLookup>;

export const ZCostLookupFamily = zActiveOption.extend({
  /** SKUs of the family, retired ones included. */
  sku_count: z.number().int(),
  /** Whether the family has its ANY (default) row. */
  has_default: z.boolean(),
});

export const ZCostLookupsResponse = zEditableRowsEnvelope(ZCostLookup, {
  families: z.array(ZCostLookupFamily),
});

export const ZCostLookupResponse = zEnvelope(ZCostLookup);

export const ZDeletedCostLookupResponse = zDeletedEnvelope({
  family_id: z.string(),
  product_kind: z.enum([...PRODUCT_KINDS, 'ANY']),
});

/* Markups (mc-markup). */

export const ZMarkup = z.object({
  product_kind: z.enum(COSTED_KINDS),
  percent: z.string(),
  /** False when the kind has no row yet: it counts as 0 %. */
  is_set: z.boolean(),
});
export type Markup = z.infer<typeof ZMarkup>;

export const ZMarkupsResponse = zEditableRowsEnvelope(ZMarkup);

export const ZMarkupResponse = zEnvelope(ZMarkup);

/* Duration depreciation (mc-duration-depreciation). */

export const ZDepreciation = z.object({
  product_kind: z.enum(COSTED_KINDS),
  /** Years 1 to 5, each the share of year-one cost that contract year costs. */
  percents: z.array(z.string()).length(DEPRECIATION_YEARS),
  /** False when the kind has no rows yet: every year counts as 100 %. */
  is_set: z.boolean(),
});
export type Depreciation = z.infer<typeof ZDepreciation>;

export const ZDepreciationListResponse = zEditableRowsEnvelope(ZDepreciation);

export const ZDepreciationResponse = zEnvelope(ZDepreciation);

/* Hardware SKU costs (mc-hw-sku-costs). */

export const ZListHwSkuCostsBody = zPagedSearchBody(100, {
  kind: z
    .enum(HW_KINDS, { error: 'The kind is HARDWARE or ACCESS_POINT.' })
    .nullable()
    .default(null),
  /** Only SKUs without a cost: those leave a quote without a margin. */
  missing_cost: z.boolean({ error: 'missing_cost is true or false.' }).default(false),
  include_retired: z.boolean({ error: 'include_retired is true or false.' }).default(false),
  /** Show this one SKU only (the {id} of /mc-hw-sku-costs/{id}/{ref}). */
  focus_sku: ZSkuCode.nullable().default(null),
});
export type ListHwSkuCostsInput = z.infer<typeof ZListHwSkuCostsBody>;

export const ZHwSkuCost = z.object({
  sku: z.string(),
  name: z.string(),
  kind: z.enum(HW_KINDS),
  family_id: z.string(),
  family_name: z.string(),
  is_active: z.boolean(),
  /** Null when no cost is set: quotes with this SKU then show no margin. */
  unit_cost_usd_minor: z.number().int().nullable(),
  updated_at: z.string().nullable(),
  /** The USD list price in effect on price_date; null when none is. */
  usd_list_price_minor: z.number().int().nullable(),
  /** Cost as a share of that list price ("42.50"), before the markup. */
  implied_cost_percent: z.string().nullable(),
});
export type HwSkuCost = z.infer<typeof ZHwSkuCost>;

export const ZHwSkuCostsResponse = zRowsPageEnvelope(ZHwSkuCost, zPageFields, {
  /** Today: the day the list prices are read on. */
  price_date: z.string(),
  /** Hardware and access-point SKUs (retired ones aside) that have no cost. */
  missing_cost_count: z.number().int(),
  /** The markups quotes add to these costs, for the page to explain. */
  markups: z.object({ HARDWARE: z.string(), ACCESS_POINT: z.string() }),
  can_edit: z.boolean(),
});

export const ZHwSkuCostResponse = zEnvelope(ZHwSkuCost);

export const ZDeletedSkuResponse = zDeletedEnvelope({ sku: z.string() });

/* Support cases (mc-support-cases). */

export const ZSupportCase = z.object({
  family_id: z.string(),
  family_name: z.string(),
  /** Cases one unit raises in a year, three decimals ("0.400"). */
  cases_per_unit_year: z.string(),
  cost_per_case_usd_minor: z.number().int(),
  /**
   * Cases × cost per case, rounded to the cent: what it adds to the yearly unit cost of each of
   * the family's support SKUs, before the support markup.
   */
  cost_per_unit_year_usd_minor: z.number().int(),
  updated_at: z.string(),
});
export type SupportCase = z.infer<typeof ZSupportCase>;

export const ZSupportCaseFamily = zActiveOption.extend({
  /** The family's SUPPORT SKUs, retired ones included: those the support-case cost reaches. */
  support_sku_count: z.number().int(),
  has_row: z.boolean(),
});

export const ZSupportCasesResponse = zEditableRowsEnvelope(ZSupportCase, {
  families: z.array(ZSupportCaseFamily),
  /** The markup quotes add to support costs, for the page to explain. */
  support_markup: z.string(),
});

export const ZSupportCaseResponse = zEnvelope(ZSupportCase);

export const ZDeletedSupportCaseResponse = zDeletedEnvelope({ family_id: z.string() });

/* Approval SKUs (ps-approval-sku). */

export const ZApprovalSku = z.object({
  sku: z.string(),
  name: z.string(),
  kind: z.enum(PRODUCT_KINDS),
  /** Whether the SKU itself is still sold. */
  is_sku_active: z.boolean(),
  reason: z.string(),
  /** Whether the rule applies: an inactive entry is kept but asks for no approval. */
  is_active: z.boolean(),
});
export type ApprovalSku = z.infer<typeof ZApprovalSku>;

export const ZApprovalSkusResponse = zEditableRowsEnvelope(ZApprovalSku);

export const ZApprovalSkuResponse = zEnvelope(ZApprovalSku);

export const ZApprovalSkuOptionsBody = z.object({
  search: zSearchText(100).default(''),
});

export const ZApprovalSkuOptionsResponse = zEnvelope(
  z.object({
    rows: z.array(
      z.object({
        sku: z.string(),
        name: z.string(),
        kind: z.enum(PRODUCT_KINDS),
        is_active: z.boolean(),
        /** Already on the approval list. */
        is_listed: z.boolean(),
      }),
    ),
  }),
);

/* Named in the API reference (its components): what several answers share, and big rows. */
namedApiSchemas.add(ZHwSkuCost, { id: 'HwSkuCost' });
