import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, uuid } from 'drizzle-orm/pg-core';

/**
 * One row naming the state of the reference data that pricing and terms read on every call
 * (catalogue, prices, tiers, partner discounts, rates, margin data, the clause library, lookups).
 * A statement-level trigger on each of those tables gives it a new random version whenever
 * the table changes (migration 20261206_reference_data_version), so a server instance may keep
 * what it read for as long as the version it reads is the same: one query instead of ten per
 * pricing pass, and right across instances. A version is random, never reused: a rolled-back
 * change's version is never seen again, and a database copied from another (a template, a
 * restored backup) holds the same data under the same version.
 */
export const referenceDataVersion = pgTable(
  'reference_data_version',
  {
    singleton: boolean('singleton').primaryKey().default(true),
    version: uuid('version').notNull().defaultRandom(),
  },
  (t) => [check('reference_data_version_one_row', sql`${t.singleton}`)],
);
