import { CRM_REGIONS } from '../crm/schemas.ts';
import { DEAL_TYPES, QUOTE_TYPES } from '../quotes/quote-types.ts';

/**
 * The report dashboard (issue 19, spec route /{context}/report/{module_name}/{ref}): one module,
 * quotes, with a tab per report. Every report aggregates the quotes the filters select (created
 * in the date range, of the region, quote type and deal type chosen); amounts are converted into
 * the report currency at each quote's own rate (currency-conversion.ts).
 */

/** The report modules a dashboard URL may name; the Reports menu links to `quotes`. */
export const REPORT_MODULES = ['quotes'] as const;
export type ReportModule = (typeof REPORT_MODULES)[number];

export const isReportModule = (value: string): value is ReportModule =>
  (REPORT_MODULES as readonly string[]).includes(value);

export const REPORT_MODULE_TITLES: Readonly<Record<ReportModule, string>> = {
  quotes: 'Quote reports',
};

/** The tabs of the quotes module, in the order shown. */
export const REPORT_IDS = [
  'pipeline',
  'regions',
  'discounts',
  'approval-cycle',
  'win-rate',
  'top-accounts',
] as const;
export type ReportId = (typeof REPORT_IDS)[number];

export const REPORT_TITLES: Readonly<Record<ReportId, string>> = {
  pipeline: 'Pipeline',
  regions: 'By region',
  discounts: 'Discounts',
  'approval-cycle': 'Approval cycle time',
  'win-rate': 'Win rate',
  'top-accounts': 'Top accounts',
};

/** What each report shows, in a sentence under its tab. */
export const REPORT_DESCRIPTIONS: Readonly<Record<ReportId, string>> = {
  pipeline:
    'Quotes and their value by month created and status (archived quotes count under their status before archiving).',
  regions: 'How many quotes each region made, and their value.',
  discounts:
    'The manual discount given on quote lines, by product family: the average over the lines and the largest.',
  'approval-cycle':
    'Hours from a step being sent to its approval group to the group deciding it: the median and the 90th percentile, by group.',
  'win-rate':
    'Quotes won (accepted or completed) against quotes lost (rejected, or approved but past their validity without being accepted), by month created.',
  'top-accounts': 'The accounts with the highest total quote value.',
};

/** How many accounts the top-accounts report lists. */
export const TOP_ACCOUNTS_LIMIT = 20;

/** Won quotes (spec §4 statuses); an archived quote counts under its pre-archive status. */
export const WON_STATUSES = ['ACCEPTED', 'COMPLETED'] as const;
/** Lost: rejected; an APPROVED quote past its validity (price date + QUOTE_VALIDITY_DAYS) has expired. */
export const REJECTED_STATUS = 'REJECTED';
export const EXPIRABLE_STATUS = 'APPROVED';

/** The filter bar's choices that come from the domain (currencies come from the rates table). */
export const REPORT_REGIONS = CRM_REGIONS;
export const REPORT_QUOTE_TYPES = QUOTE_TYPES;
export const REPORT_DEAL_TYPES = DEAL_TYPES;

/** The longest date range a report covers: ten years of months is still a readable chart. */
export const MAX_REPORT_RANGE_YEARS = 10;

export const REPORT_MESSAGES = {
  unknownModule: (name: string) => `There is no report module "${name}".`,
  dateOrder: 'The start date must be on or before the end date.',
  rangeTooLong: `Choose a date range of at most ${MAX_REPORT_RANGE_YEARS} years.`,
  date: (label: string) => `${label}: dates look like 2027-01-31 and must be real calendar dates.`,
  currency: 'Choose the report currency, such as USD or EUR.',
  unknownCurrency: (code: string) =>
    `There is no exchange rate for ${code}: choose another currency.`,
  region: `The region is one of ${CRM_REGIONS.join(', ')}, or any.`,
  quoteType: `The quote type is one of ${QUOTE_TYPES.join(', ')}, or any.`,
  dealType: `The deal type is one of ${DEAL_TYPES.map((d) => d.code).join(', ')}, or any.`,
  report: `Choose a report: ${REPORT_IDS.join(', ')}.`,
  moduleName: 'Name the report module, such as quotes.',
} as const;
