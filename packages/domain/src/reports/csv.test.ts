import { describe, expect, it } from 'vitest';
import { buildCsv, csvField, csvNumber, minorAsDecimal, type CsvCell } from './csv.ts';

describe('csvField', () => {
  it.each<[CsvCell, string]>([
    ['Acme', 'Acme'],
    ['', ''],
    [null, ''],
    [42, '42'],
    [csvNumber('-1234.50'), '-1234.50'],
    ['Smith, Jones', '"Smith, Jones"'],
    ['He said "hi"', '"He said ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['two\r\nlines', '"two\r\nlines"'],
    // Formula starters are neutralised (CSV injection).
    ['=HYPERLINK("http://x","y")', '"\'=HYPERLINK(""http://x"",""y"")"'],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTab', "'\tTab"],
    ['\rCR', '"\'\rCR"'],
    // Only at the start.
    ['a=b', 'a=b'],
    ['Ünïcødé €', 'Ünïcødé €'],
  ])('%j is written %j', (cell, expected) => {
    expect(csvField(cell)).toBe(expected);
  });

  it('refuses numbers that are not numbers', () => {
    expect(() => csvNumber('=1+1')).toThrow(RangeError);
    expect(() => csvNumber('1e3')).toThrow(RangeError);
    expect(() => csvField({ number: '-1+1' })).toThrow(RangeError);
    expect(() => csvField(Number.NaN)).toThrow(RangeError);
  });
});

describe('buildCsv', () => {
  it('writes a header and records, each ending in CRLF', () => {
    expect(
      buildCsv(
        ['Account', 'Quotes', 'Value'],
        [
          ['Acme, Inc.', 3, csvNumber('1234.56')],
          ['-Minus Corp', 1, csvNumber('-0.05')],
        ],
      ),
    ).toBe('Account,Quotes,Value\r\n"Acme, Inc.",3,1234.56\r\n\'-Minus Corp,1,-0.05\r\n');
  });

  it('writes only the header when there are no rows', () => {
    expect(buildCsv(['A'], [])).toBe('A\r\n');
  });
});

describe('minorAsDecimal', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [-5, '-0.05'],
    [123456, '1234.56'],
    [-100, '-1.00'],
    [9_007_199_254_740_991, '90071992547409.91'],
  ])('%d is %s', (minor, text) => {
    expect(minorAsDecimal(minor)).toBe(text);
  });

  it('refuses fractional money', () => {
    expect(() => minorAsDecimal(0.5)).toThrow(RangeError);
  });
});
