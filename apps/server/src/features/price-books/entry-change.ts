import type { Database } from '@bastion/db/client';
import type { PriceBookEntryChange } from '@bastion/domain/price-books/answers';
import { lockBook, type EntryKey, type PriceBookRow } from './price-books.repository.ts';
import { bookNotFound } from './price-book-errors.ts';

/** The price an entry change leaves, and the one it found (null: no entry). */
type PriceChange = Pick<PriceBookEntryChange, 'unit_price_minor' | 'previous_price_minor'>;

/**
 * Changes a book's price of a SKU in a currency with its book locked, so the book's changes take
 * turns (404 when the book is gone): `change` does it and says the prices; the answer names them.
 */
export async function changeEntry(
  db: Database,
  input: { price_book_id: string; sku: string; currency_code: string },
  change: (tx: Database, book: PriceBookRow, key: EntryKey) => Promise<PriceChange>,
): Promise<PriceBookEntryChange> {
  return db.transaction(async (tx) => {
    const book = await lockBook(tx, input.price_book_id);
    if (!book) throw bookNotFound();
    const key = { bookId: book.id, sku: input.sku, currencyCode: input.currency_code };
    const prices = await change(tx, book, key);
    return {
      price_book_id: book.id,
      price_book_name: book.name,
      sku: input.sku,
      currency_code: input.currency_code,
      ...prices,
    };
  });
}
