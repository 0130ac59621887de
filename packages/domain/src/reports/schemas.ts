import { z } from 'zod';
import { zEnvelope } from '../api/envelope.ts';
import {
  MAX_REPORT_RANGE_YEARS,
  REPORT_DEAL_TYPES,
  REPORT_IDS,
  REPORT_MESSAGES as M,
  REPORT_QUOTE_TYPES,
  REPORT_REGIONS,
} from './model.ts';

/*
 * The calls of the report dashboard (issue 19): the filter bar's choices, and one report run over
 * the filters. The server validates requests and shapes answers with these; the browser reads
 * the same types.
 */

const zModuleName = z
  .string({ error: M.moduleName })
  .trim()
  .min(1, M.moduleName)
  .max(60, M.moduleName);
const zIsoDate = (label: string) => z.iso.date({ error: M.date(label) });
/** '' is "any". */
const zAnyOr = <T extends readonly [string, ...string[]]>(values: T, error: string) =>
  z.enum(['', ...values] as unknown as readonly [string, ...string[]], { error }).default('');

const DEAL_TYPE_CODES = REPORT_DEAL_TYPES.map((d) => d.code) as unknown as readonly [
  string,
  ...string[],
];

const yearsBetween = (from: string, to: string) => {
  const [fy = 0, fm = 0, fd = 0] = from.split('-').map(Number);
  const [ty = 0, tm = 0, td = 0] = to.split('-').map(Number);
  return ty - fy - (tm < fm || (tm === fm && td < fd) ? 1 : 0);
};

/**
 * The filter bar: quotes created from `date_from` to `date_to` (both included, UTC days), of the
 * region, quote type and deal type chosen ('' for any); amounts in `currency_code`.
 */
export const ZReportFilters = z
  .object({
    date_from: zIsoDate('From'),
    date_to: zIsoDate('To'),
    region: zAnyOr(REPORT_REGIONS, M.region),
    quote_type: zAnyOr(REPORT_QUOTE_TYPES, M.quoteType),
    deal_type: zAnyOr(DEAL_TYPE_CODES, M.dealType),
    currency_code: z
      .string({ error: M.currency })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, M.currency)
      .default('USD'),
  })
  .superRefine((filters, context) => {
    if (filters.date_from > filters.date_to) {
      context.addIssue({ code: 'custom', path: ['date_to'], message: M.dateOrder });
    } else if (yearsBetween(filters.date_from, filters.date_to) >= MAX_REPORT_RANGE_YEARS) {
      context.addIssue({ code: 'custom', path: ['date_from'], message: M.rangeTooLong });
    }
  });
export type ReportFilters = z.output<typeof ZReportFilters>;
export type ReportFiltersInput = z.input<typeof ZReportFilters>;

export const ZReportOptionsBody = z.object({ module_name: zModuleName });

export const ZRunReportBody = z.object({
  module_name: zModuleName,
  report: z.enum(REPORT_IDS, { error: M.report }),
  filters: ZReportFilters,
});
export type RunReportBody = z.input<typeof ZRunReportBody>;

/** The filter bar's choices. */
export const ZReportOptions = z.object({
  module_name: z.string(),
  title: z.string(),
  reports: z.array(
    z.object({ id: z.enum(REPORT_IDS), title: z.string(), description: z.string() }),
  ),
  regions: z.array(z.string()),
  quote_types: z.array(z.string()),
  deal_types: z.array(z.object({ code: z.string(), name: z.string() })),
  /** The report currencies: those with an exchange rate, and USD. */
  currencies: z.array(z.string()),
});
export type ReportOptions = z.infer<typeof ZReportOptions>;

const zCount = z.number().int().nonnegative();
const zMinor = z.number().int();
/** A percentage or a number of hours as exact decimal text ('12.50'); null when there is none. */
const zDecimalText = z.string().regex(/^-?\d+(\.\d+)?$/);

export const ZPipelineRow = z.object({
  /** YYYY-MM, UTC. */
  month: z.string(),
  status_id: z.string(),
  quote_count: zCount,
  value_minor: zMinor,
});
export const ZRegionRow = z.object({
  region: z.string(),
  quote_count: zCount,
  value_minor: zMinor,
});
export const ZDiscountRow = z.object({
  family_id: z.string(),
  family_name: z.string(),
  line_count: zCount,
  /** The seller discount (pricing/discount-names.ts): what was typed, beyond standard pricing. */
  average_discount_percent: zDecimalText,
  max_discount_percent: zDecimalText,
  /** The effective discount: from list, volume, partner and seller together (issue 33). */
  average_effective_discount_percent: zDecimalText,
  max_effective_discount_percent: zDecimalText,
});
export const ZApprovalCycleRow = z.object({
  group_name: z.string(),
  decided_count: zCount,
  median_hours: zDecimalText,
  p90_hours: zDecimalText,
});
export const ZWinRateRow = z.object({
  month: z.string(),
  won_count: zCount,
  rejected_count: zCount,
  expired_count: zCount,
  /** won / (won + lost) in percent, one decimal; null when nothing was decided. */
  win_rate_percent: zDecimalText.nullable(),
  won_value_minor: zMinor,
});
export const ZTopAccountRow = z.object({
  account_id: z.string(),
  account_name: z.string(),
  quote_count: zCount,
  value_minor: zMinor,
});

export type PipelineRow = z.infer<typeof ZPipelineRow>;
export type RegionRow = z.infer<typeof ZRegionRow>;
export type DiscountRow = z.infer<typeof ZDiscountRow>;
export type ApprovalCycleRow = z.infer<typeof ZApprovalCycleRow>;
export type WinRateRow = z.infer<typeof ZWinRateRow>;
export type TopAccountRow = z.infer<typeof ZTopAccountRow>;

const resultOf = <R extends (typeof REPORT_IDS)[number], T extends z.ZodType>(report: R, row: T) =>
  z.object({
    report: z.literal(report),
    /** The currency the amounts are in. */
    currency_code: z.string(),
    rows: z.array(row),
  });

export const ZReportResult = z.discriminatedUnion('report', [
  resultOf('pipeline', ZPipelineRow),
  resultOf('regions', ZRegionRow),
  resultOf('discounts', ZDiscountRow),
  resultOf('approval-cycle', ZApprovalCycleRow),
  resultOf('win-rate', ZWinRateRow),
  resultOf('top-accounts', ZTopAccountRow),
]);
export type ReportResult = z.infer<typeof ZReportResult>;
/** The result of one report, by its id. */
export type ReportResultOf<R extends ReportResult['report']> = Extract<ReportResult, { report: R }>;

/* The answers' envelopes (`{code: 200, data}`), as the routes validate them. */
export const ZReportOptionsResponse = zEnvelope(ZReportOptions);
export const ZReportResultResponse = zEnvelope(ZReportResult);
