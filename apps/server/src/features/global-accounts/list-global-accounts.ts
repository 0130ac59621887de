import type { GlobalAccountList } from '@bastion/domain/global-accounts/schemas';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { canManageGlobalAccounts, groupScopeOf } from './global-account-scope.ts';
import { readGroupSummaries } from './global-accounts.repository.ts';

/**
 * POST /api/dx/global-accounts/list: the groups the caller may see (all of them for the deal
 * desk, root admins and GAM_GMs; a GAM's own), with their accounts' regions, open quotes and
 * installed base.
 */
export async function listGlobalAccounts(
  db: Database,
  caller: AuthContext,
): Promise<GlobalAccountList> {
  return {
    groups: await readGroupSummaries(db, await groupScopeOf(db, caller)),
    can_manage: canManageGlobalAccounts(caller.permissions),
  };
}
