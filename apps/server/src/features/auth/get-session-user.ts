import { derivePermissions } from '@bastion/domain/permissions/flags';
import { filterMenus, type MenuItem } from '@bastion/domain/navigation/menus';
import type { Database } from '@bastion/db/client';
import type { ServerConfig } from '../../config.ts';
import { buildRoleEntries, findRoleRows } from '../../core/access/user-roles.repository.ts';
import { AppError } from '../../lib/app-error.ts';
import { readAppSettings } from '../../core/settings/app-settings.repository.ts';
import { SESSION_REQUIRED_MESSAGE, type AuthContext } from '../../lib/access.ts';
import { findAllMenus, findUserById, hasActiveDelegation } from './auth.repository.ts';

/** What `GET /api/security/introspect` answers (spec §3 "User session"). */
export async function getSessionUser(
  db: Database,
  config: ServerConfig,
  caller: Pick<AuthContext, 'userId' | 'impersonator' | 'mustEnrolMfa'>,
  now = new Date(),
) {
  const user = await findUserById(db, caller.userId);
  if (!user) throw new AppError('SESSION_REQUIRED', SESSION_REQUIRED_MESSAGE);
  const [roleRows, isDelegatedToMe, hasDelegation, menuRows, appSettings] = await Promise.all([
    findRoleRows(db, user.id, now),
    hasActiveDelegation(db, 'to', user.id, now),
    hasActiveDelegation(db, 'from', user.id, now),
    findAllMenus(db),
    readAppSettings(db),
  ]);
  const roles = buildRoleEntries(roleRows);
  const permissions = derivePermissions(
    { email: user.email, roles: roles.merged, is_approver: user.isApprover },
    { internal_test_domains: config.internalTestDomains },
  );
  const menus: MenuItem[] = menuRows.map((m) => ({
    id: m.id,
    parent_id: m.parentId,
    tier: m.tier,
    code: m.code,
    label: m.label,
    link: m.link,
    is_default: m.isDefault,
    context: m.context,
    sort_order: m.sortOrder,
  }));
  return {
    user: {
      id: user.id,
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      id_provider: user.idProvider,
      is_approver: user.isApprover,
      is_delegated_to_me: isDelegatedToMe,
      has_delegation: hasDelegation,
      roles: roles.merged,
      delegated_roles: roles.delegated,
      permissions,
      /** The administrator acting as this user (decision 021), or null. */
      impersonated_by: caller.impersonator?.email ?? null,
      mfa_enabled: user.mfaEnabled,
      /** The sign-in policy requires a second factor the user has not set up: enrol first. */
      mfa_enrolment_required: caller.mustEnrolMfa,
    },
    menus: filterMenus(menus, permissions, appSettings),
    app_settings: appSettings,
    poll_interval_ms: config.clientPollMs,
  };
}
