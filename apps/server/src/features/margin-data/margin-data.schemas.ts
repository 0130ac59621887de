import { z } from 'zod';
import { PRODUCT_KINDS } from '@bastion/db/schema/catalog';
import { parsePercentBp, parseScaledDecimal } from '@bastion/domain/pricing/decimal';
import {
  CASES_DECIMALS,
  casesPerYearProblem,
  casesText,
  MAX_UNIT_COST_MINOR,
  percentProblem,
  percentText,
  usdProblem,
} from '@bastion/domain/validation/amounts';

export { casesText, MAX_UNIT_COST_MINOR, percentText, percentProblem, usdProblem };

/** Costs may rise over a contract (labour): a year may cost up to twice year one. */
export const MAX_DEPRECIATION_PERCENT = 200;
import { zEnvelope } from '../../lib/envelope.ts';

/*
 * The margin data (mc-* screens) and approval SKUs (ps-approval-sku): request and response
 * schemas of POST /api/admin/margin/* and /api/admin/approval-skus/* (decision 010, issue 5).
 * Percentages travel as exact decimal text, money as integer cents (USD).
 */

export type ProductKind = (typeof PRODUCT_KINDS)[number];

/** Kinds with a cost of their own. A bundle's line costs 0: its components carry the cost. */
export const COSTED_KINDS = [
  'HARDWARE',
  'ACCESS_POINT',
  'SUBSCRIPTION',
  'SUPPORT',
  'SERVICE',
] as const satisfies readonly ProductKind[];
export type CostedKind = (typeof COSTED_KINDS)[number];

/** Kinds whose unit cost is a share of the USD list price; ANY is a family's default. */
export const LOOKUP_KINDS = ['ANY', 'SUBSCRIPTION', 'SUPPORT', 'SERVICE'] as const;
export type LookupKind = (typeof LOOKUP_KINDS)[number];

/** Kinds whose unit cost is set per SKU (mc-hw-sku-costs). */
export const HW_KINDS = ['HARDWARE', 'ACCESS_POINT'] as const satisfies readonly ProductKind[];

export const DEPRECIATION_YEARS = 5;

/** Stored numeric text ("12.5", "12.50") in the same two-decimal form; null stays null. */
export function normalizedPercent(text: string): string {
  const parsed = parsePercentBp(text);
  return parsed.ok ? percentText(parsed.value) : text;
}

const zPercentBp = (label: string) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? `${label} is required: enter a percentage such as 12.5.`
          : `${label} must be sent as text, such as "12.5", so that it stays exact.`,
    })
    .transform((text, ctx) => {
      const problem = percentProblem(text, label);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      const parsed = parsePercentBp(text);
      return parsed.ok ? parsed.value : 0;
    });

const zUsdMinor = (label: string) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? `${label} is required: enter US dollars such as 1234.50.`
          : `${label} must be sent as text, such as "1234.50", so that it stays exact.`,
    })
    .transform((text, ctx) => {
      const problem = usdProblem(text, label);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      const parsed = parseScaledDecimal(text, 2);
      return parsed.ok ? parsed.value : 0;
    });

/* Cases per unit-year as thousandths of a case, read exactly ("0.25" is 250). */
const zCasesThousandths = (label: string) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? `${label} is required: enter a number of cases such as 0.25.`
          : `${label} must be sent as text, such as "0.25", so that it stays exact.`,
    })
    .transform((text, ctx) => {
      const problem = casesPerYearProblem(text, label);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      const parsed = parseScaledDecimal(text, CASES_DECIMALS);
      return parsed.ok ? parsed.value : 0;
    });

/** Stored numeric(7,3) text in the same three-decimal form ("0.4" → "0.400"). */
export function normalizedCases(text: string): string {
  const parsed = parseScaledDecimal(text, CASES_DECIMALS);
  return parsed.ok ? casesText(parsed.value) : text;
}

const ZSkuCode = z
  .string({ error: 'Say which SKU.' })
  .trim()
  .min(1, 'Say which SKU.')
  .max(64, 'That is not a SKU code.');

const ZFamilyId = z
  .string({ error: 'Choose a product family.' })
  .trim()
  .min(1, 'Choose a product family.')
  .max(40, 'That is not a product family.');

const KIND_LIST = 'HARDWARE, ACCESS_POINT, SUBSCRIPTION, SUPPORT or SERVICE';

const ZCostedKind = z.enum(COSTED_KINDS, {
  error: `The kind of product is one of ${KIND_LIST}. A bundle has no cost of its own.`,
});

const ZLookupKind = z
  .enum([...PRODUCT_KINDS, 'ANY'], {
    error: `The kind of product is ANY or one of ${KIND_LIST}.`,
  })
  .superRefine((kind, ctx) => {
    if (kind === 'HARDWARE' || kind === 'ACCESS_POINT') {
      ctx.addIssue({
        code: 'custom',
        message:
          'Hardware and access points are costed per SKU: set their cost under Hardware SKU costs.',
      });
    } else if (kind === 'BUNDLE') {
      ctx.addIssue({
        code: 'custom',
        message: 'A bundle has no cost of its own: its components carry the cost.',
      });
    }
  })
  .transform((kind) => kind as LookupKind);

/* Every list answer says whether the caller may change what it lists. */
const ZCanEdit = z.boolean();

/* Cost lookups (mc-cost-lookup). */

export const ZCostLookup = z.object({
  family_id: z.string(),
  family_name: z.string(),
  product_kind: z.enum([...PRODUCT_KINDS, 'ANY']),
  cost_percent: z.string(),
});
export type CostLookup = z.infer<typeof ZCostLookup>;

export const ZCostLookupFamily = z.object({
  id: z.string(),
  name: z.string(),
  is_active: z.boolean(),
  /** SKUs of the family, retired ones included. */
  sku_count: z.number().int(),
  /** Whether the family has its ANY (default) row. */
  has_default: z.boolean(),
});

export const ZCostLookupsResponse = zEnvelope(
  z.object({
    rows: z.array(ZCostLookup),
    families: z.array(ZCostLookupFamily),
    can_edit: ZCanEdit,
  }),
);

export const ZSaveCostLookupBody = z.object({
  family_id: ZFamilyId,
  product_kind: ZLookupKind,
  cost_percent: zPercentBp('The cost percentage'),
});
export type SaveCostLookupInput = z.infer<typeof ZSaveCostLookupBody>;

export const ZCostLookupResponse = zEnvelope(ZCostLookup);

export const ZCostLookupKeyBody = z.object({
  family_id: ZFamilyId,
  product_kind: z.enum([...PRODUCT_KINDS, 'ANY'], {
    error: `The kind of product is ANY or one of ${KIND_LIST}.`,
  }),
});

export const ZDeletedCostLookupResponse = zEnvelope(
  z.object({
    family_id: z.string(),
    product_kind: z.enum([...PRODUCT_KINDS, 'ANY']),
    is_deleted: z.literal(true),
  }),
);

/* Markups (mc-markup). */

export const ZMarkup = z.object({
  product_kind: z.enum(COSTED_KINDS),
  percent: z.string(),
  /** False when the kind has no row yet: it counts as 0 %. */
  is_set: z.boolean(),
});
export type Markup = z.infer<typeof ZMarkup>;

export const ZMarkupsResponse = zEnvelope(z.object({ rows: z.array(ZMarkup), can_edit: ZCanEdit }));

export const ZSaveMarkupBody = z.object({
  product_kind: ZCostedKind,
  percent: zPercentBp('The markup'),
});

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

export const ZDepreciationListResponse = zEnvelope(
  z.object({ rows: z.array(ZDepreciation), can_edit: ZCanEdit }),
);

export const ZSaveDepreciationBody = z.object({
  product_kind: ZCostedKind,
  percents: z
    .array(z.string({ error: 'Each year is a percentage such as 90.' }), {
      error: `Send the percentages of years 1 to ${DEPRECIATION_YEARS}.`,
    })
    .length(DEPRECIATION_YEARS, `Send the percentages of years 1 to ${DEPRECIATION_YEARS}.`)
    .transform((texts, ctx) => {
      const values: number[] = [];
      texts.forEach((text, index) => {
        const label = `Year ${index + 1}`;
        const problem = percentProblem(text, label, MAX_DEPRECIATION_PERCENT);
        if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [index] });
        const parsed = parsePercentBp(text);
        values.push(parsed.ok ? parsed.value : 0);
      });
      return values;
    }),
});

export const ZDepreciationResponse = zEnvelope(ZDepreciation);

/* Hardware SKU costs (mc-hw-sku-costs). */

export const ZListHwSkuCostsBody = z.object({
  search: z.string().trim().max(100, 'The search is too long.').default(''),
  kind: z
    .enum(HW_KINDS, { error: 'The kind is HARDWARE or ACCESS_POINT.' })
    .nullable()
    .default(null),
  /** Only SKUs without a cost: those leave a quote without a margin. */
  missing_cost: z.boolean({ error: 'missing_cost is true or false.' }).default(false),
  include_retired: z.boolean({ error: 'include_retired is true or false.' }).default(false),
  /** Show this one SKU only (the {id} of /mc-hw-sku-costs/{id}/{ref}). */
  focus_sku: ZSkuCode.nullable().default(null),
  page: z.number().int().min(1, 'Pages start at 1.').max(100_000).default(1),
  page_size: z.number().int().min(1).max(100, 'At most 100 rows a page.').default(25),
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

export const ZHwSkuCostsResponse = zEnvelope(
  z.object({
    rows: z.array(ZHwSkuCost),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
    /** Today: the day the list prices are read on. */
    price_date: z.string(),
    /** Hardware and access-point SKUs (retired ones aside) that have no cost. */
    missing_cost_count: z.number().int(),
    /** The markups quotes add to these costs, for the page to explain. */
    markups: z.object({ HARDWARE: z.string(), ACCESS_POINT: z.string() }),
    can_edit: ZCanEdit,
  }),
);

export const ZSaveHwSkuCostBody = z.object({
  sku: ZSkuCode,
  unit_cost_usd: zUsdMinor('The unit cost'),
});

export const ZHwSkuCostResponse = zEnvelope(ZHwSkuCost);

export const ZSkuBody = z.object({ sku: ZSkuCode });

export const ZDeletedSkuResponse = zEnvelope(
  z.object({ sku: z.string(), is_deleted: z.literal(true) }),
);

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

export const ZSupportCaseFamily = z.object({
  id: z.string(),
  name: z.string(),
  is_active: z.boolean(),
  /** The family's SUPPORT SKUs, retired ones included: those the support-case cost reaches. */
  support_sku_count: z.number().int(),
  has_row: z.boolean(),
});

export const ZSupportCasesResponse = zEnvelope(
  z.object({
    rows: z.array(ZSupportCase),
    families: z.array(ZSupportCaseFamily),
    /** The markup quotes add to support costs, for the page to explain. */
    support_markup: z.string(),
    can_edit: ZCanEdit,
  }),
);

export const ZSaveSupportCaseBody = z.object({
  family_id: ZFamilyId,
  cases_per_unit_year: zCasesThousandths('Cases per unit-year'),
  cost_per_case_usd: zUsdMinor('The cost per case'),
});
export type SaveSupportCaseInput = z.infer<typeof ZSaveSupportCaseBody>;

export const ZSupportCaseResponse = zEnvelope(ZSupportCase);

export const ZSupportCaseKeyBody = z.object({ family_id: ZFamilyId });

export const ZDeletedSupportCaseResponse = zEnvelope(
  z.object({ family_id: z.string(), is_deleted: z.literal(true) }),
);

/* Approval SKUs (ps-approval-sku). */

export const MAX_REASON_LENGTH = 300;

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

export const ZApprovalSkusResponse = zEnvelope(
  z.object({ rows: z.array(ZApprovalSku), can_edit: ZCanEdit }),
);

export const ZSaveApprovalSkuBody = z.object({
  sku: ZSkuCode,
  reason: z
    .string({ error: 'Please enter why this SKU needs approval.' })
    .trim()
    .min(1, 'Please enter why this SKU needs approval.')
    .max(MAX_REASON_LENGTH, `The reason is too long (at most ${MAX_REASON_LENGTH} characters).`),
  is_active: z.boolean({ error: 'Active is true or false.' }).default(true),
});
export type SaveApprovalSkuInput = z.infer<typeof ZSaveApprovalSkuBody>;

export const ZApprovalSkuResponse = zEnvelope(ZApprovalSku);

export const ZApprovalSkuOptionsBody = z.object({
  search: z.string().trim().max(100, 'The search is too long.').default(''),
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
