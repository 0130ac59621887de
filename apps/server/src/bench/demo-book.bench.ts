/**
 * npm run bench:demo-book — how long the demo book (issue 33: at most 5 s) takes to seed.
 *
 * Migrates and seeds a fresh database as `npm start` does, then seeds the book
 * (features/demo-book: its recording loaded, its documents generated through the API) and prints
 * its wall and CPU time and, per API path, the calls and the time they took. (Playing the book,
 * which `npm run demo-book:record` does, prints its own time.) The database is PGlite in a temporary directory, as `npm start` uses it, or
 * with BENCH_ENGINE=postgres a PostgreSQL database of its own (BENCH_DATABASE_URL, default
 * postgres://root@127.0.0.1:5432/bastion_bench_demo_book, made afresh).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { openDatabase, type DatabaseConfig } from '@bastion/db/client';
import { DEMO_PASSWORD, seedDemoData } from '@bastion/db/seed/demo-data';
import { seedReferenceData } from '@bastion/db/seed/reference-data';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { seedDemoBook } from '../features/demo-book/seed-demo-book.ts';
import { hashPassword } from '../core/access/passwords.ts';
import { benchSettings, recreateDatabase } from './bench-database.ts';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main() {
  const onPostgres = process.env.BENCH_ENGINE === 'postgres';
  const dataDir = onPostgres ? null : mkdtempSync(path.join(os.tmpdir(), 'bastion-demo-book-'));
  let database: DatabaseConfig;
  let where: Record<string, string>;
  if (dataDir === null) {
    const { url } = benchSettings('bastion_bench_demo_book');
    await recreateDatabase(url);
    database = { engine: 'postgres', url: url.toString() };
    where = { DATABASE_URL: url.toString() };
  } else {
    database = { engine: 'pglite', dataDir };
    where = { DATA_DIR: dataDir };
  }
  const handle = await openDatabase(database);
  try {
    await handle.migrate();
    await seedReferenceData(handle.db, { signInPolicy: 'demo' });
    await seedDemoData(handle.db, await hashPassword(DEMO_PASSWORD));
    const config = loadConfig({
      LOG_LEVEL: 'warn',
      SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
      ...where,
    });
    const app = await buildApp({ config, db: handle.db, version: 'bench', logger: false });
    await app.ready();

    // Each call the book makes, by path (ids left out), with its time.
    const byPath = new Map<string, { calls: number; ms: number }>();
    type Inject = (options: InjectOptions) => Promise<LightMyRequestResponse>;
    const inject = app.inject.bind(app) as Inject;
    const timed: Inject = async (options) => {
      const started = performance.now();
      const answer = await inject(options);
      const url = typeof options.url === 'string' ? options.url : '';
      const key = url.replace(/\/[0-9a-f-]{36}.*$/, '/…');
      const seen = byPath.get(key) ?? { calls: 0, ms: 0 };
      seen.calls += 1;
      seen.ms += performance.now() - started;
      byPath.set(key, seen);
      return answer;
    };
    (app as unknown as { inject: Inject }).inject = timed;

    const cpu = process.cpuUsage();
    const started = performance.now();
    const made = await seedDemoBook(app, handle.db, config);
    const wall = performance.now() - started;
    const used = process.cpuUsage(cpu);
    await app.close();

    const load = os.loadavg().map((n) => n.toFixed(1));
    console.log(
      `Demo book on ${database.engine} (${os.cpus().length} cores, Node ${process.version}, load average ${load.join(' ')})`,
    );
    console.log(
      `  ${made} quotes in ${seconds(wall)} (goal 5 s); CPU of this process ${seconds(used.user / 1000)} user, ${seconds(used.system / 1000)} system`,
    );
    const calls = [...byPath.values()].reduce((sum, p) => sum + p.calls, 0);
    const callMs = [...byPath.values()].reduce((sum, p) => sum + p.ms, 0);
    console.log(
      `  the recording's rows loaded in ${seconds(wall - callMs)}; ${calls} API calls in ${seconds(callMs)}`,
    );
    for (const [key, p] of [...byPath].sort((a, b) => b[1].ms - a[1].ms)) {
      console.log(
        `    ${String(p.calls).padStart(5)} × ${key.padEnd(44)} ${seconds(p.ms).padStart(7)}  ${(p.ms / p.calls).toFixed(1).padStart(6)} ms each`,
      );
    }
  } finally {
    await handle.close();
    if (dataDir !== null) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
