/** Small checks of untyped input values, shared by the readers of a pricing input. */
import { isValidCalendarDate } from '../format/date-time.ts';
import { parsePercentBp } from './decimal.ts';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDate(value: unknown): value is string {
  const match = typeof value === 'string' ? ISO_DATE.exec(value) : null;
  if (!match) return false;
  const [, year, month, day] = match;
  return isValidCalendarDate(Number(year), Number(month), Number(day));
}

export const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  (values as readonly unknown[]).includes(value);

export const isWholeNumber = (value: unknown, max = Number.MAX_SAFE_INTEGER): value is number =>
  Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= max;

/** A percentage within [minBp, maxBp], or null. */
export function percentWithin(text: unknown, minBp: number, maxBp: number): number | null {
  const parsed = parsePercentBp(text);
  return parsed.ok && parsed.value >= minBp && parsed.value <= maxBp ? parsed.value : null;
}
