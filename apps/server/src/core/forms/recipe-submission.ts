import { createFormState, visibleFieldsOf } from '@bastion/domain/forms/engine';
import type { FormRecipe, FormValues, Lookups } from '@bastion/domain/forms/recipe';
import { validateFields, type ValidationContext } from '@bastion/domain/validation/form-validation';
import { AppError } from '../../lib/app-error.ts';

/**
 * Re-validates a submission against its recipe with the browser's own code: the rules run on the
 * submitted values (so hidden fields are dropped), then every visible field is checked. Answers
 * the payload to store, or throws VALIDATION_FAILED with the field errors keyed by err_key.
 */
export function validateRecipeSubmission(
  recipe: FormRecipe,
  values: FormValues,
  options: { lookups: Lookups; context?: ValidationContext },
): FormValues {
  const state = createFormState(recipe, { values, lookups: options.lookups });
  const result = validateFields(visibleFieldsOf(recipe, state), state.values, options.context);
  const details = Object.entries(result.errors).map(([path, message]) => ({ path, message }));
  if (details.length > 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      details.length === 1
        ? (details[0]?.message ?? 'Check the form.')
        : `${details.length} fields need attention.`,
      { details },
    );
  }
  return result.payload;
}
