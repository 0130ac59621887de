import { AppError, type AppErrorDetail } from '../../lib/app-error.ts';
export { isUniqueViolation } from '../../lib/db/unique-violation.ts';

/** A 400 about fields, shaped like the schema's own errors so the form shows each in place. */
export function invalidFields(details: readonly AppErrorDetail[]): AppError {
  return new AppError('VALIDATION_FAILED', details.map((d) => d.message).join(' '), { details });
}

export function invalidField(path: string, message: string): AppError {
  return invalidFields([{ path, message }]);
}

/** A 409 about one field: the request was fine, the catalogue's state refuses it. */
export function conflictOn(path: string, message: string): AppError {
  return new AppError('CONFLICT', message, { details: [{ path, message }] });
}

export const skuNotFound = (code: string) => new AppError('NOT_FOUND', `There is no SKU ${code}.`);

export const nodeNotFound = () =>
  new AppError('NOT_FOUND', 'That product line no longer exists. Reload the hierarchy.');
