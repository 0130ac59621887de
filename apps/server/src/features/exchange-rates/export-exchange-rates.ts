import { RATE_CSV_COLUMNS } from '@bastion/domain/exchange-rates/schemas';
import type { Database } from '@bastion/db/client';
import { appNow } from '../../lib/clock.ts';
import { formatCsv, neutralizeFormulaReversibly } from '../../lib/csv.ts';
import { normalRate } from './apply-rate-changes.ts';
import { listHistoryForExport } from './exchange-rates.repository.ts';
import { todayIso } from '../../core/renewals/contracts.repository.ts';

/** Columns the export adds after the import's: who entered each rate and when. */
export const EXPORT_ONLY_COLUMNS = ['entered_by', 'entered_at'] as const;

/**
 * The whole rate history as CSV, by currency and day. The import reads this file back (it ignores
 * entered_by and entered_at, and a row it already holds changes nothing), so the history can be
 * exported, extended in a spreadsheet and imported.
 */
export async function exportExchangeRates(db: Database, now: Date = appNow()) {
  const rows = await listHistoryForExport(db);
  const csv = formatCsv([
    [...RATE_CSV_COLUMNS, ...EXPORT_ONLY_COLUMNS],
    ...rows.map(({ rate, enteredByEmail }) => [
      rate.currencyCode,
      normalRate(rate.unitsPerUsd),
      rate.effectiveFrom,
      // Free text a spreadsheet could run as a formula, written so that the import restores it.
      neutralizeFormulaReversibly(rate.note),
      neutralizeFormulaReversibly(enteredByEmail ?? ''),
      rate.createdAt.toISOString(),
    ]),
  ]);
  return { file_name: `exchange-rates-${todayIso(now)}.csv`, csv, row_count: rows.length };
}
