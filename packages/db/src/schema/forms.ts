import type { FormRecipe } from '@bastion/domain/forms/recipe';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.ts';
import { userRef } from './users.ts';

/** Dynamic form recipes (spec §3): forms are data, so they change without a release. */
export const formRecipes = pgTable('form_recipes', {
  /** Stable key the screens ask for, e.g. quote_details. */
  name: text('name').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  recipe: jsonb('recipe').$type<FormRecipe>().notNull(),
  /** Raised at every edit, so a screen can tell its copy is stale. */
  version: integer('version').notNull().default(1),
  updatedAt: updatedAt(),
  updatedBy: userRef('updated_by'),
});

/** The choices of named lookup lists (selects, checkbox groups), grouped by family. */
export const lookupValues = pgTable(
  'lookup_values',
  {
    lookup: text('lookup').notNull(),
    value: text('value').notNull(),
    label: text('label').notNull(),
    family: text('family'),
    sortOrder: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.lookup, t.value] }),
    index('lookup_values_family_idx').on(t.lookup, t.family),
  ],
);
