import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboundEmails } from '@bastion/db/schema/mail';
import { passwordResetTokens, sessions } from '@bastion/db/schema/sessions';
import { users } from '@bastion/db/schema/users';
import { createTestApp, createUser, login, randomIp, signedIn } from '../../test/test-app.ts';
import { useTestApp } from '../../test/test-bed.ts';
import { MAX_RESET_EMAILS_PER_HOUR } from './request-password-reset.ts';
import { INVALID_RESET_LINK_MESSAGE } from './reset-password.ts';

const ctx = useTestApp({ PUBLIC_URL: 'https://cpq.example.com/' });

const forgot = (email: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/security/forgot_password',
    payload: { email },
    remoteAddress: randomIp(),
  });

const reset = (payload: Record<string, unknown>, cookie?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/security/reset_password',
    payload,
    headers: cookie ? { cookie } : {},
  });

async function emailsTo(email: string) {
  return ctx.db
    .select()
    .from(outboundEmails)
    .where(and(eq(outboundEmails.recipient, email), eq(outboundEmails.purpose, 'password_reset')))
    .orderBy(desc(outboundEmails.createdAt));
}

/** The token of the newest reset e-mail, read from its link as the user would follow it. */
async function tokenFromLatestEmail(email: string): Promise<string> {
  const [latest] = await emailsTo(email);
  const link = /https:\/\/cpq\.example\.com\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(
    latest?.textBody ?? '',
  );
  if (!link?.[1]) throw new Error(`no reset link in: ${latest?.textBody}`);
  return link[1];
}

const NEW_PASSWORD = 'A-brand-new-passphrase-7';

describe('POST /api/security/forgot_password', () => {
  it('e-mails a link under the configured public address, never the request host', async () => {
    const user = await createUser(ctx.db);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/security/forgot_password',
      payload: { email: user.email.toUpperCase() },
      headers: { host: 'evil.example' },
    });
    expect(response.json()).toEqual({ code: 200, data: { requested: true } });
    const [email] = await emailsTo(user.email);
    expect(email?.subject).toBe('Choose a new Bastion CPQ password');
    expect(email?.textBody).toContain('Hello Test,');
    expect(email?.textBody).toContain('within 60 minutes');
    expect(email?.textBody).not.toContain('evil.example');
    expect(await tokenFromLatestEmail(user.email)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it.each([
    ['an unknown address', async () => `nobody-${Date.now()}@example.com`],
    ['a disabled account', async () => (await createUser(ctx.db, { isDisabled: true })).email],
    [
      'a Google account',
      async () => {
        const user = await createUser(ctx.db);
        await ctx.db.update(users).set({ idProvider: 'Google' }).where(eq(users.id, user.id));
        return user.email;
      },
    ],
  ])('answers the same for %s and sends nothing', async (_label, emailOf) => {
    const email = await emailOf();
    const response = await forgot(email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 200, data: { requested: true } });
    expect(await emailsTo(email)).toHaveLength(0);
  });

  it(`sends at most ${MAX_RESET_EMAILS_PER_HOUR} e-mails an hour to one account, silently`, async () => {
    const user = await createUser(ctx.db);
    for (let i = 0; i < MAX_RESET_EMAILS_PER_HOUR + 2; i++) {
      expect((await forgot(user.email)).json()).toEqual({ code: 200, data: { requested: true } });
    }
    expect(await emailsTo(user.email)).toHaveLength(MAX_RESET_EMAILS_PER_HOUR);
  });

  it('answers a missing address with 400 and sends nothing', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/security/forgot_password',
      payload: { email: '   ' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'Invalid request. email: Enter your email address.',
    });
  });
});

describe('POST /api/security/reset_password', () => {
  it('sets the new password, spends the link and signs the user out everywhere', async () => {
    const user = await createUser(ctx.db);
    const cookie = await signedIn(ctx.app, user);
    await forgot(user.email);
    const token = await tokenFromLatestEmail(user.email);

    const response = await reset({ token, password: NEW_PASSWORD }, cookie);
    expect(response.json()).toEqual({ code: 200, data: { reset: true } });
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(
      0,
    );
    expect((await login(ctx.app, user)).statusCode).toBe(401);
    expect((await login(ctx.app, { email: user.email, password: NEW_PASSWORD })).statusCode).toBe(
      200,
    );

    const again = await reset({ token, password: 'Yet-another-passphrase-8' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      error: 'INVALID_RESET_LINK',
      message: INVALID_RESET_LINK_MESSAGE,
    });
  });

  it('lets a user locked out from everywhere back in once the password is reset', async () => {
    const strict = await createTestApp({
      PUBLIC_URL: 'https://cpq.example.com/',
      LOGIN_MAX_FAILURES_ACCOUNT_WIDE: '3',
    });
    const user = await createUser(ctx.db);
    // Each from an address of its own: only the account-wide budget is spent.
    for (let i = 0; i < 3; i++)
      await login(strict.app, { email: user.email, password: `Nope-${i}` });
    expect((await login(strict.app, user)).statusCode).toBe(429);
    await forgot(user.email);
    await reset({ token: await tokenFromLatestEmail(user.email), password: NEW_PASSWORD });
    expect(
      (await login(strict.app, { email: user.email, password: NEW_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('only the newest link works', async () => {
    const user = await createUser(ctx.db);
    await forgot(user.email);
    const first = await tokenFromLatestEmail(user.email);
    await forgot(user.email);
    const second = await tokenFromLatestEmail(user.email);
    expect((await reset({ token: first, password: NEW_PASSWORD })).statusCode).toBe(400);
    expect((await reset({ token: second, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const user = await createUser(ctx.db);
    await forgot(user.email);
    const token = await tokenFromLatestEmail(user.email);
    await ctx.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    const response = await reset({ token, password: NEW_PASSWORD });
    expect(response.json()).toMatchObject({ code: 400, message: INVALID_RESET_LINK_MESSAGE });
    expect((await login(ctx.app, user)).statusCode).toBe(200);
  });

  it.each([
    ['a short password', 'Short-1', 'Use at least 12 characters.'],
    ['the e-mail address', null, 'Do not use your e-mail address as your password.'],
  ])('refuses %s, keeps the old one and the link', async (_label, password, message) => {
    const user = await createUser(ctx.db);
    await forgot(user.email);
    const token = await tokenFromLatestEmail(user.email);
    const response = await reset({ token, password: password ?? user.email });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'VALIDATION_FAILED',
      message,
      errors: [{ path: 'password', message }],
    });
    expect((await login(ctx.app, user)).statusCode).toBe(200);
    expect((await reset({ token, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it.each([
    [{ token: 'made-up-token', password: NEW_PASSWORD }, 'INVALID_RESET_LINK'],
    [{ password: NEW_PASSWORD }, 'VALIDATION_FAILED'],
    [{ token: 'x'.repeat(500), password: NEW_PASSWORD }, 'VALIDATION_FAILED'],
  ])('answers %j with 400 %s', async (payload, error) => {
    const response = await reset(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 400, error });
  });
});
