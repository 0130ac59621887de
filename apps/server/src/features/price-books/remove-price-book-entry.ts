import type { Database } from '@bastion/db/client';
import type { PriceBookEntryChange } from '@bastion/domain/price-books/answers';
import { AppError } from '../../lib/app-error.ts';
import type { RemovePriceBookEntryInput } from '@bastion/domain/price-books/api';
import { deleteEntry, findEntry, lockBook } from './price-books.repository.ts';
import { bookNotFound } from './price-book-errors.ts';

/** Removes a book's price of a SKU in a currency: the SKU's standard list applies again. */
export async function removePriceBookEntry(
  db: Database,
  input: RemovePriceBookEntryInput,
): Promise<PriceBookEntryChange> {
  return db.transaction(async (tx) => {
    const book = await lockBook(tx, input.price_book_id);
    if (!book) throw bookNotFound();
    const key = { bookId: book.id, sku: input.sku, currencyCode: input.currency_code };
    const entry = await findEntry(tx, key);
    if (!entry) {
      throw new AppError(
        'NOT_FOUND',
        `Price book ${book.name} has no ${input.currency_code} price of ${input.sku}: someone may have removed it.`,
      );
    }
    await deleteEntry(tx, key);
    return {
      price_book_id: book.id,
      price_book_name: book.name,
      sku: input.sku,
      currency_code: input.currency_code,
      unit_price_minor: null,
      previous_price_minor: entry.unitPriceMinor,
    };
  });
}
