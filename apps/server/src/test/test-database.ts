import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '@bastion/db/client';
import { DEMO_PASSWORD, seedDemoData } from '@bastion/db/seed/demo-data';
import { seedReferenceData } from '@bastion/db/seed/reference-data';
import { hashPassword } from '../core/access/passwords.ts';

export const TEST_DATABASE_PREFIX = 'bastion_test_';
/** Set by the global setup: this run's id, part of every database name it creates. */
export const TEST_RUN_ENV = 'BASTION_TEST_RUN';

/** Which engine this test project runs on (vitest.config.ts sets it per project). */
export function testEngine(): 'pglite' | 'postgres' {
  return process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'pglite';
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated, seeded PGlite database (server-pglite; global-setup.ts). */
    pgliteTemplateFile?: string;
    /** A migrated, seeded PostgreSQL database to copy (server-postgres; global-setup.ts). */
    postgresTemplate?: string;
  }
}

/** This run's name for a database: bastion_test_<run>_<what>. */
export function runDatabaseName(what: string): string {
  const run = process.env[TEST_RUN_ENV] ?? `${Math.floor(Date.now() / 1000)}_norun`;
  return `${TEST_DATABASE_PREFIX}${run}_${what}`;
}

/**
 * A new database named for this run (the global setup drops it), empty or a copy of `template`;
 * its URL.
 */
export async function createPostgresDatabase(
  adminUrl: string,
  options: { template?: string } = {},
): Promise<string> {
  const name = runDatabaseName(`${process.pid}_${randomUUID().slice(0, 8)}`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(
      options.template
        ? `create database "${name}" template "${options.template}"`
        : `create database "${name}"`,
    );
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
 * instead of scrolling by (lib/db/read-together.ts runs such reads one after the other).
 */
function failOnOverlappingQueries() {
  process.on('warning', (warning) => {
    if (/already executing a query/.test(warning.message)) {
      throw new Error(`Two queries at once on one connection: ${warning.stack ?? warning.message}`);
    }
  });
}

/** Migrates and seeds a database with the reference and demo data every server test reads. */
export async function migrateAndSeed(handle: DatabaseHandle): Promise<void> {
  await handle.migrate();
  await seedReferenceData(handle.db);
  await seedDemoData(handle.db, await hashPassword(DEMO_PASSWORD));
}

/** The provided template, when this file runs under the server projects' global setup. */
function provided<K extends 'pgliteTemplateFile' | 'postgresTemplate'>(key: K) {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
}

/**
 * A database of the test's own, migrated and seeded as the worker's is, for a test that needs
 * one nobody else writes to (the demo book's, which seeds only an empty one). Close it when done.
 */
export function openOwnTestDatabase(): Promise<DatabaseHandle> {
  return open();
}

async function open(): Promise<DatabaseHandle> {
  if (testEngine() === 'postgres') {
    failOnOverlappingQueries();
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the postgres test project');
    const template = provided('postgresTemplate');
    const handle = await openDatabase({
      engine: 'postgres',
      url: await createPostgresDatabase(adminUrl, template ? { template } : {}),
    });
    if (!template) await migrateAndSeed(handle);
    return handle;
  }
  // The global setup migrated and seeded one database and dumped it: each worker loads a copy.
  const templateFile = provided('pgliteTemplateFile');
  if (templateFile) {
    return openDatabase({
      engine: 'pglite',
      dataDir: null,
      loadDataDir: new Blob([readFileSync(templateFile)]),
    });
  }
  const handle = await openDatabase({ engine: 'pglite', dataDir: null });
  await migrateAndSeed(handle);
  return handle;
}

const KEY = Symbol.for('bastion.test-database');
type Holder = { [KEY]?: Promise<DatabaseHandle> };

/**
 * One migrated and seeded database per test worker, shared by the files it runs: a copy of the
 * run's template (global-setup.ts), so no worker migrates or seeds. Tests make their own users,
 * so they do not disturb each other.
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
