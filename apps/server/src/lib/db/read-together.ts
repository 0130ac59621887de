import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database } from '@bastion/db/client';

type Query = () => PromiseLike<unknown>;

/**
 * Runs independent reads together on the pool (each on its own connection), and one after the
 * other inside a transaction: its one connection takes one query at a time, and pg deprecates
 * (and its next major refuses) a query sent while another is running.
 */
export async function readTogether<const T extends readonly Query[]>(
  db: Database,
  queries: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  type Results = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
  if (!(db instanceof PgTransaction)) {
    return (await Promise.all(queries.map((query) => query()))) as Results;
  }
  const results: unknown[] = [];
  for (const query of queries) results.push(await query());
  return results as Results;
}
