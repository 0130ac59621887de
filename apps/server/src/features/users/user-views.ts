import type {
  RoleGrant,
  UserDetail,
  UserListRow,
  UserRoleView,
} from '@bastion/domain/accounts/user-admin-schemas';
import { canonicalRegion } from '@bastion/domain/permissions/visibility';
import { isRoleValue, ROLE_VALUES } from '@bastion/domain/permissions/roles';
import type { RoleRow, UserRow } from './users.repository.ts';

/*
 * Users as the grid and the detail show them. REGION values are shown in their canonical
 * spelling ('NA' stored by an older client reads 'North America'), the spelling the region picker
 * offers and a save stores, so opening and saving a user changes nothing by itself.
 */

const roleOrder = (value: string) => ROLE_VALUES.indexOf(value as (typeof ROLE_VALUES)[number]);

/** The rows as role entries, in the order roles are listed; unknown role values are left out. */
export function roleViews(rows: readonly RoleRow[]): UserRoleView[] {
  const views: UserRoleView[] = [];
  for (const row of rows) {
    if (!isRoleValue(row.role)) continue;
    const values =
      row.assignment === 'REGION' ? row.assignmentValue.map(canonicalRegion) : row.assignmentValue;
    views.push({
      value: row.role,
      assignment: row.assignment,
      assignment_value: [...new Set(values)],
      is_deligated_role: row.isDeligatedRole,
    });
  }
  return views.sort((a, b) => roleOrder(a.value) - roleOrder(b.value));
}

/** A role view as the grant a form sends back. */
export const grantOf = (view: UserRoleView): RoleGrant => ({
  value: view.value,
  assignment: view.assignment,
  assignment_value: view.assignment_value,
});

export function toUserListRow(user: UserRow, ownRows: readonly RoleRow[]): UserListRow {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    id_provider: user.idProvider,
    is_disabled: user.isDisabled,
    mfa_enabled: user.mfaEnabled,
    roles: roleViews(ownRows),
    last_sign_in_at: user.lastSignInAt?.toISOString() ?? null,
    is_service_account: user.isServiceAccount,
  };
}

export function toUserDetail(
  user: UserRow,
  ownRows: readonly RoleRow[],
  delegatedRows: readonly RoleRow[],
): UserDetail {
  return {
    ...toUserListRow(user, ownRows),
    is_approver: user.isApprover,
    delegated_roles: roleViews(delegatedRows),
    version: user.version,
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
  };
}
