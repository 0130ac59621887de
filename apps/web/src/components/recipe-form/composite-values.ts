import type { JsonValue } from '@bastion/domain/forms/recipe';

/** A composite field's value: an object, or nothing yet. */
export function asRecord(value: JsonValue | undefined): Record<string, JsonValue> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};
}

export function asArray(value: JsonValue | undefined): JsonValue[] {
  return Array.isArray(value) ? value : [];
}

export function textOf(value: JsonValue | undefined): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** Counts are whole numbers; what is not one stays as typed so the validator can say so. */
export function parseCount(text: string): JsonValue | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : trimmed;
}

/** The errors under `prefix.` with the prefix taken off. */
export function errorsUnder(
  errors: Readonly<Record<string, string>>,
  prefix: string,
): Record<string, string> {
  const start = `${prefix}.`;
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([key]) => key.startsWith(start))
      .map(([key, message]) => [key.slice(start.length), message]),
  );
}
