import { z } from 'zod';
import { ZCsvImportBody } from '../api/csv-import-body.ts';
import { namedApiSchemas } from '../api/named-schemas.ts';
import {
  ZPriceBookDetail,
  ZPriceBookEntryChange,
  ZPriceBookList,
  ZPriceBookMatrix,
  ZPriceBookView,
} from './answers.ts';
import { PRICE_BOOK_FIELD_MESSAGES } from './schemas.ts';
import { zDeletedEnvelope, zEnvelope, zPagedSearchBody } from '../api/envelope.ts';

/*
 * Requests and answers of the price books (POST /api/admin/catalog/price-books/…). The bodies
 * the admin screen's forms share (a book, an entry) are packages/domain's; the answers too, the
 * screen reading their types. Money is integer minor units out and decimal text in.
 */
export { ZSavePriceBookBody, type SavePriceBookInput } from './schemas.ts';
export { ZSetPriceBookEntryBody, type SetPriceBookEntryInput } from './entry-body.ts';

const zBookId = z.uuid({ error: PRICE_BOOK_FIELD_MESSAGES.book });

/** A currency to filter by: three capitals, or '' for every currency. */
const zCurrencyFilter = z
  .string({ error: PRICE_BOOK_FIELD_MESSAGES.currency })
  .trim()
  .toUpperCase()
  .regex(/^([A-Z]{3})?$/, PRICE_BOOK_FIELD_MESSAGES.currency);

export const ZPriceBookIdBody = z.object({ id: zBookId });

export const ZGetPriceBookBody = zPagedSearchBody(100, {
  id: zBookId,
  /** Only the entries in this currency; '' for all. */
  currency_code: zCurrencyFilter.default(''),
});
export type GetPriceBookInput = z.infer<typeof ZGetPriceBookBody>;

export const ZRemovePriceBookEntryBody = z.object({
  price_book_id: zBookId,
  sku: z
    .string({ error: PRICE_BOOK_FIELD_MESSAGES.sku })
    .trim()
    .toUpperCase()
    .min(1, PRICE_BOOK_FIELD_MESSAGES.sku)
    .max(64, 'That is not a SKU code.'),
  currency_code: z
    .string({ error: PRICE_BOOK_FIELD_MESSAGES.currency })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, PRICE_BOOK_FIELD_MESSAGES.currency),
});
export type RemovePriceBookEntryInput = z.infer<typeof ZRemovePriceBookEntryBody>;

export const MATRIX_SKU_STATUSES = ['active', 'inactive', 'all'] as const;

export const ZPriceBookMatrixBody = zPagedSearchBody(100, {
  /** The currency of the list and of the books' prices. */
  currency_code: z
    .string({ error: PRICE_BOOK_FIELD_MESSAGES.currency })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, PRICE_BOOK_FIELD_MESSAGES.currency)
    .default('USD'),
  status: z
    .enum(MATRIX_SKU_STATUSES, { error: 'The status is active, inactive or all.' })
    .default('active'),
  /** Only SKUs some active book prices in the currency. */
  only_in_books: z.boolean({ error: 'Only in books is true or false.' }).default(false),
});
export type PriceBookMatrixInput = z.infer<typeof ZPriceBookMatrixBody>;

export const ZExportPriceBooksBody = z
  .object({
    /** One book's entries; left out or null, every book's. */
    id: zBookId.nullable().default(null),
  })
  .nullish()
  .transform((body) => ({ id: body?.id ?? null }));

export const ZImportPriceBooksBody = ZCsvImportBody;

export const ZPriceBookListResponse = zEnvelope(ZPriceBookList);
export const ZPriceBookResponse = zEnvelope(ZPriceBookView);
export const ZPriceBookDetailResponse = zEnvelope(ZPriceBookDetail);
export const ZPriceBookDeletedResponse = zDeletedEnvelope({ id: z.string(), name: z.string() });
export const ZPriceBookEntryChangeResponse = zEnvelope(ZPriceBookEntryChange);
export const ZPriceBookMatrixResponse = zEnvelope(ZPriceBookMatrix);

export const ZPriceBooksExportResponse = zEnvelope(
  z.object({ file_name: z.string(), csv: z.string(), row_count: z.number().int() }),
);

export const ZPriceBooksImportResponse = zEnvelope(
  z.object({
    /** The entry rows of the file, every one checked. */
    imported: z.number().int(),
    /** Entries the file added, changed, and left as they were. */
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    /** The books the file named, by name. */
    books: z.array(z.string()),
  }),
);

/* Named in the API reference (its components): what several answers share, and big rows. */
namedApiSchemas.add(ZPriceBookView, { id: 'PriceBook' });
namedApiSchemas.add(ZPriceBookEntryChange, { id: 'PriceBookEntryChange' });

export { MAX_IMPORT_BYTES } from '../api/csv-import-body.ts';
