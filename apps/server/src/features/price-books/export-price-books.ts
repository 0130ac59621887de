import type { Database } from '@bastion/db/client';
import { formatUnitPrice } from '@bastion/domain/catalog/price-text';
import { formatCsv, neutralizeFormulaReversibly } from '../../lib/csv.ts';
import { findBookWithFacts, listEntriesForExport } from './price-books.repository.ts';
import { bookNotFound } from './price-book-errors.ts';
import { isoDayOf } from '../../lib/clock.ts';

/** The columns of the file, out and in (import-price-books.ts reads the same). */
export const PRICE_BOOK_CSV_COLUMNS = ['price_book', 'sku', 'currency_code', 'unit_price'] as const;

/** "Public sector (EU)" → "public-sector-eu", for a file name. */
const slugOf = (name: string) =>
  name
    .normalize('NFD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'book';

/**
 * The entries of one book, or of every book, as CSV: a row per SKU and currency, the price in
 * major units like the catalogue's price file ("1234.50"). The import reads this file back.
 */
export async function exportPriceBooks(db: Database, id: string | null, now: Date = new Date()) {
  const book = id ? await findBookWithFacts(db, id) : null;
  if (id && !book) throw bookNotFound();
  const rows = await listEntriesForExport(db, id);
  const csv = formatCsv([
    PRICE_BOOK_CSV_COLUMNS,
    ...rows.map((row) => [
      // A name is an admin's free text: a spreadsheet must not run it (the import restores it).
      neutralizeFormulaReversibly(row.bookName),
      row.sku,
      row.currencyCode,
      formatUnitPrice(row.unitPriceMinor),
    ]),
  ]);
  const day = isoDayOf(now);
  return {
    file_name: book ? `price-book-${slugOf(book.book.name)}-${day}.csv` : `price-books-${day}.csv`,
    csv,
    row_count: rows.length,
  };
}
