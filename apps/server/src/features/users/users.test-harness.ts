import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { expect } from 'vitest';
import type { UserDetail } from '@bastion/domain/accounts/user-admin-schemas';
import { sessions } from '@bastion/db/schema/sessions';
import { userRoles, users } from '@bastion/db/schema/users';
import { createUser, signedIn } from '../../test/test-app.ts';
import { postCallsAs, useTestBed, type TestBed } from '../../test/test-bed.ts';

/*
 * What the user administration tests share. The test database is shared with other files, which
 * make users of their own: every list here is narrowed by a word only this run's users carry.
 */

export const unique = () => randomUUID().replaceAll('-', '').slice(0, 10);

export type Who = 'root' | 'admin' | 'adminTester' | 'salesTester';

/** Internal testers (bastion.test) may download users; admin is a user admin who may not. */
export function useUsersBed(): TestBed<Who> {
  return useTestBed<Who>({
    root: { roles: [{ role: 'ROOT_ADMIN' }], emailDomain: 'bastion.test' },
    admin: { roles: [{ role: 'USER_ADMIN' }, { role: 'SALES_USER' }] },
    adminTester: { roles: [{ role: 'USER_ADMIN' }], emailDomain: 'bastion.test' },
    salesTester: { roles: [{ role: 'SALES_USER' }], emailDomain: 'bastion.test' },
  });
}

export interface Refusal {
  error: string;
  message: string;
  errors?: { path: string; message: string }[];
}

export function usersCalls(bed: TestBed<Who>) {
  const { post, dataOf } = postCallsAs(bed, 'root', '/api/');

  async function refusalOf(
    path: string,
    payload: unknown,
    status: number,
    who: Who = 'root',
  ): Promise<Refusal> {
    const response = await post(path, payload, who);
    expect(response.statusCode, response.body).toBe(status);
    return response.json<Refusal>();
  }

  /** A new user made through create-user, named so that `word` finds them. */
  const newUser = (fields: Record<string, unknown> = {}, who: Who = 'root') =>
    dataOf<UserDetail>(
      'admin/create-user',
      {
        email: `new-${unique()}@example.com`,
        first_name: 'Nora',
        last_name: `New ${unique()}`,
        id_provider: 'Local',
        roles: [{ value: 'SALES_USER', assignment: 'REGION', assignment_value: ['EMEA'] }],
        ...fields,
      },
      who,
    );

  const detailOf = (email: string, who: Who = 'root') =>
    dataOf<UserDetail>('admin/user-detail', { email }, who);

  /** The form as the detail page would send it back, with `changes`. */
  const formOf = (detail: UserDetail, changes: Record<string, unknown> = {}) => ({
    email: detail.email,
    first_name: detail.first_name,
    last_name: detail.last_name,
    id_provider: detail.id_provider,
    is_approver: detail.is_approver,
    roles: detail.roles.map((r) => ({
      value: r.value,
      assignment: r.assignment,
      assignment_value: r.assignment_value,
    })),
    version: detail.version,
    ...changes,
  });

  return { post, dataOf, refusalOf, newUser, detailOf, formOf };
}

export async function storedUser(bed: TestBed<Who>, email: string) {
  const [row] = await bed.ctx.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row;
}

export async function ownRoleValues(bed: TestBed<Who>, userId: string) {
  const rows = await bed.ctx.db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), isNull(userRoles.delegationId)));
  return rows.map((r) => r.role).sort();
}

export async function sessionCount(bed: TestBed<Who>, userId: string) {
  return (await bed.ctx.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
}

/**
 * A fresh root administrator's session turned into one acting as a fresh user holding
 * `actedAsRole`, as the impersonation route leaves it: the request's user is the one acted as.
 */
export async function impersonatingCookie(bed: TestBed<Who>, actedAsRole = 'USER_ADMIN') {
  const realAdmin = await createUser(bed.ctx.db, { roles: [{ role: 'ROOT_ADMIN' }] });
  const actedAs = await createUser(bed.ctx.db, { roles: [{ role: actedAsRole }] });
  const cookie = await signedIn(bed.ctx.app, realAdmin);
  await bed.ctx.db
    .update(sessions)
    .set({
      userId: actedAs.id,
      impersonatorUserId: realAdmin.id,
      impersonationStartedAt: new Date(),
    })
    .where(eq(sessions.userId, realAdmin.id));
  return { cookie, realAdmin, actedAs };
}
