import type { Database } from '@bastion/db/client';
import type { PriceBookView } from '@bastion/domain/price-books/answers';
import { lockBook, updateBook } from './price-books.repository.ts';
import { bookNotFound } from './price-book-errors.ts';
import { readPriceBook } from './get-price-book.ts';

/**
 * Switches a book off: no quote resolves to it from now on, and quotes priced from it keep their
 * figures until they are priced again. `wasActive` says whether anything changed.
 */
export async function deactivatePriceBook(
  db: Database,
  id: string,
  now: Date = new Date(),
): Promise<{ book: PriceBookView; wasActive: boolean }> {
  const wasActive = await db.transaction(async (tx) => {
    const book = await lockBook(tx, id);
    if (!book) throw bookNotFound();
    if (book.isActive) await updateBook(tx, id, { isActive: false, updatedAt: now });
    return book.isActive;
  });
  return { book: await readPriceBook(db, id, now), wasActive };
}
