import type { Database } from '@bastion/db/client';
import type { PriceBookEntryChange } from '@bastion/domain/price-books/answers';
import { AppError } from '../../lib/app-error.ts';
import type { RemovePriceBookEntryInput } from '@bastion/domain/price-books/api';
import { deleteEntry, findEntry } from './price-books.repository.ts';
import { changeEntry } from './entry-change.ts';

/** Removes a book's price of a SKU in a currency: the SKU's standard list applies again. */
export async function removePriceBookEntry(
  db: Database,
  input: RemovePriceBookEntryInput,
): Promise<PriceBookEntryChange> {
  return changeEntry(db, input, async (tx, book, key) => {
    const entry = await findEntry(tx, key);
    if (!entry) {
      throw new AppError(
        'NOT_FOUND',
        `Price book ${book.name} has no ${input.currency_code} price of ${input.sku}: someone may have removed it.`,
      );
    }
    await deleteEntry(tx, key);
    return { unit_price_minor: null, previous_price_minor: entry.unitPriceMinor };
  });
}
