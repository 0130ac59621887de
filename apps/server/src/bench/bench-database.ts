import { performance } from 'node:perf_hooks';
import pg from 'pg';

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
