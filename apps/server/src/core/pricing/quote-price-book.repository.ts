import { and, eq, sql } from 'drizzle-orm';
import {
  bookCurrencyProblem,
  bookMatchesFacts,
  isBookInEffect,
  resolvePriceBook,
} from '@bastion/domain/pricing/price-books';
import type { PriceBookRef } from '@bastion/domain/pricing/model';
import type { Database } from '@bastion/db/client';
import { crmAccounts } from '@bastion/db/schema/crm';
import { priceBookEntries, priceBooks } from '@bastion/db/schema/pricing';
import type { QuoteRow } from '@bastion/db/schema/quotes';
import type { ReferenceReader } from '../../lib/db/reference-data.ts';
import { bookCandidateOf } from './price-book-candidate.ts';

/** The quote's columns the book is resolved from and kept on. */
export type QuoteBookFacts = Pick<
  QuoteRow,
  | 'accountId'
  | 'region'
  | 'salesChannel'
  | 'partnerType'
  | 'priceDate'
  | 'currencyCode'
  | 'priceBookId'
  | 'priceBookName'
>;

export interface QuotePriceBook {
  /** The book whose entries price the quote; null: the standard list. */
  book: PriceBookRef | null;
  /** By SKU: the book's unit price in the quote currency, for the SKUs asked about. */
  prices: Map<string, number>;
  /** Its first day, for the price rows the entries become. */
  effectiveFrom: string;
  effectiveTo: string | null;
  notices: string[];
}

export const PRICE_BOOK_NOTICES = {
  changed: (previous: string, now: string | null) =>
    `Price book ${previous} no longer applies to this quote: it is priced from ${now === null ? 'the standard list' : `price book ${now}`} now.`,
} as const;

const NO_BOOK = { book: null, prices: new Map(), effectiveFrom: '', effectiveTo: null } as const;

/**
 * The price book a quote is priced from (issue 35, decision 037): the book it keeps while that
 * book is still in effect and still matches its facts, else the one its facts resolve to now
 * (account segment from the CRM, region, channel, partner type), with a notice when that is not
 * the book it had. A book without prices in the quote's currency prices nothing: the standard
 * list does, and the seller is told.
 */
export async function loadQuotePriceBook(
  db: Database,
  reference: ReferenceReader,
  quote: QuoteBookFacts,
  skus: readonly string[],
): Promise<QuotePriceBook> {
  const books = await reference.get('price-books', async () =>
    (await db.select().from(priceBooks)).map(bookCandidateOf),
  );
  if (books.length === 0 && quote.priceBookName === null) return { ...NO_BOOK, notices: [] };

  // The segment is CRM data, not reference data: read only when a book is made for one.
  const needsSegment = books.some((book) => (book.segment ?? '').trim() !== '');
  const [account] = needsSegment
    ? await db
        .select({ segment: crmAccounts.segment })
        .from(crmAccounts)
        .where(eq(crmAccounts.id, quote.accountId))
    : [];
  const facts = {
    segment: account?.segment ?? '',
    region: quote.region,
    sales_channel: quote.salesChannel,
    partner_type: quote.partnerType,
  };
  const kept = books.find((book) => book.id === quote.priceBookId);
  const book =
    kept && isBookInEffect(kept, quote.priceDate) && bookMatchesFacts(kept, facts)
      ? kept
      : resolvePriceBook(books, facts, quote.priceDate);

  const notices: string[] = [];
  if (quote.priceBookName !== null && book?.id !== quote.priceBookId) {
    notices.push(PRICE_BOOK_NOTICES.changed(quote.priceBookName, book?.name ?? null));
  }
  if (book === null) return { ...NO_BOOK, notices };

  const currencies = await reference.get(`price-book-currencies:${book.id}`, async () =>
    (
      await db
        .selectDistinct({ currency: priceBookEntries.currencyCode })
        .from(priceBookEntries)
        .where(eq(priceBookEntries.priceBookId, book.id))
    ).map((row) => row.currency),
  );
  const problem = bookCurrencyProblem(book, currencies, quote.currencyCode);
  const ref = { id: book.id, name: book.name };
  if (problem !== null) {
    return {
      ...NO_BOOK,
      book: ref,
      notices: [...notices, `${problem} The standard list prices this quote.`],
    };
  }
  const prices = await reference.getMany(
    `price-book-entry:${book.id}:${quote.currencyCode}`,
    skus,
    async (missing) => {
      const rows = await db
        .select({ sku: priceBookEntries.sku, unitPriceMinor: priceBookEntries.unitPriceMinor })
        .from(priceBookEntries)
        .where(
          and(
            eq(priceBookEntries.priceBookId, book.id),
            eq(priceBookEntries.currencyCode, quote.currencyCode),
            sql`${priceBookEntries.sku} = any(${sql.param(missing)}::text[])`,
          ),
        );
      return new Map(rows.map((row) => [row.sku, row.unitPriceMinor]));
    },
  );
  return {
    book: ref,
    prices,
    effectiveFrom: book.effective_from,
    effectiveTo: book.effective_to,
    notices,
  };
}
