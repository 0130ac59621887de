/**
 * `npm run user:reset-mfa -- <email>`: turns off the second factor of a user who cannot pass it
 * (a lost phone, no recovery codes left), typically the only administrator, from the machine that
 * runs Bastion CPQ. It opens the configured database as the server does (DATABASE_URL, or the
 * embedded database in DATA_DIR, which the server must not be holding meanwhile).
 */
import { openDatabase } from '@bastion/db/client';
import { claimDataDir, DataDirBusyError } from '@bastion/db/data-dir-lock';
import { ConfigError, loadConfig } from '../config.ts';
import { resetMfaFromCommandLine } from '../features/users/reset-mfa-command.ts';

async function run(args: string[]): Promise<number> {
  const config = loadConfig();
  const release =
    config.database.engine === 'pglite' && config.database.dataDir !== null
      ? claimDataDir(config.database.dataDir, 'npm run user:reset-mfa')
      : () => undefined;
  try {
    const handle = await openDatabase(config.database);
    try {
      const result = await resetMfaFromCommandLine(handle.db, args);
      const print = result.exitCode === 0 ? console.log : console.error;
      for (const line of result.lines) print(line);
      return result.exitCode;
    } finally {
      await handle.close();
    }
  } finally {
    release();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const isExpected = error instanceof DataDirBusyError || error instanceof ConfigError;
    console.error(isExpected ? error.message : error);
    process.exit(1);
  },
);
