import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/*
 * The processes the load bench runs: built app instances and nginx in front of them, each a
 * child with its output in the bench's temporary folder; and what /proc says about them.
 */

export interface Child {
  name: string;
  process: ChildProcess;
  pid: number;
}

/** A port nobody listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function startChild(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  logFile: string,
): Child {
  const log = createWriteStream(logFile);
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  if (child.pid === undefined) throw new Error(`${name} did not start`);
  return { name, process: child, pid: child.pid };
}

async function waitForHealth(url: string, child: Child, logFile: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.process.exitCode !== null) {
      throw new Error(`${child.name} exited (${child.process.exitCode}); see ${logFile}`);
    }
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  throw new Error(`${child.name} did not answer ${url} within 2 minutes; see ${logFile}`);
}

/** Starts `node apps/server/dist/main.js` on `port` and waits until /api/health answers. */
export async function startInstance(
  name: string,
  options: { root: string; port: number; env: Record<string, string>; logDir: string },
): Promise<Child> {
  const logFile = path.join(options.logDir, `${name}.log`);
  const child = startChild(
    name,
    process.execPath,
    [path.join(options.root, 'apps/server/dist/main.js')],
    { ...process.env, ...options.env, PORT: String(options.port), HOST: '127.0.0.1' },
    logFile,
  );
  await waitForHealth(`http://127.0.0.1:${options.port}/api/health`, child, logFile);
  return child;
}

/**
 * nginx in the foreground with deploy/nginx/bastion.conf, its upstream servers and listen port
 * rewritten into a copy in `dir` (no path outside it is written).
 */
export async function startNginx(options: {
  root: string;
  dir: string;
  listenPort: number;
  upstreamPorts: number[];
}): Promise<Child> {
  const { dir } = options;
  const example = readFileSync(path.join(options.root, 'deploy/nginx/bastion.conf'), 'utf8');
  const servers = options.upstreamPorts
    .map((port) => `    server 127.0.0.1:${port} max_fails=3 fail_timeout=10s;`)
    .join('\n');
  const site = example
    .replace(/^\s*server 127\.0\.0\.1:\d+[^\n]*\n/gm, '')
    .replace(/(upstream bastion_app \{\n(?:\s*#[^\n]*\n)*\s*least_conn;\n)/, `$1${servers}\n`)
    .replace(/^(\s*)listen 80;/m, `$1listen 127.0.0.1:${options.listenPort};`);
  if (!site.includes(`127.0.0.1:${options.upstreamPorts[0]}`)) {
    throw new Error('deploy/nginx/bastion.conf: the upstream block was not where expected');
  }
  writeFileSync(path.join(dir, 'bastion.conf'), site);
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'master_process on;',
      // One worker: nginx is the smallest of the processes sharing the two cores.
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/nginx-error.log warn;`,
      'events { worker_connections 4096; }',
      'http {',
      '  access_log off;',
      `  client_body_temp_path ${dir}/client_body;`,
      `  proxy_temp_path ${dir}/proxy;`,
      `  fastcgi_temp_path ${dir}/fastcgi;`,
      `  uwsgi_temp_path ${dir}/uwsgi;`,
      `  scgi_temp_path ${dir}/scgi;`,
      '  default_type application/octet-stream;',
      `  include ${dir}/bastion.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  const logFile = path.join(dir, 'nginx.log');
  const child = startChild(
    'nginx',
    '/usr/sbin/nginx',
    ['-p', dir, '-e', `${dir}/nginx-error.log`, '-c', `${dir}/nginx.conf`],
    process.env,
    logFile,
  );
  await waitForHealth(`http://127.0.0.1:${options.listenPort}/api/health`, child, logFile);
  return child;
}

/** SIGTERM (the app's graceful shutdown; nginx's fast one), then waits for the exit. */
export async function stop(child: Child): Promise<void> {
  if (child.process.exitCode !== null || child.process.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.process.once('exit', () => resolve()));
  child.process.kill('SIGTERM');
  const timeout = sleep(15_000).then(() => {
    child.process.kill('SIGKILL');
  });
  await Promise.race([exited, timeout]);
}

/** Resident memory of a process, in MB (VmRSS of /proc/<pid>/status). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
  return kb === undefined ? 0 : Number(kb) / 1024;
}

const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) a process has used so far; 0 once it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which may hold spaces, in parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** Every process of this name on the machine (PostgreSQL's postmaster and its backends). */
export function pidsNamed(name: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name) pids.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
}

/**
 * CPU seconds a set of processes of one name used between start() and stop(). PostgreSQL's
 * backends come and go with the connection pools, so the set is sampled every second: one that
 * exits between samples loses at most its last second.
 */
export class CpuSampler {
  private readonly atStart = new Map<number, number>();
  private readonly latest = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly name: string) {}

  start(): void {
    for (const pid of pidsNamed(this.name)) this.atStart.set(pid, cpuSeconds(pid));
    this.sample();
    this.timer = setInterval(() => this.sample(), 1000);
  }

  private sample(): void {
    for (const pid of pidsNamed(this.name)) {
      const seconds = cpuSeconds(pid);
      if (seconds > 0) this.latest.set(pid, seconds);
    }
  }

  /** The CPU seconds used since start(). */
  stop(): number {
    this.sample();
    if (this.timer) clearInterval(this.timer);
    let total = 0;
    for (const [pid, seconds] of this.latest) total += seconds - (this.atStart.get(pid) ?? 0);
    return total;
  }
}

/** Busy and total jiffies of the whole machine so far (the `cpu` line of /proc/stat). */
function machineJiffies(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  const total = values.reduce((sum, v) => sum + v, 0);
  // idle and iowait are the 4th and 5th values.
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  return { busy: total - idle, total };
}

/** The machine's CPU use between start and stop, in CPU seconds. */
export function machineCpu(): () => number {
  const start = machineJiffies();
  return () => (machineJiffies().busy - start.busy) / TICKS_PER_SECOND;
}
