import type { SalesChannel } from '../quotes/sales-channel.ts';

/*
 * What a price book may say, shared by its resolution (pricing/price-books.ts), its schemas and
 * the admin screen: a module of its own, so the screen's bundle takes no more than these.
 */

/** The channels a book may be made for (null: any). */
export const PRICE_BOOK_CHANNELS = [
  'DIRECT',
  'T1',
  'T2',
] as const satisfies readonly SalesChannel[];

export const MIN_PRICE_BOOK_PRIORITY = 0;
export const MAX_PRICE_BOOK_PRIORITY = 1000;
