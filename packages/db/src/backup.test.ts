import { execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  BackupError,
  backupDataDir,
  postgresBackupCommands,
  restoreDataDir,
  shellLine,
} from './backup.ts';
import { openDatabase, type Database, type DatabaseConfig } from './client.ts';
import { claimDataDir, DataDirBusyError, LOCK_FILE } from './data-dir-lock.ts';
import { appSettings } from './schema/navigation.ts';
import { users } from './schema/users.ts';
import { seedReferenceData } from './seed/reference-data.ts';

// Both server projects run this file; each engine tests its own way of being backed up.
const engine = process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'pglite';
const SLOW = 180_000;

type Snapshot = Record<string, string[]>;

/** Both engines' drivers answer `execute` with `{rows}`. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Every row of every table (the migrations' bookkeeping included), in a comparable form. */
async function snapshot(db: Database): Promise<Snapshot> {
  const tables = await db.execute(sql`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE'
    order by 1, 2`);
  const result: Snapshot = {};
  for (const { schema, name } of rowsOf<{ schema: string; name: string }>(tables)) {
    const rows = await db.execute(
      sql.raw(`select row_to_json(t)::text as row from "${schema}"."${name}" t`),
    );
    result[`${schema}.${name}`] = rowsOf<{ row: string }>(rows)
      .map((r) => r.row)
      .sort();
  }
  return result;
}

async function withDatabase<T>(config: DatabaseConfig, work: (db: Database) => Promise<T>) {
  const handle = await openDatabase(config);
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

const addUser = (db: Database, email: string) =>
  db.insert(users).values({ email, firstName: 'Backup', passwordHash: 'not-a-real-hash' });

/** What a person changes after a backup: rows added, removed and edited. */
async function changeData(db: Database) {
  await addUser(db, 'after-backup@example.com');
  await db.delete(users).where(eq(users.email, 'kept@example.com'));
  await db.delete(appSettings);
}

describe.runIf(engine === 'pglite')('backups of the embedded database', () => {
  let root: string;
  let dataDir: string;
  let atBackup: Snapshot;
  const embedded = (dir: string): DatabaseConfig => ({ engine: 'pglite', dataDir: dir });
  const entries = () => readdirSync(root).sort();

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'bastion-backup-'));
    dataDir = path.join(root, 'data');
    const handle = await openDatabase(embedded(dataDir));
    try {
      await handle.migrate();
      await seedReferenceData(handle.db);
      await addUser(handle.db, 'kept@example.com');
      await addUser(handle.db, 'also-kept@example.com');
      atBackup = await snapshot(handle.db);
    } finally {
      await handle.close();
    }
  }, SLOW);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it(
    'backs up, and a restore brings back exactly what was backed up',
    async () => {
      expect(atBackup['public.users']).toHaveLength(2);
      expect(atBackup['public.app_settings']?.length).toBeGreaterThan(0);

      const file = path.join(root, 'backups', 'first.tar.gz');
      const { bytes } = await backupDataDir(dataDir, file);
      expect(bytes).toBeGreaterThan(100_000);
      expect(readdirSync(path.dirname(file))).toEqual(['first.tar.gz']);
      expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);

      const changed = await withDatabase(embedded(dataDir), async (db) => {
        await changeData(db);
        return snapshot(db);
      });
      expect(changed).not.toEqual(atBackup);

      const { previous } = await restoreDataDir(file, dataDir);
      expect(previous).toMatch(/[/\\]data\.before-restore-[\dT-]+Z$/);
      expect(entries()).toEqual(['backups', 'data', path.basename(previous ?? '')]);
      expect(await withDatabase(embedded(dataDir), snapshot)).toEqual(atBackup);
      // The database it replaced is kept, whole.
      expect(await withDatabase(embedded(previous ?? ''), snapshot)).toEqual(changed);
      for (const dir of [dataDir, previous ?? '']) {
        expect(existsSync(path.join(dir, LOCK_FILE)), dir).toBe(false);
      }
    },
    SLOW,
  );

  it(
    'restores into a data directory that does not exist yet',
    async () => {
      const file = path.join(root, 'backups', 'first.tar.gz');
      const fresh = path.join(root, 'elsewhere', 'data');
      expect(await restoreDataDir(file, fresh)).toEqual({ previous: null });
      expect(await withDatabase(embedded(fresh), snapshot)).toEqual(atBackup);
    },
    SLOW,
  );

  it(
    'refuses while the server has the data directory, and takes over a dead process’s lock',
    async () => {
      const before = entries();
      const release = claimDataDir(dataDir, 'the Bastion CPQ server');
      try {
        const busy = /in use by the Bastion CPQ server \(process \d+, since /;
        const target = path.join(root, 'backups', 'while-running.tar.gz');
        await expect(backupDataDir(dataDir, target)).rejects.toThrow(busy);
        await expect(backupDataDir(dataDir, target)).rejects.toBeInstanceOf(DataDirBusyError);
        const file = path.join(root, 'backups', 'first.tar.gz');
        await expect(restoreDataDir(file, dataDir)).rejects.toThrow(busy);
        expect(existsSync(target)).toBe(false);
        expect(entries()).toEqual(before);
      } finally {
        release();
      }

      // A server that was killed leaves its lock behind; its process is gone, so it is stale.
      const dead = spawnSync(process.execPath, ['-e', '']).pid;
      writeFileSync(
        path.join(dataDir, LOCK_FILE),
        JSON.stringify({ pid: dead, purpose: 'the Bastion CPQ server', since: 'yesterday' }),
      );
      const after = path.join(root, 'backups', 'after-a-crash.tar.gz');
      await backupDataDir(dataDir, after);
      expect(existsSync(after)).toBe(true);
      expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);

      // In a container the restarted server often gets the killed one's pid (1): a lock naming
      // this very process, which it never took, is an earlier life's and stale too.
      writeFileSync(
        path.join(dataDir, LOCK_FILE),
        JSON.stringify({ pid: process.pid, purpose: 'the Bastion CPQ server', since: 'earlier' }),
      );
      const again = path.join(root, 'backups', 'after-a-container-restart.tar.gz');
      await backupDataDir(dataDir, again);
      expect(existsSync(again)).toBe(true);
    },
    SLOW,
  );

  it(
    'refuses what is not a backup, and leaves the database as it was',
    async () => {
      const bad = path.join(root, 'bad');
      mkdirSync(bad);
      const text = path.join(bad, 'notes.tar.gz');
      writeFileSync(text, 'not an archive at all');
      const junk = path.join(bad, 'junk.tar.gz');
      writeFileSync(junk, gzipSync(Buffer.alloc(4096, 7)));
      // A real PGlite backup, of a database that is not Bastion's.
      const foreign = path.join(bad, 'foreign.tar.gz');
      const other = await PGlite.create();
      await other.exec('create table notes (body text)');
      writeFileSync(foreign, Buffer.from(await (await other.dumpDataDir('gzip')).arrayBuffer()));
      await other.close();

      const before = entries();
      const cases: [string, RegExp][] = [
        [path.join(bad, 'missing.tar.gz'), /^There is no backup file at .*missing\.tar\.gz\.$/],
        [bad, /is a directory, not a backup file/],
        [text, /notes\.tar\.gz is not a Bastion CPQ backup \(it is not a tar\.gz archive\)/],
        [junk, /junk\.tar\.gz is not a Bastion CPQ backup \(PGlite could not load it/],
        [
          foreign,
          /foreign\.tar\.gz is not a Bastion CPQ backup \(.*without the Bastion CPQ tables/,
        ],
      ];
      for (const [file, message] of cases) {
        const restoring = restoreDataDir(file, dataDir);
        await expect(restoring, file).rejects.toThrow(message);
        await expect(restoring).rejects.toBeInstanceOf(BackupError);
        expect(entries(), file).toEqual(before);
        expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
      }
      expect(await withDatabase(embedded(dataDir), snapshot)).toEqual(atBackup);
    },
    SLOW,
  );

  it('refuses to back up nothing, or over an existing file', async () => {
    const empty = path.join(root, 'empty');
    mkdirSync(empty);
    await expect(backupDataDir(empty, path.join(root, 'x.tar.gz'))).rejects.toThrow(
      /^There is no embedded database in .*empty to back up\. DATA_DIR must name/,
    );
    const existing = path.join(root, 'backups', 'first.tar.gz');
    await expect(backupDataDir(dataDir, existing)).rejects.toThrow(
      /first\.tar\.gz already exists: name a new file\./,
    );
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;
const hasPgTools = spawnSync('pg_dump', ['--version']).status === 0;

describe.runIf(engine === 'postgres' && adminUrl)('the PostgreSQL backup commands', () => {
  // Named like the other test databases, so a run that dies leaves nothing for long.
  const name = `bastion_test_${process.env.BASTION_TEST_RUN ?? 'norun'}_backup_${randomUUID().slice(0, 8)}`;
  let url: string;
  const admin = () => new pg.Client({ connectionString: adminUrl });

  beforeAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`create database "${name}"`);
    await client.end();
    const parsed = new URL(adminUrl ?? '');
    parsed.pathname = `/${name}`;
    url = parsed.toString();
  });
  afterAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.end();
  });

  it('prints commands that read the connection string from the environment', () => {
    const { backup, restore } = postgresBackupCommands('backups/b.dump');
    expect(shellLine(backup)).toBe('pg_dump -Fc -f backups/b.dump "$DATABASE_URL"');
    expect(shellLine(restore)).toBe(
      'pg_restore --clean --if-exists --no-owner --single-transaction -d "$DATABASE_URL" backups/b.dump',
    );
  });

  it.skipIf(!hasPgTools)(
    'back up, and restore exactly what was backed up (needs pg_dump and pg_restore)',
    async () => {
      const config: DatabaseConfig = { engine: 'postgres', url, maxConnections: 2 };
      const handle = await openDatabase(config);
      let atBackup: Snapshot;
      try {
        await handle.migrate();
        await seedReferenceData(handle.db);
        await addUser(handle.db, 'kept@example.com');
        atBackup = await snapshot(handle.db);
      } finally {
        await handle.close();
      }
      const folder = mkdtempSync(path.join(tmpdir(), 'bastion-pg-backup-'));
      onTestFinished(() => rmSync(folder, { recursive: true, force: true }));
      const file = path.join(folder, 'b.dump');
      // The very commands db:backup prints, with the real connection string for "$DATABASE_URL".
      const [dump, ...dumpArgs] = postgresBackupCommands(file, url).backup;
      execFileSync(dump ?? '', dumpArgs, { stdio: 'pipe' });

      const changed = await withDatabase(config, async (db) => {
        await changeData(db);
        return snapshot(db);
      });
      expect(changed).not.toEqual(atBackup);

      const [restore, ...restoreArgs] = postgresBackupCommands(file, url).restore;
      execFileSync(restore ?? '', restoreArgs, { stdio: 'pipe' });
      expect(await withDatabase(config, snapshot)).toEqual(atBackup);
    },
    SLOW,
  );
});
