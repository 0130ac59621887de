import { describe, expect, it } from 'vitest';
import { formatUnitPrice, parseUnitPrice } from './price-text.ts';

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
