import { and, asc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import {
  isRoleValue,
  mergeDelegatedRoles,
  type RoleEntry,
} from '@bastion/domain/permissions/roles';
import type { Database } from '@bastion/db/client';
import { delegations, userRoles } from '@bastion/db/schema/users';

/**
 * A user's roles as the permission rules read them: the sign-in and session code for the caller,
 * and the features that ask what another user may see (mentions in comments).
 */

/** Own role rows plus those lent by delegations whose window contains `at`. */
export async function findRoleRows(db: Database, userId: string, at: Date) {
  return db
    .select({
      role: userRoles.role,
      assignment: userRoles.assignment,
      assignmentValue: userRoles.assignmentValue,
      isDeligatedRole: userRoles.isDeligatedRole,
    })
    .from(userRoles)
    .leftJoin(delegations, eq(delegations.id, userRoles.delegationId))
    .where(
      and(
        eq(userRoles.userId, userId),
        or(
          isNull(userRoles.delegationId),
          and(lte(delegations.startsAt, at), gt(delegations.endsAt, at)),
        ),
      ),
    )
    .orderBy(asc(userRoles.createdAt), asc(userRoles.role));
}

type RoleRow = Awaited<ReturnType<typeof findRoleRows>>[number];

export interface UserRoleSet {
  own: RoleEntry[];
  delegated: RoleEntry[];
  /** Own roles with the delegated ones merged in (spec §3). */
  merged: RoleEntry[];
}

/** Unknown role values in the table (typos, retired roles) grant nothing. */
export function buildRoleEntries(rows: readonly RoleRow[]): UserRoleSet {
  const own: RoleEntry[] = [];
  const delegated: RoleEntry[] = [];
  for (const row of rows) {
    if (!isRoleValue(row.role)) continue;
    const entry: RoleEntry = {
      value: row.role,
      assignment: row.assignment,
      assignment_value: row.assignmentValue,
      is_deligated_role: row.isDeligatedRole,
    };
    (row.isDeligatedRole ? delegated : own).push(entry);
  }
  return { own, delegated, merged: mergeDelegatedRoles(own, delegated) };
}
