import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog } from '@bastion/db/schema/audit';
import { appSettings } from '@bastion/db/schema/navigation';
import { oauthStates, sessions } from '@bastion/db/schema/sessions';
import { users } from '@bastion/db/schema/users';
import { forgetAccessSettings } from '../../core/access/access-settings.repository.ts';
import { hashOpaqueToken } from '../../core/access/opaque-token.ts';
import {
  createTestApp,
  createUser,
  randomIp,
  sessionCookieFrom,
  signedIn,
  type TestContext,
} from '../../test/test-app.ts';
import { openBeforeAll } from '../../test/test-bed.ts';
import {
  LOCAL_CLIENT_ID,
  LOCAL_CLIENT_SECRET,
  answerAtProvider,
  startLocalOpenIdProvider,
  type LocalOpenIdProvider,
} from './local-openid-provider.ts';

/*
 * Google sign-in end to end against a real OpenID provider (oidc-provider) started here: the
 * app redirects to it, the test goes through its sign-in and consent pages, and brings the
 * provider's answer back to the app's callback, as a browser would.
 */

const ROUTE = '/api/security/oauth/google';

const bed = openBeforeAll(async (): Promise<{ idp: LocalOpenIdProvider; ctx: TestContext }> => {
  const idp = await startLocalOpenIdProvider();
  const ctx = await createTestApp({
    GOOGLE_ISSUER: idp.issuer,
    GOOGLE_CLIENT_ID: LOCAL_CLIENT_ID,
    GOOGLE_CLIENT_SECRET: LOCAL_CLIENT_SECRET,
  });
  idp.acceptRedirectsTo(`${ctx.config.publicUrl}${ROUTE}`);
  return { idp, ctx };
});

afterAll(async () => {
  await bed.ctx?.app.close();
  await bed.idp?.stop();
});

/** One browser: the cookies the app gave it, sent back on every later request. */
function browser(initial: Record<string, string> = {}) {
  const jar = new Map(Object.entries(initial));
  const ip = randomIp();
  return {
    jar,
    async get(url: string) {
      const response = await bed.ctx.app.inject({
        method: 'GET',
        url,
        remoteAddress: ip,
        headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
      });
      for (const cookie of response.cookies) {
        if (cookie.value === '' || (cookie.maxAge ?? 1) <= 0) jar.delete(cookie.name);
        else jar.set(cookie.name, cookie.value);
      }
      return response;
    },
  };
}

type Browser = ReturnType<typeof browser>;

/** Clicks "Sign in with Google": the app's redirect to the provider. */
async function start(b: Browser, from?: string) {
  const response = await b.get(
    from === undefined ? ROUTE : `${ROUTE}?from=${encodeURIComponent(from)}`,
  );
  expect(response.statusCode, response.body).toBe(302);
  return new URL(response.headers.location as string);
}

/** The provider's answer brought back to the app. */
const callback = (b: Browser, answer: URL) => b.get(`${answer.pathname}${answer.search}`);

/** The whole round trip as `login` at the provider. */
async function signInWithGoogle(login: string, options: { from?: string; browser?: Browser } = {}) {
  const b = options.browser ?? browser();
  const answer = await answerAtProvider((await start(b, options.from)).href, login);
  return { b, answer, response: await callback(b, answer) };
}

const introspect = (cookie: string) =>
  bed.ctx.app.inject({ method: 'GET', url: '/api/security/introspect', headers: { cookie } });

async function auditOf(response: LightMyRequestResponse) {
  return bed.ctx.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.requestId, String(response.headers['x-request-id'])));
}

function expectRefused(response: LightMyRequestResponse, reason: string) {
  expect(response.statusCode, response.body).toBe(302);
  expect(response.headers.location).toBe(`/login?google_error=${reason}`);
  expect(response.cookies.find((c) => c.name === 'bastion_session')).toBeUndefined();
}

async function setMaintenance(value: 'enable' | 'disabled') {
  await bed.ctx.db
    .insert(appSettings)
    .values({ name: 'maintenance', value })
    .onConflictDoUpdate({ target: appSettings.name, set: { value } });
  forgetAccessSettings(bed.ctx.db);
}

describe('GET /api/security/oauth/google: the redirect to the provider', () => {
  it('asks for a code with state, nonce, PKCE S256, offline access, consent and the scopes', async () => {
    const b = browser();
    const url = await start(b);
    expect(url.origin).toBe(bed.idp.issuer);
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      client_id: LOCAL_CLIENT_ID,
      response_type: 'code',
      redirect_uri: `${bed.ctx.config.publicUrl}${ROUTE}`,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      access_type: 'offline',
      prompt: 'consent',
    });
    expect(params.state).toMatch(/^[\w-]{40,}$/);
    expect(params.nonce).toMatch(/^[\w-]{40,}$/);
    // Only the state's hash is kept; the challenge is the hash of the kept verifier.
    const [stored] = await bed.ctx.db
      .select()
      .from(oauthStates)
      .where(eq(oauthStates.stateHash, hashOpaqueToken(params.state ?? '')));
    expect(stored?.nonce).toBe(params.nonce);
    const challenge = createHash('sha256')
      .update(stored?.codeVerifier ?? '')
      .digest('base64url');
    expect(params.code_challenge).toBe(challenge);
    expect(stored?.usedAt).toBeNull();
    expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    // The browser that started is the one whose callback is taken.
    expect(b.jar.get('bastion_google_state')).toBe(params.state);
  });

  it('tells the login page that Google is configured', async () => {
    const response = await bed.ctx.app.inject({
      method: 'GET',
      url: '/api/security/oauth/providers',
    });
    expect(response.json()).toEqual({ code: 200, data: { google: true } });
  });
});

describe('the callback', () => {
  it('signs in the user with the verified e-mail, replacing the session the browser held', async () => {
    const user = await createUser(bed.ctx.db);
    const someoneElse = await createUser(bed.ctx.db);
    const planted = (await signedIn(bed.ctx.app, someoneElse)).split('=')[1] ?? '';
    const b = browser({ bastion_session: planted });
    const { response } = await signInWithGoogle(user.email.toUpperCase(), { browser: b });

    expect(response.statusCode, response.body).toBe(302);
    expect(response.headers.location).toBe('/login');
    const cookie = response.cookies.find((c) => c.name === 'bastion_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 12 * 3600 });
    const session = await introspect(sessionCookieFrom(response));
    expect(session.statusCode).toBe(200);
    expect(session.json().data.user.email).toBe(user.email);

    expect(b.jar.has('bastion_google_state')).toBe(false);
    const old = await bed.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashOpaqueToken(planted)));
    expect(old).toEqual([]);
    const [row] = await bed.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(Date.now() - (row?.lastSignInAt?.getTime() ?? 0)).toBeLessThan(60_000);
    expect(await auditOf(response)).toMatchObject([
      {
        action: 'auth.google.succeeded',
        actorUserId: user.id,
        entityId: user.id,
        details: { sub: user.email.toUpperCase(), email: user.email, name: 'Local Provider User' },
      },
    ]);
  });

  it('shows the signed-in user the Google account they came in with', async () => {
    const user = await createUser(bed.ctx.db);
    const profileOf = async (cookie: string) => {
      const answer = await bed.ctx.app.inject({
        method: 'GET',
        url: '/api/security/oauth/google/profile',
        headers: { cookie },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<{ data: { google: { signed_in_at: string } | null } }>().data.google;
    };
    expect(await profileOf(await signedIn(bed.ctx.app, user))).toBeNull();
    const { response } = await signInWithGoogle(user.email);
    const profile = await profileOf(sessionCookieFrom(response));
    expect(profile).toMatchObject({ email: user.email, name: 'Local Provider User' });
    expect(Date.now() - Date.parse(profile?.signed_in_at ?? '')).toBeLessThan(60_000);
  });

  it('signs in a Google account that has a second factor: Google holds its sign-in', async () => {
    const user = await createUser(bed.ctx.db);
    await bed.ctx.db
      .update(users)
      .set({ idProvider: 'Google', passwordHash: null, mfaEnabled: true })
      .where(eq(users.id, user.id));
    const { response } = await signInWithGoogle(user.email);
    expect(response.headers.location).toBe('/login');
    expect((await introspect(sessionCookieFrom(response))).statusCode).toBe(200);
  });

  it('returns to the page the user asked for, and only to a page of this app', async () => {
    const asked = await signInWithGoogle((await createUser(bed.ctx.db)).email, {
      from: '/cpq/grid/quote/ref?page=2',
    });
    expect(asked.response.headers.location).toBe('/cpq/grid/quote/ref?page=2');

    for (const from of ['//evil.example', 'https://evil.example', '/\\evil.example', '/login']) {
      const { response } = await signInWithGoogle((await createUser(bed.ctx.db)).email, { from });
      expect(response.headers.location, from).toBe('/login');
    }
  });

  it('refuses a state that is not the one this browser was given', async () => {
    const user = await createUser(bed.ctx.db);
    const b = browser();
    const answer = await answerAtProvider((await start(b)).href, user.email);

    const tampered = new URL(answer);
    tampered.searchParams.set('state', `${answer.searchParams.get('state')}x`);
    const response = await callback(b, tampered);
    expectRefused(response, 'invalid_state');
    expect(await auditOf(response)).toMatchObject([{ action: 'auth.google.invalid_state' }]);

    // The real answer in another browser (a login-CSRF attempt) is refused too.
    expectRefused(await callback(browser(), answer), 'invalid_state');
  });

  it('refuses a state made up to match a cookie the attacker set', async () => {
    const user = await createUser(bed.ctx.db);
    const b = browser();
    const answer = await answerAtProvider((await start(b)).href, user.email);
    const forged = new URL(answer);
    forged.searchParams.set('state', 'made-up-state');
    expectRefused(
      await callback(browser({ bastion_google_state: 'made-up-state' }), forged),
      'invalid_state',
    );
  });

  it('refuses a replayed callback: the state and code serve once', async () => {
    const user = await createUser(bed.ctx.db);
    const { b, answer, response } = await signInWithGoogle(user.email);
    expect(response.headers.location).toBe('/login');
    // The same answer again, with the state cookie put back as an attacker would.
    b.jar.set('bastion_google_state', answer.searchParams.get('state') ?? '');
    const replay = await callback(b, answer);
    expectRefused(replay, 'invalid_state');
  });

  it('refuses an expired state', async () => {
    const user = await createUser(bed.ctx.db);
    const b = browser();
    const url = await start(b);
    await bed.ctx.db
      .update(oauthStates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthStates.stateHash, hashOpaqueToken(url.searchParams.get('state') ?? '')));
    const answer = await answerAtProvider(url.href, user.email);
    expectRefused(await callback(b, answer), 'invalid_state');
  });

  it('refuses an ID token whose nonce is not the one sent', async () => {
    const user = await createUser(bed.ctx.db);
    const b = browser();
    const url = await start(b);
    await bed.ctx.db
      .update(oauthStates)
      .set({ nonce: 'another-nonce' })
      .where(eq(oauthStates.stateHash, hashOpaqueToken(url.searchParams.get('state') ?? '')));
    const response = await callback(b, await answerAtProvider(url.href, user.email));
    expectRefused(response, 'verification_failed');
    expect(await auditOf(response)).toMatchObject([{ action: 'auth.google.verification_failed' }]);
  });

  it('refuses a code exchanged with another verifier (PKCE)', async () => {
    const user = await createUser(bed.ctx.db);
    const b = browser();
    const url = await start(b);
    await bed.ctx.db
      .update(oauthStates)
      .set({ codeVerifier: 'x'.repeat(64) })
      .where(eq(oauthStates.stateHash, hashOpaqueToken(url.searchParams.get('state') ?? '')));
    expectRefused(
      await callback(b, await answerAtProvider(url.href, user.email)),
      'verification_failed',
    );
  });

  it('refuses an e-mail that has no account, and creates none', async () => {
    const email = `nobody-${Date.now()}@example.com`;
    const { response } = await signInWithGoogle(email);
    expectRefused(response, 'unknown_account');
    expect(await auditOf(response)).toMatchObject([
      { action: 'auth.google.unknown_account', details: { email } },
    ]);
    expect(await bed.ctx.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('refuses a disabled user', async () => {
    const user = await createUser(bed.ctx.db, { isDisabled: true });
    const { response } = await signInWithGoogle(user.email);
    expectRefused(response, 'account_disabled');
    expect(await auditOf(response)).toMatchObject([
      { action: 'auth.google.account_disabled', entityId: user.id },
    ]);
  });

  it('refuses an e-mail the provider does not vouch for', async () => {
    const user = await createUser(bed.ctx.db);
    bed.idp.setClaims(user.email, { email_verified: false });
    expectRefused((await signInWithGoogle(user.email)).response, 'email_unverified');
  });

  it('refuses a password account with a second factor: Google must not get round it', async () => {
    const user = await createUser(bed.ctx.db);
    await bed.ctx.db.update(users).set({ mfaEnabled: true }).where(eq(users.id, user.id));
    expectRefused((await signInWithGoogle(user.email)).response, 'mfa_required');
  });

  it('says when the user cancelled at the provider', async () => {
    const b = browser();
    const answer = await answerAtProvider((await start(b)).href, 'anyone@example.com', {
      cancel: true,
    });
    expect(answer.searchParams.get('error')).toBe('access_denied');
    const response = await callback(b, answer);
    expectRefused(response, 'access_denied');
    expect(await auditOf(response)).toMatchObject([
      { action: 'auth.google.access_denied', details: { error: 'access_denied' } },
    ]);
    // The state was spent with the refusal.
    b.jar.set('bastion_google_state', answer.searchParams.get('state') ?? '');
    expectRefused(await callback(b, answer), 'access_denied');
    const [state] = await bed.ctx.db
      .select()
      .from(oauthStates)
      .where(eq(oauthStates.stateHash, hashOpaqueToken(answer.searchParams.get('state') ?? '')));
    expect(state?.usedAt).not.toBeNull();
  });

  it('keeps everyone but maintenance switchers out while maintenance is on', async () => {
    const seller = await createUser(bed.ctx.db);
    const itAdmin = await createUser(bed.ctx.db, { roles: [{ role: 'IT_ADMIN' }] });
    await setMaintenance('enable');
    try {
      expectRefused((await signInWithGoogle(seller.email)).response, 'maintenance');
      const admin = await signInWithGoogle(itAdmin.email);
      expect(admin.response.headers.location).toBe('/login');
    } finally {
      await setMaintenance('disabled');
    }
  });
});

describe('where Google sign-in is not configured', () => {
  const plain = openBeforeAll(() => createTestApp());
  afterAll(async () => {
    await plain.app?.close();
  });

  it('hides the button, answers 404 to the start and refuses a callback', async () => {
    const providers = await plain.app.inject({
      method: 'GET',
      url: '/api/security/oauth/providers',
    });
    expect(providers.json()).toEqual({ code: 200, data: { google: false } });

    const startResponse = await plain.app.inject({ method: 'GET', url: ROUTE });
    expect(startResponse.statusCode).toBe(404);
    expect(startResponse.json()).toMatchObject({
      code: 404,
      error: 'NOT_FOUND',
      message: 'Google sign-in is not configured here.',
    });

    const callbackResponse = await plain.app.inject({
      method: 'GET',
      url: `${ROUTE}?code=abc&state=def`,
    });
    expectRefused(callbackResponse, 'not_configured');
  });
});
