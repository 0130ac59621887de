import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { formRecipes, lookupValues } from '@bastion/db/schema/forms';

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

/* Lookup lists (lookup_values): queries only; the rules live in the use-cases. */

export type LookupValueRow = typeof lookupValues.$inferSelect;

const displayOrder = [
  asc(lookupValues.lookup),
  asc(lookupValues.sortOrder),
  asc(lookupValues.value),
] as const;

/** Every value of every list, active or not, list by list in display order. */
export async function listLookupValues(db: Database): Promise<LookupValueRow[]> {
  return db
    .select()
    .from(lookupValues)
    .orderBy(...displayOrder);
}

/**
 * The values of one list in display order, locked until the transaction ends: edits of the same
 * list wait for each other, so two admins cannot retire its last two active values at once.
 * Read again once locked, so values another edit added meanwhile are seen too.
 */
export async function lockLookupList(db: Database, lookup: string): Promise<LookupValueRow[]> {
  await db
    .select({ value: lookupValues.value })
    .from(lookupValues)
    .where(eq(lookupValues.lookup, lookup))
    .for('update');
  return db
    .select()
    .from(lookupValues)
    .where(eq(lookupValues.lookup, lookup))
    .orderBy(...displayOrder);
}

export async function insertLookupValue(db: Database, row: typeof lookupValues.$inferInsert) {
  await db.insert(lookupValues).values(row);
}

export async function updateLookupValue(
  db: Database,
  key: { lookup: string; value: string },
  changes: Partial<Pick<LookupValueRow, 'label' | 'family' | 'sortOrder' | 'isActive'>>,
) {
  await db
    .update(lookupValues)
    .set(changes)
    .where(and(eq(lookupValues.lookup, key.lookup), eq(lookupValues.value, key.value)));
}

/** Sets the order of a list's values at once: position i gets sort_order i + 1. */
export async function renumberLookupList(db: Database, lookup: string, codes: readonly string[]) {
  if (codes.length === 0) return;
  const cases = sql.join(
    codes.map((code, index) => sql`when ${code} then ${index + 1}::integer`),
    sql` `,
  );
  await db
    .update(lookupValues)
    .set({ sortOrder: sql`case ${lookupValues.value} ${cases} else ${lookupValues.sortOrder} end` })
    .where(eq(lookupValues.lookup, lookup));
}
