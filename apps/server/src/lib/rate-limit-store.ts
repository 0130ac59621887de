import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import { lte, sql } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { rateLimitBuckets } from '@bastion/db/schema/rate-limits';

/**
 * Counts one hit against `key` and says how many the current window holds and how long it has
 * left. One statement, so concurrent hits from several instances never lose a count; the
 * database's clock decides when a window ends, so instances need not agree on the time.
 */
export async function hitRateLimitBucket(
  db: Database,
  key: string,
  windowMs: number,
): Promise<{ hits: number; ttlMs: number }> {
  const b = rateLimitBuckets;
  const hasEnded = sql`${b.resetsAt} <= now()`;
  const [row] = await db
    .insert(b)
    .values({
      key,
      hits: 1,
      resetsAt: sql`now() + ${windowMs}::integer * interval '1 millisecond'`,
    })
    .onConflictDoUpdate({
      target: b.key,
      set: {
        hits: sql`case when ${hasEnded} then 1 else ${b.hits} + 1 end`,
        resetsAt: sql`case when ${hasEnded} then excluded.resets_at else ${b.resetsAt} end`,
      },
    })
    .returning({
      hits: b.hits,
      ttlMs:
        sql<number>`greatest(0, ceil(extract(epoch from ${b.resetsAt} - now()) * 1000))`.mapWith(
          Number,
        ),
    });
  if (!row) throw new Error('rate-limit upsert returned nothing');
  return row;
}

/** Rows whose window has ended count for nothing: the next hit would start afresh anyway. */
export async function deleteEndedRateLimitBuckets(db: Database): Promise<void> {
  await db.delete(rateLimitBuckets).where(lte(rateLimitBuckets.resetsAt, sql`now()`));
}

const CLEANUP_EVERY_MS = 60_000;

/**
 * A store for @fastify/rate-limit in the `rate_limit_buckets` table, so that every instance on one
 * database shares each budget. When the database fails, the store reports the error and the
 * plugin (skipOnError) lets the request through: see decision 016 for why it fails open.
 */
export function databaseRateLimitStore(
  db: Database,
  log: FastifyBaseLogger,
): FastifyRateLimitStoreCtor {
  let nextCleanupAt = 0;
  const cleanUpWhenDue = () => {
    if (Date.now() < nextCleanupAt) return;
    nextCleanupAt = Date.now() + CLEANUP_EVERY_MS;
    deleteEndedRateLimitBuckets(db).catch((error: unknown) => {
      log.warn({ err: error }, 'rate-limit buckets could not be cleaned up');
    });
  };

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    /** Keeps one route's counts apart from another's for the same caller. */
    private prefix = '';

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      hitRateLimitBucket(db, this.prefix + key, timeWindow).then(
        ({ hits, ttlMs }) => {
          callback(null, { current: hits, ttl: ttlMs });
          cleanUpWhenDue();
        },
        (error: unknown) => {
          log.warn({ err: error }, 'rate limit not checked: the database did not answer');
          callback(error instanceof Error ? error : new Error(String(error)));
        },
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      // The plugin passes the route's merged limit options, the route itself under routeInfo
      // (its typings say otherwise); createRateLimit passes no route.
      const route = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      const child = new DatabaseRateLimitStore();
      child.prefix = route?.url ? `${route.method ?? ''} ${route.url}|` : '';
      return child;
    }
  }
  return DatabaseRateLimitStore;
}
