import type { FormValues, JsonValue } from './recipe.ts';

/**
 * Small helpers over form values, shared by the condition evaluator, the rules engine and the
 * validator, so "empty" and "the same value" mean one thing everywhere.
 */

type Value = JsonValue | undefined;

/** Nothing entered: undefined, null, '' or an empty list. */
export function isEmptyValue(value: Value): boolean {
  return value === undefined || value === null || value === '' || isEmptyList(value);
}

const isEmptyList = (value: Value) => Array.isArray(value) && value.length === 0;

export const isJsonObject = (value: Value): value is { [key: string]: JsonValue } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The text a value compares as: undefined and null are '', a list is its items' texts joined
 * with ',' (what String() gives), an object its JSON.
 */
export function textOf(value: Value): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(textOf).join(',');
  if (isJsonObject(value)) return JSON.stringify(value);
  return String(value);
}

/**
 * The value under a field name, or under a dotted path into an object value (`partner.id`). A
 * key that itself contains dots wins over the path, so flat names with dots keep working.
 */
export function readValue(values: FormValues, path: string): Value {
  if (Object.hasOwn(values, path)) return values[path];
  const [head = '', ...rest] = path.split('.');
  if (rest.length === 0 || !Object.hasOwn(values, head)) return undefined;
  let current = values[head];
  for (const key of rest) {
    if (Array.isArray(current)) {
      current = /^\d+$/.test(key) ? current[Number(key)] : undefined;
    } else if (isJsonObject(current) && Object.hasOwn(current, key)) {
      current = current[key];
    } else {
      return undefined;
    }
  }
  return current;
}

/** Structural equality of JSON values; a missing value and undefined are the same. */
export function isSameValue(a: Value, b: Value): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((x, i) => isSameValue(x, b[i]));
  }
  if (isJsonObject(a) && isJsonObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => isSameValue(ownValue(a, key), ownValue(b, key)));
  }
  return false;
}

export function isSameValues(a: FormValues, b: FormValues): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => isSameValue(ownValue(a, key), ownValue(b, key)));
}

/** The value of an own property only: `values.constructor` must not find Object's. */
export function ownValue(values: FormValues, key: string): Value {
  return Object.hasOwn(values, key) ? values[key] : undefined;
}

/**
 * Sets an own property even for names like `__proto__`: field names come from recipes and
 * submissions, and a plain assignment to such a name would change the object's prototype.
 */
export function setValue(values: FormValues, key: string, value: Value): void {
  Object.defineProperty(values, key, {
    value,
    writable: true,
    enumerable: true,
    configurable: true,
  });
}
