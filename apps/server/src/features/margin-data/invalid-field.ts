import { AppError } from '../../lib/app-error.ts';

/** A 400 about one field, shaped like the schema's own errors so the page shows it in place. */
export function invalidField(path: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { details: [{ path, message }] });
}
