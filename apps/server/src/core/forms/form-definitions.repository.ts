import { and, asc, eq, inArray } from 'drizzle-orm';
import { lookupNamesOf } from '@bastion/domain/forms/lookups';
import type { LookupOption, Lookups } from '@bastion/domain/forms/recipe';
import type { Database } from '@bastion/db/client';
import { formRecipes, lookupValues } from '@bastion/db/schema/forms';
import { AppError } from '../../lib/app-error.ts';
import { referenceReader } from '../../lib/db/reference-data.ts';

/** The active choices of the named lists, in display order; a list without rows is empty. */
export async function findLookups(db: Database, names: readonly string[]): Promise<Lookups> {
  if (names.length === 0) return {};
  // Lists change rarely and are read by every form: kept per list by the reference cache.
  const reference = await referenceReader(db);
  const lists = await reference.getMany('lookup', names, async (missing) => {
    const found = new Map<string, LookupOption[]>(missing.map((n) => [n, []]));
    const rows = await db
      .select()
      .from(lookupValues)
      .where(and(inArray(lookupValues.lookup, missing), eq(lookupValues.isActive, true)))
      .orderBy(asc(lookupValues.lookup), asc(lookupValues.sortOrder), asc(lookupValues.value));
    for (const row of rows) {
      const option: LookupOption = { value: row.value, label: row.label };
      if (row.family !== null) option.family = row.family;
      found.get(row.lookup)?.push(option);
    }
    return found;
  });
  // Copies: the kept lists are shared by every caller.
  return Object.fromEntries(
    names.map((n) => [n, (lists.get(n) ?? []).map((option) => ({ ...option }))]),
  );
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
