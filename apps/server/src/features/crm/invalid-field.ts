import { AppError, type AppErrorDetail } from '../../lib/app-error.ts';

/** A 400 about fields, shaped like the schema's own errors so the form shows each in place. */
export function invalidFields(details: readonly AppErrorDetail[]): AppError {
  return new AppError('VALIDATION_FAILED', details.map((d) => d.message).join(' '), { details });
}

export function invalidField(path: string, message: string): AppError {
  return invalidFields([{ path, message }]);
}
