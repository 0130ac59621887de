import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skuPrices, skus } from '@bastion/db/schema/catalog';
import { priceBookEntries, priceBooks } from '@bastion/db/schema/pricing';
import { quotes } from '@bastion/db/schema/quotes';
import type {
  PriceBookDetail,
  PriceBookEntryChange,
  PriceBookList,
  PriceBookMatrix,
  PriceBookView,
} from '@bastion/domain/price-books/answers';
import { auditActionsOf } from '../../test/audit.ts';
import { postCallsAs, useTestBed } from '../../test/test-bed.ts';

const { ctx, cookies } = useTestBed({
  admin: 'CATALOG_ADMIN',
  root: 'ROOT_ADMIN',
  catalogUser: 'CATALOG_USER',
  sales: 'SALES_USER',
});
afterAll(() => ctx.app.close());

const B = '/api/admin/catalog/price-books';
const { post, dataOf } = postCallsAs({ ctx, cookies }, 'admin', `${B}/`);

const unique = () => randomUUID().replaceAll('-', '').slice(0, 10).toUpperCase();

/** SKUs of this file's own, priced 100.00 USD and 90.00 EUR since 2020 (the demo's may change). */
const HW = `PB-HW-${unique()}`;
const SUB = `PB-SUB-${unique()}`;
const BUNDLE = `PB-BDL-${unique()}`;

beforeAll(async () => {
  await ctx.db.insert(skus).values([
    {
      sku: HW,
      name: `Book test firewall ${HW}`,
      kind: 'HARDWARE',
      billing: 'ONE_TIME',
      familyId: 'FIREWALL',
    },
    {
      sku: SUB,
      name: `Book test subscription ${SUB}`,
      kind: 'SUBSCRIPTION',
      billing: 'ANNUAL',
      familyId: 'FIREWALL',
    },
    {
      sku: BUNDLE,
      name: `Book test bundle ${BUNDLE}`,
      kind: 'BUNDLE',
      billing: 'ONE_TIME',
      familyId: 'FIREWALL',
    },
  ]);
  await ctx.db.insert(skuPrices).values(
    [HW, SUB].flatMap((sku) => [
      { sku, currencyCode: 'USD', unitPriceMinor: 10_000, effectiveFrom: '2020-01-01' },
      { sku, currencyCode: 'EUR', unitPriceMinor: 9_000, effectiveFrom: '2020-01-01' },
    ]),
  );
});

type Problem = { path: string; message: string };
type Refusal = { error: string; message: string; errors?: Problem[] };

/** A valid new book's body, with a name of its own. */
const bookBody = (extra: Record<string, unknown> = {}) => ({
  name: `Book ${unique()}`,
  segment: 'Public sector',
  priority: 10,
  effective_from: '2026-01-01',
  ...extra,
});

const createBook = (extra: Record<string, unknown> = {}) =>
  dataOf<PriceBookView>('save', bookBody(extra));

const setEntry = (bookId: string, sku: string, currency: string, price: string) =>
  dataOf<PriceBookEntryChange>('entries/set', {
    price_book_id: bookId,
    sku,
    currency_code: currency,
    unit_price: price,
  });

const entriesOf = (bookId: string) =>
  ctx.db
    .select()
    .from(priceBookEntries)
    .where(eq(priceBookEntries.priceBookId, bookId))
    .orderBy(priceBookEntries.sku, priceBookEntries.currencyCode);

const bookCount = async () => ctx.db.$count(priceBooks);

/** The refusal's field messages, by path. */
async function refusal(path: string, body: unknown, status = 400) {
  const response = await post(path, body);
  expect(response.statusCode, response.body).toBe(status);
  const answer = response.json<Refusal>();
  return {
    ...answer,
    byPath: Object.fromEntries((answer.errors ?? []).map((e) => [e.path, e.message])),
  };
}

describe('who may use the price books', () => {
  it('refuses a seller everything, even reading', async () => {
    for (const [path, body] of [
      ['list', {}],
      ['get', { id: randomUUID() }],
      ['matrix', {}],
      ['export', {}],
      ['save', bookBody()],
      [
        'entries/set',
        { price_book_id: randomUUID(), sku: HW, currency_code: 'USD', unit_price: '1' },
      ],
      ['import', { csv: 'price_book,sku,currency_code,unit_price\r\n' }],
    ] as const) {
      const response = await post(path, body, 'sales');
      expect(response.statusCode, path).toBe(403);
      expect(response.json<Refusal>().error, path).toBe('FORBIDDEN');
    }
  });

  it('lets a catalogue user read and export, and refuses every change', async () => {
    const book = await createBook();
    expect((await post('list', {}, 'catalogUser')).statusCode).toBe(200);
    expect((await post('get', { id: book.id }, 'catalogUser')).statusCode).toBe(200);
    expect((await post('matrix', { search: HW }, 'catalogUser')).statusCode).toBe(200);
    expect((await post('export', { id: book.id }, 'catalogUser')).statusCode).toBe(200);
    for (const [path, body] of [
      ['save', bookBody()],
      ['deactivate', { id: book.id }],
      ['delete', { id: book.id }],
      ['entries/set', { price_book_id: book.id, sku: HW, currency_code: 'USD', unit_price: '1' }],
      ['entries/remove', { price_book_id: book.id, sku: HW, currency_code: 'USD' }],
      [
        'import',
        { csv: `price_book,sku,currency_code,unit_price\r\n${book.name},${HW},USD,1\r\n` },
      ],
    ] as const) {
      expect((await post(path, body, 'catalogUser')).statusCode, path).toBe(403);
    }
    expect(await entriesOf(book.id)).toEqual([]);
  });

  it('lets a root admin change them', async () => {
    const response = await post('save', bookBody(), 'root');
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('a price book', () => {
  it('is created with its match fields tidied, listed, and audited', async () => {
    const name = `Public sector ${unique()}`;
    const book = await createBook({
      name: `  ${name} `,
      segment: ' Public sector ',
      region: 'na',
      sales_channel: '',
      partner_type: ' premier ',
      priority: 25,
      effective_to: '2027-01-01',
    });
    expect(book).toMatchObject({
      name,
      segment: 'Public sector',
      region: 'North America',
      sales_channel: null,
      partner_type: 'PREMIER',
      priority: 25,
      effective_from: '2026-01-01',
      effective_to: '2027-01-01',
      is_active: true,
      entry_count: 0,
      currency_codes: [],
      quote_count: 0,
    });
    const list = await dataOf<PriceBookList>('list', {});
    expect(list.books.find((b) => b.id === book.id)).toEqual(book);
    expect(list.currency_codes).toEqual(expect.arrayContaining(['EUR', 'GBP', 'USD']));
    expect(list.segments).toEqual(expect.arrayContaining(['Education', 'Public sector']));
    expect(list.partner_types).toContain('PREMIER');
    // By priority, highest first.
    const priorities = list.books.map((b) => b.priority);
    expect(priorities).toEqual([...priorities].sort((a, b) => b - a));
    expect(await auditActionsOf(ctx.db, book.id)).toEqual([
      expect.objectContaining({
        action: 'catalog.price_book.created',
        details: expect.objectContaining({ name, segment: 'Public sector', priority: 25 }),
      }),
    ]);
  });

  it('is changed, and the audit says what changed', async () => {
    const book = await createBook();
    const changed = await dataOf<PriceBookView>('save', {
      id: book.id,
      ...bookBody({ name: book.name, priority: 40, sales_channel: 'T2' }),
    });
    expect(changed).toMatchObject({ id: book.id, priority: 40, sales_channel: 'T2' });
    const [, update] = await auditActionsOf(ctx.db, book.id);
    expect(update).toMatchObject({
      action: 'catalog.price_book.updated',
      details: {
        changed: { priority: { from: 10, to: 40 }, salesChannel: { from: null, to: 'T2' } },
      },
    });
  });

  it.each([
    ['no name', { name: '  ' }, 'name', 'Enter the price book’s name.'],
    [
      'a name too long',
      { name: 'x'.repeat(121) },
      'name',
      'A price book’s name has at most 120 characters.',
    ],
    [
      'an unknown channel',
      { sales_channel: 'T3' },
      'sales_channel',
      'The sales channel is DIRECT, T1 or T2, or blank for any channel.',
    ],
    [
      'a priority above 1000',
      { priority: 1001 },
      'priority',
      'The priority is a whole number from 0 to 1000.',
    ],
    [
      'a negative priority',
      { priority: -1 },
      'priority',
      'The priority is a whole number from 0 to 1000.',
    ],
    [
      'a fractional priority',
      { priority: 2.5 },
      'priority',
      'The priority is a whole number from 0 to 1000.',
    ],
    [
      'a priority as text',
      { priority: 'high' },
      'priority',
      'The priority is a whole number from 0 to 1000.',
    ],
    [
      'no first day',
      { effective_from: '' },
      'effective_from',
      'Enter the first day the price book is in effect.',
    ],
    [
      'a first day that is not a date',
      { effective_from: '2026-02-30' },
      'effective_from',
      'Effective from: dates look like 2027-01-01.',
    ],
    [
      'an end before the start',
      { effective_to: '2025-12-31' },
      'effective_to',
      'The end day must come after the first day: it is the first day the price book no longer applies.',
    ],
    [
      'an end on the start',
      { effective_to: '2026-01-01' },
      'effective_to',
      'The end day must come after the first day: it is the first day the price book no longer applies.',
    ],
    [
      'a segment too long',
      { segment: 's'.repeat(81) },
      'segment',
      'The segment has at most 80 characters.',
    ],
  ] as const)(
    'refuses %s with a message on the field, and changes nothing',
    async (_, extra, path, message) => {
      const before = await bookCount();
      const answer = await refusal('save', bookBody(extra));
      expect(answer.error).toBe('VALIDATION_FAILED');
      expect(answer.byPath[path]).toBe(message);
      expect(await bookCount()).toBe(before);
    },
  );

  it('refuses a name another book has, in any letter case (409 on the name)', async () => {
    const book = await createBook();
    const before = await bookCount();
    const answer = await refusal('save', bookBody({ name: book.name.toUpperCase() }), 409);
    expect(answer.byPath.name).toBe(
      `There is already a price book named ${book.name.toUpperCase()}: choose another name.`,
    );
    const other = await createBook();
    await refusal('save', { ...bookBody({ name: book.name }), id: other.id }, 409);
    expect(await bookCount()).toBe(before + 1);
    const [row] = await ctx.db.select().from(priceBooks).where(eq(priceBooks.id, other.id));
    expect(row?.name).toBe(other.name);
  });

  it('says a book that is gone is not found', async () => {
    expect((await post('save', { ...bookBody(), id: randomUUID() })).statusCode).toBe(404);
    expect((await post('get', { id: randomUUID() })).statusCode).toBe(404);
    expect((await post('deactivate', { id: randomUUID() })).statusCode).toBe(404);
    expect((await post('delete', { id: randomUUID() })).statusCode).toBe(404);
  });
});

describe('entries', () => {
  it('are set, changed, listed with the standard list, and removed, each audited', async () => {
    const book = await createBook();
    const first = await setEntry(book.id, HW.toLowerCase(), 'usd', ' 92.50 ');
    expect(first).toEqual({
      price_book_id: book.id,
      price_book_name: book.name,
      sku: HW,
      currency_code: 'USD',
      unit_price_minor: 9250,
      previous_price_minor: null,
    });
    expect((await setEntry(book.id, HW, 'USD', '91')).previous_price_minor).toBe(9250);
    await setEntry(book.id, HW, 'EUR', '80.00');
    await setEntry(book.id, SUB, 'EUR', '0');

    const detail = await dataOf<PriceBookDetail>('get', { id: book.id });
    expect(detail.book).toMatchObject({ entry_count: 3, currency_codes: ['EUR', 'USD'] });
    expect(detail.entries.rows).toEqual([
      expect.objectContaining({
        sku: HW,
        currency_code: 'EUR',
        unit_price_minor: 8000,
        list_price_minor: 9000,
      }),
      expect.objectContaining({
        sku: HW,
        currency_code: 'USD',
        unit_price_minor: 9100,
        list_price_minor: 10_000,
      }),
      expect.objectContaining({
        sku: SUB,
        currency_code: 'EUR',
        unit_price_minor: 0,
        kind: 'SUBSCRIPTION',
      }),
    ]);
    // Searched by SKU, filtered by currency, paged.
    const eur = await dataOf<PriceBookDetail>('get', {
      id: book.id,
      currency_code: 'eur',
      search: SUB.slice(0, 12),
    });
    expect(eur.entries.rows.map((r) => [r.sku, r.currency_code])).toEqual([[SUB, 'EUR']]);
    const paged = await dataOf<PriceBookDetail>('get', { id: book.id, page: 2, page_size: 2 });
    expect(paged.entries).toMatchObject({ total: 3, page: 2, page_size: 2 });
    expect(paged.entries.rows).toHaveLength(1);

    const removed = await dataOf<PriceBookEntryChange>('entries/remove', {
      price_book_id: book.id,
      sku: SUB,
      currency_code: 'EUR',
    });
    expect(removed).toMatchObject({ unit_price_minor: null, previous_price_minor: 0 });
    const again = await post('entries/remove', {
      price_book_id: book.id,
      sku: SUB,
      currency_code: 'EUR',
    });
    expect(again.statusCode).toBe(404);
    expect(again.json<Refusal>().message).toBe(
      `Price book ${book.name} has no EUR price of ${SUB}: someone may have removed it.`,
    );
    expect((await auditActionsOf(ctx.db, book.id)).map((a) => a.action)).toEqual([
      'catalog.price_book.created',
      'catalog.price_book.entry_set',
      'catalog.price_book.entry_set',
      'catalog.price_book.entry_set',
      'catalog.price_book.entry_set',
      'catalog.price_book.entry_removed',
    ]);
  });

  it.each([
    [
      'a SKU the catalogue has not',
      { sku: 'NO-SUCH-SKU-1' },
      'sku',
      'There is no SKU NO-SUCH-SKU-1.',
    ],
    ['no SKU', { sku: ' ' }, 'sku', 'Enter the SKU.'],
    [
      'a currency that is no code',
      { currency_code: 'EU' },
      'currency_code',
      'The currency is a three-letter code such as USD.',
    ],
    ['a negative price', { unit_price: '-1' }, 'unit_price', 'A price cannot be negative.'],
    [
      'fractions of a cent',
      { unit_price: '12.345' },
      'unit_price',
      'Prices have at most 2 decimals in USD.',
    ],
    ['no price', { unit_price: '' }, 'unit_price', 'Enter the unit price.'],
    [
      'a price that is no number',
      { unit_price: '12,50' },
      'unit_price',
      'The unit price must be a number such as 1234.50.',
    ],
    [
      'a price as a number',
      { unit_price: 12.5 },
      'unit_price',
      'Enter the unit price as text, like "1234.50".',
    ],
  ] as const)(
    'refuses %s with a message on the field, and changes nothing',
    async (_, extra, path, message) => {
      const book = await createBook();
      await setEntry(book.id, HW, 'USD', '95');
      const answer = await refusal('entries/set', {
        price_book_id: book.id,
        sku: HW,
        currency_code: 'USD',
        unit_price: '1.00',
        ...extra,
      });
      expect(answer.byPath[path]).toBe(message);
      expect((await entriesOf(book.id)).map((e) => e.unitPriceMinor)).toEqual([9500]);
    },
  );

  it('refuses a bundle and a currency the catalogue does not sell in, both at once', async () => {
    const book = await createBook();
    const answer = await refusal('entries/set', {
      price_book_id: book.id,
      sku: BUNDLE,
      currency_code: 'QQQ',
      unit_price: '10',
    });
    expect(answer.byPath.sku).toBe(
      `${BUNDLE} is a bundle: it has no price of its own. Give its components prices instead.`,
    );
    expect(answer.byPath.currency_code).toMatch(
      /^The catalogue does not sell in QQQ \(it has no exchange rate\)\. Prices can be set in .*EUR.*USD/,
    );
    expect(await entriesOf(book.id)).toEqual([]);
    expect(
      (
        await post('entries/set', {
          price_book_id: randomUUID(),
          sku: HW,
          currency_code: 'USD',
          unit_price: '1',
        })
      ).statusCode,
    ).toBe(404);
  });
});

const CSV_HEADER = 'price_book,sku,currency_code,unit_price';
const csvOf = (...rows: string[]) => [CSV_HEADER, ...rows].join('\r\n') + '\r\n';

describe('entries as CSV', () => {
  it('refuses a file with bad rows, naming each row and column, and imports none of it', async () => {
    const book = await createBook();
    await setEntry(book.id, HW, 'USD', '95');
    const answer = await refusal(
      'import',
      {
        csv: csvOf(
          `${book.name},${HW},EUR,80.00`, // row 2: good
          `No such book ${unique()},${HW},USD,1`, // row 3
          `${book.name},NO-SUCH-SKU-2,USD,1`, // row 4
          `${book.name},${HW},QQQ,1`, // row 5
          `${book.name},${HW},GBP,-3`, // row 6
          `${book.name.toUpperCase()},${HW.toLowerCase()},eur,81`, // row 7: row 2 again
          `${book.name},${BUNDLE},USD,1`, // row 8
          `${book.name},${HW}`, // row 9: too short
          `,${HW},USD,`, // row 10: no book, no price
        ),
      },
      400,
    );
    expect(answer.message).toBe(
      'Nothing was imported: 9 problems in 8 rows of the file. Correct the file and import it again.',
    );
    const problems = (answer.errors ?? []).map((e) => {
      const { row, column, message } = e as Problem & { row: number; column: string | null };
      return [row, column, message];
    });
    expect(problems).toEqual([
      [
        3,
        'price_book',
        expect.stringMatching(
          /^There is no price book named “No such book .+”: create it first\.$/,
        ),
      ],
      [4, 'sku', 'There is no SKU NO-SUCH-SKU-2.'],
      [5, 'currency_code', expect.stringMatching(/^The catalogue does not sell in QQQ/)],
      [6, 'unit_price', 'A price cannot be negative.'],
      [7, 'sku', `Row 2 already sets the EUR price of ${HW} in ${book.name}.`],
      [
        8,
        'sku',
        `${BUNDLE} is a bundle: it has no price of its own. Give its components prices instead.`,
      ],
      [
        9,
        null,
        'This row has 2 values; the header names 4 columns. A value with a comma needs double quotes.',
      ],
      [10, 'price_book', 'Enter the price book’s name.'],
      [10, 'unit_price', 'Enter the unit price.'],
    ]);
    expect((await entriesOf(book.id)).map((e) => [e.currencyCode, e.unitPriceMinor])).toEqual([
      ['USD', 9500],
    ]);
  });

  it('refuses a file without the columns, saying which is missing', async () => {
    const answer = await refusal('import', {
      csv: 'price_book,sku,currency,unit_price\r\nA,B,USD,1\r\n',
    });
    expect(answer.errors?.map((e) => e.message)).toEqual([
      'Unknown column “currency”: the columns are price_book, sku, currency_code, unit_price.',
      'The first row must name the columns price_book, sku, currency_code, unit_price: currency_code is missing.',
    ]);
  });

  it('imports a good file into several books, and an export imports back unchanged', async () => {
    const one = await createBook({ name: `=Formula book ${unique()}` });
    const two = await createBook();
    await setEntry(one.id, HW, 'USD', '95');
    const result = await dataOf<{
      imported: number;
      created: number;
      updated: number;
      unchanged: number;
      books: string[];
    }>('import', {
      csv: csvOf(
        `"${one.name}",${HW},USD,94.5`,
        `"${one.name}",${SUB},EUR,12`,
        `${two.name},${HW},EUR,1234.56`,
        `${two.name},${SUB},USD,95`,
      ),
    });
    expect(result).toEqual({
      imported: 4,
      created: 3,
      updated: 1,
      unchanged: 0,
      books: [one.name, two.name].sort((a, b) => a.localeCompare(b)),
    });
    expect((await entriesOf(two.id)).map((e) => [e.sku, e.currencyCode, e.unitPriceMinor])).toEqual(
      [
        [HW, 'EUR', 123_456],
        [SUB, 'USD', 9_500],
      ],
    );

    const file = await dataOf<{ file_name: string; csv: string; row_count: number }>('export', {
      id: one.id,
    });
    expect(file.file_name).toMatch(/^price-book-formula-book-[a-z0-9]+-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(file.row_count).toBe(2);
    // A name a spreadsheet would run as a formula is written as text…
    expect(file.csv).toBe(csvOf(`'${one.name},${HW},USD,94.50`, `'${one.name},${SUB},EUR,12.00`));
    // …and the import reads it back as the name.
    const back = await dataOf<{ unchanged: number; created: number }>('import', { csv: file.csv });
    expect(back).toMatchObject({ unchanged: 2, created: 0 });
    const everything = await dataOf<{ file_name: string; csv: string }>('export', {});
    expect(everything.file_name).toMatch(/^price-books-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(everything.csv).toContain(`${two.name},${SUB},USD,95.00\r\n`);
  });
});

describe('every SKU in every book', () => {
  it('shows each SKU’s list and each active book’s price in one currency, a column per book', async () => {
    const high = await createBook({ priority: 900, segment: `Segment ${unique()}` });
    const low = await createBook({ priority: 0, segment: `Segment ${unique()}` });
    const off = await createBook({ priority: 950, is_active: false });
    await setEntry(high.id, HW, 'USD', '90');
    await setEntry(high.id, HW, 'EUR', '70');
    await setEntry(low.id, SUB, 'USD', '99.99');
    await setEntry(off.id, HW, 'USD', '1');

    const matrix = await dataOf<PriceBookMatrix>('matrix', { currency_code: 'usd', search: 'PB-' });
    const ids = matrix.books.map((b) => b.id);
    expect(ids).toContain(high.id);
    expect(ids).toContain(low.id);
    expect(ids).not.toContain(off.id);
    expect(ids.indexOf(high.id)).toBeLessThan(ids.indexOf(low.id));
    const row = (sku: string) => matrix.rows.find((r) => r.sku === sku);
    expect(row(HW)).toMatchObject({ list_price_minor: 10_000, kind: 'HARDWARE' });
    expect(row(HW)?.book_prices[ids.indexOf(high.id)]).toBe(9000);
    expect(row(HW)?.book_prices[ids.indexOf(low.id)]).toBeNull();
    expect(row(SUB)?.book_prices[ids.indexOf(low.id)]).toBe(9999);
    expect(row(BUNDLE)).toMatchObject({ list_price_minor: null });
    expect(matrix.rows.every((r) => r.book_prices.length === ids.length)).toBe(true);

    const euros = await dataOf<PriceBookMatrix>('matrix', { currency_code: 'EUR', search: HW });
    expect(euros.rows).toHaveLength(1);
    expect(euros.rows[0]).toMatchObject({ sku: HW, list_price_minor: 9000 });
    expect(euros.rows[0]?.book_prices[euros.books.findIndex((b) => b.id === high.id)]).toBe(7000);

    const paged = await dataOf<PriceBookMatrix>('matrix', {
      currency_code: 'USD',
      search: 'PB-',
      page_size: 1,
      page: 2,
    });
    expect(paged).toMatchObject({ page: 2, page_size: 1 });
    expect(paged.rows).toHaveLength(1);
  });

  it('refuses a currency the catalogue does not sell in', async () => {
    const answer = await refusal('matrix', { currency_code: 'QQQ' });
    expect(answer.byPath.currency_code).toMatch(/^The catalogue does not sell in QQQ/);
  });
});

describe('switching off and deleting', () => {
  it('deletes a book nobody quoted from, with its entries', async () => {
    const book = await createBook();
    await setEntry(book.id, HW, 'USD', '90');
    const deleted = await dataOf<{ id: string; name: string; is_deleted: true }>('delete', {
      id: book.id,
    });
    expect(deleted).toEqual({ id: book.id, name: book.name, is_deleted: true });
    expect(await ctx.db.$count(priceBooks, eq(priceBooks.id, book.id))).toBe(0);
    expect(await entriesOf(book.id)).toEqual([]);
    expect((await auditActionsOf(ctx.db, book.id)).at(-1)).toMatchObject({
      action: 'catalog.price_book.deleted',
      details: { name: book.name, entry_count: 1 },
    });
  });

  it('refuses to delete a book quotes were priced from, and switches it off instead', async () => {
    const book = await createBook();
    await setEntry(book.id, HW, 'USD', '90');
    const [quote] = await ctx.db
      .insert(quotes)
      .values({
        quoteNumber: `Q-PB-${unique()}`,
        quoteName: 'Priced from a book',
        quoteType: 'STANDARD',
        dealType: 'NB',
        contractLength: 12,
        salesChannel: 'DIRECT',
        priceBookId: book.id,
        priceBookName: book.name,
      })
      .returning({ id: quotes.id });
    const answer = await refusal('delete', { id: book.id }, 409);
    expect(answer.message).toBe(
      `Price book ${book.name} prices 1 quote, so it cannot be deleted: switch it off instead (those quotes keep it).`,
    );
    const [kept] = await ctx.db
      .select()
      .from(quotes)
      .where(eq(quotes.id, quote?.id ?? ''));
    expect(kept?.priceBookId).toBe(book.id);

    const off = await dataOf<PriceBookView>('deactivate', { id: book.id });
    expect(off).toMatchObject({
      is_active: false,
      state: 'inactive',
      quote_count: 1,
      entry_count: 1,
    });
    // Again: nothing changes, nothing more is recorded.
    await dataOf('deactivate', { id: book.id });
    const actions = (await auditActionsOf(ctx.db, book.id)).map((a) => a.action);
    expect(actions.filter((a) => a === 'catalog.price_book.deactivated')).toHaveLength(1);
    await ctx.db.delete(quotes).where(inArray(quotes.id, [quote?.id ?? '']));
  });
});
