import {
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from './client.ts';
import { claimDataDir, LOCK_FILE } from './data-dir-lock.ts';

/**
 * Backups of the embedded database (docs/decisions/017-backups.md): the whole PGlite data
 * directory as the gzipped tar PGlite itself dumps and loads. PostgreSQL is backed up with its
 * own tools; postgresBackupCommands says how.
 */

/** A refusal with a message for the person at the terminal. */
export class BackupError extends Error {}

/** 2026-11-25T14-03-09Z: sortable, and valid in a file name everywhere. */
export function backupStamp(now = new Date()): string {
  return now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
}

export function defaultBackupFile(folder: string, now = new Date()): string {
  return path.join(folder, `bastion-${backupStamp(now)}.tar.gz`);
}

function isDatabaseDir(dir: string): boolean {
  return existsSync(path.join(dir, 'PG_VERSION'));
}

/**
 * Writes the data directory to `file` (a new file). Refuses while a server (or another backup
 * or restore) has the directory open: PGlite is one process.
 */
export async function backupDataDir(
  dataDir: string,
  file: string,
): Promise<{ file: string; bytes: number }> {
  if (!isDatabaseDir(dataDir)) {
    throw new BackupError(
      `There is no embedded database in ${dataDir} to back up. DATA_DIR must name the ` +
        'directory the server uses (default ./data).',
    );
  }
  if (existsSync(file)) throw new BackupError(`${file} already exists: name a new file.`);
  const release = claimDataDir(dataDir, 'a backup');
  try {
    const pg = new PGlite(dataDir, { extensions: pgliteExtensions });
    let dump: Blob;
    try {
      await pg.waitReady;
      dump = await pg.dumpDataDir('gzip');
    } finally {
      await pg.close();
    }
    const bytes = Buffer.from(await dump.arrayBuffer());
    mkdirSync(path.dirname(file), { recursive: true });
    // Renamed into place only when complete: an interrupted backup never looks like one.
    const partial = `${file}.partial`;
    writeFileSync(partial, bytes, { flag: 'wx' });
    renameSync(partial, file);
    return { file, bytes: bytes.length };
  } finally {
    release();
  }
}

const notABackup = (file: string, why: string) =>
  new BackupError(
    `${file} is not a Bastion CPQ backup (${why}). Restore a .tar.gz written by npm run db:backup.`,
  );

/** What PGlite loads: a tar, gzipped (1f 8b) or not ("ustar" at 257). */
function looksLikeArchive(bytes: Buffer): boolean {
  const isGzip = bytes.length > 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
  const isTar = bytes.length > 262 && bytes.toString('latin1', 257, 262) === 'ustar';
  return isGzip || isTar;
}

/** Loads the backup into a new directory and checks it holds a migrated Bastion database. */
async function unpackInto(file: string, bytes: Buffer, dir: string) {
  const pg = new PGlite(dir, { extensions: pgliteExtensions, loadDataDir: new Blob([bytes]) });
  try {
    await pg.waitReady;
  } catch (error) {
    throw notABackup(file, `PGlite could not load it: ${(error as Error).message}`);
  }
  try {
    await pg.query('select 1 from drizzle.__drizzle_migrations limit 1');
  } catch {
    throw notABackup(file, 'it holds a database without the Bastion CPQ tables');
  } finally {
    await pg.close();
  }
}

/**
 * Replaces the data directory with the backup in `file`. The directory it replaces is kept
 * beside it (`<dir>.before-restore-<time>`), never deleted; a missing one is simply created.
 * Refuses while a server has the directory open, and leaves everything as it was on any error.
 */
export async function restoreDataDir(
  file: string,
  dataDir: string,
): Promise<{ previous: string | null }> {
  if (!existsSync(file)) throw new BackupError(`There is no backup file at ${file}.`);
  if (!statSync(file).isFile()) throw new BackupError(`${file} is a directory, not a backup file.`);
  const bytes = readFileSync(file);
  if (!looksLikeArchive(bytes)) throw notABackup(file, 'it is not a tar.gz archive');

  const hasCurrent = existsSync(dataDir);
  if (hasCurrent && !statSync(dataDir).isDirectory()) {
    throw new BackupError(`DATA_DIR ${dataDir} is a file, not a directory.`);
  }
  const release = hasCurrent ? claimDataDir(dataDir, 'a restore') : () => undefined;
  const stamp = backupStamp();
  // Beside the data directory, so the final renames stay on one file system.
  const staging = `${dataDir}.restoring-${stamp}`;
  try {
    mkdirSync(path.dirname(dataDir), { recursive: true });
    await unpackInto(file, bytes, staging);
    // The backup's own lock (the process that took it) is not the restored directory's.
    rmSync(path.join(staging, LOCK_FILE), { force: true });

    const previous = hasCurrent ? `${dataDir}.before-restore-${stamp}` : null;
    if (previous) renameSync(dataDir, previous);
    try {
      renameSync(staging, dataDir);
    } catch (error) {
      if (previous) renameSync(previous, dataDir);
      throw error;
    }
    // Ours, and it went aside with the directory it locked.
    if (previous) rmSync(path.join(previous, LOCK_FILE), { force: true });
    return { previous };
  } finally {
    rmSync(staging, { recursive: true, force: true });
    release();
  }
}

/** Stands for the connection string in printed commands, so no password reaches a terminal. */
export const DATABASE_URL_ARG = '$DATABASE_URL';

/**
 * The PostgreSQL backup and restore commands for `file` (pg_dump's custom format). The restore
 * replaces every object the dump holds, in one transaction: all or nothing.
 */
export function postgresBackupCommands(file: string, databaseUrl = DATABASE_URL_ARG) {
  return {
    backup: ['pg_dump', '-Fc', '-f', file, databaseUrl],
    restore: [
      'pg_restore',
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      '-d',
      databaseUrl,
      file,
    ],
  };
}

/** A command as one line to paste into a POSIX shell. */
export function shellLine(argv: readonly string[]): string {
  return argv
    .map((arg) =>
      arg === DATABASE_URL_ARG
        ? `"${arg}"`
        : /^[\w./=:@%+-]+$/.test(arg)
          ? arg
          : `'${arg.replaceAll("'", `'\\''`)}'`,
    )
    .join(' ');
}
