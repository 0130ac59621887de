import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRICE_BOOK_MESSAGES } from '@bastion/domain/pricing/price-books';
import { crmAccounts } from '@bastion/db/schema/crm';
import { priceBookEntries, priceBooks } from '@bastion/db/schema/pricing';
import { quotes } from '@bastion/db/schema/quotes';
import { PRICE_BOOK_NOTICES } from '../../core/pricing/quote-price-book.repository.ts';
import { createTestQuote, insertTestSkus, unique } from '../../test/quote-fixtures.ts';
import { postCalls, useTestBed } from '../../test/test-bed.ts';
import type { SlimPricing } from './slim-pricing.test-harness.ts';

/** Issue 35: a quote is priced from the price book its facts resolve to, and keeps it. */

const { ctx, cookies } = useTestBed({
  seller: { roles: [{ role: 'SALES_USER', assignment: 'REGION', assignmentValue: ['EMEA'] }] },
});
const { post } = postCalls({ ctx, cookies }, 'seller');
const tag = unique().slice(0, 6).toUpperCase();
const code = () => `T-BOOK-${tag}`;

beforeAll(async () => {
  await insertTestSkus(ctx.db, [
    {
      sku: code(),
      name: 'Test appliance',
      kind: 'HARDWARE',
      billing: 'ONE_TIME',
      prices: { EUR: 92_000 },
    },
  ]);
});

/** A quote whose account is in `segment`. */
async function quoteIn(segment: string) {
  const id = await createTestQuote(ctx, cookies.seller);
  const [row] = await ctx.db.select().from(quotes).where(eq(quotes.id, id));
  await ctx.db
    .update(crmAccounts)
    .set({ segment })
    .where(eq(crmAccounts.id, row?.accountId ?? ''));
  return id;
}

async function bookFor(
  segment: string,
  name: string,
  priority: number,
  prices: { currencyCode: string; unitPriceMinor: number }[],
) {
  const [book] = await ctx.db
    .insert(priceBooks)
    .values({ name, segment, priority, effectiveFrom: '2020-01-01' })
    .returning();
  if (!book) throw new Error('no book');
  await ctx.db
    .insert(priceBookEntries)
    .values(prices.map((price) => ({ priceBookId: book.id, sku: code(), ...price })));
  return book;
}

const lines = () => [{ key: 'a', sku: code(), quantities: [2] }];

async function priced(id: string) {
  const response = await post('/api/dx/pricing/execute', { id, lines: lines() });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: SlimPricing }>().data;
}

async function saved(id: string) {
  const [row] = await ctx.db.select().from(quotes).where(eq(quotes.id, id));
  const response = await post('/api/dx/save-quote-configuration', {
    id,
    version: row?.version ?? 1,
    lines: lines(),
    advance: false,
  });
  expect(response.statusCode, response.body).toBe(200);
  const [after] = await ctx.db.select().from(quotes).where(eq(quotes.id, id));
  return after;
}

describe('price books in the pricing pass', () => {
  it('prices from the book of the account’s segment, keeps it when a better one appears, and says when it goes', async () => {
    const segment = `Public sector ${tag}`;
    const book = await bookFor(segment, `Public ${tag}`, 10, [
      { currencyCode: 'EUR', unitPriceMinor: 80_000 },
    ]);
    const id = await quoteIn(segment);

    const first = await priced(id);
    expect(first.price_book).toEqual({ id: book.id, name: book.name });
    expect(first.lines.unit_list).toEqual(['800.00']);
    expect(first.notices).toEqual([]);
    expect(await saved(id)).toMatchObject({ priceBookId: book.id, priceBookName: book.name });

    // A book of higher priority for the same segment: the quote keeps the one it was priced from.
    await bookFor(segment, `Public plus ${tag}`, 20, [
      { currencyCode: 'EUR', unitPriceMinor: 70_000 },
    ]);
    expect((await priced(id)).lines.unit_list).toEqual(['800.00']);

    // Its book withdrawn: priced from the best book there is now, and told so.
    await ctx.db.update(priceBooks).set({ isActive: false }).where(eq(priceBooks.id, book.id));
    const after = await priced(id);
    expect(after.lines.unit_list).toEqual(['700.00']);
    expect(after.notices).toEqual([PRICE_BOOK_NOTICES.changed(book.name, `Public plus ${tag}`)]);
  });

  it('prices from the standard list, and says why, when the book has no prices in the quote’s currency', async () => {
    const segment = `Education ${tag}`;
    const book = await bookFor(segment, `Education ${tag}`, 10, [
      { currencyCode: 'USD', unitPriceMinor: 50_000 },
    ]);
    const answer = await priced(await quoteIn(segment));
    expect(answer.lines.unit_list).toEqual(['920.00']);
    expect(answer.price_book?.name).toBe(book.name);
    expect(answer.notices).toEqual([
      `${PRICE_BOOK_MESSAGES.noCurrencyPrices(book.name, 'EUR')} The standard list prices this quote.`,
    ]);
  });

  it('tells the seller when the exchange rate has moved since the quote was priced', async () => {
    const id = await quoteIn('');
    const { unitsPerUsd } = (await saved(id)) ?? { unitsPerUsd: null };
    expect(unitsPerUsd).not.toBeNull();
    expect((await priced(id)).notices).toEqual([]);
    await ctx.db.update(quotes).set({ unitsPerUsd: '0.500000' }).where(eq(quotes.id, id));
    const [notice = ''] = (await priced(id)).notices;
    expect(notice).toMatch(
      /^The EUR rate has changed since this quote was last priced: 0\.5 then, /,
    );
  });
});
