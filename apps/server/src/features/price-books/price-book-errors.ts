import { AppError, type AppErrorDetail } from '../../lib/app-error.ts';
export { isUniqueViolation } from '../../lib/db/unique-violation.ts';

/** A 400 about fields, shaped like the schema's own errors so the form shows each in place. */
export function invalidFields(details: readonly AppErrorDetail[]): AppError {
  return new AppError('VALIDATION_FAILED', details.map((d) => d.message).join(' '), { details });
}

export const invalidField = (path: string, message: string) => invalidFields([{ path, message }]);

/** A 409 about one field: the request was fine, the books' state refuses it. */
export function conflictOn(path: string, message: string): AppError {
  return new AppError('CONFLICT', message, { details: [{ path, message }] });
}

export const bookNotFound = () =>
  new AppError('NOT_FOUND', 'That price book no longer exists: someone may have deleted it.');

export const duplicateNameMessage = (name: string) =>
  `There is already a price book named ${name}: choose another name.`;

export const unknownSkuMessage = (sku: string) => `There is no SKU ${sku}.`;

export const bundleSkuMessage = (sku: string) =>
  `${sku} is a bundle: it has no price of its own. Give its components prices instead.`;

export const unsoldCurrencyMessage = (code: string, known: readonly string[]) =>
  `The catalogue does not sell in ${code} (it has no exchange rate). Prices can be set in ${known.join(', ')}.`;
