import type { Database } from '@bastion/db/client';
import type { PriceBookDetail, PriceBookView } from '@bastion/domain/price-books/answers';
import { pageOf, pageWindow } from '../../lib/db/paging.ts';
import type { GetPriceBookInput } from '@bastion/domain/price-books/api';
import { findBookWithFacts, findEntryPage } from './price-books.repository.ts';
import { listCurrencyCodes } from '../../core/pricing/list-prices.repository.ts';
import { bookNotFound } from './price-book-errors.ts';
import { bookViewOf } from './price-book-view.ts';
import { isoDayOf } from '../../lib/clock.ts';

/** One book as the answers show it; 404 when there is none. */
export async function readPriceBook(
  db: Database,
  id: string,
  now: Date = new Date(),
): Promise<PriceBookView> {
  const found = await findBookWithFacts(db, id);
  if (!found) throw bookNotFound();
  return bookViewOf(found, isoDayOf(now));
}

/** A book and one page of its entries (searched by SKU code or name, in one currency or all). */
export async function getPriceBook(
  db: Database,
  input: GetPriceBookInput,
  now: Date = new Date(),
): Promise<PriceBookDetail> {
  const today = isoDayOf(now);
  const book = await readPriceBook(db, input.id, now);
  const [page, currencyCodes] = await Promise.all([
    findEntryPage(db, {
      bookId: input.id,
      search: input.search,
      currencyCode: input.currency_code || null,
      day: today,
      ...pageWindow(input),
    }),
    listCurrencyCodes(db),
  ]);
  return {
    book,
    today,
    currency_codes: currencyCodes,
    entries: {
      rows: page.rows.map((row) => ({
        sku: row.entry.sku,
        name: row.name,
        kind: row.kind,
        is_active: row.isActive,
        currency_code: row.entry.currencyCode,
        unit_price_minor: row.entry.unitPriceMinor,
        list_price_minor: row.listPriceMinor,
      })),
      total: page.total,
      ...pageOf(input),
    },
  };
}
