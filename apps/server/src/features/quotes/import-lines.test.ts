import { and, eq } from 'drizzle-orm';
import { zipSync, strToU8 } from 'fflate';
import writeExcelFile from 'write-excel-file/node';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleComponents } from '@bastion/db/schema/catalog';
import { quoteHistory } from '@bastion/db/schema/quote-history';
import { FILE_TOO_LARGE_MESSAGE } from '@bastion/domain/quotes/line-import/limits';
import { MAPS_NOTHING_MESSAGE } from '@bastion/domain/quotes/line-import/read-rows';
import { dataOfSuccess } from '../../test/answers.ts';
import { createTestQuote, insertTestSkus, testSkuNames } from '../../test/quote-fixtures.ts';
import { postCalls, useTestBed } from '../../test/test-bed.ts';
import {
  MACROS_MESSAGE,
  NOT_A_TABLE_MESSAGE,
  OLD_EXCEL_MESSAGE,
  formulasMessage,
} from './read-line-file.ts';

/*
 * Issue 38 (part 1): a bill of materials imported into a quote's lines. The preview reads a CSV,
 * a workbook or pasted cells, names every row's problem and changes nothing; the import writes
 * the corrected table in one save; files Bastion does not read are refused with what to do.
 */

const { ctx, cookies } = useTestBed({
  seller: { roles: [{ role: 'SALES_USER', assignment: 'REGION', assignmentValue: ['EMEA'] }] },
  outsider: { roles: [{ role: 'SALES_USER', assignment: 'REGION', assignmentValue: ['APJ'] }] },
});
const seller = postCalls({ ctx, cookies }, 'seller');
const sku = testSkuNames('IMP');

beforeAll(async () => {
  await insertTestSkus(ctx.db, [
    {
      sku: sku('SUB'),
      name: 'Import feed',
      kind: 'SUBSCRIPTION',
      billing: 'ANNUAL',
      prices: { EUR: 10_000, USD: 11_000 },
    },
    {
      sku: sku('SVC'),
      name: 'Import service',
      kind: 'SERVICE',
      billing: 'ONE_TIME',
      prices: { EUR: 50_000, USD: 55_000 },
    },
    {
      sku: sku('OLD'),
      name: 'Retired service',
      kind: 'SERVICE',
      billing: 'ONE_TIME',
      isActive: false,
      prices: { EUR: 1_000 },
    },
    {
      sku: sku('USD'),
      name: 'Dollar-only service',
      kind: 'SERVICE',
      billing: 'ONE_TIME',
      prices: { USD: 1_000 },
    },
    {
      sku: sku('BUN'),
      name: 'Import bundle',
      kind: 'BUNDLE',
      billing: 'ONE_TIME',
      prices: { EUR: 0 },
    },
  ]);
  await ctx.db.insert(bundleComponents).values([
    { bundleSku: sku('BUN'), componentSku: sku('SVC'), quantity: 1 },
    { bundleSku: sku('BUN'), componentSku: sku('SUB'), quantity: 2 },
  ]);
});

interface Preview {
  table: {
    origin: string;
    header_row?: number;
    headers: string[];
    rows: { row: number; cells: string[] }[];
  };
  mapping: (string | null)[];
  problems: { row: number; column: string | null; message: string }[];
  notes: string[];
  rows_read: number;
  added: number;
  updated: number;
  unchanged: number;
  removed: number;
  lines_after: number;
  net_before_minor: number;
  net_after_minor: number | null;
}

interface Configuration {
  quote: { version: number; total_amount_minor?: number };
  lines: {
    id: string;
    sku: string;
    quantities: number[];
    manual_discount_percent: string;
    parent_line_id: string | null;
  }[];
}

const csvFile = (text: string, name = 'bom.csv') => ({
  kind: 'file',
  file_name: name,
  content_base64: Buffer.from(text).toString('base64'),
});
const fileOf = (bytes: Uint8Array | Buffer, name: string) => ({
  kind: 'file',
  file_name: name,
  content_base64: Buffer.from(bytes).toString('base64'),
});

const previewCall = (
  quoteId: string,
  source: object,
  extra: object = {},
  cookie = cookies.seller,
) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/dx/quote-lines-import-preview',
    payload: { quote_id: quoteId, source, ...extra },
    headers: { cookie },
  });
const preview = async (quoteId: string, source: object, extra: object = {}) =>
  dataOfSuccess<Preview>(await previewCall(quoteId, source, extra));

const importCall = (quoteId: string, body: object) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/dx/import-quote-lines',
    payload: { quote_id: quoteId, ...body },
    headers: { cookie: cookies.seller },
  });

const refusal = (response: { statusCode: number; body: string }) => {
  expect(response.statusCode, response.body).toBe(400);
  return JSON.parse(response.body) as { message: string; errors?: { message: string }[] };
};

const newQuote = (values: Record<string, unknown> = {}) =>
  createTestQuote(ctx, cookies.seller, values);

const configuration = (id: string) =>
  seller.dataOf<Configuration>('/api/dx/quote-configuration', { id });

describe('previewing an import', () => {
  it('names every bad row by its number, maps the headers it knows, and changes nothing', async () => {
    const id = await newQuote();
    const csv = [
      'Part number,Qty,Discount %,Comment',
      `${sku('SUB')},10,12.5%,renewal seats`,
      'BX-999,1,,typo',
      `${sku('SVC')},2.5,,half a service`,
      `${sku('OLD')},1,,`,
      ',,,',
      `${sku('USD')},1,,`,
      `${sku('SVC')},1,120,`,
    ].join('\r\n');
    const answer = await preview(id, csvFile(csv));
    expect(answer.mapping).toEqual(['sku', 'quantity', 'discount', null]);
    expect(answer.problems.map((p) => p.message)).toEqual([
      'Row 3: BX-999 is not in the catalogue.',
      `Row 4: the quantity 2.5 is not a whole number of 0 or more.`,
      `Row 5: ${sku('OLD')} is end of sale: it can no longer be added to a quote.`,
      'Row 8: the discount 120 is not a percentage between 0 and 100 with at most 2 decimals.',
    ]);
    expect(answer.problems.find((p) => p.row === 4)?.column).toBe('B');
    expect(answer.net_after_minor).toBeNull();
    expect(answer.rows_read).toBe(6);
    expect(answer.table.rows.map((row) => row.row)).toEqual([2, 3, 4, 5, 7, 8]);
    expect((await configuration(id)).quote.version).toBe(1);

    // The seller corrects the rows in the preview's table: the engine then finds the one left.
    const fixed = answer.table.rows
      .filter((row) => row.row !== 5)
      .map((row) =>
        row.row === 3
          ? { ...row, cells: [sku('SVC'), '1', '', ''] }
          : row.row === 4
            ? { ...row, cells: [sku('SVC'), '2', '', ''] }
            : row.row === 8
              ? { ...row, cells: [sku('SVC'), '1', '20', ''] }
              : row,
      );
    const again = await preview(
      id,
      { kind: 'table', table: { ...answer.table, rows: fixed } },
      {
        mapping: answer.mapping,
      },
    );
    expect(again.problems.map((p) => p.message)).toEqual([
      `Row 7: SKU ${sku('USD')} is not sold in EUR.`,
    ]);
  });

  it('numbers rows as the spreadsheet does when title rows come before the header', async () => {
    const id = await newQuote();
    const csv = ['Bill of materials for Acme,', ',', 'SKU,Qty', 'BX-999,1'].join('\n');
    const answer = await preview(id, csvFile(csv));
    expect(answer.table.header_row).toBe(3);
    expect(answer.problems.map((p) => p.message)).toEqual([
      'Row 4: BX-999 is not in the catalogue.',
    ]);
    const unmapped = await preview(
      id,
      { kind: 'table', table: answer.table },
      { mapping: [null, null] },
    );
    expect(unmapped.problems.map((p) => p.row)).toEqual([3]);
  });

  it('imports the corrected table in one save with one history entry, and remembers the mapping', async () => {
    const id = await newQuote();
    const csv = [
      'Item;Units;Seller discount;Notes',
      `${sku('SUB')};10;12.5;`,
      `${sku('SVC')};2;;`,
    ].join('\n');
    // The seller maps the columns themselves: "Item" is the SKU, "Units" the quantity.
    const mapping = ['sku', 'quantity', 'discount', null];
    const answer = await preview(id, csvFile(csv, 'sizing.csv'), { mapping });
    expect(answer.problems).toEqual([]);
    expect(answer).toMatchObject({
      added: 2,
      updated: 0,
      removed: 0,
      lines_after: 2,
      net_before_minor: 0,
    });
    // 10 × 100.00 less 12.5 %, and 2 × 500.00.
    expect(answer.net_after_minor).toBe(87_500 + 100_000);

    const imported = await importCall(id, {
      version: 1,
      table: answer.table,
      mapping,
      mode: 'merge',
    });
    const saved = dataOfSuccess<Configuration>(imported);
    expect(saved.quote.version).toBe(2);
    expect(
      saved.lines.map((line) => [line.sku, line.quantities, line.manual_discount_percent]),
    ).toEqual([
      [sku('SUB'), [10], '12.5'],
      [sku('SVC'), [2], '0'],
    ]);
    const history = await ctx.db
      .select()
      .from(quoteHistory)
      .where(and(eq(quoteHistory.quoteId, id), eq(quoteHistory.action, 'lines_imported')));
    expect(history).toHaveLength(1);
    expect(history[0]?.changes.filter((change) => change.field.startsWith('line '))).toHaveLength(
      2,
    );

    // The next file with these headers maps itself.
    const next = await preview(
      await newQuote(),
      csvFile('Item;Units;Seller discount;Notes\nX;1;;'),
    );
    expect(next.mapping).toEqual(mapping);
  });

  it('merges into the lines a row names, or replaces them all', async () => {
    const id = await newQuote();
    await seller.dataOf('/api/dx/save-quote-configuration', {
      id,
      version: 1,
      advance: false,
      lines: [
        { key: 'a', sku: sku('SUB'), quantities: [5], manual_discount_percent: '10' },
        { key: 'b', sku: sku('SVC'), quantities: [1] },
      ],
    });
    const csv = `SKU,Quantity\n${sku('SUB')},8\n${sku('SVC')},1\n${sku('BUN')},2\n`;
    const merged = await preview(id, csvFile(csv));
    expect(merged).toMatchObject({ added: 1, updated: 1, unchanged: 1, removed: 0 });
    const written = dataOfSuccess<Configuration>(
      await importCall(id, {
        version: 2,
        table: merged.table,
        mapping: merged.mapping,
        mode: 'merge',
      }),
    );
    // The updated line keeps its discount; the bundle brings its components, 1 and 2 a unit.
    expect(
      written.lines.map((line) => [line.sku, line.quantities[0], line.manual_discount_percent]),
    ).toEqual([
      [sku('SUB'), 8, '10'],
      [sku('SVC'), 1, '0'],
      [sku('BUN'), 2, '0'],
      [sku('SUB'), 4, '0'],
      [sku('SVC'), 2, '0'],
    ]);
    const bundle = written.lines[2];
    expect(written.lines.slice(3).every((line) => line.parent_line_id === bundle?.id)).toBe(true);

    const replaced = await preview(id, csvFile(`SKU,Quantity\n${sku('SVC')},3\n`), {
      mode: 'replace',
    });
    expect(replaced).toMatchObject({ added: 1, removed: 3, lines_after: 1 });
    const after = dataOfSuccess<Configuration>(
      await importCall(id, {
        version: 3,
        table: replaced.table,
        mapping: replaced.mapping,
        mode: 'replace',
      }),
    );
    expect(after.lines.map((line) => [line.sku, line.quantities])).toEqual([[sku('SVC'), [3]]]);
  });

  it('reads an exported lines file back as the quote it came from', async () => {
    const id = await newQuote();
    await seller.dataOf('/api/dx/save-quote-configuration', {
      id,
      version: 1,
      advance: false,
      lines: [
        { key: 'a', sku: sku('SUB'), quantities: [10], manual_discount_percent: '12.5' },
        { key: 'b', sku: sku('BUN'), quantities: [2] },
        { key: 'c', sku: sku('SVC'), quantities: [2], parent_key: 'b' },
        { key: 'd', sku: sku('SUB'), quantities: [4], parent_key: 'b' },
      ],
    });
    for (const format of ['xlsx', 'csv']) {
      const exported = await ctx.app.inject({
        method: 'POST',
        url: '/api/dx/quote-lines-file',
        payload: { quote_id: id, format },
        headers: { cookie: cookies.seller },
      });
      expect(exported.statusCode).toBe(200);
      const answer = await preview(id, fileOf(exported.rawPayload, `lines.${format}`));
      expect(answer.problems).toEqual([]);
      expect(answer.mapping.filter(Boolean)).toEqual(['sku', 'bundle', 'quantity', 'discount']);
      expect(answer).toMatchObject({ added: 0, updated: 0, unchanged: 2, removed: 0 });
    }
  });

  it('reads a workbook, its percent-formatted discounts as percentages', async () => {
    const id = await newQuote();
    const workbook = await writeExcelFile([
      [{ value: 'SKU' }, { value: 'Quantity' }, { value: 'Seller discount' }],
      [
        { value: sku('SUB') },
        { value: 4, type: Number },
        { value: 0.125, type: Number, format: '0.0%' },
      ],
      [
        { value: sku('SVC') },
        { value: 1, type: Number },
        { value: 0, type: Number, format: '0.0%' },
      ],
    ]).toBuffer();
    const answer = await preview(id, fileOf(workbook, 'lines.xlsx'));
    expect(answer.table.origin).toBe('xlsx');
    expect(answer.problems).toEqual([]);
    expect(answer.notes).toEqual([
      'Discounts were read as the workbook stores percentages: 0.125 is 12.5 %.',
    ]);
    expect(answer.net_after_minor).toBe(35_000 + 50_000);
  });

  it('reads pasted cells, and years as columns on a multi-year quote', async () => {
    const id = await newQuote({ quote_type: 'ELA', contract_length: '36' });
    const pasted = [
      'SKU\tYear 1 quantity\tYear 2 quantity\tYear 3 quantity\tYear 4 quantity',
      `${sku('SUB')}\t10\t20\t30\t`,
    ].join('\n');
    const answer = await preview(id, { kind: 'paste', text: pasted });
    expect(answer.table.origin).toBe('paste');
    expect(answer.problems.map((p) => p.message)).toEqual([
      'Row 1: Column E (Year 4 quantity) holds quantities for year 4, but this quote runs for 3 years.',
    ]);
    const three = await preview(
      id,
      { kind: 'paste', text: pasted },
      {
        mapping: ['sku', 'year_1', 'year_2', 'year_3', null],
      },
    );
    expect(three.problems).toEqual([]);
    const saved = dataOfSuccess<Configuration>(
      await importCall(id, {
        version: 1,
        table: three.table,
        mapping: three.mapping,
        mode: 'merge',
      }),
    );
    expect(saved.lines[0]?.quantities).toEqual([10, 20, 30]);
  });
});

describe('what an import refuses', () => {
  const zipOf = (files: Record<string, string>) =>
    zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])));

  it.each([
    [
      'a PDF',
      () => fileOf(Buffer.from('%PDF-1.7\n%\xE2\xE3\n1 0 obj\n'), 'bom.csv'),
      NOT_A_TABLE_MESSAGE,
    ],
    [
      'an old Excel file',
      () =>
        fileOf(
          Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...Array(600).fill(0)]),
          'bom.xls',
        ),
      OLD_EXCEL_MESSAGE,
    ],
    [
      'a zip that is no workbook',
      () => fileOf(zipOf({ 'readme.txt': 'hello' }), 'bom.xlsx'),
      NOT_A_TABLE_MESSAGE,
    ],
    [
      'a workbook with macros',
      () =>
        fileOf(
          zipOf({
            '[Content_Types].xml': '<Types/>',
            'xl/workbook.xml': '<workbook/>',
            'xl/vbaProject.bin': 'macro',
          }),
          'bom.xlsm',
        ),
      MACROS_MESSAGE,
    ],
    [
      'a workbook with formulas',
      () =>
        fileOf(
          zipOf({
            '[Content_Types].xml': '<Types/>',
            'xl/workbook.xml': '<workbook/>',
            'xl/worksheets/sheet1.xml':
              '<worksheet><sheetData><row r="2"><c r="B2"><f>SUM(A1:A2)</f><v>3</v></c></row></sheetData></worksheet>',
          }),
          'bom.xlsx',
        ),
      formulasMessage('in cell B2 of sheet1'),
    ],
    [
      'a CSV with a formula',
      () => csvFile('SKU,Quantity\nA,=1+1\n'),
      formulasMessage('in row 2, column 2'),
    ],
    [
      'a header row that maps nothing',
      () => csvFile('Colour,Size\nred,big\n'),
      MAPS_NOTHING_MESSAGE,
    ],
  ])('refuses %s, saying why', async (_, source, message) => {
    const id = await newQuote();
    const response = await previewCall(id, source());
    if (message === MAPS_NOTHING_MESSAGE) {
      // Read, but nothing to import: the preview says so, and the import refuses it.
      const answer = dataOfSuccess<Preview>(response);
      expect(answer.problems.map((p) => p.message)).toEqual([message]);
      const refused = refusal(
        await importCall(id, {
          version: 1,
          table: answer.table,
          mapping: answer.mapping,
          mode: 'merge',
        }),
      );
      expect(refused.errors?.map((d) => d.message)).toEqual([message]);
    } else {
      expect(refusal(response).message).toBe(message);
    }
    expect((await configuration(id)).quote.version).toBe(1);
  });

  it('refuses more than 5,000 lines, and a file over 10,240 KB', async () => {
    const id = await newQuote();
    const rows = Array.from({ length: 5_001 }, (_, i) => `${sku('SUB')},${i + 1}`);
    expect(
      refusal(await previewCall(id, csvFile(['SKU,Quantity', ...rows].join('\n')))).message,
    ).toBe(
      'The file has 5,001 lines: at most 5,000 can be imported at once. Split it, and import the parts one after the other (Merge).',
    );
    const huge = Buffer.alloc(10_240 * 1024 + 1, 'a');
    expect(refusal(await previewCall(id, fileOf(huge, 'huge.csv'))).message).toBe(
      FILE_TOO_LARGE_MESSAGE,
    );
  });

  it('refuses a quote the seller does not see, and an import of a stale version', async () => {
    const id = await newQuote();
    const response = await previewCall(
      id,
      csvFile(`SKU,Quantity\n${sku('SUB')},1\n`),
      {},
      cookies.outsider,
    );
    expect(response.statusCode).toBe(404);
    const answer = await preview(id, csvFile(`SKU,Quantity\n${sku('SUB')},1\n`));
    const stale = await importCall(id, {
      version: 7,
      table: answer.table,
      mapping: answer.mapping,
      mode: 'merge',
    });
    expect(stale.statusCode).toBe(409);
    expect((await configuration(id)).lines).toEqual([]);
  });
});
