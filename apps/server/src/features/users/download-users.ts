import type { z } from 'zod';
import type { UserListRow, UserRoleView } from '@bastion/domain/accounts/user-admin-schemas';
import type { Database } from '@bastion/db/client';
import type { ZUserListFilters } from '@bastion/domain/accounts/users-api';
import { formatCsv } from '../../lib/csv.ts';
import { findAllUsers } from './users.repository.ts';
import { userFilterOf, withOwnRoles } from './list-users.ts';

export const USERS_CSV_HEADER = [
  'email',
  'first_name',
  'last_name',
  'provider',
  'status',
  'mfa',
  'roles',
  'last_sign_in_at',
] as const;

/** `ROLE[REGION:EMEA|APJ]; ROLE2`. */
export function rolesText(roles: readonly UserRoleView[]): string {
  return roles
    .map((role) =>
      role.assignment === null
        ? role.value
        : `${role.value}[${role.assignment}:${role.assignment_value.join('|')}]`,
    )
    .join('; ');
}

function csvRecord(user: UserListRow): string[] {
  return [
    user.email,
    user.first_name,
    user.last_name,
    user.id_provider,
    user.is_disabled ? 'disabled' : 'active',
    user.mfa_enabled ? 'on' : 'off',
    rolesText(user.roles),
    user.last_sign_in_at ?? '',
  ];
}

/**
 * POST /api/admin/users-download: every user the grid's filters match, as CSV with CRLF line
 * ends, led by a byte-order mark so that spreadsheets read the names as UTF-8.
 */
export async function downloadUsers(
  db: Database,
  filters: z.output<typeof ZUserListFilters>,
  now = new Date(),
): Promise<string> {
  const users = await findAllUsers(db, await userFilterOf(db, filters, now), {
    sort: filters.sort,
    direction: filters.direction,
  });
  const rows = await withOwnRoles(db, users);
  const csv = formatCsv([USERS_CSV_HEADER, ...rows.map(csvRecord)], { neutralizesFormulas: true });
  return `\uFEFF${csv}`;
}
