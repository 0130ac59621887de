import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { UserDetail } from '@bastion/domain/accounts/user-admin-schemas';
import { appSettings } from '@bastion/db/schema/navigation';
import { userRoles, users } from '@bastion/db/schema/users';
import { derivePermissions } from '@bastion/domain/permissions/flags';
import type { AuthContext } from '../../lib/access.ts';
import { auditActionsOf } from '../../test/audit.ts';
import { createUser, signedIn } from '../../test/test-app.ts';
import {
  impersonatingCookie,
  ownRoleValues,
  storedUser,
  useUsersBed,
  usersCalls,
} from './users.test-harness.ts';
import { getUserDetail } from './get-user-detail.ts';
import { setUserDisabled } from './set-user-disabled.ts';
import { updateUser } from './update-user.ts';

const bed = useUsersBed();
const calls = usersCalls(bed);
const { dataOf, refusalOf, newUser, detailOf, formOf } = calls;

const asCookie = (path: string, payload: unknown, cookie: string) =>
  bed.ctx.app.inject({
    method: 'POST',
    url: `/api/${path}`,
    payload: payload as object,
    headers: { cookie },
  });

describe('while impersonating', () => {
  it('refuses every change to users, and changes nothing; reads are fine', async () => {
    const { cookie } = await impersonatingCookie(bed);
    const target = await newUser();
    const writes: [string, unknown][] = [
      [
        'admin/create-user',
        {
          email: 'imp-new@example.com',
          first_name: 'A',
          last_name: 'B',
          id_provider: 'Local',
          roles: [],
        },
      ],
      ['admin/update-user', formOf(target, { first_name: 'Changed', roles: [] })],
      ['admin/set-user-disabled', { email: target.email, is_disabled: true }],
      ['admin/reset-user-mfa', { email: target.email }],
      ['security/send_password', { email: target.email }],
    ];
    for (const [path, payload] of writes) {
      const response = await asCookie(path, payload, cookie);
      expect(response.statusCode, `${path}: ${response.body}`).toBe(403);
      expect(response.json()).toMatchObject({
        error: 'FORBIDDEN',
        message: 'Return to your own account before changing users.',
      });
    }
    expect(await detailOf(target.email)).toEqual(target);
    expect((await auditActionsOf(bed.ctx.db, target.id)).map((e) => e.action)).toEqual([
      'user.created',
    ]);
    expect(
      await bed.ctx.db.select().from(users).where(eq(users.email, 'imp-new@example.com')),
    ).toEqual([]);
    const read = await asCookie('admin/users', {}, cookie);
    expect(read.statusCode).toBe(200);
  });

  it('refuses a change of the sign-in policy', async () => {
    const { cookie } = await impersonatingCookie(bed, 'ROOT_ADMIN');
    const [before] = await bed.ctx.db
      .select()
      .from(appSettings)
      .where(eq(appSettings.name, 'mfa_required_roles'));
    const response = await asCookie(
      'admin/update-sign-in-policy',
      { mfa_required_roles: ['CFO'] },
      cookie,
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Return to your own account before changing users.');
    const [after] = await bed.ctx.db
      .select()
      .from(appSettings)
      .where(eq(appSettings.name, 'mfa_required_roles'));
    expect(after).toEqual(before);
  });
});

describe('granting roles', () => {
  it('lets a user admin grant only roles they hold', async () => {
    const made = await newUser({ roles: [{ value: 'SALES_USER', assignment: null }] }, 'admin');
    expect(made.roles.map((r) => r.value)).toEqual(['SALES_USER']);
    const refused = await refusalOf(
      'admin/create-user',
      {
        ...formOf(made),
        email: 'cfo-grant@example.com',
        roles: [{ value: 'CFO', assignment: null }],
      },
      403,
      'admin',
    );
    expect(refused.message).toBe('You cannot grant or remove CFO: you do not hold it yourself.');
    const both = await refusalOf(
      'admin/create-user',
      {
        ...formOf(made),
        email: 'two-grants@example.com',
        roles: [
          { value: 'GAM', assignment: null },
          { value: 'CFO', assignment: null },
          { value: 'SALES_USER', assignment: null },
        ],
      },
      403,
      'admin',
    );
    expect(both.message).toBe(
      'You cannot grant or remove GAM and CFO: you do not hold them yourself.',
    );
    const root = await refusalOf(
      'admin/update-user',
      formOf(made, { roles: [{ value: 'ROOT_ADMIN', assignment: null }] }),
      403,
      'admin',
    );
    expect(root.message).toBe(
      'You cannot grant or remove ROOT_ADMIN: you do not hold it yourself.',
    );
    expect(await ownRoleValues(bed, made.id)).toEqual(['SALES_USER']);
  });

  it('lets a user admin keep, but not remove or re-limit, a role they do not hold', async () => {
    const target = await newUser({
      roles: [
        { value: 'CFO', assignment: null },
        { value: 'GAM', assignment: 'REGION', assignment_value: ['EMEA'] },
        { value: 'SALES_USER', assignment: null },
      ],
    });
    const removed = await refusalOf(
      'admin/update-user',
      formOf(target, { roles: formOf(target).roles.filter((r) => r.value !== 'CFO') }),
      403,
      'admin',
    );
    expect(removed.message).toBe('You cannot grant or remove CFO: you do not hold it yourself.');
    const relimited = await refusalOf(
      'admin/update-user',
      formOf(target, {
        roles: formOf(target).roles.map((r) =>
          r.value === 'GAM' ? { ...r, assignment_value: ['EMEA', 'APJ'] } : r,
        ),
      }),
      403,
      'admin',
    );
    expect(relimited.message).toBe('You cannot grant or remove GAM: you do not hold it yourself.');
    // Their own SALES_USER they may limit, leaving the others as they are.
    const saved = await dataOf<UserDetail>(
      'admin/update-user',
      formOf(target, {
        roles: formOf(target).roles.map((r) =>
          r.value === 'SALES_USER' ? { ...r, assignment: 'REGION', assignment_value: ['APJ'] } : r,
        ),
      }),
      'admin',
    );
    expect(saved.roles.map((r) => [r.value, r.assignment_value])).toEqual([
      ['CFO', []],
      ['SALES_USER', ['APJ']],
      ['GAM', ['EMEA']],
    ]);
  });

  it('lets a root admin grant and remove any role', async () => {
    const target = await newUser({ roles: [{ value: 'CFO', assignment: null }] });
    const saved = await dataOf<UserDetail>(
      'admin/update-user',
      formOf(target, { roles: [{ value: 'USER_ADMIN', assignment: null }] }),
    );
    expect(saved.roles.map((r) => r.value)).toEqual(['USER_ADMIN']);
  });
});

describe('root administrators', () => {
  it('are changed by root administrators only', async () => {
    const rootUser = await createUser(bed.ctx.db, { roles: [{ role: 'ROOT_ADMIN' }] });
    const detail = await detailOf(rootUser.email);
    const message = 'Only a root administrator can change a user who holds ROOT_ADMIN.';
    for (const [path, payload] of [
      ['admin/update-user', formOf(detail, { first_name: 'Changed' })],
      ['admin/set-user-disabled', { email: rootUser.email, is_disabled: true }],
      ['admin/reset-user-mfa', { email: rootUser.email }],
      ['security/send_password', { email: rootUser.email }],
    ] as const) {
      const refused = await refusalOf(path, payload, 403, 'admin');
      expect(refused.message, path).toBe(message);
    }
    expect(await detailOf(rootUser.email)).toEqual(detail);
    // A user admin still reads them.
    expect((await detailOf(rootUser.email, 'admin')).email).toBe(rootUser.email);
  });

  it('may not disable themselves, nor may anyone else', async () => {
    for (const who of ['root', 'admin'] as const) {
      const refused = await refusalOf(
        'admin/set-user-disabled',
        { email: bed.users[who].email, is_disabled: true },
        400,
        who,
      );
      expect(refused.message).toBe('You cannot disable your own account.');
      expect((await storedUser(bed, bed.users[who].email)).isDisabled).toBe(false);
    }
  });
});

/**
 * Runs `work` with every active root administrator but `keep` disabled, then enables them again:
 * the shared test database has many root admins, made by other files.
 */
async function withOnlyRootAdmins(keep: string[], work: () => Promise<void>) {
  const others = await bed.ctx.db
    .selectDistinct({ id: users.id })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(
      and(
        eq(users.isDisabled, false),
        eq(userRoles.role, 'ROOT_ADMIN'),
        isNull(userRoles.delegationId),
        ne(users.id, keep[0]!),
        ...keep.slice(1).map((id) => ne(users.id, id)),
      ),
    );
  const ids = others.map((o) => o.id);
  if (ids.length > 0) {
    await bed.ctx.db.update(users).set({ isDisabled: true }).where(inArray(users.id, ids));
  }
  try {
    await work();
  } finally {
    if (ids.length > 0) {
      await bed.ctx.db.update(users).set({ isDisabled: false }).where(inArray(users.id, ids));
    }
  }
}

async function twoRoots() {
  const made = await Promise.all([
    createUser(bed.ctx.db, { roles: [{ role: 'ROOT_ADMIN' }] }),
    createUser(bed.ctx.db, { roles: [{ role: 'ROOT_ADMIN' }] }),
  ]);
  const cookies = await Promise.all(made.map((u) => signedIn(bed.ctx.app, u)));
  return made.map((user, i) => ({ user, cookie: cookies[i]! }));
}

const activeRoots = async (ids: string[]) =>
  (
    await bed.ctx.db
      .select({ id: users.id })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .where(
        and(inArray(users.id, ids), eq(users.isDisabled, false), eq(userRoles.role, 'ROOT_ADMIN')),
      )
  ).length;

/** Of two changes raced against each other, exactly one went through; the other was refused so. */
function expectOneRefused(outcomes: PromiseSettledResult<unknown>[], message: string) {
  expect(
    outcomes.filter((o) => o.status === 'fulfilled'),
    String(outcomes.map((o) => (o.status === 'rejected' ? (o.reason as Error).message : 'ok'))),
  ).toHaveLength(1);
  const refused = outcomes.find((o) => o.status === 'rejected');
  expect((refused?.reason as Error).message).toBe(message);
}

describe('the last active root administrator', () => {
  it('keeps ROOT_ADMIN, and a disabled root admin does not count', async () => {
    const [first, second] = await twoRoots();
    await withOnlyRootAdmins([first!.user.id, second!.user.id], async () => {
      const disabled = await asCookie(
        'admin/set-user-disabled',
        { email: second!.user.email, is_disabled: true },
        first!.cookie,
      );
      expect(disabled.statusCode, disabled.body).toBe(200);

      const self = await asCookie('admin/user-detail', { email: first!.user.email }, first!.cookie);
      const detail = self.json<{ data: UserDetail }>().data;
      const demoted = await asCookie(
        'admin/update-user',
        formOf(detail, { roles: [{ value: 'USER_ADMIN', assignment: null }] }),
        first!.cookie,
      );
      expect(demoted.statusCode, demoted.body).toBe(400);
      expect(demoted.json().message).toBe(
        'This is the last active root administrator: make another user ROOT_ADMIN before removing it from this one.',
      );
      expect(await ownRoleValues(bed, first!.user.id)).toEqual(['ROOT_ADMIN']);
      expect((await storedUser(bed, first!.user.email)).version).toBe(detail.version);

      // Once another root admin is active again, it may go.
      const enabled = await asCookie(
        'admin/set-user-disabled',
        { email: second!.user.email, is_disabled: false },
        first!.cookie,
      );
      expect(enabled.statusCode).toBe(200);
      const allowed = await asCookie(
        'admin/update-user',
        formOf(detail, { roles: [{ value: 'USER_ADMIN', assignment: null }] }),
        first!.cookie,
      );
      expect(allowed.statusCode, allowed.body).toBe(200);
      expect(await activeRoots([first!.user.id, second!.user.id])).toBe(1);
    });
  });

  it('survives two root admins disabling each other at once', async () => {
    const [first, second] = await twoRoots();
    await withOnlyRootAdmins([first!.user.id, second!.user.id], async () => {
      const answers = await Promise.all([
        asCookie(
          'admin/set-user-disabled',
          { email: second!.user.email, is_disabled: true },
          first!.cookie,
        ),
        asCookie(
          'admin/set-user-disabled',
          { email: first!.user.email, is_disabled: true },
          second!.cookie,
        ),
      ]);
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses[0], answers.map((a) => a.body).join('\n')).toBe(200);
      expect([400, 403]).toContain(statuses[1]);
      expect(await activeRoots([first!.user.id, second!.user.id])).toBe(1);
    });
  });

  /*
   * Over HTTP the second request's access check may already see the first one's change (PGlite
   * runs one transaction at a time), so these call the use-cases as two root admins whose
   * sessions were both checked before either change: only the lock and the count inside the
   * transaction stand between them and no active root administrator at all.
   */
  const rootCaller = (user: { id: string; email: string }): AuthContext => ({
    userId: user.id,
    email: user.email,
    sessionTokenHash: '',
    apiTokenId: null,
    isDisabled: false,
    roles: [
      { value: 'ROOT_ADMIN', assignment: null, assignment_value: [], is_deligated_role: false },
    ],
    permissions: derivePermissions(
      { email: user.email, roles: [], is_approver: false },
      { internal_test_domains: [] },
    ),
    impersonator: null,
    mustEnrolMfa: false,
    isHeldByMaintenance: false,
    maintenanceMessage: '',
  });

  it('survives two root admins disabling each other at the same moment', async () => {
    const [first, second] = await twoRoots();
    await withOnlyRootAdmins([first!.user.id, second!.user.id], async () => {
      const outcomes = await Promise.allSettled([
        setUserDisabled(bed.ctx.db, rootCaller(first!.user), {
          email: second!.user.email,
          is_disabled: true,
        }),
        setUserDisabled(bed.ctx.db, rootCaller(second!.user), {
          email: first!.user.email,
          is_disabled: true,
        }),
      ]);
      expectOneRefused(
        outcomes,
        'This is the last active root administrator: make another user ROOT_ADMIN before disabling this one.',
      );
      expect(await activeRoots([first!.user.id, second!.user.id])).toBe(1);
    });
  });

  it('survives two root admins removing each other’s ROOT_ADMIN at the same moment', async () => {
    const [first, second] = await twoRoots();
    await withOnlyRootAdmins([first!.user.id, second!.user.id], async () => {
      const demote = async (target: string, by: { id: string; email: string }) => {
        const detail = await getUserDetail(bed.ctx.db, target);
        return updateUser(
          bed.ctx.db,
          rootCaller(by),
          formOf(detail, {
            roles: [{ value: 'USER_ADMIN', assignment: null, assignment_value: [] }],
          }),
        );
      };
      const outcomes = await Promise.allSettled([
        demote(second!.user.email, first!.user),
        demote(first!.user.email, second!.user),
      ]);
      expectOneRefused(
        outcomes,
        'This is the last active root administrator: make another user ROOT_ADMIN before removing it from this one.',
      );
      expect(await activeRoots([first!.user.id, second!.user.id])).toBe(1);
    });
  });
});
