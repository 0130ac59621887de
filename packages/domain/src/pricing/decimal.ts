/**
 * Exact decimal arithmetic for pricing (docs/pricing.md, "Numbers and rounding").
 *
 * Percentages and exchange rates arrive as decimal text ("12.5", "0.920000") because a float
 * cannot hold 0.1 exactly. They are read into integers at a fixed scale — basis points (hundredths
 * of a percent) and micro-units (millionths) — and every product of money by a ratio is worked
 * out exactly on integers and rounded once, half away from zero, to the cent: in bigint, or in
 * doubles while the product stays below 2^52, where they hold integers exactly (several times
 * faster, and the same result). Money itself stays a safe-integer `number` of minor units, as
 * everywhere else in the domain.
 */

/** Basis points in one percent, and in the whole (100 %). */
export const BP_PER_PERCENT = 100;
export const BP_PER_WHOLE = 10_000;
/** Micro-units in one unit: exchange rates have up to 6 decimals. */
export const MICRO_PER_UNIT = 1_000_000;

export const PERCENT_DECIMALS = 2;
export const RATE_DECIMALS = 6;

/** Why a decimal text was refused: not a number at all, or more decimals than the scale holds. */
export type DecimalProblem = 'FORMAT' | 'DECIMALS' | 'RANGE';

export type DecimalParse =
  { ok: true; value: number } | { ok: false; problem: DecimalProblem; message: string };

// A sign only in front, digits on both sides of the point: '.5', '5.', '1e3', '+1' are refused
// so that what is stored is what is shown. The scaled value is checked against a safe integer.
const DECIMAL = /^(-?)(\d{1,15})(?:\.(\d+))?$/;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * `text` as an integer count of 10^-decimals, exactly. Decimals beyond the scale are accepted
 * only when they are zeros ('12.500' is 12.5, as a NUMERIC(6,3) column would send it), since
 * the value is still exact.
 */
export function parseScaledDecimal(text: unknown, decimals: number): DecimalParse {
  const trimmed = typeof text === 'string' ? text.trim() : '';
  const match = DECIMAL.exec(trimmed);
  if (!match) {
    return { ok: false, problem: 'FORMAT', message: `${JSON.stringify(text)} is not a number.` };
  }
  const [, sign = '', whole = '', fraction = ''] = match;
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > decimals) {
    return {
      ok: false,
      problem: 'DECIMALS',
      message: `${trimmed} has more than ${decimals} decimals.`,
    };
  }
  const scaled = BigInt(whole + significant.padEnd(decimals, '0'));
  if (scaled > MAX_SAFE) {
    return { ok: false, problem: 'RANGE', message: `${trimmed} is too large.` };
  }
  // Never -0: '-0.00' is plain zero.
  return { ok: true, value: scaled === 0n ? 0 : Number(sign === '-' ? -scaled : scaled) };
}

/** A percentage ("12.5", "-2.5", "100") in basis points (1250, -250, 10000): at most 2 decimals. */
export const parsePercentBp = (text: unknown): DecimalParse =>
  parseScaledDecimal(text, PERCENT_DECIMALS);

/**
 * An exchange rate (units of a currency per 1 USD, "0.92", "151.123456") in micro-units
 * (920000, 151123456): above 0, at most 6 decimals.
 */
export function parseRateMicro(text: unknown): DecimalParse {
  const parsed = parseScaledDecimal(text, RATE_DECIMALS);
  if (parsed.ok && parsed.value <= 0) {
    return { ok: false, problem: 'RANGE', message: 'An exchange rate must be above 0.' };
  }
  return parsed;
}

/** Basis points as the shortest percentage text: 1250 → "12.5", -250 → "-2.5", 10000 → "100". */
export function formatBp(bp: number): string {
  if (!Number.isSafeInteger(bp)) throw new RangeError(`Basis points must be an integer: ${bp}`);
  const digits = String(Math.abs(bp)).padStart(3, '0');
  const fraction = digits.slice(-2).replace(/0+$/, '');
  const sign = bp < 0 ? '-' : '';
  return `${sign}${digits.slice(0, -2)}${fraction === '' ? '' : `.${fraction}`}`;
}

/**
 * numerator / denominator rounded to the nearest integer, halves away from zero (2.5 → 3,
 * -2.5 → -3). For n ≥ 0 and d > 0 that is floor((2n + d) / 2d), which bigint division (it
 * truncates) gives directly; a negative n is rounded as its opposite.
 */
export function divideRoundHalfAway(numerator: bigint, denominator: bigint): bigint {
  if (denominator < 0n) return divideRoundHalfAway(-numerator, -denominator);
  if (denominator === 0n) throw new RangeError('Division by zero');
  const twice = 2n * denominator;
  return numerator >= 0n
    ? (2n * numerator + denominator) / twice
    : -((denominator - 2n * numerator) / twice);
}

/**
 * Below this, a product of two integers and its quotient by another are exact in doubles: the
 * quotient is off by at most one, and quotient × divisor stays within 2^53, so the remainder
 * check below corrects it exactly.
 */
const EXACT_IN_DOUBLES = 2 ** 52;

/** round(n / d) half away from zero, for |n| ≤ 2^52 and 0 < d ≤ 2^52, exactly. */
function roundedQuotient(n: number, d: number): number {
  const magnitude = Math.abs(n);
  let quotient = Math.floor(magnitude / d);
  let remainder = magnitude - quotient * d;
  if (remainder < 0) {
    quotient -= 1;
    remainder += d;
  } else if (remainder >= d) {
    quotient += 1;
    remainder -= d;
  }
  if (2 * remainder >= d) quotient += 1;
  // Never -0.
  return n < 0 && quotient !== 0 ? -quotient : quotient;
}

const MIN_SAFE = -MAX_SAFE;

function toSafeNumber(value: bigint): number {
  if (value > MAX_SAFE || value < MIN_SAFE) {
    throw new RangeError(`Result is beyond a safe integer: ${value}`);
  }
  return Number(value);
}

/**
 * amountMinor × numerator / denominator, rounded half away from zero to the minor unit: e.g. a
 * 7-month share of an annual price, multiplyRatio(99999, 7, 12) = 58333 (58332.75 rounded).
 * Exact for all safe integers: while the product is below 2^52 doubles hold every figure exactly
 * (they are integers), beyond it the work is done in bigint. Throws RangeError on an argument
 * that is not a safe integer, a zero denominator or a result beyond a safe integer.
 */
export function multiplyRatio(amountMinor: number, numerator: number, denominator: number): number {
  if (
    !Number.isSafeInteger(amountMinor) ||
    !Number.isSafeInteger(numerator) ||
    !Number.isSafeInteger(denominator)
  ) {
    throw new RangeError(`Not safe integers: ${amountMinor} × ${numerator} / ${denominator}`);
  }
  if (denominator === 0) throw new RangeError('Division by zero');
  const product = amountMinor * numerator;
  if (Math.abs(product) <= EXACT_IN_DOUBLES && denominator > 0 && denominator <= EXACT_IN_DOUBLES) {
    return roundedQuotient(product, denominator);
  }
  const exact = divideRoundHalfAway(BigInt(amountMinor) * BigInt(numerator), BigInt(denominator));
  return toSafeNumber(exact);
}

/**
 * bp basis points of amountMinor, rounded half away from zero: applyPercent(101, 5000) = 51
 * (50.5 rounded), applyPercent(-101, 5000) = -51. A discount is the negative of this.
 */
export const applyPercent = (amountMinor: number, bp: number): number =>
  multiplyRatio(amountMinor, bp, BP_PER_WHOLE);
