import { describe, expect, it } from 'vitest';
import { formatCsv, parseCsv } from './csv.ts';
import { formatUnitPrice, parseUnitPrice } from './price-text.ts';

describe('parseCsv', () => {
  it('reads quoted fields, doubled quotes and every kind of line end', () => {
    const { records, problems } = parseCsv(
      '\uFEFFa,"b, with comma","say ""hi"""\r\n"multi\r\nline",x\ny\rz,',
    );
    expect(problems).toEqual([]);
    expect(records).toEqual([
      { row: 1, fields: ['a', 'b, with comma', 'say "hi"'] },
      { row: 2, fields: ['multi\r\nline', 'x'] },
      { row: 3, fields: ['y'] },
      { row: 4, fields: ['z', ''] },
    ]);
  });

  it('counts blank lines as rows, like a spreadsheet, and ignores a final line break', () => {
    expect(parseCsv('a\r\n\r\nb\r\n').records).toEqual([
      { row: 1, fields: ['a'] },
      { row: 2, fields: [''] },
      { row: 3, fields: ['b'] },
    ]);
    expect(parseCsv('').records).toEqual([]);
  });

  it('reports an unclosed quote and text after a closing quote', () => {
    expect(parseCsv('a\r\n"open,b').problems).toEqual([
      { row: 2, message: expect.stringContaining('not closed') },
    ]);
    expect(parseCsv('"x"y,z').problems).toEqual([
      { row: 1, message: expect.stringContaining('Text follows a closing quote') },
    ]);
  });

  it('writes what it reads back', () => {
    const rows = [
      ['sku', 'name'],
      ['A-1', 'Comma, "quoted"'],
      ['B-2', ' padded '],
      ['C-3', 'two\nlines'],
    ];
    const text = formatCsv(rows);
    expect(text).toBe(
      'sku,name\r\nA-1,"Comma, ""quoted"""\r\nB-2," padded "\r\nC-3,"two\nlines"\r\n',
    );
    expect(parseCsv(text).records.map((r) => r.fields)).toEqual(rows);
  });
});

describe('unit prices as text', () => {
  it.each([
    ['0', 0],
    ['12', 1200],
    ['12.5', 1250],
    ['0012.05', 1205],
    ['-0', 0],
    [' 9999999999999.99 ', 999_999_999_999_999],
  ])('reads %j as %i minor units', (text, minor) => {
    expect(parseUnitPrice(text, 'USD')).toEqual({ isValid: true, minor });
  });

  it.each([
    ['', 'Enter the unit price.'],
    ['1.234', 'Prices have at most 2 decimals in EUR.'],
    ['-1', 'A price cannot be negative.'],
    ['1e3', 'The unit price must be a number such as 1234.50.'],
    ['.5', 'The unit price must be a number such as 1234.50.'],
    ['5.', 'The unit price must be a number such as 1234.50.'],
    ['1,000', 'The unit price must be a number such as 1234.50.'],
    ['10000000000000', 'The unit price is too large.'],
  ])('refuses %j', (text, message) => {
    expect(parseUnitPrice(text, 'EUR')).toEqual({ isValid: false, message });
  });

  it('writes two decimals', () => {
    expect([0, 5, 1250, 123_456].map(formatUnitPrice)).toEqual([
      '0.00',
      '0.05',
      '12.50',
      '1234.56',
    ]);
  });
});
