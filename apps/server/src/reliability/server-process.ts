import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

/**
 * A real server process, started from the sources (`node --import tsx apps/server/src/main.ts`,
 * so it is never a stale build), on a free port of its own, as e2e/global-setup.ts starts the
 * built app. Used by the tests that need more than one process or a process to kill.
 */
export interface ServerProcess {
  baseUrl: string;
  pid: number;
  /** SIGKILL: no shutdown hook runs, nothing is flushed or closed. */
  kill(): Promise<void>;
  /** SIGTERM: the server closes the app and the database, as on a deployment. */
  stop(): Promise<void>;
  /** What the process wrote on stdout and stderr (the last 20,000 characters). */
  output(): string;
}

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const entry = path.join(root, 'apps/server/src/main.ts');
const running = new Set<ChildProcess>();

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no free port')),
      );
    });
  });
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

/**
 * Starts a server with this configuration (on top of HOST=127.0.0.1 and LOG_LEVEL=warn) and resolves when /api/health answers. Only PATH and HOME come from the test's own
 * environment, so nothing of the test runner's configuration leaks into the server.
 */
export async function startServer(
  env: Record<string, string>,
  options: { port?: number; timeoutMs?: number } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  const collect = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const baseUrl = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    baseUrl,
    pid: child.pid ?? -1,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
    output: () => log,
  };

  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${log}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await server.kill();
  throw new Error(`the server did not answer within the time allowed:\n${log}`);
}

/** Kills whatever server a failed test left running. */
export async function killAllServers(): Promise<void> {
  await Promise.all(
    [...running].map(async (child) => {
      child.kill('SIGKILL');
      await exited(child);
    }),
  );
}
