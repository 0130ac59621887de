import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';

/** The query builder both engines share; repositories use nothing engine-specific. */
export type Database = PgDatabase<PgQueryResultHKT>;

export type DatabaseConfig =
  /**
   * dataDir null keeps the database in memory (tests); loadDataDir starts it from a dump
   * (PGlite's dumpDataDir), as the tests copy one migrated and seeded database.
   */
  | { engine: 'pglite'; dataDir: string | null; loadDataDir?: Blob }
  | { engine: 'postgres'; url: string; maxConnections?: number };

export interface DatabaseHandle {
  db: Database;
  engine: DatabaseConfig['engine'];
  /** Applies pending migrations; safe to call from several instances at once. */
  migrate(migrationsFolder?: string): Promise<void>;
  /** PGlite only: the whole database as one file, which loadDataDir starts another from. */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

export const defaultMigrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

/** Extensions the migrations create must be loaded into the WebAssembly build up front. */
export const pgliteExtensions = { pg_trgm };

/** Any constant works; it only has to be the same for every instance of the server. */
const MIGRATION_LOCK_KEY = 7_270_431;

export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  if (config.engine === 'pglite') {
    if (config.dataDir !== null) mkdirSync(config.dataDir, { recursive: true });
    const options = {
      extensions: pgliteExtensions,
      ...(config.loadDataDir ? { loadDataDir: config.loadDataDir } : {}),
    };
    const client =
      config.dataDir === null ? new PGlite(options) : new PGlite(config.dataDir, options);
    await client.waitReady;
    const db = drizzlePglite({ client });
    return {
      db: db as unknown as Database,
      engine: 'pglite',
      migrate: (migrationsFolder = defaultMigrationsFolder) =>
        migratePglite(db, { migrationsFolder }),
      dumpDataDir: () => client.dumpDataDir('none'),
      close: () => client.close(),
    };
  }

  const pool = new pg.Pool({ connectionString: config.url, max: config.maxConnections ?? 10 });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const db = drizzlePostgres({ client: pool });
  return {
    db: db as unknown as Database,
    engine: 'postgres',
    async migrate(migrationsFolder = defaultMigrationsFolder) {
      const lockClient = await pool.connect();
      try {
        await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePostgres(drizzlePostgres({ client: lockClient }), { migrationsFolder });
      } finally {
        await lockClient
          .query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
          .catch(() => undefined);
        lockClient.release();
      }
    },
    close: () => pool.end(),
  };
}
