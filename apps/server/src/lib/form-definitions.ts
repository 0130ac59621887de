import { and, asc, eq, inArray } from 'drizzle-orm';
import { lookupNamesOf } from '@bastion/domain/forms/lookups';
import type { LookupOption, Lookups } from '@bastion/domain/forms/recipe';
import type { Database } from '@bastion/db/client';
import { formRecipes, lookupValues } from '@bastion/db/schema/forms';
import { AppError } from './app-error.ts';

/** The active choices of the named lists, in display order; a list without rows is empty. */
export async function findLookups(db: Database, names: readonly string[]): Promise<Lookups> {
  const lookups: Record<string, LookupOption[]> = Object.fromEntries(names.map((n) => [n, []]));
  if (names.length === 0) return lookups;
  const rows = await db
    .select()
    .from(lookupValues)
    .where(and(inArray(lookupValues.lookup, [...names]), eq(lookupValues.isActive, true)))
    .orderBy(asc(lookupValues.lookup), asc(lookupValues.sortOrder), asc(lookupValues.value));
  for (const row of rows) {
    const option: LookupOption = { value: row.value, label: row.label };
    if (row.family !== null) option.family = row.family;
    lookups[row.lookup]?.push(option);
  }
  return lookups;
}

/**
 * A form recipe with the lookup lists its fields offer, so a screen can draw it in one call and
 * a use-case can re-validate what the screen sent (features share it through here).
 */
export async function loadFormDefinition(db: Database, name: string) {
  const [row] = await db.select().from(formRecipes).where(eq(formRecipes.name, name));
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
