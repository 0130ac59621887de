import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '@bastion/db/schema/sessions';
import { users } from '@bastion/db/schema/users';
import {
  createTestApp,
  createUser,
  login,
  randomIp,
  sessionCookieFrom,
  signedIn,
} from '../../test/test-app.ts';
import { useTestApp } from '../../test/test-bed.ts';
import { hashOpaqueToken } from '../../core/access/opaque-token.ts';

const ctx = useTestApp();

const introspect = (cookie?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: '/api/security/introspect',
    headers: cookie ? { cookie } : {},
  });

const tokenHashOf = (cookie: string) => hashOpaqueToken(cookie.split('=')[1] ?? '');

describe('POST /api/security/auth/login', () => {
  it('signs in with the right password and sets a hardened session cookie', async () => {
    const user = await createUser(ctx.db);
    const response = await login(ctx.app, {
      email: user.email.toUpperCase(),
      password: user.password,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: 200,
      data: { mfa_required: false, email: user.email, first_name: 'Test', last_name: 'User' },
    });
    const cookie = response.cookies.find((c) => c.name === 'bastion_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only a hash of the token is stored.
    const stored = await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(stored.map((s) => s.tokenHash)).toEqual([hashOpaqueToken(cookie?.value ?? '')]);
  });

  it('marks the cookie Secure behind https', async () => {
    const secure = await createTestApp({ TRUST_PROXY: '1' });
    const user = await createUser(secure.db);
    const response = await secure.app.inject({
      method: 'POST',
      url: '/api/security/auth/login',
      payload: { email: user.email, password: user.password },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((c) => c.name === 'bastion_session')?.secure).toBe(true);
  });

  it.each([
    ['a wrong password', 'existing', 'Wrong-password-1'],
    ['an unknown e-mail', 'unknown', 'Whatever-password-1'],
  ])('answers %s with one generic message', async (_label, which, password) => {
    const user = await createUser(ctx.db);
    const email = which === 'existing' ? user.email : 'nobody-here@example.com';
    const response = await login(ctx.app, { email, password });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({
      code: 401,
      error: 'INVALID_CREDENTIALS',
      message: 'Invalid email or password.',
    });
    expect(response.json()).not.toHaveProperty('data');
    expect(response.cookies.find((c) => c.name === 'bastion_session')?.value ?? '').toBe('');
  });

  it('refuses a disabled user, and says so only after the right password', async () => {
    const user = await createUser(ctx.db, { isDisabled: true });
    const wrong = await login(ctx.app, { email: user.email, password: 'Wrong-password-1' });
    expect(wrong.json()).toMatchObject({ code: 401, error: 'INVALID_CREDENTIALS' });
    const right = await login(ctx.app, { email: user.email, password: user.password });
    expect(right.statusCode).toBe(401);
    expect(right.json()).toMatchObject({
      error: 'ACCOUNT_DISABLED',
      message: 'This account is disabled. Contact your administrator.',
    });
    const stored = await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(stored).toHaveLength(0);
  });

  it('locks an account from an address after 5 failures there in 15 minutes, even for the right password', async () => {
    const user = await createUser(ctx.db);
    const ip = randomIp();
    for (let i = 0; i < 5; i++) {
      const r = await login(ctx.app, { email: user.email, password: `Wrong-${i}` }, { ip });
      expect(r.statusCode).toBe(401);
    }
    const locked = await login(ctx.app, user, { ip });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({
      code: 429,
      error: 'RATE_LIMITED',
      message: 'Too many failed sign-in attempts. Try again in 15 minutes.',
    });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
  });

  it('does not count successful sign-ins against the budget', async () => {
    const user = await createUser(ctx.db);
    const ip = randomIp();
    for (let i = 0; i < 4; i++) {
      expect(
        (await login(ctx.app, { email: user.email, password: 'Nope-1' }, { ip })).statusCode,
      ).toBe(401);
    }
    for (let i = 0; i < 3; i++) {
      expect((await login(ctx.app, user, { ip })).statusCode).toBe(200);
    }
  });

  it('limits failures per client address across accounts', async () => {
    const limited = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '3' });
    const ip = randomIp();
    for (let i = 0; i < 3; i++) {
      const other = await createUser(limited.db);
      expect(
        (await login(limited.app, { email: other.email, password: 'Nope-1' }, { ip })).statusCode,
      ).toBe(401);
    }
    const user = await createUser(limited.db);
    expect((await login(limited.app, user, { ip })).statusCode).toBe(429);
    expect((await login(limited.app, user, { ip: randomIp() })).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('issues a new session id at every login and drops the one the browser held', async () => {
    const user = await createUser(ctx.db);
    const first = await signedIn(ctx.app, user);
    const second = sessionCookieFrom(await login(ctx.app, user, { cookie: first }));
    expect(second).not.toBe(first);
    expect((await introspect(first)).statusCode).toBe(403);
    expect((await introspect(second)).statusCode).toBe(200);
  });

  it('logout deletes the session on the server', async () => {
    const user = await createUser(ctx.db);
    const cookie = await signedIn(ctx.app, user);
    const out = await ctx.app.inject({
      method: 'GET',
      url: '/api/security/logout',
      headers: { cookie },
    });
    expect(out.json()).toEqual({ code: 200, data: { logged_out: true } });
    const stored = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, tokenHashOf(cookie)));
    expect(stored).toHaveLength(0);
    // Replaying the old cookie gets nothing.
    expect((await introspect(cookie)).statusCode).toBe(403);
  });

  it('answers a missing session with 403 and code 403', async () => {
    const response = await introspect();
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 403, error: 'SESSION_REQUIRED' });
    expect((await introspect('bastion_session=forged-token')).statusCode).toBe(403);
  });

  it('expires a session after the idle timeout', async () => {
    const user = await createUser(ctx.db);
    const cookie = await signedIn(ctx.app, user);
    const idle = new Date(Date.now() - (ctx.config.session.idleMinutes + 1) * 60_000);
    await ctx.db
      .update(sessions)
      .set({ lastSeenAt: idle })
      .where(eq(sessions.tokenHash, tokenHashOf(cookie)));
    expect((await introspect(cookie)).statusCode).toBe(403);
  });

  it('expires a session at its absolute end, however active', async () => {
    const user = await createUser(ctx.db);
    const cookie = await signedIn(ctx.app, user);
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, tokenHashOf(cookie)));
    expect((await introspect(cookie)).statusCode).toBe(403);
  });

  it('takes the timeouts from configuration', async () => {
    const short = await createTestApp({ SESSION_ABSOLUTE_HOURS: '1', SESSION_IDLE_MINUTES: '5' });
    const user = await createUser(short.db);
    const before = Date.now();
    const cookie = await signedIn(short.app, user);
    const [row] = await short.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, tokenHashOf(cookie)));
    expect(row?.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 3_600_000 - 1000);
    expect(row?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 3_600_000);
    await short.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(sessions.tokenHash, tokenHashOf(cookie)));
    expect(
      (
        await short.app.inject({
          method: 'GET',
          url: '/api/security/introspect',
          headers: { cookie },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('shuts out a user who is disabled mid-session', async () => {
    const user = await createUser(ctx.db);
    const cookie = await signedIn(ctx.app, user);
    await ctx.db.update(users).set({ isDisabled: true }).where(eq(users.id, user.id));
    expect((await introspect(cookie)).statusCode).toBe(403);
  });
});
