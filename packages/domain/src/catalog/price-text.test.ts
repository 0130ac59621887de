import { describe, expect, it } from 'vitest';
import { formatUnitPrice } from './price-text.ts';

describe('formatUnitPrice', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [123_450, '1234.50'],
    [-30_247, '-302.47'],
    [-7, '-0.07'],
  ])('%i minor units read %s', (minor, decimal) => {
    expect(formatUnitPrice(minor)).toBe(decimal);
  });
});
