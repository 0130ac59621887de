import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '@bastion/db/client';
import { quotes } from '@bastion/db/schema/quotes';
import { DEMO_BOOK_SIZE } from '@bastion/db/seed/quote-book-demo-data';
import { createUser } from '../test/test-app.ts';
import { createPostgresDatabase, testEngine } from '../test/test-database.ts';
import { dataOf, httpApi, messageOf, signIn, type Api } from './calls.ts';
import { quoteBed, singleStepApproval, type SingleStepApproval } from './fixtures.ts';
import { dropDatabase, holdRow } from './postgres.ts';
import { creationStorm, decisionRace } from './race-scenarios.test-harness.ts';
import {
  configurationStorm,
  createQuoteAs,
  readConfiguration,
  saveConfiguration,
  type Stage,
} from './scenarios.test-harness.ts';
import { killAllServers, startServer, type ServerProcess } from './server-process.ts';

/*
 * Issue 14, point 3: two server processes on one PostgreSQL database, driven over HTTP. Nothing
 * a user relies on may live in one process's memory: sessions, quote locks, sign-in throttling,
 * optimistic versions and approval decisions all have to hold across instances. The same
 * scenarios as concurrency.test.ts, with every storm spread over both servers.
 * PGlite is an embedded database that belongs to one process, so this runs on PostgreSQL only.
 */

const adminUrl = process.env.TEST_DATABASE_URL;
const isPostgres = testEngine() === 'postgres' && adminUrl !== undefined;
const title = isPostgres
  ? 'two server instances on one PostgreSQL'
  : 'two server instances (skipped on PGlite: an embedded database belongs to one process; runs in the PostgreSQL project, with TEST_DATABASE_URL)';

/** Low, so that a few failures reach it; the default would take more requests, not more truth. */
const MAX_FAILURES = 3;

let databaseUrl: string;
let handle: DatabaseHandle;
let servers: ServerProcess[] = [];
let a: Api;
let b: Api;
let stage: Stage;
let approval: SingleStepApproval;
let approverCookies: string[];
/** The quotes in the database once both servers were up, before the scenarios add theirs. */
let quotesAtStart = 0;

describe.skipIf(!isPostgres)(title, () => {
  beforeAll(async () => {
    databaseUrl = await createPostgresDatabase(adminUrl ?? '');
    // Both start at once: migrations and reference data must cope with a second instance.
    servers = await Promise.all(
      ['A', 'B'].map(() =>
        startServer({
          DATABASE_URL: databaseUrl,
          SEED_DEMO: '1',
          LOGIN_MAX_FAILURES_PER_ACCOUNT: String(MAX_FAILURES),
          // Request limits are not this file's subject (the storms make hundreds of calls).
          RATE_LIMIT_API_PER_MINUTE: '0',
          RATE_LIMIT_AUTH_PER_MINUTE: '0',
        }),
      ),
    );
    a = httpApi(servers[0]?.baseUrl ?? '', 'A');
    b = httpApi(servers[1]?.baseUrl ?? '', 'B');
    handle = await openDatabase({ engine: 'postgres', url: databaseUrl });
    quotesAtStart = await handle.db.$count(quotes);
    const bed = await quoteBed(handle.db);
    stage = {
      db: handle.db,
      apis: [a, b],
      bed,
      cookies: { owner: await signIn(a, bed.owner), desk: await signIn(b, bed.desk) },
      // Each server has a pool of 10: at least 10 transactions wait on the gate together.
      gate: { hold: (table, id) => holdRow(databaseUrl, table, id), waiters: 10 },
    };
    approval = await singleStepApproval(handle.db, bed.tag, 4);
    approverCookies = await Promise.all(
      approval.approvers.map((user, i) => signIn(i % 2 === 0 ? a : b, user)),
    );
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await killAllServers();
    await handle?.close();
    if (databaseUrl && adminUrl) await dropDatabase(adminUrl, databaseUrl);
  }, 60_000);

  it('seeds the demo book once, though both started at once on the empty database', () => {
    expect(quotesAtStart).toBe(DEMO_BOOK_SIZE);
  });

  it('a session opened on A works on B, and signing out on A ends it on B', async () => {
    const user = await createUser(handle.db, { roles: [{ role: 'SALES_USER' }] });
    const cookie = await signIn(a, user);
    const onB = await b.get('/api/security/introspect', cookie);
    expect(onB.status, messageOf(onB)).toBe(200);
    expect(JSON.stringify(onB.body)).toContain(user.email);

    expect((await a.get('/api/security/logout', cookie)).status).toBe(200);
    // B forgets its cached session when A's notification reaches it (decision 026): under load
    // that is after B's next request, never later than SESSION_CACHE_SECONDS (5 s).
    await expect
      .poll(async () => (await b.get('/api/security/introspect', cookie)).status, {
        timeout: 6_000,
        interval: 100,
      })
      .toBe(403);
    const afterLogout = await b.get('/api/security/introspect', cookie);
    expect(afterLogout.body).toMatchObject({ error: 'SESSION_REQUIRED' });
  });

  it('a quote locked on A is locked on B, until it is unlocked on B', async () => {
    const { bed, cookies } = stage;
    const quote = await createQuoteAs(a, cookies.owner, bed.opportunityId);
    const line = { key: 'a', sku: bed.skus[0] ?? '', quantities: [2] };
    const locked = dataOf<{ version: number; lock: { user_id?: string } | null }>(
      await a.post(
        '/api/dx/quote-lifecycle',
        { action: 'lock', quote_id: quote.id, version: quote.version },
        cookies.desk,
      ),
      'lock on A',
    );
    expect(locked.lock).not.toBeNull();

    const seenOnB = await readConfiguration(b, cookies.owner, quote.id);
    expect(seenOnB).toMatchObject({ is_read_only: true });
    const refused = await saveConfiguration(b, cookies.owner, {
      id: quote.id,
      version: locked.version,
      lines: [line],
    });
    expect(refused.status).toBe(409);
    expect(messageOf(refused)).toBe(
      'This quote is locked by Test User: only they can change it until it is unlocked.',
    );
    // The locker may still change it, on either server.
    const byLocker = await saveConfiguration(b, cookies.desk, {
      id: quote.id,
      version: locked.version,
      lines: [line],
    });
    expect(byLocker.status, messageOf(byLocker)).toBe(200);

    const current = await readConfiguration(b, cookies.desk, quote.id);
    const unlocked = dataOf<{ version: number; lock: unknown }>(
      await b.post(
        '/api/dx/quote-lifecycle',
        { action: 'unlock', quote_id: quote.id, version: current.quote.version },
        cookies.desk,
      ),
      'unlock on B',
    );
    expect(unlocked.lock).toBeNull();
    const byOwner = await saveConfiguration(a, cookies.owner, {
      id: quote.id,
      version: unlocked.version,
      lines: [{ ...line, quantities: [3] }],
    });
    expect(byOwner.status, messageOf(byOwner)).toBe(200);
  });

  it('50 saves of one configuration over both servers: one wins per version, no line lost', async () => {
    await configurationStorm(stage, 50);
  }, 60_000);

  it('20 decisions on one approval step over both servers: one decision, one e-mail', async () => {
    await decisionRace(stage, approval, approverCookies, 20);
  }, 60_000);

  it('200 quotes created over both servers: unique, consecutive numbers', async () => {
    await creationStorm(stage, 200, 20);
  }, 60_000);

  it('sign-in failures of one address against one account on A and B count together', async () => {
    const user = await createUser(handle.db, { roles: [{ role: 'SALES_USER' }] });
    const wrong = { email: user.email, password: 'Not-the-password-1' };
    // Spread over both servers, neither of which alone sees the limit reached.
    const spread = Array.from({ length: MAX_FAILURES }, (_, i) => (i % 2 === 0 ? a : b));
    for (const [i, api] of spread.entries()) {
      const answer = await api.post('/api/security/auth/login', wrong);
      const allowed = i < MAX_FAILURES - 1 ? [401] : [401, 429];
      expect(allowed, `failure ${i + 1} on ${api.name}: ${messageOf(answer)}`).toContain(
        answer.status,
      );
    }
    for (const api of [a, b]) {
      const answer = await api.post('/api/security/auth/login', {
        email: user.email,
        password: user.password,
      });
      expect(answer.status, `the right password on ${api.name}: ${messageOf(answer)}`).toBe(429);
    }
  });
});
