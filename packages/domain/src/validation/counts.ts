/**
 * Quantities and device counts are whole numbers, 0 or more. A form component converts what
 * people type into numbers; the validators never guess, so text ('5'), NaN, fractions and
 * negative numbers are all reported as invalid rather than silently coerced.
 * Below: the few helpers the validators share to read untrusted JSON and collect errors.
 */

/**
 * Above any real order, and low enough that summing every line of a quote stays an exact
 * integer (Number.MAX_SAFE_INTEGER / MAX_COUNT is about nine million lines).
 */
export const MAX_COUNT = 1_000_000_000;

/** A count as a form or the quote may hold it: null, undefined or '' mean "not entered". */
export type CountInput = number | string | null | undefined;

/** A valid count, or why there is none. */
export type CountReading = number | 'empty' | 'invalid';

export function readCount(value: unknown): CountReading {
  if (value === undefined || value === null) return 'empty';
  if (typeof value === 'string' && value.trim() === '') return 'empty';
  if (typeof value !== 'number' || !Number.isInteger(value)) return 'invalid';
  if (value < 0 || value > MAX_COUNT) return 'invalid';
  // -0 is an integer ≥ 0; keep it out of sums and messages.
  return value === 0 ? 0 : value;
}

/** The count, with "not entered" as 0; 'invalid' stays 'invalid'. */
export function countOrZero(value: unknown): number | 'invalid' {
  const count = readCount(value);
  return count === 'empty' ? 0 : count;
}

/** Reads a property of something that should be an object but, coming from JSON, may not be. */
export function propertyOf(source: unknown, key: string): unknown {
  if (typeof source !== 'object' || source === null || Array.isArray(source)) return undefined;
  return Object.hasOwn(source, key) ? (source as Record<string, unknown>)[key] : undefined;
}

/** Nothing entered: null, undefined, or text of only spaces. */
export function isBlankText(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  return typeof value === 'string' && value.trim() === '';
}

/**
 * Sets an own property even for a key like `__proto__` (keys come from recipes and quote data;
 * a plain assignment to that name would replace the object's prototype).
 */
export function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(target, key, {
    value,
    writable: true,
    enumerable: true,
    configurable: true,
  });
}

/** Adds an error unless the key already has one: the first problem found is the one shown. */
export function addError(errors: Record<string, string>, key: string, message: string): void {
  if (!Object.hasOwn(errors, key)) setOwn(errors, key, message);
}
