import { divideRoundHalfAway } from '../pricing/decimal.ts';
import { DISCOUNT_NAMES } from '../pricing/discount-names.ts';
import { quoteStatusLabel } from '../quotes/status-display.ts';
import { buildCsv, csvNumber, minorAsDecimal, type CsvCell } from './csv.ts';
import type { ReportId } from './model.ts';
import type { ReportFilters, ReportResult, ReportResultOf } from './schemas.ts';

const SELLER = DISCOUNT_NAMES.seller.toLowerCase();
const EFFECTIVE = DISCOUNT_NAMES.effective.toLowerCase();

/**
 * Each report as a table (issue 19): its columns, what each cell holds, and the CSV made from
 * them. The page shows the same table under the chart, so the download is what one reads.
 */

/** How a column's values read: text, a count, money in the report currency, a percent, hours. */
export type ColumnKind = 'text' | 'count' | 'money' | 'percent' | 'hours';

/** A cell: text or decimal text, a count, minor units of money; null for "none". */
export type CellValue = string | number | null;

export interface ReportColumn<Row> {
  header: string;
  kind: ColumnKind;
  value: (row: Row) => CellValue;
}

type RowOf<R extends ReportId> = ReportResultOf<R>['rows'][number];

const money = (header: string) => ({ header, kind: 'money' as const });

/** The columns of each report; a money header is completed with the currency. */
export const REPORT_COLUMNS: { [R in ReportId]: readonly ReportColumn<RowOf<R>>[] } = {
  pipeline: [
    { header: 'Month', kind: 'text', value: (r) => r.month },
    { header: 'Status', kind: 'text', value: (r) => quoteStatusLabel(r.status_id) },
    { header: 'Quotes', kind: 'count', value: (r) => r.quote_count },
    { ...money('Value'), value: (r) => r.value_minor },
  ],
  regions: [
    { header: 'Region', kind: 'text', value: (r) => r.region || 'No region' },
    { header: 'Quotes', kind: 'count', value: (r) => r.quote_count },
    { ...money('Value'), value: (r) => r.value_minor },
  ],
  discounts: [
    { header: 'Product family', kind: 'text', value: (r) => r.family_name },
    { header: 'Lines', kind: 'count', value: (r) => r.line_count },
    {
      header: `Average ${SELLER} %`,
      kind: 'percent',
      value: (r) => r.average_discount_percent,
    },
    { header: `Maximum ${SELLER} %`, kind: 'percent', value: (r) => r.max_discount_percent },
    {
      header: `Average ${EFFECTIVE} %`,
      kind: 'percent',
      value: (r) => r.average_effective_discount_percent,
    },
    {
      header: `Maximum ${EFFECTIVE} %`,
      kind: 'percent',
      value: (r) => r.max_effective_discount_percent,
    },
  ],
  'approval-cycle': [
    { header: 'Approval group', kind: 'text', value: (r) => r.group_name },
    { header: 'Decided steps', kind: 'count', value: (r) => r.decided_count },
    { header: 'Median hours', kind: 'hours', value: (r) => r.median_hours },
    { header: '90th percentile hours', kind: 'hours', value: (r) => r.p90_hours },
  ],
  'win-rate': [
    { header: 'Month', kind: 'text', value: (r) => r.month },
    { header: 'Won', kind: 'count', value: (r) => r.won_count },
    { header: 'Rejected', kind: 'count', value: (r) => r.rejected_count },
    { header: 'Expired', kind: 'count', value: (r) => r.expired_count },
    { header: 'Win rate %', kind: 'percent', value: (r) => r.win_rate_percent },
    { ...money('Won value'), value: (r) => r.won_value_minor },
  ],
  'top-accounts': [
    { header: 'Account', kind: 'text', value: (r) => r.account_name || r.account_id },
    { header: 'Account ID', kind: 'text', value: (r) => r.account_id },
    { header: 'Quotes', kind: 'count', value: (r) => r.quote_count },
    { ...money('Value'), value: (r) => r.value_minor },
  ],
};

export interface ReportTable {
  columns: { header: string; kind: ColumnKind }[];
  rows: CellValue[][];
}

/** The table of a report's result: headers (money ones naming the currency) and cells. */
export function reportTable(result: ReportResult): ReportTable {
  // The union of results pairs each with its own columns; TypeScript cannot follow the pairing.
  const columns = REPORT_COLUMNS[result.report] as readonly ReportColumn<unknown>[];
  return {
    columns: columns.map(({ header, kind }) => ({
      header: kind === 'money' ? `${header} (${result.currency_code})` : header,
      kind,
    })),
    rows: (result.rows as unknown[]).map((row) => columns.map((column) => column.value(row))),
  };
}

/** A cell as a CSV field: money as decimal text, counts and percents as numbers. */
function csvCellOf(kind: ColumnKind, value: CellValue): CsvCell {
  if (value === null) return null;
  switch (kind) {
    case 'text':
      return String(value);
    case 'count':
      return Number(value);
    case 'money':
      return csvNumber(minorAsDecimal(Number(value)));
    case 'percent':
    case 'hours':
      return csvNumber(String(value));
  }
}

/** The CSV file of a report's table (RFC 4180, formula-like text neutralised). */
export function reportCsv(result: ReportResult): string {
  const table = reportTable(result);
  return buildCsv(
    table.columns.map((c) => c.header),
    table.rows.map((row) =>
      row.map((value, i) => csvCellOf(table.columns[i]?.kind ?? 'text', value)),
    ),
  );
}

/** The download's name: module, report, range and currency, e.g. quotes-pipeline-2026-01-01-2026-12-31-USD.csv. */
export function reportCsvFileName(moduleName: string, report: ReportId, filters: ReportFilters) {
  const safe = (text: string) => text.replace(/[^A-Za-z0-9-]+/g, '_');
  return `${safe(moduleName)}-${report}-${filters.date_from}-${filters.date_to}-${safe(filters.currency_code)}.csv`;
}

/**
 * won / (won + lost) as a percentage with one decimal, rounded half away from zero, exactly;
 * null when nothing was won or lost.
 */
export function winRatePercent(won: number, lost: number): string | null {
  const decided = won + lost;
  if (decided === 0) return null;
  const tenths = divideRoundHalfAway(BigInt(won) * 1000n, BigInt(decided));
  return `${tenths / 10n}.${tenths % 10n}`;
}
