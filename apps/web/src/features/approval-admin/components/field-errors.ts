import { isApiError } from '../../../lib/api-client.ts';

/** Field messages of a refused save, by the server's path ("name", "predicate"…). */
export type FieldErrors = Readonly<Record<string, string>>;

export function fieldErrorsOf(error: unknown): FieldErrors {
  if (!isApiError(error)) return {};
  const errors: Record<string, string> = {};
  for (const item of error.errors) {
    // "group_ids.0" belongs to the group picker.
    const path = item.path.replace(/\.\d+$/, '');
    errors[path] ??= item.message;
  }
  return errors;
}

/** A save that met someone else's change (409): reload to see it. */
export const isStale = (error: unknown) => isApiError(error) && error.status === 409;

/** The message of a failed call, or null. */
export const messageOf = (error: unknown): string | null =>
  error instanceof Error ? error.message : null;
