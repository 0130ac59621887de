import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '@bastion/db/client';
import {
  migrateAndSeed,
  runDatabaseName,
  TEST_DATABASE_PREFIX,
  TEST_RUN_ENV,
} from './test-database.ts';

/** Databases of runs that died without tearing down are dropped once they are this old. */
const STALE_AFTER_SECONDS = 24 * 3600;

async function withAdmin(work: (admin: pg.Client) => Promise<void>) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await work(admin);
  } finally {
    await admin.end();
  }
}

async function dropDatabases(admin: pg.Client, shouldDrop: (name: string) => boolean) {
  const { rows } = await admin.query<{ datname: string }>(
    'select datname from pg_database where datname like $1',
    [`${TEST_DATABASE_PREFIX}%`],
  );
  for (const { datname } of rows) {
    if (shouldDrop(datname)) await admin.query(`drop database if exists "${datname}" with (force)`);
  }
}

/** bastion_test_<epoch seconds>_<run>_…: the name says when its run started. */
function startedAt(name: string): number | null {
  const seconds = Number(name.slice(TEST_DATABASE_PREFIX.length).split('_')[0]);
  return Number.isInteger(seconds) ? seconds : null;
}

// Each run names its databases with its own id, so runs on one PostgreSQL (two checkouts, a
// helper beside CI) never drop each other's databases.
// Both server projects (PGlite, PostgreSQL) load this file: they share the first one's id.
const runId = (process.env[TEST_RUN_ENV] ??=
  `${Math.floor(Date.now() / 1000)}_${randomUUID().slice(0, 6)}`);

/**
 * Migrates and seeds the project's database once, for every worker to copy (test-database.ts):
 * on PGlite a dump file that each worker loads, on PostgreSQL a database each worker's is
 * created from (CREATE DATABASE … TEMPLATE). Answers how to remove it.
 */
async function provideTemplate(project: TestProject): Promise<() => Promise<void>> {
  if (project.name === 'server-postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return async () => undefined;
    const name = runDatabaseName('template');
    await withAdmin((admin) => admin.query(`create database "${name}"`).then(() => undefined));
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${name}`;
    const handle = await openDatabase({ engine: 'postgres', url: templateUrl.toString() });
    try {
      await migrateAndSeed(handle);
    } finally {
      // A template can be copied only while nobody is connected to it.
      await handle.close();
    }
    project.provide('postgresTemplate', name);
    return async () => undefined; // dropped with the run's other databases
  }
  const handle = await openDatabase({ engine: 'pglite', dataDir: null });
  try {
    await migrateAndSeed(handle);
    const dump = await handle.dumpDataDir!();
    const dir = mkdtempSync(path.join(tmpdir(), 'bastion-test-template-'));
    const file = path.join(dir, 'pglite.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplateFile', file);
    return async () => rmSync(dir, { recursive: true, force: true });
  } finally {
    await handle.close();
  }
}

export async function setup(project: TestProject) {
  const now = Date.now() / 1000;
  await withAdmin((admin) =>
    dropDatabases(admin, (name) => {
      const started = startedAt(name);
      return started === null || now - started > STALE_AFTER_SECONDS;
    }),
  );
  const removeTemplate = await provideTemplate(project);
  return async () => {
    await removeTemplate();
    await withAdmin((admin) =>
      dropDatabases(admin, (name) => name.startsWith(`${TEST_DATABASE_PREFIX}${runId}_`)),
    );
  };
}
