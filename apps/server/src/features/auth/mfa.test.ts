import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { appSettings } from '@bastion/db/schema/navigation';
import { mfaRecoveryCodes, sessions, userMfa } from '@bastion/db/schema/sessions';
import { users } from '@bastion/db/schema/users';
import { forgetAccessSettings } from '../../core/access/access-settings.repository.ts';
import { currentTotp } from '../../core/access/totp.ts';
import { dataOfSuccess } from '../../test/answers.ts';
import { useTestApp } from '../../test/test-bed.ts';
import {
  createUser,
  login,
  randomIp,
  sessionCookieFrom,
  signedIn,
  type TestUser,
} from '../../test/test-app.ts';

const ctx = useTestApp();

const post = (url: string, cookie: string, payload: object = {}, ip = randomIp()) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: { cookie }, remoteAddress: ip });

/** The code an authenticator shows `steps` periods from now (the server accepts ±1 period). */
const codeAt = (secret: string, steps = 0) =>
  currentTotp(secret, new Date(Date.now() + steps * 30_000));

async function setSetting(name: string, value: string) {
  await ctx.db.update(appSettings).set({ value }).where(eq(appSettings.name, name));
  forgetAccessSettings(ctx.db);
}

afterEach(async () => {
  await setSetting('mfa_required_roles', '');
  await setSetting('maintenance', 'disabled');
});

/** A user with two-step sign-in on: their secret, recovery codes and a signed-in cookie. */
async function enrolledUser(roles = [{ role: 'SALES_USER' }]) {
  const user = await createUser(ctx.db, { roles });
  const cookie = await signedIn(ctx.app, user);
  const qr = dataOfSuccess<{ secret: string }>(await post('/api/security/gen-qr', cookie));
  const on = dataOfSuccess<{ recovery_codes: string[] }>(
    await post('/api/security/update-mfa-enabled', cookie, {
      enabled: true,
      code: await codeAt(qr.secret),
    }),
  );
  return { user, cookie, secret: qr.secret, recoveryCodes: on.recovery_codes };
}

/** A session cookie with a value: a refused sign-in only clears the cookie. */
const sessionCookieSet = (response: { cookies: { name: string; value: string }[] }) =>
  response.cookies.some((c) => c.name === 'bastion_session' && c.value !== '');

const mfaEnabledOf = async (user: TestUser) =>
  (await ctx.db.select().from(users).where(eq(users.id, user.id)))[0]?.mfaEnabled;

describe('enrolling (gen-qr, update-mfa-enabled)', () => {
  it('answers an otpauth URI with the issuer and a PNG QR code, and keeps the secret sealed', async () => {
    const user = await createUser(ctx.db);
    const cookie = await signedIn(ctx.app, user);
    const answer = dataOfSuccess<{ otpauth_url: string; qr: string; secret: string }>(
      await post('/api/security/gen-qr', cookie),
    );
    const uri = new URL(answer.otpauth_url);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/Bastion CPQ:${user.email}`);
    expect(uri.searchParams.get('issuer')).toBe('Bastion CPQ');
    expect(uri.searchParams.get('secret')).toBe(answer.secret);
    expect(answer.qr).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]{200,}$/);

    const [stored] = await ctx.db.select().from(userMfa).where(eq(userMfa.userId, user.id));
    expect(stored?.pendingSecret).toMatch(/^v1\./);
    expect(stored?.pendingSecret).not.toContain(answer.secret);
    expect(stored?.secret).toBeNull();
    expect(await mfaEnabledOf(user)).toBe(false);
  });

  it('turns on only with a code of the new secret, then answers ten recovery codes kept hashed', async () => {
    const user = await createUser(ctx.db);
    const cookie = await signedIn(ctx.app, user);
    const { secret } = dataOfSuccess<{ secret: string }>(
      await post('/api/security/gen-qr', cookie),
    );

    const wrong = await post('/api/security/update-mfa-enabled', cookie, {
      enabled: true,
      code: '000000' === (await codeAt(secret)) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0]).toMatchObject({ path: 'code' });
    expect(await mfaEnabledOf(user)).toBe(false);

    const on = dataOfSuccess<{ mfa_enabled: boolean; recovery_codes: string[] }>(
      await post('/api/security/update-mfa-enabled', cookie, {
        enabled: true,
        code: await codeAt(secret),
      }),
    );
    expect(on.mfa_enabled).toBe(true);
    expect(on.recovery_codes).toHaveLength(10);
    expect(new Set(on.recovery_codes).size).toBe(10);
    expect(await mfaEnabledOf(user)).toBe(true);
    const hashes = await ctx.db
      .select()
      .from(mfaRecoveryCodes)
      .where(eq(mfaRecoveryCodes.userId, user.id));
    expect(hashes).toHaveLength(10);
    for (const code of on.recovery_codes) {
      expect(hashes.some((h) => h.codeHash.includes(code))).toBe(false);
    }
    // Already on: a second enrolment is refused until it is turned off.
    expect((await post('/api/security/gen-qr', cookie)).statusCode).toBe(409);
  });

  it('refuses activation without a QR code first, and explains', async () => {
    const cookie = await signedIn(ctx.app, await createUser(ctx.db));
    const answer = await post('/api/security/update-mfa-enabled', cookie, {
      enabled: true,
      code: '123456',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toMatch(/QR code has expired/);
  });

  it('refuses both while an administrator acts as the user', async () => {
    const admin = await createUser(ctx.db, { roles: [{ role: 'ROOT_ADMIN' }] });
    const user = await createUser(ctx.db);
    const cookie = await signedIn(ctx.app, admin);
    // Act as the user, as /api/security/impersonate does.
    await ctx.db
      .update(sessions)
      .set({ userId: user.id, impersonatorUserId: admin.id, impersonationStartedAt: new Date() })
      .where(eq(sessions.userId, admin.id));
    for (const [url, body] of [
      ['/api/security/gen-qr', {}],
      ['/api/security/update-mfa-enabled', { enabled: true, code: '123456' }],
      ['/api/security/change-password', { current_password: 'x', new_password: 'y' }],
      ['/api/security/sign-out-other-sessions', {}],
    ] as const) {
      const answer = await post(url, cookie, body);
      expect(answer.statusCode, url).toBe(403);
      expect(answer.json().message).toMatch(/Return to your own account/);
    }
    expect(await ctx.db.select().from(userMfa).where(eq(userMfa.userId, user.id))).toEqual([]);
  });
});

describe('signing in with a second factor', () => {
  it('asks for the code without starting a session, then signs in with it once', async () => {
    const { user, secret } = await enrolledUser();
    const ip = randomIp();

    const first = await login(ctx.app, user, { ip });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ mfa_required: true, email: user.email });
    expect(sessionCookieSet(first)).toBe(false);

    // The enrolment spent this period's code: the next period's is still accepted (±1 step).
    const code = await codeAt(secret, 1);
    const second = await login(ctx.app, { ...user, otp: code } as TestUser, { ip });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data).toMatchObject({ mfa_required: false, email: user.email });
    const cookie = sessionCookieFrom(second);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/security/introspect',
      headers: { cookie },
    });
    expect(me.json().data.user).toMatchObject({ email: user.email, mfa_enabled: true });

    // The same code again, within its window: refused.
    const replay = await login(ctx.app, { ...user, otp: code } as TestUser, { ip });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toMatch(/code is not valid/);
    expect(sessionCookieSet(replay)).toBe(false);
  });

  it('refuses an expired code: one period of drift is allowed, two are not', async () => {
    const { user, secret } = await enrolledUser();
    const expired = await login(ctx.app, { ...user, otp: await codeAt(secret, -2) } as TestUser);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toMatch(/code is not valid/);
    const early = await login(ctx.app, { ...user, otp: await codeAt(secret, 2) } as TestUser);
    expect(early.statusCode).toBe(401);
  });

  it('accepts each recovery code once', async () => {
    const { user, recoveryCodes } = await enrolledUser();
    const code = recoveryCodes[3]!;
    // Typed in capitals with spaces: still the same code.
    const typed = ` ${code.toUpperCase()} `;
    const signed = await login(ctx.app, { ...user, otp: typed } as TestUser);
    expect(signed.statusCode, signed.body).toBe(200);
    const again = await login(ctx.app, { ...user, otp: code } as TestUser);
    expect(again.statusCode).toBe(401);
    const status = dataOfSuccess<{ recovery_codes_left: number }>(
      await post('/api/security/mfa-status', sessionCookieFrom(signed)),
    );
    expect(status.recovery_codes_left).toBe(9);
  });

  it('refuses a wrong password before asking for a code', async () => {
    const { user } = await enrolledUser();
    const answer = await login(ctx.app, { ...user, password: 'not-the-password' });
    expect(answer.statusCode).toBe(401);
    expect(answer.json().message).toBe('Invalid email or password.');
  });

  it('throttles wrong codes like wrong passwords, then refuses even the right one', async () => {
    const { user, secret } = await enrolledUser();
    const ip = randomIp();
    const limit = ctx.config.login.maxFailuresPerAccount;
    for (let i = 0; i < limit; i += 1) {
      const answer = await login(ctx.app, { ...user, otp: '999999' } as TestUser, { ip });
      expect([401]).toContain(answer.statusCode);
    }
    const blocked = await login(ctx.app, { ...user, otp: await codeAt(secret, 1) } as TestUser, {
      ip,
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });
});

describe('turning it off and recovery codes', () => {
  it('turns off with a recovery code and forgets secret and codes', async () => {
    const { user, cookie, recoveryCodes } = await enrolledUser();
    const off = dataOfSuccess<{ mfa_enabled: boolean }>(
      await post('/api/security/update-mfa-enabled', cookie, {
        enabled: false,
        code: recoveryCodes[0]!,
      }),
    );
    expect(off.mfa_enabled).toBe(false);
    expect(await mfaEnabledOf(user)).toBe(false);
    expect(await ctx.db.select().from(userMfa).where(eq(userMfa.userId, user.id))).toEqual([]);
    const signed = await login(ctx.app, user);
    expect(signed.json().data.mfa_required).toBe(false);
  });

  it('refuses to turn off with a wrong code, and when the policy requires it', async () => {
    const { user, cookie, recoveryCodes } = await enrolledUser([{ role: 'USER_ADMIN' }]);
    const wrong = await post('/api/security/update-mfa-enabled', cookie, {
      enabled: false,
      code: 'aaaaa-aaaaa',
    });
    expect(wrong.statusCode).toBe(400);
    expect(await mfaEnabledOf(user)).toBe(true);

    await setSetting('mfa_required_roles', 'ROOT_ADMIN,USER_ADMIN');
    const required = await post('/api/security/update-mfa-enabled', cookie, {
      enabled: false,
      code: recoveryCodes[0]!,
    });
    expect(required.statusCode).toBe(400);
    expect(required.json().message).toMatch(/Your role requires two-step sign-in/);
    expect(await mfaEnabledOf(user)).toBe(true);
  });

  it('regenerates recovery codes with a valid code; the old ones stop working', async () => {
    const { user, cookie, recoveryCodes } = await enrolledUser();
    const fresh = dataOfSuccess<{ recovery_codes: string[] }>(
      await post('/api/security/regenerate-recovery-codes', cookie, { code: recoveryCodes[0]! }),
    );
    expect(fresh.recovery_codes).toHaveLength(10);
    expect((await login(ctx.app, { ...user, otp: recoveryCodes[1]! } as TestUser)).statusCode).toBe(
      401,
    );
    expect(
      (await login(ctx.app, { ...user, otp: fresh.recovery_codes[0]! } as TestUser)).statusCode,
    ).toBe(200);
  });
});

describe('the sign-in policy', () => {
  it('holds a user whose role requires two-step sign-in at enrolment until they enrol', async () => {
    await setSetting('mfa_required_roles', 'ROOT_ADMIN,USER_ADMIN');
    const user = await createUser(ctx.db, { roles: [{ role: 'USER_ADMIN' }] });
    const cookie = await signedIn(ctx.app, user);

    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/security/introspect',
      headers: { cookie },
    });
    expect(me.json().data.user).toMatchObject({
      mfa_enabled: false,
      mfa_enrolment_required: true,
    });
    const held = await post('/api/dx/my-pending-approval-count', cookie);
    expect(held.statusCode).toBe(403);
    expect(held.json()).toMatchObject({ error: 'MFA_ENROLMENT_REQUIRED' });
    // The polls go on, so the client keeps its session.
    expect((await post('/api/dx/get-is-disabled', cookie)).statusCode).toBe(200);

    const { secret } = dataOfSuccess<{ secret: string }>(
      await post('/api/security/gen-qr', cookie),
    );
    dataOfSuccess(
      await post('/api/security/update-mfa-enabled', cookie, {
        enabled: true,
        code: await codeAt(secret),
      }),
    );
    expect((await post('/api/dx/my-pending-approval-count', cookie)).statusCode).toBe(200);
  });

  it('leaves other roles and Google accounts alone', async () => {
    await setSetting('mfa_required_roles', 'ROOT_ADMIN,USER_ADMIN');
    const seller = await createUser(ctx.db, { roles: [{ role: 'SALES_USER' }] });
    expect(
      (await post('/api/dx/my-pending-approval-count', await signedIn(ctx.app, seller))).statusCode,
    ).toBe(200);
    const googleAdmin = await createUser(ctx.db, { roles: [{ role: 'ROOT_ADMIN' }] });
    const cookie = await signedIn(ctx.app, googleAdmin);
    await ctx.db.update(users).set({ idProvider: 'Google' }).where(eq(users.id, googleAdmin.id));
    expect((await post('/api/dx/my-pending-approval-count', cookie)).statusCode).toBe(200);
    const gen = await post('/api/security/gen-qr', cookie);
    expect(gen.statusCode).toBe(400);
    expect(gen.json().message).toMatch(/signs in with Google/);
  });
});

describe('maintenance at sign-in', () => {
  it('refuses held users with the message and lets root and IT admins in', async () => {
    await setSetting('maintenance_message', 'Back at 18:00 UTC.');
    await setSetting('maintenance', 'enable');
    const seller = await createUser(ctx.db);
    const refused = await login(ctx.app, seller);
    expect(refused.statusCode).toBe(503);
    expect(refused.json().message).toBe('Back at 18:00 UTC.');
    expect(sessionCookieSet(refused)).toBe(false);
    for (const role of ['ROOT_ADMIN', 'IT_ADMIN']) {
      const admin = await createUser(ctx.db, { roles: [{ role }] });
      expect((await login(ctx.app, admin)).statusCode, role).toBe(200);
    }
    // A wrong password is still just a wrong password: maintenance says nothing to guessers.
    expect((await login(ctx.app, { ...seller, password: 'wrong-one' })).statusCode).toBe(401);
    await setSetting('maintenance_message', '');
  });
});

describe('password and sessions', () => {
  it('changes the password with the current one and signs out the other sessions', async () => {
    const user = await createUser(ctx.db);
    const here = await signedIn(ctx.app, user);
    const elsewhere = await signedIn(ctx.app, user);

    const listed = dataOfSuccess<{ sessions: { is_current: boolean }[] }>(
      await post('/api/security/sessions', here),
    );
    expect(listed.sessions).toHaveLength(2);
    expect(listed.sessions.filter((s) => s.is_current)).toHaveLength(1);

    const wrong = await post('/api/security/change-password', here, {
      current_password: 'not-it',
      new_password: 'A-new-password-42',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0]).toMatchObject({ path: 'current_password' });
    const weak = await post('/api/security/change-password', here, {
      current_password: user.password,
      new_password: 'short',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors[0]).toMatchObject({ path: 'new_password' });

    const changed = dataOfSuccess<{ signed_out_elsewhere: number }>(
      await post('/api/security/change-password', here, {
        current_password: user.password,
        new_password: 'A-new-password-42',
      }),
    );
    expect(changed.signed_out_elsewhere).toBe(1);
    expect((await post('/api/dx/get-is-disabled', elsewhere)).statusCode).toBe(403);
    expect((await post('/api/dx/get-is-disabled', here)).statusCode).toBe(200);
    expect((await login(ctx.app, { ...user, password: 'A-new-password-42' })).statusCode).toBe(200);
  });

  it('signs out everywhere else', async () => {
    const user = await createUser(ctx.db);
    const here = await signedIn(ctx.app, user);
    const other = await signedIn(ctx.app, user);
    const answer = dataOfSuccess<{ signed_out: number }>(
      await post('/api/security/sign-out-other-sessions', here),
    );
    expect(answer.signed_out).toBe(1);
    expect((await post('/api/dx/get-is-disabled', other)).statusCode).toBe(403);
    expect((await post('/api/dx/get-is-disabled', here)).statusCode).toBe(200);
  });
});
