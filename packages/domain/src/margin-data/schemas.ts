import { z } from 'zod';
import { zRequiredText } from '../validation/required-text.ts';
import { parsePercentBp, parseScaledDecimal } from '../pricing/decimal.ts';
import { PRODUCT_KINDS, type ProductKind } from '../pricing/product-kinds.ts';
import {
  CASES_DECIMALS,
  casesPerYearProblem,
  percentProblem,
  usdProblem,
} from '../validation/amounts.ts';

/*
 * What an administrator may send to change the margin data (mc-* screens) and the approval SKUs
 * (ps-approval-sku): the server validates its requests with these schemas and the browser its
 * forms, so both say the same words about the same bad value (issue 15). Percentages and amounts
 * travel as exact decimal text; the `…Text` pieces check that text and keep it, the server's body
 * schemas read it into integers (basis points, cents, thousandths of a case).
 */

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
export type HwKind = (typeof HW_KINDS)[number];

export const DEPRECIATION_YEARS = 5;

/** Costs may rise over a contract (labour): a year may cost up to twice year one. */
export const MAX_DEPRECIATION_PERCENT = 200;

export const MAX_REASON_LENGTH = 300;

/** Decimal text checked by `problemOf`; the message for a missing or non-text value names an example. */
const zDecimalText = (
  label: string,
  example: { what: string; text: string },
  problemOf: (text: string) => string | null,
) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? `${label} is required: enter ${example.what} such as ${example.text}.`
          : `${label} must be sent as text, such as "${example.text}", so that it stays exact.`,
    })
    .superRefine((text, ctx) => {
      const problem = problemOf(text);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((text) => text.trim());

/** A percentage from 0 to `maxPercent` with at most 2 decimals, kept as its text. */
export const zPercentText = (label: string, maxPercent = 100) =>
  zDecimalText(label, { what: 'a percentage', text: '12.5' }, (text) =>
    percentProblem(text, label, maxPercent),
  );

/** US dollars with at most 2 decimals, kept as their text. */
export const zUsdText = (label: string) =>
  zDecimalText(label, { what: 'US dollars', text: '1234.50' }, (text) => usdProblem(text, label));

/** Cases per unit-year with at most 3 decimals, kept as their text. */
export const zCasesText = (label: string) =>
  zDecimalText(label, { what: 'a number of cases', text: '0.25' }, (text) =>
    casesPerYearProblem(text, label),
  );

/** Basis points of checked percentage text ("12.5" is 1250). */
export const percentBpOf = (text: string) => {
  const parsed = parsePercentBp(text);
  return parsed.ok ? parsed.value : 0;
};

/** Cents of checked dollar text ("1234.5" is 123450). */
export const usdMinorOf = (text: string) => {
  const parsed = parseScaledDecimal(text, 2);
  return parsed.ok ? parsed.value : 0;
};

/** Thousandths of a case of checked cases text ("0.25" is 250). */
export const casesThousandthsOf = (text: string) => {
  const parsed = parseScaledDecimal(text, CASES_DECIMALS);
  return parsed.ok ? parsed.value : 0;
};

export const ZSkuCode = zRequiredText('Say which SKU.', 64, 'That is not a SKU code.');

export const ZFamilyId = zRequiredText(
  'Choose a product family.',
  40,
  'That is not a product family.',
);

const KIND_LIST = 'HARDWARE, ACCESS_POINT, SUBSCRIPTION, SUPPORT or SERVICE';

export const ZCostedKind = z.enum(COSTED_KINDS, {
  error: `The kind of product is one of ${KIND_LIST}. A bundle has no cost of its own.`,
});

/** Any product kind or ANY, as a cost lookup's key names it (deleting one). */
export const ZAnyLookupKind = z.enum([...PRODUCT_KINDS, 'ANY'], {
  error: `The kind of product is ANY or one of ${KIND_LIST}.`,
});

export const ZLookupKind = ZAnyLookupKind.superRefine((kind, ctx) => {
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
}).transform((kind) => kind as LookupKind);

/* Cost lookups (mc-cost-lookup). */

export const ZCostLookupForm = z.object({
  family_id: ZFamilyId,
  product_kind: ZLookupKind,
  cost_percent: zPercentText('The cost percentage'),
});

export const ZSaveCostLookupBody = ZCostLookupForm.extend({
  cost_percent: ZCostLookupForm.shape.cost_percent.transform(percentBpOf),
});
export type SaveCostLookupInput = z.infer<typeof ZSaveCostLookupBody>;

export const ZCostLookupKeyBody = z.object({ family_id: ZFamilyId, product_kind: ZAnyLookupKind });

/* Markups (mc-markup). */

export const ZMarkupForm = z.object({
  product_kind: ZCostedKind,
  percent: zPercentText('The markup'),
});

export const ZSaveMarkupBody = ZMarkupForm.extend({
  percent: ZMarkupForm.shape.percent.transform(percentBpOf),
});

/* Duration depreciation (mc-duration-depreciation). */

const yearsMessage = `Send the percentages of years 1 to ${DEPRECIATION_YEARS}.`;

export const ZDepreciationForm = z.object({
  product_kind: ZCostedKind,
  percents: z
    .array(z.string({ error: 'Each year is a percentage such as 90.' }), { error: yearsMessage })
    .length(DEPRECIATION_YEARS, yearsMessage)
    .superRefine((texts, ctx) => {
      if (texts.length !== DEPRECIATION_YEARS) return;
      texts.forEach((text, index) => {
        const problem = percentProblem(text, `Year ${index + 1}`, MAX_DEPRECIATION_PERCENT);
        if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [index] });
      });
    })
    .transform((texts) => texts.map((text) => text.trim())),
});

export const ZSaveDepreciationBody = ZDepreciationForm.extend({
  percents: ZDepreciationForm.shape.percents.transform((texts) => texts.map(percentBpOf)),
});

/* Hardware SKU costs (mc-hw-sku-costs). */

export const ZHwSkuCostForm = z.object({ sku: ZSkuCode, unit_cost_usd: zUsdText('The unit cost') });

export const ZSaveHwSkuCostBody = ZHwSkuCostForm.extend({
  unit_cost_usd: ZHwSkuCostForm.shape.unit_cost_usd.transform(usdMinorOf),
});

export const ZSkuBody = z.object({ sku: ZSkuCode });

/* Support cases (mc-support-cases). */

export const ZSupportCaseForm = z.object({
  family_id: ZFamilyId,
  cases_per_unit_year: zCasesText('Cases per unit-year'),
  cost_per_case_usd: zUsdText('The cost per case'),
});

export const ZSaveSupportCaseBody = ZSupportCaseForm.extend({
  cases_per_unit_year: ZSupportCaseForm.shape.cases_per_unit_year.transform(casesThousandthsOf),
  cost_per_case_usd: ZSupportCaseForm.shape.cost_per_case_usd.transform(usdMinorOf),
});
export type SaveSupportCaseInput = z.infer<typeof ZSaveSupportCaseBody>;

export const ZSupportCaseKeyBody = z.object({ family_id: ZFamilyId });

/* Approval SKUs (ps-approval-sku). */

export const ZSaveApprovalSkuBody = z.object({
  sku: ZSkuCode,
  reason: zRequiredText(
    'Please enter why this SKU needs approval.',
    MAX_REASON_LENGTH,
    `The reason is too long (at most ${MAX_REASON_LENGTH} characters).`,
  ),
  is_active: z.boolean({ error: 'Active is true or false.' }).default(true),
});
export type SaveApprovalSkuInput = z.infer<typeof ZSaveApprovalSkuBody>;
