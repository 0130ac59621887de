import type { Database } from '@bastion/db/client';
import type { PriceBookEntryChange } from '@bastion/domain/price-books/answers';
import type { SetPriceBookEntryInput } from '@bastion/domain/price-books/api';
import { findEntry, findSkusByCode, upsertEntries } from './price-books.repository.ts';
import { listCurrencyCodes } from '../../core/pricing/list-prices.repository.ts';
import { invalidFields } from './price-book-errors.ts';
import { changeEntry } from './entry-change.ts';
import { entryProblems } from './entry-checks.ts';

/**
 * Sets a book's price of a SKU in a currency: adds the entry, or changes its price. The SKU must
 * be in the catalogue (and not a bundle), the currency one it sells in; refused, nothing changes.
 */
export async function setPriceBookEntry(
  db: Database,
  input: SetPriceBookEntryInput,
): Promise<PriceBookEntryChange> {
  return changeEntry(db, input, async (tx, book, key) => {
    const currencies = await listCurrencyCodes(tx);
    const skus = await findSkusByCode(tx, [input.sku]);
    const problems = entryProblems(input, { currencies, skus });
    if (problems.length > 0) throw invalidFields(problems);
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
      unit_price_minor: input.unit_price_minor,
      previous_price_minor: previous?.unitPriceMinor ?? null,
    };
  });
}
