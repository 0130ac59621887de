import { asc } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { formRecipes } from '@bastion/db/schema/forms';

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
