import { describe, expect, it } from 'vitest';
import { columnLetter, guessField, mappingToRemember, startingMapping } from './mapping.ts';
import { planLineImport, type ImportSku } from './plan.ts';
import {
  MAPS_NOTHING_MESSAGE,
  fractionToPercentText,
  readImportRows,
  type LineImportTable,
} from './read-rows.ts';

const table = (headers: string[], ...rows: string[][]): LineImportTable => ({
  origin: 'csv',
  headers,
  rows: rows.map((cells, index) => ({ row: index + 2, cells })),
});

describe('guessing what a header holds', () => {
  it.each([
    ['SKU', 'sku'],
    ['Part Number', 'sku'],
    ['product code', 'sku'],
    ['Qty', 'quantity'],
    ['Units', 'quantity'],
    ['Year 2 quantity', 'year_2'],
    ['Qty Y3', 'year_3'],
    ['year 5', 'year_5'],
    ['Year 6 quantity', null],
    ['Year 2 net', null],
    ['Seller discount', 'discount'],
    ['Discount %', 'discount'],
    ['Effective discount', null],
    ['Part of bundle', 'bundle'],
    ['HA pair', 'high_availability'],
    ['Unit list price (EUR)', null],
  ])('%s → %s', (header, field) => {
    expect(guessField(header)).toBe(field);
  });

  it('prefers what the seller chose before, and gives a field to one column only', () => {
    const remembered = mappingToRemember(['Item', 'Units'], ['sku', 'quantity']);
    expect(startingMapping(['ITEM', 'Units', 'SKU', 'Qty'], remembered)).toEqual([
      'sku',
      'quantity',
      null,
      null,
    ]);
  });

  it.each([
    [0, 'A'],
    [25, 'Z'],
    [26, 'AA'],
    [701, 'ZZ'],
    [702, 'AAA'],
  ])('column %i is %s', (index, letter) => {
    expect(columnLetter(index)).toBe(letter);
  });
});

describe('reading rows', () => {
  const messages = (t: LineImportTable, mapping = startingMapping(t.headers), years = 1) =>
    readImportRows(t, mapping, { years }).problems.map((p) => p.message);

  it.each([
    [['', '1'], 'Row 2: the SKU is empty.'],
    [['A', ''], 'Row 2: the quantity is empty.'],
    [['A', '2.5'], 'Row 2: the quantity 2.5 is not a whole number of 0 or more.'],
    [['A', '-1'], 'Row 2: the quantity -1 is not a whole number of 0 or more.'],
    [['A', 'ten'], 'Row 2: the quantity ten is not a number.'],
    [['A', '1000001'], 'Row 2: the quantity 1000001 is more than 1,000,000.'],
    [
      ['A', '1', '101'],
      'Row 2: the discount 101 is not a percentage between 0 and 100 with at most 2 decimals.',
    ],
    [
      ['A', '1', '1.255'],
      'Row 2: the discount 1.255 is not a percentage between 0 and 100 with at most 2 decimals.',
    ],
    [['A', '1', '', 'maybe'], 'Row 2: high availability is yes or no, not “maybe”.'],
  ])('%j: %s', (cells, message) => {
    expect(messages(table(['SKU', 'Qty', 'Discount', 'HA'], cells))).toEqual([message]);
  });

  it('reads whole numbers as spreadsheets write them, and skips empty rows', () => {
    const read = readImportRows(
      table(
        ['SKU', 'Qty', 'Discount', 'HA'],
        ['a-1', '1,200', '12.5 %', 'yes'],
        ['', '', '', ''],
        ['B', '3.0', '', ''],
      ),
      ['sku', 'quantity', 'discount', 'high_availability'],
      { years: 1 },
    );
    expect(read.problems).toEqual([]);
    expect(read.rows).toEqual([
      {
        row: 2,
        sku: 'A-1',
        quantity: { kind: 'single', value: 1200 },
        discount: '12.5',
        highAvailability: true,
        bundle: null,
      },
      {
        row: 4,
        sku: 'B',
        quantity: { kind: 'single', value: 3 },
        discount: null,
        highAvailability: null,
        bundle: null,
      },
    ]);
  });

  it.each([
    [['Colour', 'Size'], [null, null], MAPS_NOTHING_MESSAGE],
    [
      ['SKU', 'Qty'],
      ['sku', null],
      'Row 1: choose the column that holds the quantity, or a column for each contract year.',
    ],
    [['SKU', 'Qty'], [null, 'quantity'], 'Row 1: choose the column that holds the SKU.'],
    [
      ['SKU', 'Qty', 'Y1'],
      ['sku', 'quantity', 'year_1'],
      'Row 1: map one Quantity column or quantities per year, not both.',
    ],
    [
      ['SKU', 'A', 'B'],
      ['sku', 'quantity', 'quantity'],
      'Row 1: Column B (A) and Column C (B) are both mapped to Quantity: map one.',
    ],
    [
      ['SKU', 'Year 2'],
      ['sku', 'year_2'],
      'Row 1: Column B (Year 2) holds quantities for year 2, but this quote runs for 1 year.',
    ],
  ] as const)('a mapping of %j as %j: %s', (headers, mapping, message) => {
    expect(messages(table([...headers], ['A', '1', '1']), [...mapping])).toEqual([message]);
  });

  it('reads a workbook’s percent-formatted discounts as fractions, and says so', () => {
    const workbook = {
      ...table(['SKU', 'Qty', 'Discount'], ['A', '1', '0.125'], ['B', '1', '0']),
      origin: 'xlsx' as const,
    };
    const read = readImportRows(workbook, ['sku', 'quantity', 'discount'], { years: 1 });
    expect(read.rows.map((row) => row.discount)).toEqual(['12.5', '0']);
    expect(read.notes).toHaveLength(1);
    // A CSV holds the text the seller saw: 0.5 is half a percent.
    const csv = readImportRows(
      table(['SKU', 'Qty', 'Discount'], ['A', '1', '0.5'], ['B', '1', '0']),
      ['sku', 'quantity', 'discount'],
      { years: 1 },
    );
    expect(csv.rows.map((row) => row.discount)).toEqual(['0.5', '0']);
  });

  it.each([
    ['0.125', '12.5'],
    ['0.1', '10'],
    ['1', '100'],
    ['0.0001', '0.01'],
    ['0', '0'],
  ])('the fraction %s is %s %%', (fraction, percent) => {
    expect(fractionToPercentText(fraction)).toBe(percent);
  });
});

describe('planning an import', () => {
  const catalog: Record<string, ImportSku> = {
    SUB: { billing: 'ANNUAL', options: [], isConfigurable: false },
    HW: { billing: 'ONE_TIME', options: [], isConfigurable: false },
    KIT: {
      billing: 'ONE_TIME',
      isConfigurable: true,
      options: [
        { sku: 'HW', quantity: 1, starting: true },
        { sku: 'SUB', quantity: 2, starting: false },
      ],
    },
  };
  const rows = (t: LineImportTable, years = 3) =>
    readImportRows(t, startingMapping(t.headers), { years }).rows;
  const plan = (
    t: LineImportTable,
    mode: 'merge' | 'replace',
    existing = [] as {
      key: string;
      id: string;
      sku: string;
      quantities: number[];
      parent_key?: string;
    }[],
  ) =>
    planLineImport({
      existing,
      rows: rows(t),
      catalog: (sku) => catalog[sku] as ImportSku,
      mode,
      years: 3,
    });

  it('spreads one quantity by billing: every year for a subscription, year 1 for a purchase', () => {
    const result = plan(table(['SKU', 'Qty'], ['SUB', '5'], ['HW', '2']), 'merge');
    expect(result.lines.map((line) => line.quantities)).toEqual([
      [5, 5, 5],
      [2, 0, 0],
    ]);
  });

  it('updates the line a row names, in order, and adds the rest', () => {
    const existing = [
      { key: 'a', id: 'a', sku: 'SUB', quantities: [1, 1, 1] },
      { key: 'b', id: 'b', sku: 'HW', quantities: [1, 0, 0] },
    ];
    const result = plan(
      table(['SKU', 'Qty'], ['SUB', '4'], ['SUB', '6'], ['HW', '1']),
      'merge',
      existing,
    );
    expect(result.lines.map((line) => [line.key, line.quantities[0]])).toEqual([
      ['a', 4],
      ['b', 1],
      ['import-3', 6],
    ]);
    expect([result.added, result.updated, result.unchanged, result.removed]).toEqual([1, 1, 1, 0]);
  });

  it('brings a configurable bundle’s options: the rows under it that name it, else its starting choice', () => {
    const chosen = plan(
      table(['SKU', 'Qty', 'Part of bundle'], ['KIT', '2', ''], ['SUB', '9', 'KIT']),
      'replace',
    );
    expect(
      chosen.lines.map((line) => [line.sku, line.quantities[0], line.parent_key ?? null]),
    ).toEqual([
      ['KIT', 2, null],
      ['SUB', 4, 'import-2'],
    ]);
    const starting = plan(table(['SKU', 'Qty'], ['KIT', '1']), 'replace', [
      { key: 'x', id: 'x', sku: 'HW', quantities: [1, 0, 0] },
    ]);
    expect(starting.lines.map((line) => line.sku)).toEqual(['KIT', 'HW']);
    expect(starting.removed).toBe(1);
    const orphan = plan(
      table(
        ['SKU', 'Qty', 'Part of bundle'],
        ['SUB', '1', 'KIT'],
        ['KIT', '1', ''],
        ['HW', '1', 'SUB'],
      ),
      'replace',
    );
    expect(orphan.problems.map((p) => p.message)).toEqual([
      'Row 2: SUB is part of bundle KIT, but no row above it is that bundle.',
      'Row 4: HW is part of bundle SUB, but no row above it is that bundle.',
    ]);
  });
});
