import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '@bastion/db/schema/audit';
import { passwordResetTokens, sessions } from '@bastion/db/schema/sessions';
import { users } from '@bastion/db/schema/users';
import { PERMISSION_REQUIRED_MESSAGE } from '../../lib/access.ts';
import { hashOpaqueToken, newOpaqueToken } from '../../core/access/opaque-token.ts';
import { dataOfSuccess } from '../../test/answers.ts';
import { auditEntriesOf } from '../../test/audit.ts';
import { createUser, signedIn, type TestUser } from '../../test/test-app.ts';
import { useTestApp } from '../../test/test-bed.ts';
import { lendRole } from '../../test/delegations.ts';

const ctx = useTestApp();

const impersonate = (cookie: string, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/security/impersonate',
    headers: { cookie },
    payload: payload as object,
  });

async function introspect(cookie: string) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/security/introspect',
    headers: { cookie },
  });
  return dataOfSuccess<{
    user: { email: string; impersonated_by: string | null; permissions: Record<string, boolean> };
  }>(response).user;
}

/** A fresh user holding `roles`, and a session of theirs. */
async function signedInWith(...roles: string[]): Promise<TestUser & { cookie: string }> {
  const user = await createUser(ctx.db, { roles: roles.map((role) => ({ role })) });
  return { ...user, cookie: await signedIn(ctx.app, user) };
}

const userWith = (...roles: string[]) =>
  createUser(ctx.db, { roles: roles.map((role) => ({ role })) });

const sessionRowOf = async (userId: string) =>
  ctx.db.select().from(sessions).where(eq(sessions.impersonatorUserId, userId));

describe('POST /api/security/impersonate', () => {
  it('lets a root admin act as a salesperson and come back', async () => {
    const admin = await signedInWith('ROOT_ADMIN');
    const seller = await userWith('SALES_USER');

    expect(dataOfSuccess(await impersonate(admin.cookie, { email: seller.email }))).toEqual({
      impersonating: seller.email,
    });
    const actingAs = await introspect(admin.cookie);
    expect(actingAs.email).toBe(seller.email);
    expect(actingAs.impersonated_by).toBe(admin.email);
    // The salesperson's rights, not the administrator's.
    expect(actingAs.permissions.is_root_admin).toBe(false);
    const [started] = await auditEntriesOf(ctx.db, seller.id, 'auth.impersonation.started');
    expect(started).toMatchObject({
      actorUserId: admin.id,
      impersonatorUserId: null,
      entityType: 'user',
      details: { email: seller.email },
    });

    // Stopping works though the salesperson may not impersonate anyone.
    expect(dataOfSuccess(await impersonate(admin.cookie, { stop: true }))).toEqual({
      impersonating: null,
    });
    const back = await introspect(admin.cookie);
    expect(back.email).toBe(admin.email);
    expect(back.impersonated_by).toBeNull();
    const [stopped] = await auditEntriesOf(ctx.db, seller.id, 'auth.impersonation.stopped');
    expect(stopped).toMatchObject({ actorUserId: admin.id, impersonatorUserId: admin.id });
    expect(await sessionRowOf(admin.id)).toEqual([]);
  });

  it('records both users on a change made while impersonating', async () => {
    const admin = await signedInWith('USER_ADMIN');
    const seller = await userWith('SALES_USER');
    const colleague = await userWith('SALES_USER');
    dataOfSuccess(await impersonate(admin.cookie, { email: seller.email }));

    const created = dataOfSuccess<{ id: string }>(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/dx/delegations/create',
        headers: { cookie: admin.cookie },
        payload: {
          delegate_user_id: colleague.id,
          ends_at: new Date(Date.now() + 86_400_000).toISOString(),
          reason: 'made while impersonating',
        },
      }),
    );
    const [entry] = await auditEntriesOf(ctx.db, created.id, 'delegation.created');
    expect(entry).toMatchObject({ actorUserId: seller.id, impersonatorUserId: admin.id });
  });

  it.each([
    ['USER_ADMIN', 'ROOT_ADMIN'],
    ['USER_ADMIN', 'USER_ADMIN'],
    ['USER_ADMIN', 'IT_ADMIN'],
    ['USER_ADMIN', 'DEAL_DESK_ADMIN'],
    ['USER_ADMIN', 'CATALOG_ADMIN'],
    ['ROOT_ADMIN', 'ROOT_ADMIN'],
  ])('refuses a %s acting as a %s, and changes nothing', async (actorRole, targetRole) => {
    const admin = await signedInWith(actorRole);
    const target = await userWith('SALES_USER', targetRole);
    const response = await impersonate(admin.cookie, { email: target.email });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      error: 'FORBIDDEN',
      message: 'You may not act as this user.',
    });
    expect((await introspect(admin.cookie)).email).toBe(admin.email);
    expect(await auditEntriesOf(ctx.db, target.id, 'auth.impersonation.started')).toEqual([]);
  });

  it.each([
    ['USER_ADMIN', 'CATALOG_USER'],
    ['ROOT_ADMIN', 'USER_ADMIN'],
    ['ROOT_ADMIN', 'IT_ADMIN'],
  ])('lets a %s act as a %s', async (actorRole, targetRole) => {
    const admin = await signedInWith(actorRole);
    const target = await userWith(targetRole);
    dataOfSuccess(await impersonate(admin.cookie, { email: target.email }));
    expect((await introspect(admin.cookie)).impersonated_by).toBe(admin.email);
  });

  it('refuses anyone without an administrator role of their own, before looking the user up', async () => {
    const seller = await signedInWith('SALES_USER');
    const other = await userWith('SALES_USER');
    for (const email of [other.email, 'nobody-here@example.com']) {
      const response = await impersonate(seller.cookie, { email });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(PERMISSION_REQUIRED_MESSAGE);
    }
  });

  it('says which e-mail has no account', async () => {
    const admin = await signedInWith('ROOT_ADMIN');
    const response = await impersonate(admin.cookie, { email: 'Nobody-Here@Example.com' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(
      'There is no user with the e-mail nobody-here@example.com.',
    );
  });

  it('refuses acting as oneself or as a disabled user', async () => {
    const admin = await signedInWith('ROOT_ADMIN');
    const self = await impersonate(admin.cookie, { email: admin.email });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot act as yourself.');

    const disabled = await createUser(ctx.db, { isDisabled: true });
    const response = await impersonate(admin.cookie, { email: disabled.email });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      `${disabled.email} is disabled: enable the account before acting as them.`,
    );
    expect((await introspect(admin.cookie)).impersonated_by).toBeNull();
  });

  it('refuses starting another impersonation before stopping the first', async () => {
    const admin = await signedInWith('ROOT_ADMIN');
    const first = await userWith('SALES_USER');
    const second = await userWith('SALES_USER');
    dataOfSuccess(await impersonate(admin.cookie, { email: first.email }));
    const nested = await impersonate(admin.cookie, { email: second.email });
    expect(nested.statusCode).toBe(409);
    expect(nested.json().message).toBe(
      `You are already acting as ${first.email}. Return to your own account first.`,
    );
    expect((await introspect(admin.cookie)).email).toBe(first.email);
  });

  it('says there is nothing to stop, and asks for exactly one of email and stop', async () => {
    const admin = await signedInWith('ROOT_ADMIN');
    const stop = await impersonate(admin.cookie, { stop: true });
    expect(stop.statusCode).toBe(400);
    expect(stop.json().message).toBe(
      'You are not acting as another user: there is nothing to stop.',
    );
    const either =
      'Send either the e-mail of the user to act as, or stop: true to return to your own account.';
    for (const payload of [{}, { stop: false }, { email: admin.email, stop: true }]) {
      const response = await impersonate(admin.cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toContain(either);
    }
  });

  it('ends when the administrator signs out', async () => {
    const admin = await signedInWith('ROOT_ADMIN');
    const seller = await userWith('SALES_USER');
    dataOfSuccess(await impersonate(admin.cookie, { email: seller.email }));
    expect(await sessionRowOf(admin.id)).toHaveLength(1);

    const logout = await ctx.app.inject({
      method: 'GET',
      url: '/api/security/logout',
      headers: { cookie: admin.cookie },
    });
    expect(logout.statusCode).toBe(200);
    expect(await sessionRowOf(admin.id)).toEqual([]);
    const after = await ctx.app.inject({
      method: 'GET',
      url: '/api/security/introspect',
      headers: { cookie: admin.cookie },
    });
    expect(after.statusCode).toBe(403);
    // Signing in again, the administrator is themselves.
    const again = await signedIn(ctx.app, admin);
    expect((await introspect(again)).email).toBe(admin.email);
  });

  it('ends when the administrator is disabled or resets their password', async () => {
    const seller = await userWith('SALES_USER');
    const disabled = await signedInWith('ROOT_ADMIN');
    dataOfSuccess(await impersonate(disabled.cookie, { email: seller.email }));
    await ctx.db.update(users).set({ isDisabled: true }).where(eq(users.id, disabled.id));
    const refused = await ctx.app.inject({
      method: 'GET',
      url: '/api/security/introspect',
      headers: { cookie: disabled.cookie },
    });
    expect(refused.statusCode).toBe(403);
    expect(await sessionRowOf(disabled.id)).toEqual([]);

    const resetter = await signedInWith('ROOT_ADMIN');
    dataOfSuccess(await impersonate(resetter.cookie, { email: seller.email }));
    const token = newOpaqueToken();
    await ctx.db.insert(passwordResetTokens).values({
      tokenHash: hashOpaqueToken(token),
      userId: resetter.id,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/security/reset_password',
      payload: { token, password: 'A-brand-new-passphrase-7' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await sessionRowOf(resetter.id)).toEqual([]);
  });

  it('ends by itself after 60 minutes', async () => {
    const admin = await signedInWith('ROOT_ADMIN');
    const seller = await userWith('SALES_USER');
    dataOfSuccess(await impersonate(admin.cookie, { email: seller.email }));
    await ctx.db
      .update(sessions)
      .set({ impersonationStartedAt: new Date(Date.now() - 59 * 60_000) })
      .where(eq(sessions.impersonatorUserId, admin.id));
    expect((await introspect(admin.cookie)).email).toBe(seller.email);

    await ctx.db
      .update(sessions)
      .set({ impersonationStartedAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(sessions.impersonatorUserId, admin.id));
    const back = await introspect(admin.cookie);
    expect(back.email).toBe(admin.email);
    expect(back.impersonated_by).toBeNull();
    const expired = await ctx.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entityId, seller.id), eq(auditLog.action, 'auth.impersonation.expired')),
      );
    expect(expired).toHaveLength(1);
    expect(expired[0]?.actorUserId).toBe(admin.id);
  });

  it('only counts the administrator role one holds oneself, not a lent one', async () => {
    const admin = await signedInWith('SALES_USER');
    const target = await userWith('CATALOG_USER');
    // A delegation never lends administration: a lent USER_ADMIN row does not count.
    const lender = await userWith('USER_ADMIN');
    await lendRole(ctx.db, {
      delegatorUserId: lender.id,
      delegateUserId: admin.id,
      role: 'USER_ADMIN',
      reason: 'test',
    });
    const response = await impersonate(admin.cookie, { email: target.email });
    expect(response.statusCode).toBe(403);
  });
});
