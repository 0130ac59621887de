import {
  exchangeRateSchema,
  RATE_CSV_COLUMNS,
  type ExchangeRateInput,
  type ExchangeRatesImported,
  type RateCsvColumn,
} from '@bastion/domain/exchange-rates/schemas';
import type { Database } from '@bastion/db/client';
import { appNow } from '../../lib/clock.ts';
import { restoreFormula } from '../../lib/csv.ts';
import {
  importRefused,
  readCsvTable,
  rowValues,
  type CsvImportShape,
  type ImportProblem,
} from '../../lib/csv-import.ts';
import { applyRateChanges } from './apply-rate-changes.ts';
import { EXPORT_ONLY_COLUMNS } from './export-exchange-rates.ts';
import { todayIso } from '../../core/renewals/contracts.repository.ts';

const RATE_FILE: CsvImportShape<RateCsvColumn> = {
  columns: RATE_CSV_COLUMNS,
  // The export's own columns are accepted and ignored, so an export imports back.
  ignored: new Set(EXPORT_ONLY_COLUMNS),
  rowsName: 'rate rows',
};

/** The column a problem of the rate's schema is about. */
const columnOf = (path: readonly PropertyKey[]): RateCsvColumn | null =>
  RATE_CSV_COLUMNS.find((column) => column === path[0]) ?? null;

/** One change of the rate history, for the audit trail. */
export interface RateChange {
  currency_code: string;
  effective_from: string;
  units_per_usd: string;
  /** The day's rate it replaced; null: the day had none. */
  replaced: string | null;
}

/**
 * Imports rates (CSV: currency_code, units_per_usd, effective_from, note, a header first). Every
 * row is checked as the form checks a rate, and the file for the same currency and day twice,
 * before anything changes: one bad row and nothing is imported, and the answer lists each problem
 * by row and column. A good file is applied in one transaction, each row as a rate added (or a
 * day's rate replaced); rows that say what the history already says change nothing.
 */
export async function importExchangeRates(
  db: Database,
  userId: string | null,
  text: string,
  now: Date = appNow(),
): Promise<ExchangeRatesImported & { changes: RateChange[] }> {
  const today = todayIso(now);
  const schema = exchangeRateSchema(() => today);
  const table = readCsvTable(text, RATE_FILE);
  const problems: ImportProblem[] = table.problems;

  const lines: { row: number; rate: ExchangeRateInput }[] = [];
  for (const record of table.records) {
    if (table.badRows.has(record.row)) continue;
    const value = rowValues(record, table, problems);
    if (!value) continue;
    const parsed = schema.safeParse({
      currency_code: value('currency_code'),
      units_per_usd: value('units_per_usd'),
      effective_from: value('effective_from'),
      note: restoreFormula(value('note')),
    });
    if (parsed.success) {
      lines.push({ row: record.row, rate: parsed.data });
      continue;
    }
    for (const issue of parsed.error.issues) {
      problems.push({ row: record.row, column: columnOf(issue.path), message: issue.message });
    }
  }

  // The same currency and day twice: which rate was meant?
  const firstRowOf = new Map<string, number>();
  for (const { row, rate } of lines) {
    const key = `${rate.currency_code}\u0000${rate.effective_from}`;
    const first = firstRowOf.get(key);
    if (first === undefined) firstRowOf.set(key, row);
    else {
      problems.push({
        row,
        column: 'effective_from',
        message: `Row ${first} already sets the ${rate.currency_code} rate of ${rate.effective_from}.`,
      });
    }
  }
  if (problems.length > 0) throw importRefused(problems, RATE_CSV_COLUMNS);

  const { outcomes, currencies } = await db.transaction((tx) =>
    applyRateChanges(
      tx,
      lines.map((line) => line.rate),
      { userId, now, skipsIdentical: true },
    ),
  );
  const count = (kind: (typeof outcomes)[number]['kind']) =>
    outcomes.filter((outcome) => outcome.kind === kind).length;
  return {
    imported: lines.length,
    added: count('added'),
    replaced: count('replaced'),
    unchanged: count('unchanged'),
    changed_in_effect: currencies.filter((c) => c.after !== c.before).map((c) => c.currencyCode),
    new_currencies: currencies
      .filter((c) => c.isNew && c.after !== null)
      .map((c) => c.currencyCode),
    changes: outcomes
      .filter((outcome) => outcome.kind !== 'unchanged')
      .map(({ rate, replacedUnitsPerUsd }) => ({
        currency_code: rate.currency_code,
        effective_from: rate.effective_from,
        units_per_usd: rate.units_per_usd,
        replaced: replacedUnitsPerUsd,
      })),
  };
}
