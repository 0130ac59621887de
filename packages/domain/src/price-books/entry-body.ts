import { z } from 'zod';
import { parseUnitPrice } from '../catalog/price-text.ts';
import { PRICE_BOOK_FIELD_MESSAGES, zEntryCurrency, zEntrySku } from './schemas.ts';

/*
 * What setting a price book's entry sends (POST /api/admin/catalog/price-books/entries/set): the
 * price as decimal text in major units ("1234.50"), read exactly into cents as the catalogue's
 * prices are. Server-side only: the admin screen's form is ./schemas.ts's ZPriceBookEntryForm,
 * and this module (with the price parser) stays out of the browser's bundle.
 */

export const ZSetPriceBookEntryBody = z
  .object({
    price_book_id: z.uuid({ error: PRICE_BOOK_FIELD_MESSAGES.book }),
    sku: zEntrySku,
    currency_code: zEntryCurrency,
    unit_price: z.string({ error: PRICE_BOOK_FIELD_MESSAGES.unitPrice }),
  })
  .transform((entry, context) => {
    const price = parseUnitPrice(entry.unit_price, entry.currency_code);
    if (!price.isValid) {
      context.addIssue({ code: 'custom', path: ['unit_price'], message: price.message });
      return z.NEVER;
    }
    return { ...entry, unit_price_minor: price.minor };
  });
export type SetPriceBookEntryInput = z.output<typeof ZSetPriceBookEntryBody>;
