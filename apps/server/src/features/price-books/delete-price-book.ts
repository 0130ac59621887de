import type { Database } from '@bastion/db/client';
import {
  countEntriesOfBook,
  countQuotesOfBook,
  deleteBook,
  lockBook,
} from './price-books.repository.ts';
import { bookNotFound, conflictOn } from './price-book-errors.ts';

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export const bookInUseMessage = (name: string, quoteCount: number) =>
  `Price book ${name} prices ${plural(quoteCount, 'quote', 'quotes')}, so it cannot be deleted: switch it off instead (those quotes keep it).`;

/**
 * Deletes a book nobody quoted from, with its entries. A book that quotes name is refused (409):
 * it is switched off instead, so they can still say which book priced them.
 */
export async function deletePriceBook(
  db: Database,
  id: string,
): Promise<{ id: string; name: string; entryCount: number }> {
  return db.transaction(async (tx) => {
    // Locked first: a quote taking the book waits for this transaction, then finds it gone.
    const book = await lockBook(tx, id);
    if (!book) throw bookNotFound();
    const quoteCount = await countQuotesOfBook(tx, id);
    if (quoteCount > 0) throw conflictOn('id', bookInUseMessage(book.name, quoteCount));
    const entryCount = await countEntriesOfBook(tx, id);
    await deleteBook(tx, id);
    return { id, name: book.name, entryCount };
  });
}
