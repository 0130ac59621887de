import { isApiError } from '../../../lib/api-client.ts';

/** The server's messages for a refused change, by field path ("percents.3", "sku"…). */
export function fieldProblemsOf(error: unknown): Readonly<Record<string, string>> {
  if (!isApiError(error)) return {};
  const problems: Record<string, string> = {};
  for (const item of error.errors) problems[item.path] ??= item.message;
  return problems;
}

/** One sentence saying why a change was refused; null when there was no refusal. */
export function problemOf(error: unknown): string | null {
  if (!error) return null;
  if (isApiError(error) && error.errors.length > 0) {
    return [...new Set(error.errors.map((item) => item.message))].join(' ');
  }
  return error instanceof Error ? error.message : 'Nothing was saved.';
}
