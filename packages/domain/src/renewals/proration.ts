import { formatContractStartDate } from '../quotes/contract-dates.ts';
import { multiplyRatio } from '../pricing/decimal.ts';

/**
 * Proration a buyer can follow (issue 18, docs/decisions/023): a price for a full term, cut to
 * the days a line actually runs, by whole calendar days.
 *
 * - **Days** count both ends: 01-Jan-2027 to 31-Dec-2027 is 365 days, one day is 1.
 * - **A term** is the months a price is for (12 for an annual subscription) that END on the
 *   period's end, because a co-termed line or a true-up ends with the contract: the term is the
 *   contract's year that ends there. A term ending on a month's last day is whole calendar months
 *   (the year ending 31-Dec starts 1-Jan; the month ending 28-Feb is February); otherwise it
 *   starts the day after the same date `months` earlier. Its days are its own calendar days, so a
 *   year holding 29 February has 366.
 * - **A period longer than one term** (a multi-year co-term) is cut from its end into whole terms,
 *   each at the full price, and the first, partial one, prorated by the days of its own term.
 * - **Rounding:** each prorated amount is full price × days used ÷ days in term, worked out
 *   exactly and rounded once, half away from zero, to the cent (docs/pricing.md). The factor is
 *   shown to six decimals for reading; the amount comes from the days, not from the rounded
 *   factor.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** An ISO calendar date as a day number (days since 1970-01-01), or null if not a real date. */
export function dayNumber(iso: string): number | null {
  const match = ISO_DATE.exec(iso);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  )
    return null;
  return time / DAY_MS;
}

const isoOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The ISO date `days` after `iso` (before, when negative). */
export function addDays(iso: string, days: number): string {
  const day = dayNumber(iso);
  if (day === null) throw new RangeError(`Not a calendar date: ${iso}`);
  return isoOfDay(day + days);
}

/**
 * The same day `months` later, clamped to the end of a shorter month: 31-Jan-2027 + 1 month is
 * 28-Feb-2027, 29-Feb-2028 + 12 months is 28-Feb-2029.
 */
export function addMonths(iso: string, months: number): string {
  const match = ISO_DATE.exec(iso);
  if (!match || dayNumber(iso) === null) throw new RangeError(`Not a calendar date: ${iso}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const target = year * 12 + (month - 1) + months;
  const [toYear, toMonth] = [Math.floor(target / 12), (target % 12) + 1];
  const lastDay = new Date(Date.UTC(toYear, toMonth, 0)).getUTCDate();
  return isoOfDay(Date.UTC(toYear, toMonth - 1, Math.min(day, lastDay)) / DAY_MS);
}

/** Days from `start` to `end`, both counted: the same day is 1. */
export function daysInclusive(start: string, end: string): number {
  const [from, to] = [dayNumber(start), dayNumber(end)];
  if (from === null || to === null) throw new RangeError(`Not calendar dates: ${start}, ${end}`);
  return to - from + 1;
}

/** The first day of the term of `months` that ends on `end` (see above). */
export function termStart(end: string, months: number): string {
  const match = ISO_DATE.exec(end);
  if (!match || dayNumber(end) === null) throw new RangeError(`Not a calendar date: ${end}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const isMonthEnd = day === new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (!isMonthEnd) return addDays(addMonths(end, -months), 1);
  const first = year * 12 + (month - 1) - (months - 1);
  return isoOfDay(Date.UTC(Math.floor(first / 12), first % 12, 1) / DAY_MS);
}

/** One stretch of a prorated line, with everything a buyer needs to recompute it. */
export interface ProratedSegment {
  start: string;
  end: string;
  /** The price for the whole term this stretch falls in. */
  full_term_minor: number;
  days_used: number;
  days_in_term: number;
  /** days_used / days_in_term to six decimals, for reading. */
  factor: string;
  amount_minor: number;
}

export interface Proration {
  segments: ProratedSegment[];
  amount_minor: number;
}

export type ProrationInput = {
  /** The price of one full term (e.g. a year of the subscription for the quantity). */
  fullTermMinor: number;
  /** The months the price is for: 12 for an annual price. */
  termMonths: number;
  /** The period the line runs, ISO dates, both days included. */
  start: string;
  end: string;
};

export type ProrationProblem =
  | 'Enter the start date as a real calendar date.'
  | 'Enter the end date as a real calendar date.'
  | 'The end date is before the start date.'
  | 'The price must be a whole number of cents.'
  | 'The term must be a whole number of months from 1 to 60.';

/** Why these dates and price cannot be prorated, or null. */
export function prorationProblem(input: ProrationInput): ProrationProblem | null {
  if (dayNumber(input.start) === null) return 'Enter the start date as a real calendar date.';
  if (dayNumber(input.end) === null) return 'Enter the end date as a real calendar date.';
  if (daysInclusive(input.start, input.end) < 1) return 'The end date is before the start date.';
  if (!Number.isSafeInteger(input.fullTermMinor))
    return 'The price must be a whole number of cents.';
  if (!Number.isInteger(input.termMonths) || input.termMonths < 1 || input.termMonths > 60)
    return 'The term must be a whole number of months from 1 to 60.';
  return null;
}

/** days / term to six decimals, half away from zero: 1/3 → '0.333333', 366/366 → '1.000000'. */
export function factorText(days: number, term: number): string {
  const micro = multiplyRatio(1_000_000, days, term);
  return `${Math.trunc(micro / 1_000_000)}.${String(micro % 1_000_000).padStart(6, '0')}`;
}

/**
 * The price of the period: whole terms at the full price back from its end, and the rest
 * prorated by its days within its own term. Throws RangeError for input prorationProblem refuses.
 */
export function prorate(input: ProrationInput): Proration {
  const problem = prorationProblem(input);
  if (problem) throw new RangeError(problem);
  const segments: ProratedSegment[] = [];
  let end = input.end;
  while (daysInclusive(input.start, end) > 0) {
    const fullStart = termStart(end, input.termMonths);
    const daysInTerm = daysInclusive(fullStart, end);
    const start = daysInclusive(fullStart, input.start) > 1 ? input.start : fullStart;
    const daysUsed = daysInclusive(start, end);
    segments.unshift({
      start,
      end,
      full_term_minor: input.fullTermMinor,
      days_used: daysUsed,
      days_in_term: daysInTerm,
      factor: factorText(daysUsed, daysInTerm),
      amount_minor: multiplyRatio(input.fullTermMinor, daysUsed, daysInTerm),
    });
    end = addDays(start, -1);
  }
  return {
    segments,
    amount_minor: segments.reduce((total, segment) => total + segment.amount_minor, 0),
  };
}

/**
 * One line of the explanation a configure page, summary or document prints under a prorated
 * line: '$1,200.00 × 92 / 365 days (0.252055), 01-Oct-2027 to 31-Dec-2027 = $302.47'.
 */
export function explainSegment(segment: ProratedSegment, money: (minor: number) => string): string {
  const period = `${formatContractStartDate(segment.start) ?? segment.start} to ${formatContractStartDate(segment.end) ?? segment.end}`;
  return `${money(segment.full_term_minor)} × ${segment.days_used} / ${segment.days_in_term} days (${segment.factor}), ${period} = ${money(segment.amount_minor)}`;
}

/**
 * A true-up (deal type TU): usage measured above the entitled quantity, quoted from the
 * measurement date to the contract's end at the annual unit price.
 */
export function trueUpOverage(input: {
  entitled: number;
  measured: number;
  unitAnnualMinor: number;
  measuredOn: string;
  contractEnd: string;
}): { overage: number; proration: Proration | null } {
  if (!Number.isSafeInteger(input.measured) || input.measured < 0) {
    throw new RangeError('The measured usage must be a whole number of 0 or more.');
  }
  const overage = Math.max(0, input.measured - input.entitled);
  if (overage === 0) return { overage, proration: null };
  return {
    overage,
    proration: prorate({
      fullTermMinor: input.unitAnnualMinor * overage,
      termMonths: 12,
      start: input.measuredOn,
      end: input.contractEnd,
    }),
  };
}
