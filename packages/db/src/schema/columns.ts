import { sql } from 'drizzle-orm';
import {
  check,
  date,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
  type UpdateDeleteAction,
} from 'drizzle-orm/pg-core';

/**
 * Column groups the tables share. Each helper returns new builders, so every table gets columns
 * of its own; the SQL is what the same columns written out would give (`npm run db:check`).
 * The columns that name a user are in users.ts, beside the table they point at.
 */

/** An instant: every timestamp the schema stores carries its time zone. */
export const timestamptz = <N extends string>(name: N) => timestamp(name, { withTimezone: true });

/** When the row was written. */
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/** When the row last changed. */
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();

/** A random uuid primary key, `id`. */
export const uuidId = () => uuid('id').primaryKey().defaultRandom();

/** A uuid that must name a row of another table. */
export const uuidRef = <N extends string>(
  name: N,
  target: () => AnyPgColumn,
  onDelete?: UpdateDeleteAction,
) => uuid(name).notNull().references(target, { onDelete });

/** A text key that must name a row of another table. */
export const textRef = <N extends string>(
  name: N,
  target: () => AnyPgColumn,
  onDelete?: UpdateDeleteAction,
) => text(name).notNull().references(target, { onDelete });

/** The days a row is in effect, [from, to): `to` null is open-ended. */
export const effectivePeriod = () => ({
  effectiveFrom: date('effective_from').notNull(),
  effectiveTo: date('effective_to'),
});

/** The check that an effective period, when it ends, ends after it starts. */
export const effectivePeriodCheck = (
  name: string,
  t: { effectiveFrom: AnyPgColumn; effectiveTo: AnyPgColumn },
) => check(name, sql`${t.effectiveTo} is null or ${t.effectiveTo} > ${t.effectiveFrom}`);
