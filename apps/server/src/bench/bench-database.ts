import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database, type DatabaseHandle } from '@bastion/db/client';
import { quotes } from '@bastion/db/schema/quotes';

/*
 * What the PostgreSQL benchmarks share: a database of their own (BENCH_DATABASE_URL, dropped and
 * made afresh unless BENCH_REUSE=1), the row count (BENCH_QUOTES) and timing a call.
 */

export interface BenchSettings {
  url: URL;
  count: number;
  reuse: boolean;
}

/** The benchmark's settings, its database named `defaultName` unless BENCH_DATABASE_URL says. */
export function benchSettings(defaultName: string): BenchSettings {
  return {
    url: new URL(process.env.BENCH_DATABASE_URL ?? `postgres://root@127.0.0.1:5432/${defaultName}`),
    count: Number(process.env.BENCH_QUOTES ?? 1_000_000),
    reuse: process.env.BENCH_REUSE === '1',
  };
}

/** Drops the benchmark's database and makes it again, empty. */
export async function recreateDatabase(url: URL): Promise<void> {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const name = url.pathname.slice(1);
  await client.query(`drop database if exists "${name}" with (force)`);
  await client.query(`create database "${name}"`);
  await client.end();
}

/** The benchmark's database, migrated: made afresh first unless `reuse`. */
export async function openBenchDatabase({ url, reuse }: BenchSettings): Promise<DatabaseHandle> {
  if (!reuse) await recreateDatabase(url);
  const handle = await openDatabase({ engine: 'postgres', url: url.toString() });
  await handle.migrate();
  return handle;
}

/**
 * Seeds quotes (`what` says what comes with them) while the database holds fewer than `count`:
 * `seed` is told how many it already holds, so a reused database is topped up.
 */
export async function seedQuotesUpTo(
  db: Database,
  count: number,
  what: string,
  seed: (held: number) => Promise<void>,
): Promise<void> {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(quotes);
  if (n >= count) return;
  console.log(`Seeding ${count.toLocaleString('en-US')} ${what}…`);
  const started = performance.now();
  await seed(n);
  console.log(`  seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** The 500 quote owners the seeded quotes point at (owner1@bench.test…). */
export async function seedBenchOwners(db: Database): Promise<void> {
  await db.execute(sql`
    insert into users (email, first_name, last_name)
    select 'owner' || g || '@bench.test', 'Owner', g::text from generate_series(1, 500) g
    on conflict do nothing`);
}

/** Runs `call` `runs` times one after another: p50 and p95 in ms, and the last answer. */
export async function timeRuns<T>(
  runs: number,
  call: (run: number) => Promise<T>,
): Promise<{ p50: number; p95: number; last: T | undefined }> {
  const times: number[] = [];
  let last: T | undefined;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    last = await call(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), last };
}
