/**
 * `npm run db:backup [-- <file>]` and `npm run db:restore -- <file>` (docs/decisions/017-backups.md).
 * The embedded database is backed up and restored here; for PostgreSQL the commands to run are
 * printed instead, because its backups belong to the operator's own tools.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import {
  BackupError,
  backupDataDir,
  backupStamp,
  defaultBackupFile,
  postgresBackupCommands,
  restoreDataDir,
  shellLine,
} from '@bastion/db/backup';
import { DataDirBusyError } from '@bastion/db/data-dir-lock';
import { ConfigError, loadConfig } from '../config.ts';

// npm runs scripts from the repository root; a file named on the command line is relative to
// where the user typed it. DATA_DIR stays relative to the root, as for `npm start`.
const userPath = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
const BACKUP_FOLDER = path.resolve('backups');

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

function newestBackups(): string[] {
  if (!existsSync(BACKUP_FOLDER)) return [];
  return readdirSync(BACKUP_FOLDER)
    .filter((name) => name.endsWith('.tar.gz'))
    .sort()
    .reverse()
    .slice(0, 5)
    .map((name) => path.relative(process.cwd(), path.join(BACKUP_FOLDER, name)));
}

function explainPostgres(command: 'backup' | 'restore', file: string | undefined) {
  const dump =
    file ??
    (command === 'backup' ? `backups/bastion-${backupStamp()}.dump` : 'backups/<file>.dump');
  const commands = postgresBackupCommands(dump);
  console.error(
    [
      'DATABASE_URL is set: Bastion CPQ is on PostgreSQL, which this command does not back up.',
      'Use PostgreSQL’s own tools (the same major version as the server, or newer):',
      '',
      `  Back up:  ${shellLine(commands.backup)}`,
      `  Restore:  ${shellLine(commands.restore)}`,
      '',
      command === 'restore'
        ? 'Stop every Bastion CPQ instance before restoring; start them again afterwards.'
        : 'A managed PostgreSQL’s snapshots or point-in-time recovery serve as well.',
    ].join('\n'),
  );
}

async function run(command: string | undefined, file: string | undefined): Promise<number> {
  const config = loadConfig();
  if (command !== 'backup' && command !== 'restore') {
    console.error('Usage: db-backup.ts backup [file] | restore <file>');
    return 1;
  }
  if (config.database.engine === 'postgres') {
    explainPostgres(command, file);
    return 1;
  }
  const dataDir = config.database.dataDir;
  if (dataDir === null) throw new Error('the embedded database has no data directory');

  if (command === 'backup') {
    const target = file ? userPath(file) : defaultBackupFile(BACKUP_FOLDER);
    const result = await backupDataDir(dataDir, target);
    console.log(
      `Backed up the embedded database in ${dataDir} to ${result.file} (${megabytes(result.bytes)}).`,
    );
    return 0;
  }

  if (!file) {
    const recent = newestBackups();
    console.error(
      [
        'Name the backup to restore: npm run db:restore -- <file>',
        ...(recent.length > 0 ? ['', 'Most recent backups:', ...recent.map((f) => `  ${f}`)] : []),
      ].join('\n'),
    );
    return 1;
  }
  const source = userPath(file);
  const { previous } = await restoreDataDir(source, dataDir);
  console.log(
    [
      `Restored the embedded database in ${dataDir} from ${source}.`,
      previous
        ? `The database it replaced is kept in ${previous}; delete it once you no longer need it.`
        : `There was no database in ${dataDir} before.`,
      'Start the server as usual: it applies any migrations newer than the backup.',
    ].join('\n'),
  );
  return 0;
}

const [command, file] = process.argv.slice(2);
run(command, file).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const isExpected =
      error instanceof BackupError ||
      error instanceof DataDirBusyError ||
      error instanceof ConfigError;
    console.error(isExpected ? error.message : error);
    process.exit(1);
  },
);
