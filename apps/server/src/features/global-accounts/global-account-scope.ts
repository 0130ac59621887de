import type { PermissionFlags } from '@bastion/domain/permissions/flags';
import { GLOBAL_ACCOUNT_MESSAGES } from '@bastion/domain/global-accounts/schemas';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { findGlobalAccountHolders } from '../../core/access/user-roles.repository.ts';
import { findGroup, groupsOf, type GroupScope } from './global-accounts.repository.ts';

/** Root admins, deal-desk admins and GAM_GMs create and change global accounts. */
export const canManageGlobalAccounts = (f: PermissionFlags) =>
  f.is_root_admin || f.is_deal_desk_admin || f.is_gam_gm;

/** Those who see every group: the deal desk, root admins and GAM_GMs. */
const seesEveryGroup = (f: PermissionFlags) =>
  f.is_root_admin || f.is_deal_desk_user || f.is_gam_gm;

/** The groups the caller may see: all of them, or (a GAM) those they or their lenders work. */
export async function groupScopeOf(db: Database, caller: AuthContext): Promise<GroupScope> {
  if (seesEveryGroup(caller.permissions)) return groupsOf(null);
  return groupsOf(await findGlobalAccountHolders(db, caller.userId, new Date()));
}

/** The group a change addresses (the route checked the caller's right to change it); else 404. */
export async function requireGroup(db: Database, id: string) {
  const group = await findGroup(db, id);
  if (!group) throw new AppError('NOT_FOUND', GLOBAL_ACCOUNT_MESSAGES.noSuchGroup);
  return group;
}

/** The group, if the caller may see it; 404 when absent and out of scope alike. */
export async function requireVisibleGroup(db: Database, caller: AuthContext, id: string) {
  const group = await findGroup(db, id, await groupScopeOf(db, caller));
  if (!group) throw new AppError('NOT_FOUND', GLOBAL_ACCOUNT_MESSAGES.noSuchGroup);
  return group;
}
