import { isApiError } from './api-client.ts';

/** Field messages of a refused save, by the server's path ("name", "clauses.2.custom_text"…). */
export type FieldErrors = Readonly<Record<string, string>>;

/**
 * The server's message for each field it refused. `collapseIndex` files "group_ids.0" under
 * "group_ids", for pickers that show one message for the whole list.
 */
export function fieldErrorsOf(
  error: unknown,
  options: { collapseIndex?: boolean } = {},
): FieldErrors {
  if (!isApiError(error)) return {};
  const errors: Record<string, string> = {};
  for (const item of error.errors) {
    const path = options.collapseIndex ? item.path.replace(/\.\d+$/, '') : item.path;
    errors[path] ??= item.message;
  }
  return errors;
}

/** One sentence saying why a change was refused; null when there was no refusal. */
export function problemOf(error: unknown): string | null {
  if (!error) return null;
  if (isApiError(error) && error.errors.length > 0) {
    return [...new Set(error.errors.map((item) => item.message))].join(' ');
  }
  return error instanceof Error ? error.message : 'Nothing was saved.';
}

/** The message of a failed call, or null. */
export const messageOf = (error: unknown): string | null =>
  error instanceof Error ? error.message : null;

/** A save that met someone else's change (409): reload to see it. */
export const isStale = (error: unknown) => isApiError(error) && error.status === 409;
