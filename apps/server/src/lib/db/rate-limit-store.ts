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
  count = 1,
): Promise<{ hits: number; ttlMs: number }> {
  const b = rateLimitBuckets;
  const hasEnded = sql`${b.resetsAt} <= now()`;
  const [row] = await db
    .insert(b)
    .values({
      key,
      hits: count,
      resetsAt: sql`now() + ${windowMs}::integer * interval '1 millisecond'`,
    })
    .onConflictDoUpdate({
      target: b.key,
      set: {
        hits: sql`case when ${hasEnded} then 0 else ${b.hits} end + ${count}::integer`,
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
 * A batched key's hits reach the table at least this often while they keep coming, and whenever
 * BATCH_SHARE of its limit has gathered: instances on one database then overshoot a shared limit
 * by at most that share each, in exchange for no write on most requests (issue 20).
 */
const SYNC_EVERY_MS = 1_000;
const BATCH_SHARE = 0.02;

interface BatchedKey {
  /** The window's hits as the table last answered, this instance's included. */
  synced: number;
  /** Hits counted here and not yet written, and those being written. */
  pending: number;
  writing: number;
  /** Pending hits that call for a write at once: BATCH_SHARE of the limit. */
  batchSize: number;
  resetsAt: number;
  syncedAt: number;
  /** The first write of a window, which the hits of that window wait for. */
  opening: Promise<void> | null;
}

/**
 * A store for @fastify/rate-limit in the `rate_limit_buckets` table, so that every instance on one
 * database shares each budget. When the database fails, the store reports the error and the
 * plugin (skipOnError) lets the request through: see decision 016 for why it fails open.
 * Keys that `isBatched` picks (the generous per-caller /api limit) are counted here and written
 * in batches; the others (the sign-in routes' small budgets) are written at every hit.
 */
export function databaseRateLimitStore(
  db: Database,
  log: FastifyBaseLogger,
  isBatched: (key: string) => boolean = () => false,
): FastifyRateLimitStoreCtor {
  const batched = new Map<string, BatchedKey>();
  let nextCleanupAt = 0;
  const cleanUpWhenDue = () => {
    if (Date.now() < nextCleanupAt) return;
    nextCleanupAt = Date.now() + CLEANUP_EVERY_MS;
    for (const [key, state] of batched) {
      if (state.resetsAt <= Date.now() && state.opening === null) batched.delete(key);
    }
    deleteEndedRateLimitBuckets(db).catch((error: unknown) => {
      log.warn({ err: error }, 'rate-limit buckets could not be cleaned up');
    });
  };

  /** Writes the key's pending hits; the table's answer replaces the local count. */
  const write = async (key: string, state: BatchedKey, windowMs: number): Promise<void> => {
    const count = state.pending;
    state.pending = 0;
    state.writing += count;
    try {
      const { hits, ttlMs } = await hitRateLimitBucket(db, key, windowMs, count);
      state.synced = hits;
      state.resetsAt = Date.now() + ttlMs;
    } catch (error) {
      state.pending += count;
      throw error;
    } finally {
      state.writing -= count;
      state.syncedAt = Date.now();
    }
    // Hits that gathered meanwhile follow at once when they are a batch already.
    if (state.pending >= state.batchSize) writeInBackground(key, state, windowMs);
  };
  const writeInBackground = (key: string, state: BatchedKey, windowMs: number) => {
    write(key, state, windowMs).catch((error: unknown) => {
      log.warn({ err: error }, 'rate-limit hits not written: the database did not answer');
    });
  };

  async function hitBatched(key: string, windowMs: number, max: number) {
    const state = batched.get(key);
    if (!state || (state.opening === null && state.resetsAt <= Date.now())) {
      // A new window: its first hit waits for the table, which knows the other instances' hits.
      const opened: BatchedKey = {
        synced: 0,
        pending: 0,
        writing: 0,
        batchSize: Math.max(1, Math.floor(max * BATCH_SHARE)),
        resetsAt: 0,
        syncedAt: 0,
        opening: null,
      };
      batched.set(key, opened);
      opened.pending = 1;
      opened.opening = write(key, opened, windowMs).finally(() => {
        opened.opening = null;
      });
      try {
        await opened.opening;
      } catch (error) {
        batched.delete(key);
        throw error;
      }
      return { current: opened.synced, ttl: Math.max(0, opened.resetsAt - Date.now()) };
    }
    state.pending += 1;
    if (state.opening) await state.opening.catch(() => undefined);
    const current = state.synced + state.writing + state.pending;
    const isDue = state.pending >= state.batchSize || Date.now() - state.syncedAt >= SYNC_EVERY_MS;
    if (isDue && state.writing === 0) writeInBackground(key, state, windowMs);
    return { current, ttl: Math.max(0, state.resetsAt - Date.now()) };
  }

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    /** Keeps one route's counts apart from another's for the same caller. */
    private prefix = '';

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
      max: number,
    ) {
      const hit = isBatched(this.prefix + key)
        ? hitBatched(this.prefix + key, timeWindow, max).then(({ current, ttl }) => ({
            hits: current,
            ttlMs: ttl,
          }))
        : hitRateLimitBucket(db, this.prefix + key, timeWindow);
      hit.then(
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
