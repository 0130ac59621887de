import { lookupNamesOf } from '@bastion/domain/forms/lookups';
import type { Database } from '@bastion/db/client';
import { AppError } from '../../lib/app-error.ts';
import { findFormRecipe, findLookups } from './forms.repository.ts';

/** A recipe with the lookup lists its fields offer, so a screen can draw it in one call. */
export async function getFormDefinition(db: Database, name: string) {
  const row = await findFormRecipe(db, name);
  if (!row) throw new AppError('NOT_FOUND', `There is no form named "${name}".`);
  return {
    name: row.name,
    title: row.title,
    description: row.description,
    version: row.version,
    recipe: row.recipe,
    lookups: await findLookups(db, lookupNamesOf(row.recipe)),
  };
}
