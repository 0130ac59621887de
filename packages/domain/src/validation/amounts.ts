import { parsePercentBp, parseScaledDecimal } from '../pricing/decimal.ts';

/**
 * Percentages and US-dollar amounts typed by administrators (margin data, prices): the same
 * checks and words in the browser, as the user types, and on the server.
 */

/** The highest unit cost accepted: far above any appliance, far below unsafe integers. */
export const MAX_UNIT_COST_MINOR = 1_000_000_000;

/**
 * A percentage from 0 to `maxPercent` with at most 2 decimals; null when it is fine. Most
 * percentages stop at 100; a cost that rises over a contract (duration depreciation) may not.
 */
export function percentProblem(text: string, label: string, maxPercent = 100): string | null {
  if (text.trim() === '') return `${label} is required: enter a percentage such as 12.5.`;
  const parsed = parsePercentBp(text);
  if (!parsed.ok) {
    return parsed.problem === 'DECIMALS'
      ? `${label} can have at most 2 decimals.`
      : `${label} must be a number such as 12.5 (no % sign or commas).`;
  }
  if (parsed.value < 0 || parsed.value > maxPercent * 100) {
    return `${label} must be between 0 and ${maxPercent} %.`;
  }
  return null;
}

/** US dollars with at most 2 decimals, 0 to 10,000,000.00; null when it is fine. */
export function usdProblem(text: string, label: string): string | null {
  if (text.trim() === '') return `${label} is required: enter US dollars such as 1234.50.`;
  const parsed = parseScaledDecimal(text, 2);
  if (!parsed.ok) {
    return parsed.problem === 'DECIMALS'
      ? `${label} can have at most 2 decimals (cents).`
      : `${label} must be an amount in US dollars such as 1234.50 (digits and one decimal point, no $ or commas).`;
  }
  if (parsed.value < 0) return `${label} cannot be negative.`;
  if (parsed.value > MAX_UNIT_COST_MINOR) return `${label} can be at most 10,000,000.00 USD.`;
  return null;
}

/** The same percentage written two ways ("7.5", "7.50") is the same value. */
export function isSamePercent(a: string, b: string): boolean {
  const left = parsePercentBp(a);
  const right = parsePercentBp(b);
  return left.ok && right.ok ? left.value === right.value : a.trim() === b.trim();
}

/** Basis points as two-decimal text (numeric(5,2)): 1250 → "12.50". */
export function percentText(bp: number): string {
  return `${Math.trunc(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;
}

/** Support cases one unit raises in a year (mc-support-cases): at most this many, 3 decimals. */
export const MAX_CASES_PER_UNIT_YEAR = 1000;
export const CASES_DECIMALS = 3;

/** Cases per unit-year, 0 to 1,000 with at most 3 decimals ("0.25"); null when it is fine. */
export function casesPerYearProblem(text: string, label: string): string | null {
  if (text.trim() === '') return `${label} is required: enter a number of cases such as 0.25.`;
  const parsed = parseScaledDecimal(text, CASES_DECIMALS);
  if (!parsed.ok) {
    return parsed.problem === 'DECIMALS'
      ? `${label} can have at most ${CASES_DECIMALS} decimals.`
      : `${label} must be a number such as 0.25 (digits and one decimal point, no commas).`;
  }
  if (parsed.value < 0 || parsed.value > MAX_CASES_PER_UNIT_YEAR * 10 ** CASES_DECIMALS) {
    return `${label} must be between 0 and ${MAX_CASES_PER_UNIT_YEAR.toLocaleString('en-US')}.`;
  }
  return null;
}

/** Thousandths of a case as three-decimal text (numeric(7,3)): 250 → "0.250". */
export function casesText(thousandths: number): string {
  return `${Math.trunc(thousandths / 1000)}.${String(thousandths % 1000).padStart(3, '0')}`;
}
