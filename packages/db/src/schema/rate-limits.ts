import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * Request counters of @fastify/rate-limit, one row per key (route and caller) and fixed window,
 * kept in the database so that every server instance draws on the same budget.
 */
export const rateLimitBuckets = pgTable(
  'rate_limit_buckets',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    /** End of the current window; the next hit after it starts a new one. */
    resetsAt: timestamptz('resets_at').notNull(),
  },
  (t) => [index('rate_limit_buckets_resets_idx').on(t.resetsAt)],
);
