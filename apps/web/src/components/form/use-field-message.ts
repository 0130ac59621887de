import { get, useFormState, type FieldError } from 'react-hook-form';

/** A field's message, or the first of a list's items ("group_ids.0" belongs to "group_ids"). */
function messageAt(errors: unknown, path: string): string | undefined {
  const error: FieldError | (FieldError | undefined)[] | undefined = get(errors, path);
  if (!error) return undefined;
  if (Array.isArray(error)) return error.find((item) => item?.message)?.message;
  return typeof error.message === 'string' ? error.message : undefined;
}

/**
 * The message a custom control shows (drawn inside FieldShell): the first of these paths that
 * has one, from zod or from the server ("members", then "user_ids", then "roles").
 */
export function useFieldMessage(...paths: string[]): string | undefined {
  const { errors } = useFormState();
  for (const path of paths) {
    const message = messageAt(errors, path);
    if (message) return message;
  }
  return undefined;
}
