import { canonicalRegion } from '../permissions/visibility.ts';

/*
 * Price books (issue 35, docs/pricing.md "Price books"): lists for a customer segment, a region,
 * a sales channel or a partner type, with a priority and the days they are in effect. A quote is
 * priced from the one book its facts resolve to; a SKU without an entry in that book keeps its
 * standard list (sku_prices). Pure: the server loads the books and entries, this decides.
 */

/** What a book can be made for: null (or blank) on a book is any. */
export const PRICE_BOOK_MATCH_FIELDS = [
  'segment',
  'region',
  'sales_channel',
  'partner_type',
] as const;
export type PriceBookMatchField = (typeof PRICE_BOOK_MATCH_FIELDS)[number];

/** A quote's facts a book is matched on: the account's segment (CRM), region, channel, partner. */
export type PriceBookFacts = Readonly<Record<PriceBookMatchField, string | null | undefined>>;

/** A book as resolution reads it. Days are YYYY-MM-DD; `effective_to` is exclusive, null open. */
export interface PriceBookCandidate {
  name: string;
  segment: string | null;
  region: string | null;
  sales_channel: string | null;
  partner_type: string | null;
  priority: number;
  effective_from: string;
  effective_to: string | null;
  is_active: boolean;
}

export { MAX_PRICE_BOOK_PRIORITY, MIN_PRICE_BOOK_PRIORITY } from '../price-books/limits.ts';

/** The texts price books show and refuse with, for the screens and the tests. */
export const PRICE_BOOK_MESSAGES = {
  /** A book a quote resolved to has entries, but none in the quote's currency. */
  noCurrencyPrices: (book: string, currency: string) =>
    `Price book ${book} has no ${currency} prices.`,
} as const;

/** How a match field is compared: trimmed, in any letter case; a region by its canonical name. */
function matchKey(field: PriceBookMatchField, value: string | null | undefined): string {
  const text = (value ?? '').trim();
  if (text === '') return '';
  return (field === 'region' ? canonicalRegion(text) : text).toLowerCase();
}

/** The fields a book is made for: those with a value (the others match anything). */
export function bookSpecificity(book: Pick<PriceBookCandidate, PriceBookMatchField>): number {
  return PRICE_BOOK_MATCH_FIELDS.filter((field) => matchKey(field, book[field]) !== '').length;
}

/** Whether the book is in effect on `day`: active, started, and not yet ended. */
export function isBookInEffect(
  book: Pick<PriceBookCandidate, 'is_active' | 'effective_from' | 'effective_to'>,
  day: string,
): boolean {
  return (
    book.is_active &&
    book.effective_from <= day &&
    (book.effective_to === null || day < book.effective_to)
  );
}

/** Whether every field the book is made for is the quote's fact (a blank fact matches none). */
export function bookMatchesFacts(
  book: Pick<PriceBookCandidate, PriceBookMatchField>,
  facts: PriceBookFacts,
): boolean {
  return PRICE_BOOK_MATCH_FIELDS.every((field) => {
    const wanted = matchKey(field, book[field]);
    return wanted === '' || wanted === matchKey(field, facts[field]);
  });
}

/**
 * Which of two candidates wins: the higher priority, then the more specific (more fields set),
 * then the name in alphabetical order (any letter case), so the answer never depends on the
 * order the books came in. Negative when `a` wins.
 */
export function comparePriceBooks(a: PriceBookCandidate, b: PriceBookCandidate): number {
  return (
    b.priority - a.priority ||
    bookSpecificity(b) - bookSpecificity(a) ||
    a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) ||
    (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)
  );
}

/**
 * The book that prices a quote with these facts on `day` (its price date): among the active
 * books in effect that day whose every field matches, the highest priority, then the most
 * specific, then the first by name. Null: none matches, the standard list prices the quote.
 */
export function resolvePriceBook<B extends PriceBookCandidate>(
  books: readonly B[],
  facts: PriceBookFacts,
  day: string,
): B | null {
  let best: B | null = null;
  for (const book of books) {
    if (!isBookInEffect(book, day) || !bookMatchesFacts(book, facts)) continue;
    if (best === null || comparePriceBooks(book, best) < 0) best = book;
  }
  return best;
}

/**
 * What to tell the quote when its book cannot price its currency: the book has entries, but none
 * in `currency` (the quote is then priced from the standard list). Null when the book has prices
 * in the currency, or no entries at all (an empty book changes nothing, so there is nothing to say).
 */
export function bookCurrencyProblem(
  book: Pick<PriceBookCandidate, 'name'>,
  entryCurrencies: Iterable<string>,
  currency: string,
): string | null {
  const wanted = currency.trim().toUpperCase();
  let hasEntries = false;
  for (const code of entryCurrencies) {
    if (code.trim().toUpperCase() === wanted) return null;
    hasEntries = true;
  }
  return hasEntries ? PRICE_BOOK_MESSAGES.noCurrencyPrices(book.name, wanted) : null;
}

/** A book's match fields as words: "Segment Public sector · Channel T1"; "Every quote" if none. */
export function describeBookMatch(book: Pick<PriceBookCandidate, PriceBookMatchField>): string {
  const labels: Record<PriceBookMatchField, string> = {
    segment: 'Segment',
    region: 'Region',
    sales_channel: 'Channel',
    partner_type: 'Partner type',
  };
  const parts = PRICE_BOOK_MATCH_FIELDS.flatMap((field) => {
    const value = (book[field] ?? '').trim();
    return value === '' ? [] : [`${labels[field]} ${value}`];
  });
  return parts.length > 0 ? parts.join(' · ') : 'Every quote';
}
