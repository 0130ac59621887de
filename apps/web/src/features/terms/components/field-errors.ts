import { isApiError } from '../../../lib/api-client.ts';

/** Field messages of a refused save, by the server's path ("title", "clauses.2.custom_text"…). */
export type FieldErrors = Readonly<Record<string, string>>;

export function fieldErrorsOf(error: unknown): FieldErrors {
  if (!isApiError(error)) return {};
  const errors: Record<string, string> = {};
  for (const item of error.errors) errors[item.path] ??= item.message;
  return errors;
}

export const isStale = (error: unknown) => isApiError(error) && error.status === 409;
