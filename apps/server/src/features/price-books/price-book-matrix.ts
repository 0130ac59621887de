import type { Database } from '@bastion/db/client';
import type { PriceBookMatrix } from '@bastion/domain/price-books/answers';
import { pageOf, pageWindow } from '../../lib/db/paging.ts';
import type { PriceBookMatrixInput } from '@bastion/domain/price-books/api';
import { findMatrixSkuPage, listActiveBooks, listMatrixEntries } from './price-books.repository.ts';
import { listCurrencyCodes } from '../../core/pricing/list-prices.repository.ts';
import { invalidField, unsoldCurrencyMessage } from './price-book-errors.ts';
import { bookStateOn } from './price-book-view.ts';
import { isoDayOf } from '../../lib/clock.ts';

const SKU_STATUS = { active: true, inactive: false, all: null } as const;

/**
 * "Every SKU in every book": one page of SKUs (searched by code or name) with their standard
 * list in one currency today and each active book's price of them, a column per book in the
 * order books win. A book without an entry for a SKU leaves its list in force (null).
 */
export async function priceBookMatrix(
  db: Database,
  input: PriceBookMatrixInput,
  now: Date = new Date(),
): Promise<PriceBookMatrix> {
  const today = isoDayOf(now);
  const [currencyCodes, books] = await Promise.all([listCurrencyCodes(db), listActiveBooks(db)]);
  if (!currencyCodes.includes(input.currency_code)) {
    throw invalidField('currency_code', unsoldCurrencyMessage(input.currency_code, currencyCodes));
  }
  const bookIds = books.map((book) => book.id);
  const page = await findMatrixSkuPage(db, {
    search: input.search,
    currencyCode: input.currency_code,
    day: today,
    isActive: SKU_STATUS[input.status],
    pricedByBooks: input.only_in_books ? bookIds : null,
    ...pageWindow(input),
  });
  const entries = await listMatrixEntries(
    db,
    bookIds,
    page.rows.map((row) => row.sku),
    input.currency_code,
  );
  const priceOf = new Map(
    entries.map((entry) => [`${entry.priceBookId}\u0000${entry.sku}`, entry.unitPriceMinor]),
  );
  return {
    currency_code: input.currency_code,
    price_date: today,
    currency_codes: currencyCodes,
    books: books.map((book) => ({ id: book.id, name: book.name, state: bookStateOn(book, today) })),
    rows: page.rows.map((row) => ({
      sku: row.sku,
      name: row.name,
      kind: row.kind,
      is_active: row.isActive,
      list_price_minor: row.listPriceMinor,
      book_prices: bookIds.map((id) => priceOf.get(`${id}\u0000${row.sku}`) ?? null),
    })),
    total: page.total,
    ...pageOf(input),
  };
}
