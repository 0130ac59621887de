import { describe, expect, it } from 'vitest';
import { convertGroupedSum, convertMinor, rateMicroOf } from './currency-conversion.ts';

describe('convertMinor', () => {
  it.each([
    // amount, from, to, from rate, to rate, expected
    [10_000, 'EUR', 'USD', '0.92', '1', 10_870], // 108.695… → 108.70
    [10_000, 'USD', 'EUR', '1', '0.92', 9_200],
    [10_000, 'EUR', 'GBP', '0.92', '0.79', 8_587], // 85.869… → 85.87
    [10_000, 'EUR', 'EUR', '0.92', '0.95', 10_000], // same currency: untouched
    [1, 'USD', 'EUR', '1', '0.5', 1], // 0.5 → 1 (half away from zero)
    [-1, 'USD', 'EUR', '1', '0.5', -1], // -0.5 → -1
    [3, 'USD', 'EUR', '1', '0.5', 2], // 1.5 → 2
    [0, 'JPY', 'USD', '151.123456', '1', 0],
    [151_123_456, 'JPY', 'USD', '151.123456', '1', 1_000_000],
    [9_007_199_254_740_991, 'USD', 'USD', '1', '1', 9_007_199_254_740_991],
  ])('%d %s → %s at %s/%s is %d', (amount, from, to, fromRate, toRate, expected) => {
    expect(convertMinor(amount, from, to, { from: fromRate, to: toRate })).toBe(expected);
  });

  it('refuses fractional money, bad rates and results beyond a safe integer', () => {
    expect(() => convertMinor(1.5, 'USD', 'EUR', { from: '1', to: '0.9' })).toThrow(RangeError);
    expect(() => convertMinor(1, 'USD', 'EUR', { from: '1', to: '0' })).toThrow(RangeError);
    expect(() => convertMinor(1, 'USD', 'EUR', { from: 'x', to: '1' })).toThrow(RangeError);
    expect(() => convertMinor(1, 'USD', 'EUR', { from: '1', to: '1.1234567' })).toThrow(RangeError);
    expect(() =>
      convertMinor(Number.MAX_SAFE_INTEGER, 'USD', 'JPY', { from: '1', to: '150' }),
    ).toThrow(RangeError);
  });

  it('reads rates as micro-units, trailing zeros as numeric columns send them', () => {
    expect(rateMicroOf('0.920000')).toBe(920_000n);
    expect(rateMicroOf('151.123456')).toBe(151_123_456n);
  });
});

describe('convertGroupedSum', () => {
  it('adds amounts of one currency and rate before converting, rounding once per rate', () => {
    // Each 1 minor unit alone is 0.5 → 1; together 3 × 0.5 = 1.5 → 2, not 3.
    const groups = [1, 1, 1].map((amountMinor) => ({ amountMinor, currency: 'USD', rate: '1' }));
    expect(convertGroupedSum(groups, 'EUR', '0.5')).toBe(2);
  });

  it('keeps different rates of a currency apart and passes the report currency through', () => {
    const total = convertGroupedSum(
      [
        { amountMinor: 9_200, currency: 'EUR', rate: '0.92' },
        { amountMinor: 9_500, currency: 'EUR', rate: '0.950000' },
        { amountMinor: 10_000, currency: 'USD', rate: '1' },
        { amountMinor: 100, currency: 'EUR', rate: '0.92' },
      ],
      'USD',
      '1',
    );
    // 9,300 at 0.92 → 10,108.70 (10,108.695…), 9,500 at 0.95 → 10,000, USD untouched.
    expect(total).toBe(10_109 + 10_000 + 10_000);
  });
});
