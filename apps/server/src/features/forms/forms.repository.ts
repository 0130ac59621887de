import { and, asc, eq, inArray } from 'drizzle-orm';
import type { LookupOption, Lookups } from '@bastion/domain/forms/recipe';
import type { Database } from '@bastion/db/client';
import { formRecipes, lookupValues } from '@bastion/db/schema/forms';

export type FormRecipeRow = typeof formRecipes.$inferSelect;

export async function findFormRecipe(db: Database, name: string): Promise<FormRecipeRow | null> {
  const [row] = await db.select().from(formRecipes).where(eq(formRecipes.name, name));
  return row ?? null;
}

export async function listFormRecipes(db: Database) {
  return db
    .select({
      name: formRecipes.name,
      title: formRecipes.title,
      description: formRecipes.description,
      version: formRecipes.version,
      updatedAt: formRecipes.updatedAt,
    })
    .from(formRecipes)
    .orderBy(asc(formRecipes.title));
}

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
