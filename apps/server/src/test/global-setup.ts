import pg from 'pg';
import { TEST_DATABASE_PREFIX } from './test-database.ts';

/** Drops the per-worker PostgreSQL databases of earlier and of this run. */
async function dropTestDatabases() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`${TEST_DATABASE_PREFIX}%`],
    );
    for (const { datname } of rows) {
      await admin.query(`drop database if exists "${datname}" with (force)`);
    }
  } finally {
    await admin.end();
  }
}

export async function setup() {
  await dropTestDatabases();
}

export async function teardown() {
  await dropTestDatabases();
}
