import { AppError } from '../../lib/app-error.ts';
export { isUniqueViolation } from '../../lib/db/unique-violation.ts';

/** A 400 about one field, shaped like the schema's own errors so the form shows it in place. */
export function invalidField(path: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { details: [{ path, message }] });
}

/** 409: someone saved (or deleted) the record after the admin opened it. */
export function staleRecord(what: string): AppError {
  return new AppError(
    'CONFLICT',
    `Someone changed this ${what} after you opened it. Reload to see their changes, then make yours again.`,
  );
}

export const notFound = (what: string) =>
  new AppError('NOT_FOUND', `There is no such ${what}; someone may have deleted it. Reload.`);

/** "A", "A and B", "A, B and C". */
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The version a change must name; a new record has none. */
export function requireVersion(version: number | undefined, what: string): number {
  if (version === undefined)
    throw invalidField('version', `Send the version of the ${what} you opened.`);
  return version;
}

/** A 400 on `path` unless every id is one of the stored records'. */
export function requireAllStored(
  ids: readonly string[],
  stored: readonly { id: string }[],
  path: string,
  message: string,
): void {
  const known = new Set(stored.map((record) => record.id));
  if (ids.some((id) => !known.has(id))) throw invalidField(path, message);
}
