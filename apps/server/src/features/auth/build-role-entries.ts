import {
  isRoleValue,
  mergeDelegatedRoles,
  type RoleEntry,
} from '@bastion/domain/permissions/roles';
import type { findRoleRows } from './auth.repository.ts';

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
