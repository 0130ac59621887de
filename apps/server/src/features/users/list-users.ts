import type { z } from 'zod';
import type { UserListRow } from '@bastion/domain/accounts/user-admin-schemas';
import { canonicalRegion } from '@bastion/domain/permissions/visibility';
import type { Database } from '@bastion/db/client';
import { pageOf, pageWindow } from '../../lib/db/paging.ts';
import type { ZUserListBody, ZUserListFilters } from '@bastion/domain/accounts/users-api';
import {
  findOwnRoleRows,
  findStoredRegionValues,
  findUserPage,
  type RoleRow,
  type UserFilter,
  type UserRow,
} from './users.repository.ts';
import { toUserListRow } from './user-views.ts';

type Filters = z.output<typeof ZUserListFilters>;

/**
 * The grid's filters for the repository. A region matches however it was stored ('NA' and
 * 'North America' alike): the stored spellings of the region asked for are looked up first.
 */
export async function userFilterOf(db: Database, filters: Filters, now: Date): Promise<UserFilter> {
  let regionValues: string[] | null = null;
  if (filters.region) {
    const wanted = canonicalRegion(filters.region);
    regionValues = (await findStoredRegionValues(db)).filter(
      (value) => canonicalRegion(value) === wanted,
    );
  }
  return {
    search: filters.search,
    role: filters.role,
    regionValues,
    status: filters.status,
    mfa: filters.mfa,
    provider: filters.provider,
    lastSignIn: filters.last_sign_in,
    now,
  };
}

const ROLE_QUERY_SLICE = 5_000;

/** The users with their own roles, in the order given. */
export async function withOwnRoles(
  db: Database,
  users: readonly UserRow[],
): Promise<UserListRow[]> {
  const ids = users.map((user) => user.id);
  const roleRows: RoleRow[] = [];
  // In slices: a download of every user must stay under the database's parameter limit.
  for (let at = 0; at < ids.length; at += ROLE_QUERY_SLICE) {
    roleRows.push(...(await findOwnRoleRows(db, ids.slice(at, at + ROLE_QUERY_SLICE))));
  }
  return users.map((user) =>
    toUserListRow(
      user,
      roleRows.filter((row) => row.userId === user.id),
    ),
  );
}

/** POST /api/admin/users: a page of the users grid. */
export async function listUsers(
  db: Database,
  body: z.output<typeof ZUserListBody>,
  now = new Date(),
) {
  const filter = await userFilterOf(db, body, now);
  const { rows, total } = await findUserPage(
    db,
    filter,
    { sort: body.sort, direction: body.direction },
    pageWindow(body),
  );
  return { rows: await withOwnRoles(db, rows), total, ...pageOf(body) };
}
