import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** A migrated, demo-seeded data directory that a file's own app starts from (a copy). */
    templateDataDir: string;
  }
}

const root = fileURLToPath(new URL('..', import.meta.url));
const serverEntry = path.join(root, 'apps/server/dist/main.js');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

/** A running copy of the built app on a fresh embedded database with the demo data. */
export interface RunningApp {
  baseURL: string;
  dataDir: string;
  /** Stops the app and removes its data directory, unless told to keep it. */
  stop: (options?: { keepDataDir?: boolean }) => Promise<void>;
}

/**
 * Starts the built app (`npm run build` first) on a port of its own, with a fresh embedded
 * database seeded with the demo data, and waits until it answers. The browser tests and the
 * configure-page benchmark both start it this way.
 */
export async function startBuiltApp(
  options: {
    logLevel?: string;
    /** More configuration, given the app's own address (e.g. PUBLIC_URL, GOOGLE_ISSUER). */
    env?: (baseURL: string) => Record<string, string>;
    /** A data directory (of a stopped app) to start from a copy of, instead of seeding anew. */
    dataDirTemplate?: string;
    /** Started as `npm start` starts it once built (`npm run serve`), not as node directly. */
    throughNpm?: boolean;
  } = {},
): Promise<RunningApp> {
  if (!existsSync(serverEntry) || !existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('Browser tests need the built app: run `npm run build` first (npm test does).');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bastion-e2e-'));
  // Migrating and seeding costs seconds of the two CI cores; a copy of a seeded one, a fraction.
  if (options.dataDirTemplate) cpSync(options.dataDirTemplate, dataDir, { recursive: true });
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  let log = '';
  const [command, args] = options.throughNpm
    ? ['npm', ['run', '--silent', 'serve']]
    : [process.execPath, [serverEntry]];
  const server = spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: '1',
      LOG_LEVEL: options.logLevel ?? 'warn',
      TEST_CLOCK: '1',
      // Polled flags, broadcasts and settings reach the browser within seconds, not a minute.
      CLIENT_POLL_SECONDS: '4',
      // Every browser test signs in from 127.0.0.1, several files at once: the per-address
      // sign-in limit is the server tier's subject (lib/rate-limit.test.ts), not theirs.
      RATE_LIMIT_AUTH_PER_MINUTE: '0',
      ...options.env?.(baseURL),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const stop = async ({ keepDataDir = false } = {}) => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => (server.exitCode !== null ? r(null) : server.once('exit', r)));
    }
    if (!keepDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseURL, server, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, dataDir, stop };
}

/** Webhooks to the tests' receivers on 127.0.0.1, retried after 1 s, 2 s… (issue 21). */
export const E2E_APP_ENV = { WEBHOOK_ALLOW_HTTP: '1', WEBHOOK_RETRY_BASE_SECONDS: '1' };

/**
 * Migrates and seeds one data directory by starting the app on it once and stopping it cleanly;
 * every app of the run (the shared one, and the own apps of files that change global state) then
 * starts from a copy of it.
 */
async function seededTemplate(): Promise<{ dir: string; remove: () => void }> {
  const seeding = await startBuiltApp({ env: () => E2E_APP_ENV });
  const { dataDir } = seeding;
  await seeding.stop({ keepDataDir: true });
  return { dir: dataDir, remove: () => rmSync(dataDir, { recursive: true, force: true }) };
}

/** Starts the built app once for all browser tests, from the run's seeded template. */
export default async function setup(project: TestProject) {
  const template = await seededTemplate();
  const app = await startBuiltApp({ env: () => E2E_APP_ENV, dataDirTemplate: template.dir });
  project.provide('baseURL', app.baseURL);
  project.provide('templateDataDir', template.dir);
  return async () => {
    await app.stop();
    template.remove();
  };
}
