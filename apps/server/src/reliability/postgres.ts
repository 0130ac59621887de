import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '@bastion/db/client';

/*
 * PostgreSQL helpers of the reliability tests: a gate that makes races certain, and the URLs of
 * the databases the tests use.
 */

/**
 * A gate for PostgreSQL races. PGlite runs one query at a time, and on PostgreSQL a storm of
 * short transactions may well run one after the other by chance. The gate makes the overlap
 * certain: it holds a row lock from a connection of its own while the storm starts, waits until
 * several of the server's transactions are blocked on it at the same moment, then lets them all
 * go together.
 */
export interface RowGate {
  /** Resolves once `count` backends of the database wait on a lock; fails after the timeout. */
  waitForWaiters(count: number, timeoutMs?: number): Promise<number>;
  release(): Promise<void>;
}

/** The tables a gate can hold a row of (a fixed list: the name goes into the SQL). */
export type GatedTable = 'quotes' | 'crm_opportunities';

export async function holdRow(
  databaseUrl: string,
  table: GatedTable,
  id: string,
): Promise<RowGate> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('begin');
  const held = await client.query(`select 1 from ${table} where id = $1 for update`, [id]);
  if (held.rowCount !== 1) {
    await client.end();
    throw new Error(`no ${table} row ${id} to hold`);
  }
  let released = false;
  return {
    async waitForWaiters(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      let seen = 0;
      while (Date.now() < deadline) {
        // Activity statistics are a snapshot per transaction, and the gate is in one.
        await client.query('select pg_stat_clear_snapshot()');
        const { rows } = await client.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
            where datname = current_database() and state = 'active'
              and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
        );
        seen = rows[0]?.n ?? 0;
        if (seen >= count) return seen;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`only ${seen} transactions ever waited on the gate, not ${count}`);
    },
    async release() {
      if (released) return;
      released = true;
      try {
        await client.query('commit');
      } finally {
        await client.end();
      }
    },
  };
}

/** The URL of the database `db` is connected to, built from the test server's URL. */
export async function urlOfTestDatabase(db: Database, adminUrl: string): Promise<string> {
  // Both drivers answer with { rows }; the shared query builder types it loosely.
  const result: unknown = await db.execute(sql`select current_database() as name`);
  const name = (result as { rows: { name: string }[] }).rows[0]?.name;
  if (!name) throw new Error('current_database() answered nothing');
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a database this run created (the global teardown would, later). */
export async function dropDatabase(adminUrl: string, databaseUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const name = new URL(databaseUrl).pathname.slice(1);
    await admin.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end();
  }
}
