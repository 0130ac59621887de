import type { z } from 'zod';
import type { RoleGrant, UserDetail } from '@bastion/domain/accounts/user-admin-schemas';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuditEntry } from '../../lib/db/audit.repository.ts';
import { refuseServiceAccountSignIn } from './create-user.ts';
import { getUserDetail, requireUser } from './get-user-detail.ts';
import { checkRoleGrants, touchedRoles } from './role-grants.ts';
import {
  LAST_ROOT_DEMOTE_MESSAGE,
  refuseWhileImpersonating,
  requireGrantable,
  requireMayChange,
  STALE_USER_MESSAGE,
} from './user-admin-errors.ts';
import type { ZUpdateUserBody } from '@bastion/domain/accounts/users-api';
import {
  countOtherActiveRootAdmins,
  lockRootAdmins,
  replaceOwnRoles,
  updateUserAtVersion,
  type UserFields,
} from './users.repository.ts';
import { grantOf, roleViews } from './user-views.ts';

const stale = () => new AppError('CONFLICT', STALE_USER_MESSAGE);

const holdsRoot = (roles: readonly RoleGrant[]) => roles.some((r) => r.value === 'ROOT_ADMIN');

/**
 * POST /api/admin/update-user: the user's names, sign-in provider, approver flag and own roles,
 * at the version the form was opened at. The roles delegations lend are left alone; a user
 * switched to Google loses their password. A change of roles or of the approver flag tells the
 * user's open tabs to reload (reload_required). The audit entry holds the changed fields only,
 * before and after; no change, no entry.
 */
export async function updateUser(
  db: Database,
  caller: AuthContext,
  input: z.output<typeof ZUpdateUserBody>,
  now = new Date(),
): Promise<{ data: UserDetail; audit: AuditEntry | null }> {
  refuseWhileImpersonating(caller);
  const { user, ownRows } = await requireUser(db, input.email);
  const beforeRoles = roleViews(ownRows).map(grantOf);
  requireMayChange(
    caller.roles,
    beforeRoles.map((r) => r.value),
  );
  if (user.version !== input.version) throw stale();
  if (user.isServiceAccount) refuseServiceAccountSignIn({ ...input, send_password: false });
  const afterRoles = await checkRoleGrants(db, input.roles);
  const touched = touchedRoles(beforeRoles, afterRoles);
  requireGrantable(caller.roles, touched);

  const fields: Partial<UserFields> = {};
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  const compare = <K extends keyof UserFields>(key: K, name: string, value: UserFields[K]) => {
    if (user[key] === value) return;
    fields[key] = value;
    before[name] = user[key];
    after[name] = value;
  };
  compare('firstName', 'first_name', input.first_name);
  compare('lastName', 'last_name', input.last_name);
  compare('idProvider', 'id_provider', input.id_provider);
  compare('isApprover', 'is_approver', input.is_approver);
  const areRolesChanged = touched.length > 0;
  if (areRolesChanged) {
    before.roles = beforeRoles;
    after.roles = afterRoles;
  }
  if (Object.keys(after).length === 0) {
    return { data: await getUserDetail(db, user.email, now), audit: null };
  }

  await db.transaction(async (tx) => {
    if (!user.isDisabled && holdsRoot(beforeRoles) && !holdsRoot(afterRoles)) {
      await lockRootAdmins(tx);
      if ((await countOtherActiveRootAdmins(tx, user.id)) === 0) {
        throw new AppError('BAD_REQUEST', LAST_ROOT_DEMOTE_MESSAGE);
      }
    }
    const isUpdated = await updateUserAtVersion(
      tx,
      { id: user.id, expectedVersion: input.version, fields },
      {
        isReloadRequired: areRolesChanged || 'isApprover' in fields,
        // A Google user has no Bastion CPQ password: the old one must not keep working.
        isPasswordCleared: fields.idProvider === 'Google',
      },
      now,
    );
    if (!isUpdated) throw stale();
    if (areRolesChanged) await replaceOwnRoles(tx, user.id, afterRoles);
  });

  return {
    data: await getUserDetail(db, user.email, now),
    audit: {
      action: 'user.updated',
      entityType: 'user',
      entityId: user.id,
      details: { before, after },
    },
  };
}
