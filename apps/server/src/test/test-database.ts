import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '@bastion/db/client';
import { DEMO_PASSWORD, seedDemoData } from '@bastion/db/seed/demo-data';
import { seedReferenceData } from '@bastion/db/seed/reference-data';
import { hashPassword } from '../lib/passwords.ts';

export const TEST_DATABASE_PREFIX = 'bastion_test_';
/** Set by the global setup: this run's id, part of every database name it creates. */
export const TEST_RUN_ENV = 'BASTION_TEST_RUN';

/** Which engine this test project runs on (vitest.config.ts sets it per project). */
export function testEngine(): 'pglite' | 'postgres' {
  return process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'pglite';
}

/** A new, empty database named for this run (the global setup drops it); its URL. */
export async function createPostgresDatabase(adminUrl: string): Promise<string> {
  const run = process.env[TEST_RUN_ENV] ?? `${Math.floor(Date.now() / 1000)}_norun`;
  const name = `${TEST_DATABASE_PREFIX}${run}_${process.pid}_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * pg warns, once per process, when a query is sent on a connection still running another (two
 * reads at once inside one transaction); its next major refuses it. Make the warning fail the run
 * instead of scrolling by (lib/read-together.ts runs such reads one after the other).
 */
function failOnOverlappingQueries() {
  process.on('warning', (warning) => {
    if (/already executing a query/.test(warning.message)) {
      throw new Error(`Two queries at once on one connection: ${warning.stack ?? warning.message}`);
    }
  });
}

async function open(): Promise<DatabaseHandle> {
  let handle: DatabaseHandle;
  if (testEngine() === 'postgres') {
    failOnOverlappingQueries();
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the postgres test project');
    handle = await openDatabase({
      engine: 'postgres',
      url: await createPostgresDatabase(adminUrl),
    });
  } else {
    handle = await openDatabase({ engine: 'pglite', dataDir: null });
  }
  await handle.migrate();
  await seedReferenceData(handle.db);
  await seedDemoData(handle.db, await hashPassword(DEMO_PASSWORD));
  return handle;
}

const KEY = Symbol.for('bastion.test-database');
type Holder = { [KEY]?: Promise<DatabaseHandle> };

/**
 * One migrated and seeded database per test worker, shared by the files it runs: creating a
 * PGlite instance costs seconds. Tests make their own users, so they do not disturb each other.
 */
export function testDatabase(): Promise<DatabaseHandle> {
  const holder = globalThis as Holder;
  holder[KEY] ??= open();
  return holder[KEY];
}

/**
 * Another connection pool to the worker's PostgreSQL database, as a second server instance would
 * open; on PGlite, which one process owns, the same handle. Close it when done.
 */
export async function anotherTestDatabaseHandle(): Promise<DatabaseHandle & { isShared: boolean }> {
  const first = await testDatabase();
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (testEngine() !== 'postgres' || !adminUrl) {
    return { ...first, close: async () => undefined, isShared: true };
  }
  // Both drivers answer with { rows }; the shared query builder types it loosely.
  const result: unknown = await first.db.execute(sql`select current_database() as name`);
  const [row] = (result as { rows: { name: string }[] }).rows;
  const url = new URL(adminUrl);
  url.pathname = `/${row?.name ?? ''}`;
  return { ...(await openDatabase({ engine: 'postgres', url: url.toString() })), isShared: false };
}
