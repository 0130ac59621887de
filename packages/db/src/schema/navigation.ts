import { boolean, index, integer, pgTable, text, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.ts';
import { userRef } from './users.ts';

export const menus = pgTable(
  'menus',
  {
    id: integer('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => menus.id, {
      onDelete: 'cascade',
    }),
    tier: integer('tier').notNull(),
    /** Stable key the permission rules use; labels and links may be edited freely. */
    code: text('code').notNull().unique(),
    label: text('label').notNull(),
    link: text('link'),
    isDefault: boolean('is_default').notNull().default(false),
    context: text('context').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('menus_parent_idx').on(t.parentId)],
);

export const appSettings = pgTable('app_settings', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  description: text('description').notNull().default(''),
  updatedAt: updatedAt(),
  /** Who made the last change (issue 19); every change is also in the audit log. */
  updatedBy: userRef('updated_by'),
});
