import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { itReturns } from '../testing/cases.ts';
import {
  applyPercent,
  divideRoundHalfAway,
  formatBp,
  multiplyRatio,
  parsePercentBp,
  parseRateMicro,
  parseScaledDecimal,
  type DecimalParse,
} from './decimal.ts';

/** One test per case that `parse` reads the text as exactly this value. */
const itReads = (
  title: string,
  parse: (text: string) => DecimalParse,
  cases: [text: string, value: number][],
) =>
  it.each(cases)(title, (text, value) => {
    expect(parse(text)).toEqual({ ok: true, value });
  });

describe('parsePercentBp: percentage text to basis points, exactly', () => {
  itReads('%j → %i bp', parsePercentBp, [
    ['0', 0],
    ['100', 10000],
    ['12.5', 1250],
    ['12.50', 1250],
    ['0.01', 1],
    ['0.1', 10],
    ['33.33', 3333],
    ['-2.5', -250],
    ['-50', -5000],
    ['-0', 0],
    ['-0.00', 0],
    [' 7.25 ', 725],
    // Zeros past the second decimal change nothing, so a NUMERIC(6,3) '12.500' is accepted.
    ['12.500', 1250],
    ['1.0000000', 100],
  ]);

  it('never returns negative zero', () => {
    const parsed = parsePercentBp('-0.00');
    expect(parsed.ok && Object.is(parsed.value, 0)).toBe(true);
  });

  it.each(['12.345', '0.001', '-2.505', '99.999'])('refuses %j: more than 2 decimals', (text) => {
    expect(parsePercentBp(text)).toEqual({
      ok: false,
      problem: 'DECIMALS',
      message: `${text} has more than 2 decimals.`,
    });
  });

  it.each<unknown>([
    '',
    ' ',
    'abc',
    '1e2',
    '.5',
    '5.',
    '+5',
    '--5',
    '1,5',
    '5%',
    '12 5',
    null,
    5,
    NaN,
  ])('refuses %j: not a decimal number', (text) => {
    const parsed = parsePercentBp(text);
    expect(parsed).toMatchObject({ ok: false, problem: 'FORMAT' });
    expect(parsed.ok ? '' : parsed.message).toMatch(/is not a number\.$/);
  });

  it('refuses a number too large to hold exactly', () => {
    expect(parsePercentBp('999999999999999')).toMatchObject({ ok: false, problem: 'RANGE' });
  });
});

describe('parseRateMicro: exchange rate text to micro-units', () => {
  itReads('%j → %i', parseRateMicro, [
    ['1', 1_000_000],
    ['0.92', 920_000],
    ['0.921500', 921_500],
    ['151.123456', 151_123_456],
    ['0.000001', 1],
    ['1.5000000', 1_500_000],
  ]);

  it.each<[string, string]>([
    ['0', 'RANGE'],
    ['0.000000', 'RANGE'],
    ['-1', 'RANGE'],
    ['1.1234567', 'DECIMALS'],
    ['abc', 'FORMAT'],
    ['', 'FORMAT'],
  ])('refuses %j (%s)', (text, problem) => {
    expect(parseRateMicro(text)).toMatchObject({ ok: false, problem });
  });
});

describe('parseScaledDecimal and formatBp', () => {
  it('reads at any scale', () => {
    expect(parseScaledDecimal('1.5', 0)).toMatchObject({ ok: false, problem: 'DECIMALS' });
    expect(parseScaledDecimal('1.0', 0)).toEqual({ ok: true, value: 1 });
    expect(parseScaledDecimal('1.5', 3)).toEqual({ ok: true, value: 1500 });
  });

  itReturns('formatBp(%i) → %j', formatBp, [
    [0, '0'],
    [1, '0.01'],
    [10, '0.1'],
    [1250, '12.5'],
    [10000, '100'],
    [-250, '-2.5'],
    [3333, '33.33'],
  ]);

  it('formatBp and parsePercentBp undo each other', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (bp) => {
        expect(parsePercentBp(formatBp(bp))).toEqual({ ok: true, value: bp });
      }),
    );
  });
});

/** The rule, written the slow and obvious way: compare twice the remainder with the divisor. */
function referenceRound(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = n / d;
  const rounded = 2n * (n % d) >= d ? quotient + 1n : quotient;
  return negative ? -rounded : rounded;
}

describe('divideRoundHalfAway: halves away from zero', () => {
  it.each<[bigint, bigint, bigint]>([
    [5n, 2n, 3n],
    [-5n, 2n, -3n],
    [5n, -2n, -3n],
    [-5n, -2n, 3n],
    [7n, 2n, 4n],
    [4n, 3n, 1n],
    [5n, 3n, 2n],
    [-4n, 3n, -1n],
    [-5n, 3n, -2n],
    [0n, 7n, 0n],
    [1n, 3n, 0n],
    [2_849_985n, 10n, 284_999n],
  ])('%i / %i → %i', (n, d, expected) => {
    expect(divideRoundHalfAway(n, d)).toBe(expected);
  });

  it('refuses a zero divisor', () => {
    expect(() => divideRoundHalfAway(1n, 0n)).toThrow(RangeError);
  });

  it('matches the reference for any operands', () => {
    const big = fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n });
    fc.assert(
      fc.property(big, big, (n, d) => {
        fc.pre(d !== 0n);
        expect(divideRoundHalfAway(n, d)).toBe(referenceRound(n, d));
      }),
    );
  });
});

describe('multiplyRatio and applyPercent', () => {
  it.each<[number, number, number, number]>([
    [99999, 7, 12, 58333], // 58332.75
    [189999, 4 * 36, 12, 2279988],
    [101, 1, 2, 51], // 50.5
    [-101, 1, 2, -51],
    [1, 1, 3, 0],
    [2, 1, 3, 1],
    [0, 5, 7, 0],
    [Number.MAX_SAFE_INTEGER, 1, 1, Number.MAX_SAFE_INTEGER],
    [Number.MAX_SAFE_INTEGER, 10000, 10000, Number.MAX_SAFE_INTEGER],
    [Number.MAX_SAFE_INTEGER, 2, 3, 6004799503160661],
  ])('%i × %i / %i → %i', (amount, numerator, denominator, expected) => {
    expect(multiplyRatio(amount, numerator, denominator)).toBe(expected);
  });

  it.each<[number, number, number]>([
    [101, 5000, 51],
    [-101, 5000, -51],
    [2279988, 1250, 284999], // 284998.5
    [682500, 250, 17063], // 17062.5
    [3258333, -250, -81458], // -81458.325
    [100, 10000, 100],
    [12345, 0, 0],
  ])('applyPercent(%i, %i bp) → %i', (amount, bp, expected) => {
    expect(applyPercent(amount, bp)).toBe(expected);
  });

  it('never returns negative zero', () => {
    expect(Object.is(applyPercent(-1, 1), 0)).toBe(true);
    expect(Object.is(multiplyRatio(0, -5, 3), 0)).toBe(true);
  });

  it.each<[number, number, number]>([
    [1.5, 1, 1],
    [1, 0.5, 1],
    [1, 1, 0],
    [1, 1, 1.5],
    [Number.NaN, 1, 1],
    [2 ** 53, 1, 1],
    [Number.MAX_SAFE_INTEGER, 2, 1],
  ])('refuses %d × %d / %d', (amount, numerator, denominator) => {
    expect(() => multiplyRatio(amount, numerator, denominator)).toThrow(RangeError);
  });

  it('is exact for any safe integers: doubles where they suffice, bigint beyond', () => {
    const operand = fc.oneof(
      fc.integer({ min: -1e6, max: 1e6 }),
      fc.integer({ min: -(2 ** 30), max: 2 ** 30 }),
      fc.maxSafeInteger(),
    );
    fc.assert(
      fc.property(operand, operand, operand, (amount, numerator, denominator) => {
        fc.pre(denominator !== 0);
        const exact = referenceRound(BigInt(amount) * BigInt(numerator), BigInt(denominator));
        if (exact > BigInt(Number.MAX_SAFE_INTEGER) || exact < -BigInt(Number.MAX_SAFE_INTEGER)) {
          expect(() => multiplyRatio(amount, numerator, denominator)).toThrow(RangeError);
        } else {
          expect(multiplyRatio(amount, numerator, denominator)).toBe(Number(exact));
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('is exact around the 2^52 boundary where it switches to bigint', () => {
    const near = fc.integer({ min: 2 ** 52 - 2 ** 20, max: 2 ** 52 + 2 ** 20 });
    fc.assert(
      fc.property(near, fc.integer({ min: 1, max: 2 ** 40 }), (product, denominator) => {
        const exact = referenceRound(BigInt(product), BigInt(denominator));
        expect(multiplyRatio(product, 1, denominator)).toBe(Number(exact));
        expect(multiplyRatio(-product, 1, denominator)).toBe(-Number(exact));
      }),
    );
  });
});
