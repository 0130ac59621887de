import type { UserDetail } from '@bastion/domain/accounts/user-admin-schemas';
import type { Database } from '@bastion/db/client';
import { unknownUser } from './user-admin-errors.ts';
import {
  findDelegatedRoleRows,
  findOwnRoleRows,
  findUserByEmail,
  type RoleRow,
  type UserRow,
} from './users.repository.ts';
import { toUserDetail } from './user-views.ts';

/** The user with this e-mail and their own role rows; 404 when there is none. */
export async function requireUser(
  db: Database,
  email: string,
): Promise<{ user: UserRow; ownRows: RoleRow[] }> {
  const user = await findUserByEmail(db, email);
  if (!user) throw unknownUser(email);
  return { user, ownRows: await findOwnRoleRows(db, [user.id]) };
}

/** POST /api/admin/user-detail */
export async function getUserDetail(
  db: Database,
  email: string,
  now = new Date(),
): Promise<UserDetail> {
  const { user, ownRows } = await requireUser(db, email);
  return toUserDetail(user, ownRows, await findDelegatedRoleRows(db, user.id, now));
}
