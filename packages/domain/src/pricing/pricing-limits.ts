/** The bounds a pricing input is checked against (docs/pricing.md, "Bad input"). */
import { MAX_CONTRACT_YEARS } from '../validation/contract-years.ts';
import { BP_PER_PERCENT, BP_PER_WHOLE, MICRO_PER_UNIT } from './decimal.ts';
import type { PricedQuoteType } from './model.ts';

export const MONTHS_PER_YEAR = 12;
export const MAX_CONTRACT_MONTHS = MAX_CONTRACT_YEARS * MONTHS_PER_YEAR;
export const MIN_CONTRACT_MONTHS = { STANDARD: 1, ELA: 12 } as const satisfies Record<
  PricedQuoteType,
  number
>;
/** As for shipping counts: a quantity this size keeps every sum exact. */
export const MAX_QUANTITY = 1_000_000_000;
/** The price adjustment setting may move list prices by at most this much either way. */
export const MAX_PRICE_ADJUSTMENT_BP = 50 * BP_PER_PERCENT;
export const MAX_DISCOUNT_BP = 100 * BP_PER_PERCENT;
/** A cost year factor may raise the cost as well as depreciate it, up to ten-fold. */
export const MAX_COST_FACTOR_BP = 1000 * BP_PER_PERCENT;
export const DEFAULT_COST_FACTOR_BP = 100 * BP_PER_PERCENT;
/**
 * The highest unit list price a quoter may type (issue 19): 1,000,000,000.00 a unit, far above
 * any product, so that a slip of the keyboard is caught before it prices a line.
 */
export const MAX_ADJUSTED_UNIT_LIST_MINOR = 100_000_000_000;
/** A renewal may raise a contract's price by up to 100 % or cut it to nothing. */
export const MAX_UPLIFT_BP = 100 * BP_PER_PERCENT;
/** A prorated period may run up to five years, each with a 29 February. */
export const MAX_PERIOD_DAYS = MAX_CONTRACT_YEARS * 366;
/** Months in a year × basis points in 100 % × micro-units in a rate. */
export const COST_SCALE = BigInt(MONTHS_PER_YEAR * BP_PER_WHOLE * MICRO_PER_UNIT);

/**
 * Months in each 12-month slice of the contract: 42 → [12, 12, 12, 6]. ELA prices each slice as a
 * year; STANDARD prices the whole at once but still weighs cost factors by slice.
 */
export function contractYearMonths(contractLength: number): number[] {
  const years = Math.ceil(contractLength / MONTHS_PER_YEAR);
  return Array.from({ length: years }, (_, index) =>
    Math.min(MONTHS_PER_YEAR, contractLength - MONTHS_PER_YEAR * index),
  );
}
