import { z } from 'zod';
import { PRODUCT_KINDS } from '../pricing/product-kinds.ts';
import { PRICE_BOOK_CHANNELS } from './limits.ts';

/*
 * What the price book routes answer (POST /api/admin/catalog/price-books/…), inside the `{code,
 * data}` envelope: the server's serializer checks every answer against these, and the admin
 * screen reads their types (import type only: these schemas stay out of the web's bundle).
 * Money is integer minor units (cents) of the row's currency; days are YYYY-MM-DD.
 */

/** Where a book stands today: in effect, starting later, ended, or switched off. */
export const PRICE_BOOK_STATES = ['in_effect', 'scheduled', 'ended', 'inactive'] as const;
export type PriceBookState = (typeof PRICE_BOOK_STATES)[number];

export const ZPriceBookView = z.object({
  id: z.string(),
  name: z.string(),
  /** Null: any. */
  segment: z.string().nullable(),
  region: z.string().nullable(),
  sales_channel: z.enum(PRICE_BOOK_CHANNELS).nullable(),
  partner_type: z.string().nullable(),
  priority: z.number().int(),
  effective_from: z.string(),
  /** The first day it no longer applies; null while open. */
  effective_to: z.string().nullable(),
  is_active: z.boolean(),
  state: z.enum(PRICE_BOOK_STATES),
  entry_count: z.number().int().nonnegative(),
  /** The currencies it has entries in, in code order. */
  currency_codes: z.array(z.string()),
  /** Quotes priced from it: a book quotes name cannot be deleted, only switched off. */
  quote_count: z.number().int().nonnegative(),
  created_by_email: z.string().nullable(),
  updated_at: z.string(),
});
export type PriceBookView = z.infer<typeof ZPriceBookView>;

export const ZPriceBookList = z.object({
  /** By priority (highest first), then name. */
  books: z.array(ZPriceBookView),
  /** The day the states are judged on. */
  today: z.string(),
  /** Currencies entries may be set in: those the catalogue sells in (with an exchange rate). */
  currency_codes: z.array(z.string()),
  /** What books may match, as the CRM and the quotes spell them: suggestions for the editor. */
  segments: z.array(z.string()),
  regions: z.array(z.string()),
  partner_types: z.array(z.string()),
});
export type PriceBookList = z.infer<typeof ZPriceBookList>;

export const ZPriceBookEntryView = z.object({
  sku: z.string(),
  name: z.string(),
  kind: z.enum(PRODUCT_KINDS),
  is_active: z.boolean(),
  currency_code: z.string(),
  unit_price_minor: z.number().int(),
  /** The SKU's standard list in the currency today; null when it has none. */
  list_price_minor: z.number().int().nullable(),
});
export type PriceBookEntryView = z.infer<typeof ZPriceBookEntryView>;

export const ZPriceBookDetail = z.object({
  book: ZPriceBookView,
  today: z.string(),
  currency_codes: z.array(z.string()),
  /** One page of its entries, by SKU then currency. */
  entries: z.object({
    rows: z.array(ZPriceBookEntryView),
    total: z.number().int().nonnegative(),
    page: z.number().int(),
    page_size: z.number().int(),
  }),
});
export type PriceBookDetail = z.infer<typeof ZPriceBookDetail>;

export const ZPriceBookEntryChange = z.object({
  price_book_id: z.string(),
  price_book_name: z.string(),
  sku: z.string(),
  currency_code: z.string(),
  /** The price now; null once removed. */
  unit_price_minor: z.number().int().nullable(),
  /** The price before; null when there was none. */
  previous_price_minor: z.number().int().nullable(),
});
export type PriceBookEntryChange = z.infer<typeof ZPriceBookEntryChange>;

/** "Every SKU in every book": one currency, one page of SKUs, a column per active book. */
export const ZPriceBookMatrix = z.object({
  currency_code: z.string(),
  /** The day the standard list is read on. */
  price_date: z.string(),
  currency_codes: z.array(z.string()),
  /** The active books, in the order they win (priority, then name): the columns. */
  books: z.array(z.object({ id: z.string(), name: z.string(), state: z.enum(PRICE_BOOK_STATES) })),
  rows: z.array(
    z.object({
      sku: z.string(),
      name: z.string(),
      kind: z.enum(PRODUCT_KINDS),
      is_active: z.boolean(),
      list_price_minor: z.number().int().nullable(),
      /** Index i is books[i]'s price; null where the book has no entry (the list applies). */
      book_prices: z.array(z.number().int().nullable()),
    }),
  ),
  total: z.number().int().nonnegative(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type PriceBookMatrix = z.infer<typeof ZPriceBookMatrix>;
