import { randomUUID } from 'node:crypto';
import readExcelFile from 'read-excel-file/node';
import { beforeAll, describe, expect, it } from 'vitest';
import { skuPrices, skus } from '@bastion/db/schema/catalog';
import { dataOfSuccess } from '../../test/answers.ts';
import { headerValues, insertOpportunity } from '../../test/quote-fixtures.ts';
import { postCalls, useTestBed } from '../../test/test-bed.ts';
import { parseCsv } from '../../lib/csv.ts';
import { NO_LINES_MESSAGE } from './export-quote-lines.ts';
import { insertDocumentSkus } from './quote-documents.test-harness.ts';

/*
 * Issue 38 (part 2): a quote's lines as XLSX and CSV, read back with a spreadsheet reader: the
 * figures of the summary, both discounts, a net column a contract year, the totals, and text that
 * a spreadsheet would run as a formula written behind a quote mark.
 */

const { ctx, cookies } = useTestBed({
  seller: { roles: [{ role: 'SALES_USER', assignment: 'REGION', assignmentValue: ['EMEA'] }] },
  outsider: { roles: [{ role: 'SALES_USER', assignment: 'REGION', assignmentValue: ['APJ'] }] },
});
const seller = postCalls({ ctx, cookies }, 'seller');
let sku: Awaited<ReturnType<typeof insertDocumentSkus>>;
let formulaSku: string;

beforeAll(async () => {
  const tag = randomUUID().slice(0, 6).toUpperCase();
  sku = await insertDocumentSkus(ctx.db, tag);
  // A name typed into the catalogue that a spreadsheet would run.
  formulaSku = `D-EVIL-${tag}`;
  await ctx.db.insert(skus).values({
    sku: formulaSku,
    name: '=HYPERLINK("http://evil.example","Click")',
    kind: 'SUBSCRIPTION',
    billing: 'ANNUAL',
    isShippable: false,
    familyId: `DOC_SUB_${tag}`,
  });
  await ctx.db.insert(skuPrices).values({
    sku: formulaSku,
    currencyCode: 'EUR',
    unitPriceMinor: 1_000,
    effectiveFrom: '2020-01-01',
  });
});

const linesFile = (quoteId: string, format: string, cookie = cookies.seller) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/dx/quote-lines-file',
    payload: { quote_id: quoteId, format },
    headers: { cookie },
  });

async function quoteWith(
  lines: { sku: string; quantities: number[]; manual_discount_percent?: string }[],
  header: Record<string, string> = {},
) {
  const made = dataOfSuccess<{ id: string; quote_number: string }>(
    await seller.post('/api/dx/create-quote', {
      opportunity_id: await insertOpportunity(ctx.db, { region: 'EMEA' }),
      values: headerValues(header),
    }),
  );
  if (lines.length > 0) {
    await seller.dataOf('/api/dx/save-quote-configuration', {
      id: made.id,
      version: 1,
      advance: false,
      lines: lines.map((line, i) => ({ key: String(i), ...line })),
    });
  }
  return made;
}

describe("a quote's lines as a spreadsheet", () => {
  it('writes XLSX with numbers, both discounts and the totals, and text never as a formula', async () => {
    const quote = await quoteWith([
      { sku: sku('FW'), quantities: [2], manual_discount_percent: '10' },
      { sku: sku('SUB'), quantities: [10] },
      { sku: formulaSku, quantities: [1] },
    ]);
    const answer = await linesFile(quote.id, 'xlsx');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(answer.headers['content-disposition']).toContain(`Lines_${quote.quote_number}.xlsx`);
    const [sheet] = await readExcelFile(answer.rawPayload);
    expect(sheet?.sheet).toBe(`Lines ${quote.quote_number}`);
    expect(sheet?.data).toEqual([
      [
        'Line',
        'SKU',
        'Product',
        'Part of bundle',
        'Quantity',
        'Unit list price (EUR)',
        'Seller discount',
        'Effective discount',
        'Net amount (EUR)',
      ],
      [1, sku('FW'), 'Edge firewall', null, 2, 2500, 0.1, 0.1, 4500],
      [2, sku('SUB'), 'Threat subscription', null, 10, 123.45, 0, 0, 1234.5],
      [3, formulaSku, `'=HYPERLINK("http://evil.example","Click")`, null, 1, 10, 0, 0, 10],
      [null, null, null, null, null, null, null, null, null],
      [null, null, 'List price total', null, null, null, null, null, 6244.5],
      [null, null, 'Discounts', null, null, null, null, null, -500],
      [null, null, 'Net total (EUR)', null, null, null, null, null, 5744.5],
    ]);
  });

  it('writes CSV with plain decimals, a net column a contract year, and the neutralised text', async () => {
    const quote = await quoteWith(
      [
        { sku: sku('SUB'), quantities: [10, 20] },
        { sku: formulaSku, quantities: [1, 1] },
      ],
      { quote_type: 'ELA', contract_length: '24' },
    );
    const answer = await linesFile(quote.id, 'csv');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    const { records, problems } = parseCsv(answer.body);
    expect(problems).toEqual([]);
    expect(records.map((record) => record.fields)).toEqual([
      [
        'Line',
        'SKU',
        'Product',
        'Part of bundle',
        'Year 1 quantity',
        'Year 2 quantity',
        'Unit list price (EUR)',
        'Seller discount (%)',
        'Effective discount (%)',
        'Year 1 net (EUR)',
        'Year 2 net (EUR)',
        'Net amount (EUR)',
      ],
      // An ELA of two years has the multi-year term discount: 3 % effective, none typed.
      [
        '1',
        sku('SUB'),
        'Threat subscription',
        '',
        '10',
        '20',
        '123.45',
        '0',
        '3',
        '1197.46',
        '2394.93',
        '3592.39',
      ],
      [
        '2',
        formulaSku,
        `'=HYPERLINK("http://evil.example","Click")`,
        '',
        '1',
        '1',
        '10.00',
        '0',
        '3',
        '9.70',
        '9.70',
        '19.40',
      ],
      ['', '', '', '', '', '', '', '', '', '', '', ''],
      ['', '', 'List price total', '', '', '', '', '', '', '', '', '3723.50'],
      ['', '', 'Discounts', '', '', '', '', '', '', '', '', '-111.71'],
      ['', '', 'Net total (EUR)', '', '', '', '', '', '', '1207.16', '2404.63', '3611.79'],
    ]);
  });

  it('refuses a quote without lines, a quote the caller cannot see and an unknown format', async () => {
    const empty = await quoteWith([]);
    const none = await linesFile(empty.id, 'xlsx');
    expect(none.statusCode).toBe(409);
    expect(none.json<{ message: string }>().message).toBe(NO_LINES_MESSAGE);

    const quote = await quoteWith([{ sku: sku('SUB'), quantities: [1] }]);
    expect((await linesFile(quote.id, 'xlsx', cookies.outsider)).statusCode).toBe(404);
    const wrongFormat = await linesFile(quote.id, 'ods');
    expect(wrongFormat.statusCode).toBe(400);
    expect(wrongFormat.body).toContain('The format must be xlsx or csv.');
  });
});
