/**
 * npm run bench:api — how many POST /api/dx/get-quote calls one instance answers, against a bare
 * Fastify route answering the same JSON bytes in the same process (issue 20, cheap requests).
 *
 * Starts the app over a PostgreSQL database of its own with the demo data, signs in as the demo
 * seller, creates a quote, then runs autocannon (BENCH_SECONDS, default 10 s, at BENCH_CONNECTIONS,
 * default 20) against both servers in turn and prints requests/s, p50/p95/p99 and the ratio. The
 * per-session request limit stays on, raised out of the way, so its cost is part of the figure.
 *
 * BENCH_DATABASE_URL (default postgres://root@127.0.0.1:5432/bastion_bench_api) is dropped and
 * made afresh unless BENCH_REUSE=1.
 */
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { openDatabase } from '@bastion/db/client';
import { DEMO_PASSWORD, seedDemoData } from '@bastion/db/seed/demo-data';
import { seedReferenceData } from '@bastion/db/seed/reference-data';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { hashPassword } from '../core/access/passwords.ts';
import { headerValues } from '../test/quote-fixtures.ts';
import { benchSettings, recreateDatabase } from './bench-database.ts';

const { url, reuse } = benchSettings('bastion_bench_api');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

interface Figures {
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
}

/** Runs autocannon; percentiles from every response's own time (autocannon reports no p95). */
async function hammer(
  target: string,
  headers: Record<string, string>,
  body: string,
  seconds = SECONDS,
) {
  const times: number[] = [];
  const run = autocannon({
    url: target,
    method: 'POST',
    headers,
    body,
    connections: CONNECTIONS,
    duration: seconds,
  });
  run.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => {
    times.push(ms);
  });
  const result = await run;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN;
  return {
    requestsPerSecond: result.requests.average,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    non2xx: result.non2xx,
  } satisfies Figures;
}

const row = (name: string, f: Figures) =>
  `${name.padEnd(22)} ${f.requestsPerSecond.toFixed(0).padStart(8)} req/s   p50 ${f.p50.toFixed(1)} ms   p95 ${f.p95.toFixed(1)} ms   p99 ${f.p99.toFixed(1)} ms${f.non2xx ? `   (${f.non2xx} non-2xx!)` : ''}`;

async function main() {
  if (!reuse) await recreateDatabase(url);
  const handle = await openDatabase({
    engine: 'postgres',
    url: url.toString(),
    maxConnections: Number(process.env.BENCH_POOL ?? 20),
  });
  await handle.migrate();
  await seedReferenceData(handle.db, { signInPolicy: 'demo' });
  await seedDemoData(handle.db, await hashPassword(DEMO_PASSWORD));

  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATABASE_URL: url.toString(),
    SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
    RATE_LIMIT_API_PER_MINUTE: process.env.BENCH_API_LIMIT ?? '100000000',
  });
  const app = await buildApp({ config, db: handle.db, version: 'bench', logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });

  const login = await fetch(`${address}/api/security/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: address },
    body: JSON.stringify({ email: 'sales@bastion.test', password: DEMO_PASSWORD }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  // The app takes state-changing calls from its own origin with a JSON body (core/access/csrf.ts).
  const headers = { 'content-type': 'application/json', origin: address, cookie };

  const opportunity: unknown = await handle.db.execute(
    sql`select id from crm_opportunities where lower(owner_email) = 'sales@bastion.test'
        and removed_from_crm_at is null order by id limit 1`,
  );
  const opportunityId = (opportunity as { rows: { id: string }[] }).rows[0]?.id;
  if (!opportunityId) throw new Error('the demo data has no opportunity of the seller');
  const made = await fetch(`${address}/api/dx/create-quote`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      opportunity_id: opportunityId,
      values: headerValues({ quote_name: 'Bench quote' }),
    }),
  });
  if (!made.ok) throw new Error(`create-quote failed: ${made.status} ${await made.text()}`);
  const quoteId = ((await made.json()) as { data: { id: string } }).data.id;
  const body = JSON.stringify({ id: quoteId });

  const sample = await fetch(`${address}/api/dx/get-quote`, { method: 'POST', headers, body });
  if (!sample.ok) throw new Error(`get-quote failed: ${sample.status} ${await sample.text()}`);
  const answer = Buffer.from(await sample.arrayBuffer());

  const bare = Fastify({ logger: false });
  bare.post('/api/dx/get-quote', (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(answer),
  );
  const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });

  // A short warm-up of each, so the JIT and the pool are ready before the counted runs.
  await hammer(`${address}/api/dx/get-quote`, headers, body, 2);
  const appFigures = await hammer(`${address}/api/dx/get-quote`, headers, body);
  await hammer(`${bareAddress}/api/dx/get-quote`, headers, body, 2);
  const bareFigures = await hammer(`${bareAddress}/api/dx/get-quote`, headers, body);

  console.log(
    `POST /api/dx/get-quote, ${CONNECTIONS} connections, ${SECONDS} s, ${answer.length} bytes`,
  );
  console.log(row('bastion get-quote', appFigures));
  console.log(row('bare fastify', bareFigures));
  console.log(
    `ratio ${((100 * appFigures.requestsPerSecond) / bareFigures.requestsPerSecond).toFixed(1)} % (goal: at least 25 %)`,
  );

  await bare.close();
  await app.close();
  await handle.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
