import { formatContractStartDate } from '@bastion/domain/quotes/contract-dates';
import type { ReportFilters } from '@bastion/domain/reports/schemas';

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The last twelve months to today, in USD, every region, type and deal type. */
export function defaultReportFilters(today: Date = new Date()): ReportFilters {
  const from = new Date(today);
  from.setUTCFullYear(from.getUTCFullYear() - 1);
  from.setUTCDate(from.getUTCDate() + 1);
  return {
    date_from: isoDay(from),
    date_to: isoDay(today),
    region: '',
    quote_type: '',
    deal_type: '',
    currency_code: 'USD',
  };
}

/** What the bar knows to be wrong before asking the server: a missing date, or dates reversed. */
export function filtersProblem(filters: ReportFilters): string | null {
  if (!filters.date_from || !filters.date_to) return 'Choose both dates of the range.';
  if (filters.date_from > filters.date_to)
    return 'The start date must be on or before the end date.';
  return null;
}

/** A filter's day as the app writes days (spec §9). */
const day = (iso: string) => formatContractStartDate(iso) ?? iso;

/** The filters in a sentence, for the screen and the printed page. */
export function describeFilters(
  filters: ReportFilters,
  dealTypeName: (code: string) => string,
): string {
  return [
    `Quotes created ${day(filters.date_from)} to ${day(filters.date_to)}`,
    filters.region || 'all regions',
    filters.quote_type || 'all quote types',
    filters.deal_type ? dealTypeName(filters.deal_type) : 'all deal types',
    `amounts in ${filters.currency_code}`,
  ].join(' · ');
}
