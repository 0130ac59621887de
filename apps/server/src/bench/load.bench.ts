/**
 * npm run bench:load — 200 simulated users (sellers and a few approvers) sign in and work for two
 * minutes against one built app instance behind nginx, then against two instances behind the
 * same nginx on one PostgreSQL. Prints p50/p95/p99 and errors per call, throughput, the RSS of
 * each instance at start and end, and the CPU share of each process. After each such run, a
 * capacity run: the same signed-in users without pauses (and without approving), whose
 * throughputs give the two instances' gain over one. Needs `npm run build` first and nginx
 * (/usr/sbin/nginx).
 *
 * Settings (environment): BENCH_SECONDS (120) per run, BENCH_USERS (200, of whom BENCH_APPROVERS,
 * default 5 %, approve), BENCH_QUOTES (5,000 grid rows), BENCH_THINK_MS (1000-3000: the pause
 * after each page, uniform), BENCH_RAMP_SECONDS (20: users sign in spread over it),
 * BENCH_CAPACITY_SECONDS (30; 0 skips the capacity runs), BENCH_INSTANCES (1,2: the runs),
 * BENCH_DATABASE_URL (postgres://root@127.0.0.1:5432/bastion_bench_load, dropped and made
 * afresh), BENCH_LOG_LEVEL (info, as in production), BENCH_KEEP_FILES=1 keeps the logs.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { openDatabase } from '@bastion/db/client';
import { benchSettings, recreateDatabase } from './bench-database.ts';
import { CallStats } from './load/call-stats.ts';
import { startConnectionSampler } from './load/connection-sampler.ts';
import { BenchClient, closeConnections } from './load/http-client.ts';
import {
  CpuSampler,
  cpuSeconds,
  freePort,
  machineCpu,
  rssMb,
  startInstance,
  startNginx,
  stop,
  type Child,
} from './load/processes.ts';
import { seedLoadData, type LoadAccount } from './load/seed.ts';
import {
  createConfiguredQuote,
  runApprover,
  runSeller,
  signIn,
  submitQuoteForApproval,
} from './load/simulated-users.ts';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const { url } = benchSettings('bastion_bench_load');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 120);
const USERS = Number(process.env.BENCH_USERS ?? 200);
const APPROVERS = Number(process.env.BENCH_APPROVERS ?? Math.max(1, Math.round(USERS * 0.05)));
const SELLERS = USERS - APPROVERS;
const GRID_QUOTES = Number(process.env.BENCH_QUOTES ?? 5_000);
const WORKING_QUOTES_PER_SELLER = 2;
const [THINK_MIN_MS, THINK_MAX_MS] = (process.env.BENCH_THINK_MS ?? '1000-3000')
  .split('-')
  .map(Number) as [number, number];
const RAMP_MS = Number(process.env.BENCH_RAMP_SECONDS ?? 20) * 1000;
const CAPACITY_SECONDS = Number(process.env.BENCH_CAPACITY_SECONDS ?? 30);
/** nginx's address: the simulated users' only way in. */
const PROXY_URL = new URL(`http://127.0.0.1:${await freePort()}`);
const INSTANCE_COUNTS = (process.env.BENCH_INSTANCES ?? '1,2').split(',').map(Number);
/** An approver decides about one quote per three pauses: supply that with a margin, per run. */
const PENDING_PER_RUN = Math.ceil(
  (APPROVERS * SECONDS * 1000 * 1.3) / (3 * ((THINK_MIN_MS + THINK_MAX_MS) / 2) + 300),
);

/** Runs `task` over `items`, `limit` at a time. */
async function eachLimited<T>(
  items: T[],
  limit: number,
  task: (item: T, i: number) => Promise<void>,
) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await task(items[i] as T, i);
      }
    }),
  );
}

interface RunResult {
  label: string;
  instances: number;
  seconds: number;
  stats: CallStats;
  queueEmpty: number;
  memory: { name: string; startMb: number; endMb: number }[];
  cpu: { name: string; seconds: number }[];
  /** The whole machine's CPU seconds over the run, the bench's processes and other work alike. */
  machineCpuSeconds: number;
  activeConnections: { mean: number; max: number };
}

async function prepare(base: URL, sellers: LoadAccount[], runs: number) {
  const working = new Map<string, string[]>();
  const clients = new Map<string, BenchClient>();
  console.log(
    `Preparing through the API: ${SELLERS * WORKING_QUOTES_PER_SELLER} working quotes and ` +
      `${PENDING_PER_RUN * runs} quotes awaiting approval…`,
  );
  const started = Date.now();
  await eachLimited(sellers, 6, async (seller) => {
    const client = new BenchClient(base, null);
    await signIn(client, seller);
    clients.set(seller.email, client);
    const ids: string[] = [];
    for (let n = 1; n <= WORKING_QUOTES_PER_SELLER; n++) {
      const made = await createConfiguredQuote(
        client,
        seller,
        `Load ${seller.email} ${n}`,
        '3',
        false,
      );
      ids.push(made.quote.id);
    }
    working.set(seller.email, ids);
  });
  const submissions = Array.from({ length: PENDING_PER_RUN * runs }, (_, i) => i);
  await eachLimited(submissions, 6, async (i) => {
    const seller = sellers[i % sellers.length] as LoadAccount;
    const client = clients.get(seller.email) as BenchClient;
    await submitQuoteForApproval(client, seller, `Load approval ${i + 1}`);
  });
  console.log(`  prepared in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return working;
}

interface Run {
  label: string;
  instances: Child[];
  /** One signed-in client per user (email); a capacity run reuses the sessions before it. */
  clients: Map<string, BenchClient>;
  people: { sellers: LoadAccount[]; approvers: LoadAccount[] };
  working: Map<string, string[]>;
  seconds: number;
  thinkMs: [number, number];
  rampMs: number;
  decide: boolean;
}

async function run(r: Run): Promise<RunResult> {
  const stats = new CallStats();
  const counters = { queueEmpty: 0 };
  const postgres = new CpuSampler('postgres');
  const nginx = new CpuSampler('nginx');
  postgres.start();
  nginx.start();
  const instancesCpu = r.instances.map((c) => cpuSeconds(c.pid));
  const selfCpu = process.cpuUsage();
  const rssStart = r.instances.map((c) => rssMb(c.pid));
  const machine = machineCpu();
  const stopSampling = await startConnectionSampler(url);
  const started = Date.now();
  const settings = {
    until: started + r.seconds * 1000,
    thinkMinMs: r.thinkMs[0],
    thinkMaxMs: r.thinkMs[1],
    decide: r.decide,
  };
  const clientOf = (account: LoadAccount) => {
    const client = r.clients.get(account.email) ?? new BenchClient(PROXY_URL, null);
    client.stats = stats;
    r.clients.set(account.email, client);
    return client;
  };
  const delayed = (work: () => Promise<void>) =>
    sleep(r.rampMs > 0 ? randomInt(r.rampMs) : 0).then(work);
  await Promise.all([
    ...r.people.sellers.map((seller) =>
      delayed(() =>
        runSeller(clientOf(seller), seller, r.working.get(seller.email) ?? [], settings),
      ),
    ),
    ...r.people.approvers.map((approver) =>
      delayed(() => runApprover(clientOf(approver), approver, settings, counters)),
    ),
  ]);
  const seconds = (Date.now() - started) / 1000;
  const self = process.cpuUsage(selfCpu);
  const machineCpuSeconds = machine();
  const activeConnections = await stopSampling();
  return {
    label: r.label,
    instances: r.instances.length,
    seconds,
    stats,
    queueEmpty: counters.queueEmpty,
    memory: r.instances.map((c, i) => ({
      name: c.name,
      startMb: rssStart[i] ?? 0,
      endMb: rssMb(c.pid),
    })),
    cpu: [
      ...r.instances.map((c, i) => ({
        name: `node ${c.name}`,
        seconds: cpuSeconds(c.pid) - (instancesCpu[i] ?? 0),
      })),
      { name: 'PostgreSQL (all databases)', seconds: postgres.stop() },
      { name: 'nginx', seconds: nginx.stop() },
      { name: 'load generator', seconds: (self.user + self.system) / 1e6 },
    ],
    machineCpuSeconds,
    activeConnections,
  };
}

function print(result: RunResult) {
  const { stats } = result;
  const n = (v: number) => v.toFixed(0).padStart(7);
  console.log(`\n${result.label}: ${result.seconds.toFixed(0)} s`);
  console.log(
    'call'.padEnd(20),
    'count'.padStart(7),
    'p50 ms'.padStart(7),
    'p95 ms'.padStart(7),
    'p99 ms'.padStart(7),
    'errors'.padStart(7),
  );
  for (const row of stats.rows()) {
    console.log(
      row.name.padEnd(20),
      n(row.count),
      n(row.p50),
      n(row.p95),
      n(row.p99),
      n(row.errors),
    );
  }
  const all = stats.overall();
  console.log(
    'all calls'.padEnd(20),
    n(stats.totalCalls),
    n(all.p50),
    n(all.p95),
    n(all.p99),
    n(stats.totalErrors),
  );
  const working = stats.overall((name) => name !== 'sign in');
  console.log(
    'all but sign in'.padEnd(20),
    ''.padStart(7),
    n(working.p50),
    n(working.p95),
    n(working.p99),
  );
  console.log(
    `throughput ${(stats.totalCalls / result.seconds).toFixed(1)} calls/s` +
      (result.queueEmpty > 0
        ? `; an approver found no quote to take ${result.queueEmpty} times`
        : ''),
  );
  for (const m of result.memory) {
    console.log(
      `RSS ${m.name}: ${m.startMb.toFixed(0)} MB at start, ${m.endMb.toFixed(0)} MB at end`,
    );
  }
  console.log(
    'CPU ' +
      result.cpu
        .map((c) => `${c.name} ${((100 * c.seconds) / result.seconds).toFixed(0)} %`)
        .join(', ') +
      ' (of one core)',
  );
  const ours = result.cpu.reduce((sum, c) => sum + c.seconds, 0);
  const cores = os.cpus().length;
  console.log(
    `Machine: ${((100 * result.machineCpuSeconds) / result.seconds / cores).toFixed(0)} % of ` +
      `its ${cores} cores busy, other work than this bench ` +
      `${((100 * Math.max(0, result.machineCpuSeconds - ours)) / result.seconds).toFixed(0)} % of one core; ` +
      `database connections running a query: ${result.activeConnections.mean.toFixed(1)} on average, ` +
      `${result.activeConnections.max} at most (pool: ${process.env.DATABASE_POOL_SIZE ?? 20} per instance)`,
  );
  for (const sample of stats.samples) console.log(`  failure: ${sample}`);
}

async function main() {
  if (!existsSync(path.join(root, 'apps/server/dist/main.js'))) {
    throw new Error('Run `npm run build` first: the bench starts the built server.');
  }
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'bastion-load-'));
  const [portA, portB] = [await freePort(), await freePort()];
  const ports = [portA];
  const capacities = new Map<number, RunResult>();
  const env = {
    DATABASE_URL: url.toString(),
    SEED_DEMO: '1',
    TRUST_PROXY: '1',
    COOKIE_SECURE: 'false',
    PUBLIC_URL: PROXY_URL.origin,
    // Every instance must share the key of the stored second-factor secrets.
    SECRETS_KEY: randomBytes(32).toString('base64'),
    DATA_DIR: path.join(tmp, 'data'),
    // All simulated users come from one address, like a large office behind one: the sign-in
    // request limit per address is off, and the failure budget per address raised, because a
    // sign-in in progress counts as a failure until its password checks out (decision 016).
    RATE_LIMIT_AUTH_PER_MINUTE: '0',
    LOGIN_MAX_FAILURES_PER_IP: '100000',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
  };

  console.log(`Database ${url.toString()} (afresh); logs and nginx files in ${tmp}`);
  await recreateDatabase(url);
  const children: Child[] = [];
  try {
    const first = await startInstance('instance-1', { root, port: portA, env, logDir: tmp });
    children.push(first);
    const handle = await openDatabase({
      engine: 'postgres',
      url: url.toString(),
      maxConnections: 4,
    });
    const people = await seedLoadData(handle.db, {
      sellers: SELLERS,
      approvers: APPROVERS,
      quotes: GRID_QUOTES,
    });
    await handle.close();
    const working = await prepare(
      new URL(`http://127.0.0.1:${portA}`),
      people.sellers,
      INSTANCE_COUNTS.length,
    );

    const results: RunResult[] = [];
    for (const count of INSTANCE_COUNTS) {
      while (children.length < count) {
        const port = children.length === 1 ? portB : await freePort();
        ports.push(port);
        children.push(
          await startInstance(`instance-${children.length + 1}`, { root, port, env, logDir: tmp }),
        );
      }
      const serving = children.slice(0, count);
      const nginxDir = mkdtempSync(path.join(tmp, `nginx-${count}-`));
      const proxy = await startNginx({
        root,
        dir: nginxDir,
        listenPort: Number(PROXY_URL.port),
        upstreamPorts: ports.slice(0, count),
      });
      const instances = `${count} instance${count === 1 ? '' : 's'}`;
      const clients = new Map<string, BenchClient>();
      try {
        // A moment for the instances to settle after the preparation or the run before.
        await sleep(3000);
        const realistic = await run({
          label: `${instances} behind nginx, ${USERS} users (${APPROVERS} approvers), pauses ${THINK_MIN_MS}-${THINK_MAX_MS} ms`,
          instances: serving,
          clients,
          people,
          working,
          seconds: SECONDS,
          thinkMs: [THINK_MIN_MS, THINK_MAX_MS],
          rampMs: RAMP_MS,
          decide: true,
        });
        results.push(realistic);
        print(realistic);
        if (CAPACITY_SECONDS > 0) {
          const capacity = await run({
            label: `${instances}, capacity: the same users signed in, no pauses, no approving`,
            instances: serving,
            clients,
            people,
            working,
            seconds: CAPACITY_SECONDS,
            thinkMs: [0, 0],
            rampMs: 0,
            decide: false,
          });
          capacities.set(count, capacity);
          print(capacity);
        }
      } finally {
        await stop(proxy);
        closeConnections();
      }
    }
    const rate = (r: RunResult) => r.stats.totalCalls / r.seconds;
    const [one, two] = [results[0], results[1]];
    if (one && two) {
      console.log(
        `\nWith pauses: ${one.instances} → ${two.instances} instances served ` +
          `${(rate(two) / rate(one)).toFixed(2)}× the calls per second (the users' pauses bound it); ` +
          `p95 ${one.stats.overall().p95.toFixed(0)} ms → ${two.stats.overall().p95.toFixed(0)} ms (goal under 200 ms).`,
      );
    }
    const [capOne, capTwo] = [capacities.get(1), capacities.get(2)];
    if (capOne && capTwo) {
      console.log(
        `Capacity: two instances served ${(rate(capTwo) / rate(capOne)).toFixed(2)}× the calls per ` +
          `second of one (goal 1.7×): ${rate(capOne).toFixed(0)} → ${rate(capTwo).toFixed(0)} calls/s.`,
      );
    }
  } finally {
    for (const child of children.reverse()) await stop(child);
  }
  if (process.env.BENCH_KEEP_FILES !== '1') rmSync(tmp, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
