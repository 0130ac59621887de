import type { FormValues } from '@bastion/domain/forms/recipe';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { validateRecipeSubmission } from '../../core/forms/recipe-submission.ts';
import { loadFormDefinition } from '../../core/forms/form-definitions.repository.ts';

/**
 * Checks values against a form without storing them: what a screen's own save does first, open to
 * any signed-in user so a form can be tried out (configuration preview) or checked before saving.
 */
export async function validateFormSubmission(
  db: Database,
  caller: AuthContext,
  input: { name: string; values: FormValues },
) {
  const form = await loadFormDefinition(db, input.name);
  const payload = validateRecipeSubmission(form.recipe, input.values, {
    lookups: form.lookups,
    // Who the caller is comes from the session, never from the submitted values.
    context: { is_deal_desk_user: caller.permissions.is_deal_desk_user },
  });
  return { valid: true as const, payload };
}
