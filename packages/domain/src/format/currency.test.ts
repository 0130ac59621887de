import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { itReturns } from '../testing/cases.ts';
import { CURRENCY_SYMBOLS, currencyPrefix, formatCurrency, parseCurrency } from './currency.ts';

const NBSP = '\u00a0';

describe('formatCurrency (spec §9: US formatting, exactly 2 decimals)', () => {
  itReturns('%i → %s', formatCurrency, [
    [0, '$0.00'],
    [1, '$0.01'],
    [10, '$0.10'],
    [99, '$0.99'],
    [100, '$1.00'],
    [123450, '$1,234.50'],
    [99999, '$999.99'],
    [100000, '$1,000.00'],
    [123456789, '$1,234,567.89'],
    [-1, '-$0.01'],
    [-1230, '-$12.30'],
    [-123456789, '-$1,234,567.89'],
    [Number.MAX_SAFE_INTEGER, '$90,071,992,547,409.91'],
    [Number.MIN_SAFE_INTEGER, '-$90,071,992,547,409.91'],
  ]);

  it.each<[string, string]>([
    ['USD', '$12.30'],
    ['usd', '$12.30'],
    ['EUR', '€12.30'],
    ['GBP', '£12.30'],
    ['JPY', '¥12.30'],
    ['CAD', 'CA$12.30'],
    ['AUD', 'A$12.30'],
    ['INR', '₹12.30'],
    ['CHF', `CHF${NBSP}12.30`],
    ['SGD', `SGD${NBSP}12.30`],
  ])('%s → %s', (code, expected) => {
    expect(formatCurrency(1230, code)).toBe(expected);
  });

  it('puts the minus before the symbol', () => {
    expect(formatCurrency(-1230, 'EUR')).toBe('-€12.30');
    expect(formatCurrency(-1230, 'CHF')).toBe(`-CHF${NBSP}12.30`);
  });

  it.each([1.5, 0.1, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, -(2 ** 53)])(
    'refuses %d minor units: money is never a float',
    (amount) => {
      expect(() => formatCurrency(amount)).toThrow(RangeError);
    },
  );

  it.each(['US', 'DOLLARS', '', '$', 'U1D'])('refuses the currency code %j', (code) => {
    expect(() => formatCurrency(100, code)).toThrow(RangeError);
    expect(() => currencyPrefix(code)).toThrow(RangeError);
  });
});

describe('parseCurrency', () => {
  it.each<[string | null | undefined, number | null]>([
    ['$1,234,567.89', 123456789],
    ['-$12.30', -1230],
    ['$-12.30', -1230],
    ['\u2212$12.30', -1230],
    ['$0.00', 0],
    ['-$0.00', 0],
    ['1234.5', 123450],
    ['1234', 123400],
    ['-7', -700],
    ['0.5', 50],
    ['0.05', 5],
    ['  $1.00  ', 100],
    ['$ 1.00', 100],
    ['€12.30', 1230],
    ['CA$12.30', 1230],
    [`CHF${NBSP}12.30`, 1230],
    ['chf 12.30', 1230],
    ['EUR12', 1200],
    ['$90,071,992,547,409.91', Number.MAX_SAFE_INTEGER],
    ['-$90,071,992,547,409.91', Number.MIN_SAFE_INTEGER],
    ['$90,071,992,547,409.92', null],
    ['900719925474099200', null],
    ['1.234', null],
    ['.5', null],
    ['1.', null],
    ['1,23', null],
    ['1,2345.00', null],
    ['12,34,567.00', null],
    [',123', null],
    ['1e5', null],
    ['$', null],
    ['-', null],
    ['--1', null],
    ['-$-1', null],
    ['$1.00 extra', null],
    ['1.00$', null],
    ['Dollars 5', null],
    ['#5', null],
    ['', null],
    ['   ', null],
    [null, null],
    [undefined, null],
  ])('%j → %j', (text, expected) => {
    const parsed = parseCurrency(text);
    expect(parsed).toBe(expected);
  });

  it('never returns negative zero', () => {
    expect(Object.is(parseCurrency('-0'), 0)).toBe(true);
    expect(Object.is(parseCurrency('-$0.00'), 0)).toBe(true);
  });
});

describe('formatCurrency and parseCurrency together', () => {
  const currencyCode = fc.constantFrom(...Object.keys(CURRENCY_SYMBOLS), 'CHF', 'SEK', 'ZAR');

  it('parse undoes format for every safe integer of minor units', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), currencyCode, (minorUnits, code) => {
        expect(parseCurrency(formatCurrency(minorUnits, code))).toBe(minorUnits);
      }),
    );
  });

  it('the same holds for small amounts, zero and its neighbours', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000, max: 100_000 }), (minorUnits) => {
        expect(parseCurrency(formatCurrency(minorUnits))).toBe(minorUnits);
      }),
    );
  });

  it('always shows US grouping and exactly two decimals', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (minorUnits) => {
        expect(formatCurrency(minorUnits)).toMatch(/^-?\$\d{1,3}(?:,\d{3})*\.\d{2}$/);
      }),
    );
  });

  it('parses plain decimal numbers with up to two decimals', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (minorUnits) => {
        const abs = String(Math.abs(minorUnits)).padStart(3, '0');
        const plain = `${minorUnits < 0 ? '-' : ''}${abs.slice(0, -2)}.${abs.slice(-2)}`;
        expect(parseCurrency(plain)).toBe(minorUnits);
      }),
    );
  });
});
