import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type {
  UserDetail,
  UserHistoryRow,
  UserSignInRow,
} from '@bastion/domain/accounts/user-admin-schemas';
import { crmAccounts } from '@bastion/db/schema/crm';
import { outboundEmails } from '@bastion/db/schema/mail';
import { mfaRecoveryCodes, passwordResetTokens, userMfa } from '@bastion/db/schema/sessions';
import { users } from '@bastion/db/schema/users';
import { auditEntriesOf } from '../../test/audit.ts';
import { createUser, login, signedIn } from '../../test/test-app.ts';
import { lendRole } from '../../test/delegations.ts';
import {
  ownRoleValues,
  sessionCount,
  storedUser,
  unique,
  useUsersBed,
  usersCalls,
} from './users.test-harness.ts';

const bed = useUsersBed();
const calls = usersCalls(bed);
const { dataOf, refusalOf, newUser, detailOf, formOf } = calls;

const emailsTo = (email: string) =>
  bed.ctx.db
    .select()
    .from(outboundEmails)
    .where(and(eq(outboundEmails.recipient, email), eq(outboundEmails.purpose, 'password_set')))
    .orderBy(desc(outboundEmails.createdAt));

const userCount = async () => (await bed.ctx.db.select({ id: users.id }).from(users)).length;

describe('creating a user', () => {
  it('stores the user, lower-case, with their roles, and audits the fields', async () => {
    const word = unique();
    const detail = await newUser({
      email: `Mixed.Case-${word}@Example.COM`,
      first_name: ' Olga ',
      last_name: 'Okafor',
      is_approver: true,
      roles: [
        { value: 'SALES_USER', assignment: 'REGION', assignment_value: ['emea', 'APAC', 'EMEA'] },
        { value: 'CFO', assignment: null },
      ],
    });
    expect(detail).toMatchObject({
      email: `mixed.case-${word}@example.com`,
      first_name: 'Olga',
      last_name: 'Okafor',
      id_provider: 'Local',
      is_approver: true,
      is_disabled: false,
      mfa_enabled: false,
      last_sign_in_at: null,
      delegated_roles: [],
      version: 1,
    });
    // Canonical region spellings, each once.
    expect(detail.roles).toEqual([
      { value: 'CFO', assignment: null, assignment_value: [], is_deligated_role: false },
      {
        value: 'SALES_USER',
        assignment: 'REGION',
        assignment_value: ['EMEA', 'APJ'],
        is_deligated_role: false,
      },
    ]);
    const [created] = await auditEntriesOf(bed.ctx.db, detail.id, 'user.created');
    expect(created?.actorUserId).toBe(bed.users.root.id);
    expect(created?.details).toMatchObject({
      email: detail.email,
      first_name: 'Olga',
      is_approver: true,
      send_password: false,
      roles: [
        { value: 'SALES_USER', assignment: 'REGION', assignment_value: ['EMEA', 'APJ'] },
        { value: 'CFO', assignment: null, assignment_value: [] },
      ],
    });
    expect((await storedUser(bed, detail.email)).passwordHash).toBeNull();
    expect(await emailsTo(detail.email)).toEqual([]);
  });

  it('e-mails a Local user a link to set their password when asked, valid 72 hours', async () => {
    const detail = await newUser({ send_password: true, first_name: 'Pia' });
    const [mail] = await emailsTo(detail.email);
    expect(mail?.subject).toBe('Set your Bastion CPQ password');
    expect(mail?.textBody).toContain('Hello Pia,');
    expect(mail?.textBody).toContain('An administrator set up a Bastion CPQ account for you');
    expect(mail?.textBody).toMatch(/\/reset-password\?token=[A-Za-z0-9_-]+/);
    const [token] = await bed.ctx.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, detail.id));
    const hours = (token!.expiresAt.getTime() - token!.createdAt.getTime()) / 3_600_000;
    expect(Math.round(hours)).toBe(72);
    expect(await auditEntriesOf(bed.ctx.db, detail.id, 'user.password_link_sent')).toHaveLength(1);
  });

  it('limits a role to CRM accounts that exist', async () => {
    const id = `ACC-${unique()}`;
    await bed.ctx.db.insert(crmAccounts).values({ id, name: `Account ${id}`, kind: 'CUSTOMER' });
    const detail = await newUser({
      roles: [{ value: 'CAM', assignment: 'ACCOUNT', assignment_value: [id] }],
    });
    expect(detail.roles[0]).toMatchObject({ assignment: 'ACCOUNT', assignment_value: [id] });
  });

  it('refuses an e-mail address that is taken, in any case', async () => {
    const existing = await newUser();
    const refused = await refusalOf(
      'admin/create-user',
      { ...formOf(existing), email: existing.email.toUpperCase(), version: undefined },
      409,
    );
    expect(refused.message).toBe('A user with this e-mail address already exists.');
  });

  it.each([
    [
      'an unknown role',
      { roles: [{ value: 'KING', assignment: null }] },
      'roles.0.value',
      'Choose a role from the list.',
    ],
    [
      'REGION without a value',
      { roles: [{ value: 'SALES_USER', assignment: 'REGION', assignment_value: [] }] },
      'roles.0.assignment_value',
      'Pick at least one region for SALES_USER, or remove the limit.',
    ],
    [
      'an unknown region',
      { roles: [{ value: 'SALES_USER', assignment: 'REGION', assignment_value: ['Mars'] }] },
      'roles.0.assignment_value',
      'There is no region "Mars" (SALES_USER): choose from EMEA, North America, Americas, LATAM, APJ.',
    ],
    [
      'an unknown account',
      {
        roles: [
          { value: 'CFO', assignment: null },
          { value: 'CAM', assignment: 'ACCOUNT', assignment_value: ['NO-SUCH-ACCOUNT'] },
        ],
      },
      'roles.1.assignment_value',
      'There is no CRM account with the id "NO-SUCH-ACCOUNT" (CAM).',
    ],
    ['an invalid e-mail', { email: 'not an address' }, 'email', 'Enter a valid e-mail address.'],
    [
      'a password link for a Google user',
      { id_provider: 'Google', send_password: true },
      'send_password',
      'Google users sign in with Google: there is no password to send a link for.',
    ],
  ])('refuses %s with a message, creating nothing', async (_what, fields, path, message) => {
    const before = await userCount();
    const response = await calls.post('admin/create-user', {
      email: `bad-${unique()}@example.com`,
      first_name: 'Bad',
      last_name: 'Input',
      id_provider: 'Local',
      roles: [],
      ...fields,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors).toContainEqual({ path, message });
    expect(await userCount()).toBe(before);
  });
});

describe('updating a user', () => {
  it('changes names without asking the user to reload, auditing only what changed', async () => {
    const detail = await newUser();
    const updated = await dataOf<UserDetail>(
      'admin/update-user',
      formOf(detail, { first_name: 'Quinn', last_name: detail.last_name }),
    );
    expect(updated).toMatchObject({ first_name: 'Quinn', version: 2 });
    expect((await storedUser(bed, detail.email)).reloadRequired).toBe(false);
    const [entry] = await auditEntriesOf(bed.ctx.db, detail.id, 'user.updated');
    expect(entry?.details).toEqual({
      before: { first_name: 'Nora' },
      after: { first_name: 'Quinn' },
    });
  });

  it('replaces own roles, keeps lent ones, and asks the user to reload', async () => {
    const detail = await newUser();
    const lender = await createUser(bed.ctx.db, { roles: [{ role: 'DEAL_DESK' }] });
    await lendRole(bed.ctx.db, {
      delegatorUserId: lender.id,
      delegateUserId: detail.id,
      role: 'DEAL_DESK',
    });
    const updated = await dataOf<UserDetail>(
      'admin/update-user',
      formOf(detail, {
        roles: [
          { value: 'SALES_USER', assignment: 'REGION', assignment_value: ['EMEA', 'LATAM'] },
          { value: 'RVP', assignment: null },
        ],
      }),
    );
    expect(updated.roles.map((r) => [r.value, r.assignment_value])).toEqual([
      ['SALES_USER', ['EMEA', 'LATAM']],
      ['RVP', []],
    ]);
    expect(updated.delegated_roles).toEqual([
      { value: 'DEAL_DESK', assignment: null, assignment_value: [], is_deligated_role: true },
    ]);
    expect(await ownRoleValues(bed, detail.id)).toEqual(['RVP', 'SALES_USER']);
    expect((await storedUser(bed, detail.email)).reloadRequired).toBe(true);
    const [entry] = await auditEntriesOf(bed.ctx.db, detail.id, 'user.updated');
    expect(entry?.details).toEqual({
      before: {
        roles: [{ value: 'SALES_USER', assignment: 'REGION', assignment_value: ['EMEA'] }],
      },
      after: {
        roles: [
          { value: 'SALES_USER', assignment: 'REGION', assignment_value: ['EMEA', 'LATAM'] },
          { value: 'RVP', assignment: null, assignment_value: [] },
        ],
      },
    });
  });

  it('takes the password of a user switched to Google', async () => {
    const user = await createUser(bed.ctx.db);
    const detail = await detailOf(user.email);
    const saved = await dataOf<UserDetail>(
      'admin/update-user',
      formOf(detail, { id_provider: 'Google' }),
    );
    expect(saved.id_provider).toBe('Google');
    expect((await storedUser(bed, user.email)).passwordHash).toBeNull();
    expect((await login(bed.ctx.app, user)).statusCode).toBe(401);
  });

  it('asks the user to reload when the approver flag changes', async () => {
    const detail = await newUser();
    await dataOf('admin/update-user', formOf(detail, { is_approver: true }));
    expect((await storedUser(bed, detail.email)).reloadRequired).toBe(true);
  });

  it('saves nothing and records nothing when nothing changed', async () => {
    const detail = await newUser();
    const same = await dataOf<UserDetail>('admin/update-user', formOf(detail));
    expect(same.version).toBe(1);
    expect(await auditEntriesOf(bed.ctx.db, detail.id, 'user.updated')).toEqual([]);
  });

  it('refuses a save from an older version, changing nothing', async () => {
    const detail = await newUser();
    await dataOf('admin/update-user', formOf(detail, { first_name: 'First' }));
    const refused = await refusalOf(
      'admin/update-user',
      formOf(detail, { first_name: 'Second', roles: [] }),
      409,
    );
    expect(refused.message).toBe(
      'Someone changed this user after you opened it. Reload to see their changes, then make yours again.',
    );
    const now = await detailOf(detail.email);
    expect(now).toMatchObject({ first_name: 'First', version: 2 });
    expect(now.roles).toHaveLength(1);
  });

  it('refuses bad roles with a message, changing nothing', async () => {
    const detail = await newUser();
    const response = await calls.post(
      'admin/update-user',
      formOf(detail, {
        first_name: 'Changed',
        roles: [{ value: 'SALES_USER', assignment: 'REGION', assignment_value: ['Atlantis'] }],
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'There is no region "Atlantis" (SALES_USER): choose from EMEA, North America, Americas, LATAM, APJ.',
    );
    expect(await detailOf(detail.email)).toEqual(detail);
  });

  it('answers 404 for an unknown user', async () => {
    const detail = await newUser();
    await refusalOf(
      'admin/update-user',
      formOf(detail, { email: `gone-${unique()}@example.com` }),
      404,
    );
  });
});

describe('disabling and enabling a user', () => {
  it('keeps the sessions of a disabled user, who learns it from get-is-disabled', async () => {
    const user = await createUser(bed.ctx.db);
    const cookie = await signedIn(bed.ctx.app, user);
    expect(
      await dataOf('admin/set-user-disabled', { email: user.email, is_disabled: true }),
    ).toEqual({ email: user.email, is_disabled: true });
    expect(await sessionCount(bed, user.id)).toBe(1);
    const own = await bed.ctx.app.inject({
      method: 'POST',
      url: '/api/dx/get-is-disabled',
      headers: { cookie },
    });
    expect(own.json().data).toEqual({ is_disabled: true });
    const elsewhere = await bed.ctx.app.inject({
      method: 'POST',
      url: '/api/dx/get-is-reload-required',
      headers: { cookie },
    });
    expect(elsewhere.statusCode).toBe(403);
    const [entry] = await auditEntriesOf(bed.ctx.db, user.id, 'user.disabled');
    expect(entry?.details).toEqual({
      before: { is_disabled: false },
      after: { is_disabled: true },
    });

    // Enabling ends the old sessions: the tab that was signed out stays signed out.
    await dataOf('admin/set-user-disabled', { email: user.email, is_disabled: false });
    expect(await sessionCount(bed, user.id)).toBe(0);
    const after = await bed.ctx.app.inject({
      method: 'POST',
      url: '/api/dx/get-is-disabled',
      headers: { cookie },
    });
    expect(after.statusCode).toBe(403);
    expect(await auditEntriesOf(bed.ctx.db, user.id, 'user.enabled')).toHaveLength(1);
    // They sign in again as usual.
    await signedIn(bed.ctx.app, user);
  });

  it('records nothing when the user is already in that state', async () => {
    const user = await createUser(bed.ctx.db);
    await dataOf('admin/set-user-disabled', { email: user.email, is_disabled: false });
    expect(await auditEntriesOf(bed.ctx.db, user.id, 'user.enabled')).toEqual([]);
  });
});

describe('resetting a second factor', () => {
  it('deletes the secret and recovery codes, turns the flag off and ends the sessions', async () => {
    const user = await createUser(bed.ctx.db);
    await signedIn(bed.ctx.app, user);
    await bed.ctx.db.update(users).set({ mfaEnabled: true }).where(eq(users.id, user.id));
    await bed.ctx.db
      .insert(userMfa)
      .values({ userId: user.id, secret: 'encrypted', enabledAt: new Date() });
    await bed.ctx.db.insert(mfaRecoveryCodes).values([
      { userId: user.id, codeHash: `a-${unique()}` },
      { userId: user.id, codeHash: `b-${unique()}` },
    ]);
    expect(await dataOf('admin/reset-user-mfa', { email: user.email }, 'admin')).toEqual({
      email: user.email,
      mfa_enabled: false,
    });
    expect((await storedUser(bed, user.email)).mfaEnabled).toBe(false);
    expect(await bed.ctx.db.select().from(userMfa).where(eq(userMfa.userId, user.id))).toEqual([]);
    expect(
      await bed.ctx.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id)),
    ).toEqual([]);
    expect(await sessionCount(bed, user.id)).toBe(0);
    const [entry] = await auditEntriesOf(bed.ctx.db, user.id, 'user.mfa_reset');
    expect(entry?.actorUserId).toBe(bed.users.admin.id);
    expect(entry?.details).toMatchObject({
      before: { mfa_enabled: true },
      after: { mfa_enabled: false },
      ended_sessions: 1,
    });
  });

  it('refuses to reset the caller’s own, which they turn off with a code', async () => {
    const refused = await refusalOf(
      'admin/reset-user-mfa',
      { email: bed.users.admin.email },
      400,
      'admin',
    );
    expect(refused.message).toMatch(/profile/);
  });
});

describe('POST /api/security/send_password', () => {
  it('e-mails a Local user a set-password link, never a password', async () => {
    const user = await createUser(bed.ctx.db);
    expect(await dataOf('security/send_password', { email: user.email }, 'admin')).toEqual({
      email: user.email,
      sent: true,
    });
    const [mail] = await emailsTo(user.email);
    expect(mail?.textBody).toContain('An administrator asked you to set a new password');
    expect(mail?.textBody).not.toContain(user.password);
    expect(await auditEntriesOf(bed.ctx.db, user.id, 'user.password_link_sent')).toHaveLength(1);
  });

  it('refuses Google and disabled users with a message, sending nothing', async () => {
    const google = await newUser({ id_provider: 'Google', roles: [] });
    const refusedGoogle = await refusalOf('security/send_password', { email: google.email }, 400);
    expect(refusedGoogle.message).toBe(
      `${google.email} signs in with Google: there is no Bastion CPQ password to set.`,
    );
    const disabled = await createUser(bed.ctx.db, { isDisabled: true });
    const refusedDisabled = await refusalOf(
      'security/send_password',
      { email: disabled.email },
      400,
    );
    expect(refusedDisabled.message).toBe(
      `${disabled.email} is disabled: enable the account before sending a password link.`,
    );
    expect(await emailsTo(google.email)).toEqual([]);
    expect(await emailsTo(disabled.email)).toEqual([]);
  });
});

describe('sign-ins and history', () => {
  it('lists sign-ins, newest first, with their outcome and address', async () => {
    const user = await createUser(bed.ctx.db);
    await login(
      bed.ctx.app,
      { email: user.email, password: 'wrong-password-1' },
      { ip: '203.0.113.9' },
    );
    await signedIn(bed.ctx.app, user);
    const page = await dataOf<{ rows: UserSignInRow[]; total: number }>('admin/user-sign-ins', {
      email: user.email,
    });
    expect(page.total).toBe(2);
    expect(page.rows.map((r) => r.outcome)).toEqual(['succeeded', 'invalid_credentials']);
    expect(page.rows[1]?.ip).toBe('203.0.113.9');
    const second = await dataOf<{ rows: UserSignInRow[] }>('admin/user-sign-ins', {
      email: user.email,
      page: 2,
      page_size: 1,
    });
    expect(second.rows.map((r) => r.outcome)).toEqual(['invalid_credentials']);
  });

  it('lists the changes made to a user with who made them, newest first', async () => {
    const detail = await newUser();
    await dataOf('admin/update-user', formOf(detail, { last_name: 'Renamed' }), 'admin');
    await dataOf('admin/set-user-disabled', { email: detail.email, is_disabled: true }, 'admin');
    const page = await dataOf<{ rows: UserHistoryRow[]; total: number }>(
      'admin/user-history',
      { email: detail.email },
      'admin',
    );
    expect(page.rows.map((r) => [r.action, r.actor_email])).toEqual([
      ['user.disabled', bed.users.admin.email],
      ['user.updated', bed.users.admin.email],
      ['user.created', bed.users.root.email],
    ]);
    expect(page.rows[1]?.details).toEqual({
      before: { last_name: detail.last_name },
      after: { last_name: 'Renamed' },
    });
    expect(page.rows.every((r) => r.impersonator_email === null)).toBe(true);
  });
});

describe('the sign-in policy', () => {
  it('is read by user admins and changed by root admins only, audited', async () => {
    const original = await dataOf<{ mfa_required_roles: string[] }>(
      'admin/sign-in-policy',
      {},
      'admin',
    );
    try {
      const changed = await dataOf('admin/update-sign-in-policy', {
        mfa_required_roles: ['GAM', 'CFO', 'CFO'],
      });
      expect(changed).toEqual({ mfa_required_roles: ['CFO', 'GAM'] });
      expect(await dataOf('admin/sign-in-policy', {}, 'admin')).toEqual(changed);
      const [entry] = await auditEntriesOf(
        bed.ctx.db,
        'mfa_required_roles',
        'settings.sign_in_policy',
      );
      expect(entry?.details).toEqual({
        before: original,
        after: { mfa_required_roles: ['CFO', 'GAM'] },
      });
      const refused = await refusalOf(
        'admin/update-sign-in-policy',
        { mfa_required_roles: [] },
        403,
        'admin',
      );
      expect(refused.error).toBe('FORBIDDEN');
    } finally {
      await dataOf('admin/update-sign-in-policy', original);
    }
    expect(await dataOf('admin/sign-in-policy', {})).toEqual(original);
  });

  it('refuses to require a second factor of a role the root admin holds without one', async () => {
    const refused = await refusalOf(
      'admin/update-sign-in-policy',
      { mfa_required_roles: ['ROOT_ADMIN', 'CFO'] },
      400,
    );
    expect(refused.message).toBe(
      'Turn on two-step sign-in for your own account before requiring it of ROOT_ADMIN, which you hold.',
    );
    expect(
      (await dataOf<{ mfa_required_roles: string[] }>('admin/sign-in-policy', {}))
        .mfa_required_roles,
    ).not.toContain('ROOT_ADMIN');
  });
});
