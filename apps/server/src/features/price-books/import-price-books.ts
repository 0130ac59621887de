import type { Database } from '@bastion/db/client';
import { parseUnitPrice } from '@bastion/domain/catalog/price-text';
import { restoreFormula } from '../../lib/csv.ts';
import { importRefused, readCsvTable, type CsvImportShape } from '../../lib/csv-import.ts';
import { readLines, withoutRepeats, type RowCells } from '../../core/pricing/price-file-lines.ts';
import {
  findSkusByCode,
  listBooksByName,
  listEntriesOfBooks,
  lockBook,
  upsertEntries,
  type PriceBookEntryRow,
  type PriceBookRow,
} from './price-books.repository.ts';
import { listCurrencyCodes } from '../../core/pricing/list-prices.repository.ts';
import { entryProblems } from './entry-checks.ts';
import { PRICE_BOOK_CSV_COLUMNS } from './export-price-books.ts';

type Column = (typeof PRICE_BOOK_CSV_COLUMNS)[number];

const PRICE_BOOK_FILE: CsvImportShape<Column> = {
  columns: PRICE_BOOK_CSV_COLUMNS,
  rowsName: 'price book entries',
};

interface EntryLine {
  row: number;
  book: PriceBookRow;
  sku: string;
  currencyCode: string;
  unitPriceMinor: number;
}

/** Checks one row's values on their own; the entry it stands for when they are all good. */
function readLine(
  { value, fail }: RowCells<Column>,
  books: ReadonlyMap<string, PriceBookRow>,
): Omit<EntryLine, 'row'> | null {
  const bookName = restoreFormula(value('price_book'));
  const book = books.get(bookName.toLowerCase());
  if (bookName === '') fail('price_book', 'Enter the price book’s name.');
  else if (!book) {
    fail('price_book', `There is no price book named “${bookName}”: create it first.`);
  }

  const sku = value('sku').toUpperCase();
  if (sku === '') fail('sku', 'Enter the SKU.');

  const currencyCode = value('currency_code').toUpperCase();
  if (currencyCode === '') fail('currency_code', 'Enter the currency, such as USD.');
  else if (!/^[A-Z]{3}$/.test(currencyCode)) {
    fail('currency_code', 'The currency is a three-letter code such as USD.');
  }

  const price = parseUnitPrice(value('unit_price'), currencyCode || 'any currency');
  if (!price.isValid) fail('unit_price', price.message);

  if (!price.isValid || !book) return null;
  return { book, sku, currencyCode, unitPriceMinor: price.minor };
}

const keyOf = (bookId: string, sku: string, currencyCode: string) =>
  `${bookId}\u0000${sku}\u0000${currencyCode}`;

/**
 * Imports price book entries (CSV: price_book, sku, currency_code, unit_price, a header first;
 * an export imports back). Each row sets the named book's price of a SKU in a currency, adding
 * the entry or changing it; entries the file does not name stay. Every row is checked, against
 * the books and the catalogue too, before anything changes: one bad row and nothing is imported,
 * and the answer lists each problem by row and column.
 */
export async function importPriceBooks(db: Database, text: string) {
  const table = readCsvTable(text, PRICE_BOOK_FILE);
  const { problems } = table;

  return db.transaction(async (tx) => {
    const books = await listBooksByName(tx);
    const currencies = await listCurrencyCodes(tx);
    const lines = readLines(table, (cells) => readLine(cells, books));
    // The same book, SKU and currency twice: which price was meant?
    const unique = withoutRepeats(
      lines,
      (line) => keyOf(line.book.id, line.sku, line.currencyCode),
      (line, first) => ({
        row: line.row,
        column: 'sku',
        message: `Row ${first} already sets the ${line.currencyCode} price of ${line.sku} in ${line.book.name}.`,
      }),
      problems,
    );

    const skus = await findSkusByCode(
      tx,
      unique.map((line) => line.sku),
    );
    const good = unique.filter((line) => {
      const found = entryProblems(
        { sku: line.sku, currency_code: line.currencyCode },
        { currencies, skus },
      );
      for (const problem of found) {
        problems.push({ row: line.row, column: problem.path, message: problem.message });
      }
      return found.length === 0;
    });

    if (problems.length > 0) throw importRefused(problems, PRICE_BOOK_CSV_COLUMNS);

    // The books take turns with their other changes, locked in id order (no deadlock).
    const bookIds = [...new Set(good.map((line) => line.book.id))].sort();
    for (const id of bookIds) await lockBook(tx, id);
    const existing = new Map(
      (await listEntriesOfBooks(tx, bookIds)).map((entry) => [
        keyOf(entry.priceBookId, entry.sku, entry.currencyCode),
        entry.unitPriceMinor,
      ]),
    );
    const counts = { created: 0, updated: 0, unchanged: 0 };
    const changes: PriceBookEntryRow[] = [];
    for (const line of good) {
      const before = existing.get(keyOf(line.book.id, line.sku, line.currencyCode));
      if (before === line.unitPriceMinor) {
        counts.unchanged += 1;
        continue;
      }
      counts[before === undefined ? 'created' : 'updated'] += 1;
      changes.push({
        priceBookId: line.book.id,
        sku: line.sku,
        currencyCode: line.currencyCode,
        unitPriceMinor: line.unitPriceMinor,
      });
    }
    await upsertEntries(tx, changes);
    const names = new Map(good.map((line) => [line.book.id, line.book.name]));
    return {
      imported: good.length,
      ...counts,
      books: [...names.values()].sort((a, b) => a.localeCompare(b)),
    };
  });
}
