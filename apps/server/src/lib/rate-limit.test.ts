import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type LightMyRequestResponse,
} from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '@bastion/db/client';
import { rateLimitBuckets } from '@bastion/db/schema/rate-limits';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createTestApp, createUser, randomIp, signedIn } from '../test/test-app.ts';
import { useTestApp } from '../test/test-bed.ts';
import { anotherTestDatabaseHandle, testDatabase, testEngine } from '../test/test-database.ts';
import { registerErrorHandling } from './http-errors.ts';
import { authRouteRateLimit, registerRateLimiting } from './rate-limit.ts';
import {
  databaseRateLimitStore,
  deleteEndedRateLimitBuckets,
  hitRateLimitBucket,
} from './db/rate-limit-store.ts';

const forgot = (app: FastifyInstance, ip: string) =>
  app.inject({
    method: 'POST',
    url: '/api/security/forgot_password',
    payload: { email: `nobody-${randomUUID()}@example.com` },
    remoteAddress: ip,
  });

const health = (app: FastifyInstance, options: { ip: string; cookie?: string }) =>
  app.inject({
    method: 'GET',
    url: '/api/health',
    remoteAddress: options.ip,
    headers: options.cookie ? { cookie: options.cookie } : {},
  });

function expectRateLimited(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(429);
  const body = response.json<Record<string, unknown>>();
  expect(body).toEqual({
    code: 429,
    error: 'RATE_LIMITED',
    message: expect.stringMatching(
      /^Too many requests\. Please wait \d+ seconds? and try again\.$/,
    ),
    request_id: response.headers['x-request-id'],
  });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(body.message).toContain(`wait ${retryAfter} second`);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
}

describe('the database store', () => {
  it('counts hits in a window and tells how long it has left', async () => {
    const { db } = await testDatabase();
    const key = `test|${randomUUID()}`;
    const hits = [];
    for (let i = 0; i < 3; i++) hits.push(await hitRateLimitBucket(db, key, 60_000));
    expect(hits.map((h) => h.hits)).toEqual([1, 2, 3]);
    for (const { ttlMs } of hits) {
      expect(ttlMs).toBeGreaterThan(55_000);
      expect(ttlMs).toBeLessThanOrEqual(60_000);
    }
  });

  it('starts a new window once the old one has ended', async () => {
    const { db } = await testDatabase();
    const key = `test|${randomUUID()}`;
    await hitRateLimitBucket(db, key, 60_000);
    await hitRateLimitBucket(db, key, 60_000);
    await db
      .update(rateLimitBuckets)
      .set({ resetsAt: new Date(Date.now() - 1000) })
      .where(eq(rateLimitBuckets.key, key));
    const fresh = await hitRateLimitBucket(db, key, 60_000);
    expect(fresh.hits).toBe(1);
    expect(fresh.ttlMs).toBeGreaterThan(55_000);
  });

  it('counts every one of many concurrent hits', async () => {
    const { db } = await testDatabase();
    const key = `test|${randomUUID()}`;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => hitRateLimitBucket(db, key, 60_000)),
    );
    expect(results.map((r) => r.hits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });

  it('cleans up the buckets whose window has ended, and only those', async () => {
    const { db } = await testDatabase();
    const [ended, live] = [`test|${randomUUID()}`, `test|${randomUUID()}`];
    await db.insert(rateLimitBuckets).values([
      { key: ended, hits: 5, resetsAt: new Date(Date.now() - 1000) },
      { key: live, hits: 5, resetsAt: new Date(Date.now() + 60_000) },
    ]);
    await deleteEndedRateLimitBuckets(db);
    const left = await db.select({ key: rateLimitBuckets.key }).from(rateLimitBuckets);
    expect(left.map((r) => r.key)).toContain(live);
    expect(left.map((r) => r.key)).not.toContain(ended);
  });
});

describe('the batched store of the per-caller /api limit', () => {
  const silentLog = { warn: () => undefined } as unknown as FastifyBaseLogger;
  const hitThrough = (store: FastifyRateLimitStore, key: string, max: number) =>
    new Promise<number>((resolve, reject) => {
      store.incr(
        key,
        (error, result) => (error ? reject(error) : resolve(result?.current ?? 0)),
        60_000,
        max,
      );
    });
  const storedHits = async (db: Database, key: string) =>
    (await db.select().from(rateLimitBuckets).where(eq(rateLimitBuckets.key, key)))[0]?.hits ?? 0;

  it('counts every hit at once but writes a generous limit’s hits in batches', async () => {
    const { db } = await testDatabase();
    const Store = databaseRateLimitStore(db, silentLog, () => true);
    const store = new Store({});
    const key = `test|${randomUUID()}`;
    const seen = [];
    for (let i = 0; i < 30; i++) seen.push(await hitThrough(store, key, 10_000));
    expect(seen).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    // The window's first hit is written; the rest wait for a share of the limit or a second.
    expect(await storedHits(db, key)).toBeLessThan(30);
  });

  it('still refuses a small limit at its edge, and another instance sees the hits', async () => {
    const { db } = await testDatabase();
    const key = `test|${randomUUID()}`;
    const first = new (databaseRateLimitStore(db, silentLog, () => true))({});
    const seen = [];
    for (let i = 0; i < 4; i++) seen.push(await hitThrough(first, key, 3));
    expect(seen).toEqual([1, 2, 3, 4]);
    // A share of a small limit is one hit: each is written as it comes.
    await vi.waitFor(async () => expect(await storedHits(db, key)).toBe(4));
    const second = new (databaseRateLimitStore(db, silentLog, () => true))({});
    expect(await hitThrough(second, key, 3)).toBe(5);
  });
});

describe('limits on the public sign-in routes', () => {
  const ctx = useTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: '3' });

  it('refuses an address past its budget with the one error envelope and Retry-After', async () => {
    const ip = randomIp();
    for (let i = 0; i < 3; i++) expect((await forgot(ctx.app, ip)).statusCode).toBe(200);
    const refused = await forgot(ctx.app, ip);
    expectRateLimited(refused);
    expect(refused.body).not.toMatch(/at |Error:|stack/);
    // Another address, and another route for the same address, have budgets of their own.
    expect((await forgot(ctx.app, randomIp())).statusCode).toBe(200);
    const user = await createUser(ctx.db);
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/security/auth/login',
      payload: { email: user.email, password: user.password },
      remoteAddress: ip,
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('counts the login route per address, whatever the account', async () => {
    const ip = randomIp();
    const attempts = [];
    for (let i = 0; i < 4; i++) {
      const user = await createUser(ctx.db);
      attempts.push(
        await ctx.app.inject({
          method: 'POST',
          url: '/api/security/auth/login',
          payload: { email: user.email, password: user.password },
          remoteAddress: ip,
        }),
      );
    }
    expect(attempts.slice(0, 3).map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expectRateLimited(attempts[3]!);
    expect(attempts[3]!.cookies.find((c) => c.name === 'bastion_session')).toBeUndefined();
  });

  it('holds across two server instances on one database', async () => {
    const second = await anotherTestDatabaseHandle();
    // On PostgreSQL a pool of its own, as a second instance would have.
    expect(second.isShared).toBe(testEngine() === 'pglite');
    try {
      const first = ctx;
      const config = loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT_AUTH_PER_MINUTE: '3' });
      const other = await buildApp({ config, db: second.db, version: 'test', logger: false });
      const ip = randomIp();
      expect((await forgot(first.app, ip)).statusCode).toBe(200);
      expect((await forgot(other, ip)).statusCode).toBe(200);
      expect((await forgot(first.app, ip)).statusCode).toBe(200);
      expectRateLimited(await forgot(other, ip));
      expectRateLimited(await forgot(first.app, ip));
      await other.close();
    } finally {
      await second.close();
    }
  });
});

describe('the limit on every other /api call', () => {
  const ctx = useTestApp({ RATE_LIMIT_API_PER_MINUTE: '3' });

  it('counts a caller without a session by address', async () => {
    const ip = randomIp();
    for (let i = 0; i < 3; i++) expect((await health(ctx.app, { ip })).statusCode).toBe(200);
    expectRateLimited(await health(ctx.app, { ip }));
    expect((await health(ctx.app, { ip: randomIp() })).statusCode).toBe(200);
  });

  it('counts a signed-in caller by session, and made-up cookies by address', async () => {
    const user = await createUser(ctx.db);
    const cookie = await signedIn(ctx.app, user);
    const ip = randomIp();
    for (let i = 0; i < 3; i++) {
      expect((await health(ctx.app, { ip: randomIp(), cookie })).statusCode).toBe(200);
    }
    expectRateLimited(await health(ctx.app, { ip: randomIp(), cookie }));
    // The session's budget is its own: the address it used still has all of its own.
    for (let i = 0; i < 3; i++) {
      const forged = `bastion_session=${randomUUID()}`;
      expect((await health(ctx.app, { ip, cookie: forged })).statusCode).toBe(200);
    }
    expectRateLimited(await health(ctx.app, { ip, cookie: `bastion_session=${randomUUID()}` }));
  });

  it('covers the sign-in routes too when their own limit is turned off', async () => {
    const fallback = await createTestApp({
      RATE_LIMIT_AUTH_PER_MINUTE: '0',
      RATE_LIMIT_API_PER_MINUTE: '2',
    });
    const ip = randomIp();
    expect((await forgot(fallback.app, ip)).statusCode).toBe(200);
    expect((await health(fallback.app, { ip })).statusCode).toBe(200);
    expectRateLimited(await forgot(fallback.app, ip));
  });

  it('leaves the web app’s pages and assets alone', async () => {
    const ip = randomIp();
    for (let i = 0; i < 5; i++) {
      const page = await ctx.app.inject({ method: 'GET', url: '/meta.json', remoteAddress: ip });
      expect(page.statusCode).toBe(200);
    }
  });
});

describe('when the database does not answer', () => {
  let app: FastifyInstance;
  let closeDatabase: () => Promise<void>;
  const logged: string[] = [];

  beforeAll(async () => {
    // Nothing listens on port 1: every query fails at once, as during a database outage.
    const dead = await openDatabase({ engine: 'postgres', url: 'postgres://x@127.0.0.1:1/none' });
    closeDatabase = () => dead.close();
    const config = loadConfig({ RATE_LIMIT_AUTH_PER_MINUTE: '1', RATE_LIMIT_API_PER_MINUTE: '1' });
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged.push(chunk.toString());
        done();
      },
    });
    app = Fastify({ logger: { level: 'warn', stream: sink } });
    registerErrorHandling(app, { spaIndex: null });
    await registerRateLimiting(app, {
      db: dead.db,
      config,
      resolveCaller: async () => null,
    });
    app.get('/api/ping', async () => ({ pong: true }));
    app.get(
      '/api/sign-in-like',
      { config: { rateLimit: authRouteRateLimit(config) } },
      async () => ({
        pong: true,
      }),
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await closeDatabase();
  });

  it('lets requests through and says so in the log (fails open)', async () => {
    for (const url of ['/api/ping', '/api/sign-in-like']) {
      for (let i = 0; i < 3; i++) {
        const response = await app.inject({ method: 'GET', url, remoteAddress: '192.0.2.7' });
        expect(response.statusCode).toBe(200);
      }
    }
    expect(logged.some((line) => line.includes('the database did not answer'))).toBe(true);
  });
});
