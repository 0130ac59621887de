import { isMfaRequiredFor, parseMfaRequiredRoles } from '@bastion/domain/accounts/policy';
import { ROLE_VALUES, type RoleValue } from '@bastion/domain/permissions/roles';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { forgetAccessSettings } from '../../core/access/access-settings.repository.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuditEntry } from '../../lib/db/audit.repository.ts';
import { listInWords, refuseWhileImpersonating } from './user-admin-errors.ts';
import { findSetting, findUserByEmail, saveSetting } from './users.repository.ts';

const SETTING = 'mfa_required_roles';
const DESCRIPTION = 'Comma-separated roles whose holders must sign in with a second factor.';

const ordered = (roles: readonly RoleValue[]) => ROLE_VALUES.filter((role) => roles.includes(role));

/** POST /api/admin/sign-in-policy: the roles whose holders must sign in with a second factor. */
export async function readSignInPolicy(db: Database) {
  return { mfa_required_roles: ordered(parseMfaRequiredRoles(await findSetting(db, SETTING))) };
}

/**
 * POST /api/admin/update-sign-in-policy (root administrators). A root administrator without a
 * second factor cannot require one of a role they hold: they would be sent to the enrolment step
 * in the middle of their own change; they turn on theirs first. Every instance reads the policy
 * afresh within its short cache; this one at once.
 */
export async function updateSignInPolicy(
  db: Database,
  caller: AuthContext,
  input: { mfa_required_roles: RoleValue[] },
  now = new Date(),
): Promise<{ data: { mfa_required_roles: RoleValue[] }; audit: AuditEntry | null }> {
  refuseWhileImpersonating(caller);
  const after = ordered(input.mfa_required_roles);
  const own = caller.roles.filter((r) => !r.is_deligated_role);
  const callerHasMfa = (await findUserByEmail(db, caller.email))?.mfaEnabled ?? false;
  if (!callerHasMfa && isMfaRequiredFor(own, after)) {
    const held = after.filter((role) => own.some((r) => r.value === role));
    throw new AppError(
      'BAD_REQUEST',
      `Turn on two-step sign-in for your own account before requiring it of ${listInWords(held)}, which you hold.`,
    );
  }
  const { mfa_required_roles: before } = await readSignInPolicy(db);
  const data = { mfa_required_roles: after };
  if (before.join(',') === after.join(',')) return { data, audit: null };
  await saveSetting(db, { name: SETTING, value: after.join(','), description: DESCRIPTION }, now);
  forgetAccessSettings(db);
  return {
    data,
    audit: {
      action: 'settings.sign_in_policy',
      entityType: 'app_setting',
      entityId: SETTING,
      details: { before: { mfa_required_roles: before }, after: { mfa_required_roles: after } },
    },
  };
}
