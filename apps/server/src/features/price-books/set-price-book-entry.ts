import type { Database } from '@bastion/db/client';
import type { PriceBookEntryChange } from '@bastion/domain/price-books/answers';
import type { SetPriceBookEntryInput } from '@bastion/domain/price-books/api';
import { findEntry, findSkusByCode, lockBook, upsertEntries } from './price-books.repository.ts';
import { listCurrencyCodes } from '../../core/pricing/list-prices.repository.ts';
import { bookNotFound, invalidFields } from './price-book-errors.ts';
import { entryProblems } from './entry-checks.ts';

/**
 * Sets a book's price of a SKU in a currency: adds the entry, or changes its price. The SKU must
 * be in the catalogue (and not a bundle), the currency one it sells in; refused, nothing changes.
 */
export async function setPriceBookEntry(
  db: Database,
  input: SetPriceBookEntryInput,
): Promise<PriceBookEntryChange> {
  return db.transaction(async (tx) => {
    const book = await lockBook(tx, input.price_book_id);
    if (!book) throw bookNotFound();
    const currencies = await listCurrencyCodes(tx);
    const skus = await findSkusByCode(tx, [input.sku]);
    const problems = entryProblems(input, { currencies, skus });
    if (problems.length > 0) throw invalidFields(problems);
    const key = { bookId: book.id, sku: input.sku, currencyCode: input.currency_code };
    const previous = await findEntry(tx, key);
    await upsertEntries(tx, [
      {
        priceBookId: book.id,
        sku: input.sku,
        currencyCode: input.currency_code,
        unitPriceMinor: input.unit_price_minor,
      },
    ]);
    return {
      price_book_id: book.id,
      price_book_name: book.name,
      sku: input.sku,
      currency_code: input.currency_code,
      unit_price_minor: input.unit_price_minor,
      previous_price_minor: previous?.unitPriceMinor ?? null,
    };
  });
}
