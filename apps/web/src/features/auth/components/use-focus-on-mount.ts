import { useEffect } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/** Puts the cursor in a form's first field when the page opens (the public pages' autoFocus). */
export function useFocusOnMount<T extends FieldValues, U extends FieldValues>(
  form: UseFormReturn<T, unknown, U>,
  name: Path<T>,
  /** False while the page shows something else (a loader) instead of the form. */
  isShown = true,
) {
  const { setFocus } = form;
  useEffect(() => {
    if (isShown) setFocus(name);
  }, [setFocus, name, isShown]);
}
