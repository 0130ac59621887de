import { pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * Seeds played once per database, each claimed by the server instance that plays it: two
 * instances started together on one empty PostgreSQL would otherwise both play the demo book
 * (issue 33). The row stays, so a later start does not play it again.
 */
export const seedClaims = pgTable('seed_claims', {
  name: text('name').primaryKey(),
  claimedAt: timestamptz('claimed_at').notNull(),
});
