import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database, DatabaseHandle } from '@bastion/db/client';
import { users } from '@bastion/db/schema/users';
import { buildApp } from '../../app.ts';
import type { ServerConfig } from '../../config.ts';
import { createTestApp, createUser, signedIn, type TestContext } from '../../test/test-app.ts';
import { anotherTestDatabaseHandle } from '../../test/test-database.ts';
import { announceSessionChange } from './session-cache.ts';

/*
 * Issue 20: each instance keeps what a session resolves to, and forgets it when anything changes
 * it. Two instances on one database, each with its own cache: a change made through A holds on
 * A's very next request, and on B as soon as PostgreSQL's notification arrives. The cache is kept
 * for a minute here, so that only the notification can explain B seeing a change in time.
 */

const KEPT_SECONDS = '60';
/** Far below KEPT_SECONDS: B must hear of the change, not wait for its entry to age out. */
const NOTIFICATION_DEADLINE_MS = 3_000;

let ctx: TestContext;
let other: DatabaseHandle & { isShared: boolean };
let a: FastifyInstance;
let b: FastifyInstance;

const appOver = async (db: Database, config: ServerConfig) => {
  const app = await buildApp({ config, db, version: 'test', logger: false });
  await app.ready();
  return app;
};

beforeAll(async () => {
  ctx = await createTestApp({ SESSION_CACHE_SECONDS: KEPT_SECONDS });
  a = ctx.app;
  // On PostgreSQL a pool of its own, as a second server would open; PGlite has one handle.
  other = await anotherTestDatabaseHandle();
  b = await appOver(other.db, ctx.config);
});

afterAll(async () => {
  await b?.close();
  await other?.close();
  await a?.close();
});

/** get-quote for a quote nobody has: 404 to a quote user, 403 to anyone else. */
const getQuote = (app: FastifyInstance, cookie: string) =>
  app.inject({
    method: 'POST',
    url: '/api/dx/get-quote',
    headers: { cookie },
    payload: { id: randomUUID() },
  });

const errorOf = (response: { statusCode: number; json: () => unknown }) =>
  response.statusCode === 200 ? 'OK' : (response.json() as { error: string }).error;

/** Asks again every 10 ms until the answer is `expected`; the last answer. */
async function answerWithin(call: () => Promise<string>, expected: string, ms: number) {
  const deadline = Date.now() + ms;
  let answer = await call();
  while (answer !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    answer = await call();
  }
  return answer;
}

const adminCall = (cookie: string, url: string, payload: object) =>
  a.inject({ method: 'POST', url, headers: { cookie }, payload });

/** A quote user signed in through A, whose session both instances have just resolved. */
async function sellerKnownToBoth(role = 'SALES_USER') {
  const user = await createUser(ctx.db, { roles: [{ role }] });
  const cookie = await signedIn(a, user);
  expect(errorOf(await getQuote(a, cookie))).toBe('NOT_FOUND');
  expect(errorOf(await getQuote(b, cookie))).toBe('NOT_FOUND');
  return { user, cookie };
}

/** The SQL statements sent while `call` runs, on either engine. */
async function statementsDuring(db: Database, call: () => Promise<unknown>): Promise<string[]> {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const spy = vi.spyOn(client, 'query');
  try {
    await call();
    return spy.mock.calls.map(([query]) =>
      typeof query === 'string' ? query : String((query as { text?: string }).text ?? ''),
    );
  } finally {
    spy.mockRestore();
  }
}

const readsOfSession = (statements: string[]) =>
  statements.filter((text) => /\b(sessions|user_roles|app_settings|users)\b/.test(text));

describe('the session cache', () => {
  it('resolves a session in one statement, and a kept one in none', async () => {
    const uncached = await appOver(ctx.db, {
      ...ctx.config,
      session: { ...ctx.config.session, cacheSeconds: 0 },
    });
    try {
      const cookie = await signedIn(uncached, await createUser(ctx.db));
      const cold = await statementsDuring(ctx.db, () => getQuote(uncached, cookie));
      expect(readsOfSession(cold)).toHaveLength(1);

      expect(errorOf(await getQuote(a, cookie))).toBe('NOT_FOUND');
      const warm = await statementsDuring(ctx.db, () => getQuote(a, cookie));
      expect(readsOfSession(warm)).toEqual([]);
    } finally {
      await uncached.close();
    }
  });

  it('keeps an entry until a change is announced, then every instance reads afresh', async () => {
    const { user, cookie } = await sellerKnownToBoth();
    // Written past the app: no instance hears of it, and both still answer from memory.
    await ctx.db.update(users).set({ isDisabled: true }).where(eq(users.id, user.id));
    expect(errorOf(await getQuote(a, cookie))).toBe('NOT_FOUND');
    expect(errorOf(await getQuote(b, cookie))).toBe('NOT_FOUND');

    await announceSessionChange(ctx.db);
    const onA = () => getQuote(a, cookie).then(errorOf);
    const onB = () => getQuote(b, cookie).then(errorOf);
    expect(await answerWithin(onA, 'SESSION_REQUIRED', NOTIFICATION_DEADLINE_MS)).toBe(
      'SESSION_REQUIRED',
    );
    expect(await answerWithin(onB, 'SESSION_REQUIRED', NOTIFICATION_DEADLINE_MS)).toBe(
      'SESSION_REQUIRED',
    );
  });

  it('a disabled user is refused on the next request on A, and on B once notified', async () => {
    const { user, cookie } = await sellerKnownToBoth();
    const admin = await signedIn(a, await createUser(ctx.db, { roles: [{ role: 'USER_ADMIN' }] }));
    const disabled = await adminCall(admin, '/api/admin/set-user-disabled', {
      email: user.email,
      is_disabled: true,
    });
    expect(disabled.statusCode, disabled.body).toBe(200);

    expect(errorOf(await getQuote(a, cookie))).toBe('SESSION_REQUIRED');
    const onB = () => getQuote(b, cookie).then(errorOf);
    expect(await answerWithin(onB, 'SESSION_REQUIRED', NOTIFICATION_DEADLINE_MS)).toBe(
      'SESSION_REQUIRED',
    );
  });

  it('a signed-out session is refused on the next request on A, and on B once notified', async () => {
    const { cookie } = await sellerKnownToBoth();
    const signedOut = await a.inject({
      method: 'GET',
      url: '/api/security/logout',
      headers: { cookie },
    });
    expect(signedOut.statusCode).toBe(200);

    expect(errorOf(await getQuote(a, cookie))).toBe('SESSION_REQUIRED');
    const onB = () => getQuote(b, cookie).then(errorOf);
    expect(await answerWithin(onB, 'SESSION_REQUIRED', NOTIFICATION_DEADLINE_MS)).toBe(
      'SESSION_REQUIRED',
    );
  });

  it('a changed role holds on the next request on A, and on B once notified', async () => {
    const { user, cookie } = await sellerKnownToBoth();
    const admin = await signedIn(
      a,
      await createUser(ctx.db, { roles: [{ role: 'USER_ADMIN' }, { role: 'SALES_USER' }] }),
    );
    // A user administrator, who cannot see quotes.
    const changed = await adminCall(admin, '/api/admin/update-user', {
      email: user.email,
      version: 1,
      first_name: 'Test',
      last_name: 'User',
      id_provider: 'Local',
      is_approver: false,
      roles: [{ value: 'USER_ADMIN', assignment: null }],
    });
    expect(changed.statusCode, changed.body).toBe(200);

    expect(errorOf(await getQuote(a, cookie))).toBe('FORBIDDEN');
    const onB = () => getQuote(b, cookie).then(errorOf);
    expect(await answerWithin(onB, 'FORBIDDEN', NOTIFICATION_DEADLINE_MS)).toBe('FORBIDDEN');
  });

  it('an impersonation, begun and ended on A, holds on A at once and on B once notified', async () => {
    const admin = await createUser(ctx.db, { roles: [{ role: 'ROOT_ADMIN' }] });
    const seller = await createUser(ctx.db);
    const cookie = await signedIn(a, admin);
    const whoOn = async (app: FastifyInstance) => {
      const response = await app.inject({
        method: 'GET',
        url: '/api/security/introspect',
        headers: { cookie },
      });
      return response.json<{ data: { user: { email: string } } }>().data.user.email;
    };
    expect(await whoOn(a)).toBe(admin.email);
    expect(await whoOn(b)).toBe(admin.email);

    const impersonate = (payload: object) =>
      adminCall(cookie, '/api/security/impersonate', payload).then((r) => r.statusCode);
    expect(await impersonate({ email: seller.email })).toBe(200);
    expect(await whoOn(a)).toBe(seller.email);
    expect(await answerWithin(() => whoOn(b), seller.email, NOTIFICATION_DEADLINE_MS)).toBe(
      seller.email,
    );

    expect(await impersonate({ stop: true })).toBe(200);
    expect(await whoOn(a)).toBe(admin.email);
    expect(await answerWithin(() => whoOn(b), admin.email, NOTIFICATION_DEADLINE_MS)).toBe(
      admin.email,
    );
  });

  it('maintenance holds users on the next request on A, and on B once notified', async () => {
    const { cookie } = await sellerKnownToBoth();
    const root = await signedIn(
      a,
      await createUser(ctx.db, { roles: [{ role: 'ROOT_ADMIN' }], emailDomain: 'bastion.test' }),
    );
    const switched = await adminCall(root, '/api/security/maintenance_mode', {
      enabled: true,
      message: 'Back soon',
    });
    try {
      expect(switched.statusCode, switched.body).toBe(200);
      expect(errorOf(await getQuote(a, cookie))).toBe('MAINTENANCE');
      const onB = () => getQuote(b, cookie).then(errorOf);
      expect(await answerWithin(onB, 'MAINTENANCE', NOTIFICATION_DEADLINE_MS)).toBe('MAINTENANCE');
    } finally {
      await adminCall(root, '/api/security/maintenance_mode', { enabled: false, message: '' });
    }
    expect(errorOf(await getQuote(a, cookie))).toBe('NOT_FOUND');
  });
});
