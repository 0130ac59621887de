import type { Database } from '@bastion/db/client';
import { listPricesForExport } from './catalog-admin.repository.ts';
import { formatCsv } from '../../lib/csv.ts';
import { formatUnitPrice } from './price-text.ts';
import { isoDayOf } from '../../lib/clock.ts';

export const EXPORT_HEADER = [
  'sku',
  'currency',
  'unit_price',
  'effective_from',
  'effective_to',
] as const;

/**
 * The price list as CSV: every row, or those in effect on a day. The import reads this file back
 * (it ignores effective_to), so a price list can be exported, edited and imported.
 */
export async function exportPrices(db: Database, on: string | null, now: Date = new Date()) {
  const rows = await listPricesForExport(db, on);
  const csv = formatCsv([
    EXPORT_HEADER,
    ...rows.map((row) => [
      row.sku,
      row.currencyCode,
      formatUnitPrice(row.unitPriceMinor),
      row.effectiveFrom,
      row.effectiveTo ?? '',
    ]),
  ]);
  return {
    file_name: on ? `sku-prices-in-effect-${on}.csv` : `sku-prices-${isoDayOf(now)}.csv`,
    csv,
    row_count: rows.length,
  };
}
