import {
  GLOBAL_ACCOUNT_MESSAGES,
  type GlobalAccountDetail,
} from '@bastion/domain/global-accounts/schemas';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Audited } from '../../lib/post-route.ts';
import { readGlobalAccountDetail } from './get-global-account.ts';
import { deleteGroupAccount, findGroup } from './global-accounts.repository.ts';

/**
 * POST /api/dx/global-accounts/remove-account: the account leaves the group; its GAMs no longer
 * see it through the group from their next request on.
 */
export async function removeGroupAccount(
  db: Database,
  caller: AuthContext,
  input: { id: string; account_id: string },
): Promise<Audited<GlobalAccountDetail>> {
  const group = await findGroup(db, input.id);
  if (!group) throw new AppError('NOT_FOUND', GLOBAL_ACCOUNT_MESSAGES.noSuchGroup);
  const isRemoved = await deleteGroupAccount(db, group.id, input.account_id);
  if (!isRemoved) {
    throw new AppError('NOT_FOUND', GLOBAL_ACCOUNT_MESSAGES.accountNotInGroup);
  }
  return {
    data: await readGlobalAccountDetail(db, caller, group.id),
    audit: {
      action: 'global_account.account_removed',
      entityType: 'global_account',
      entityId: group.id,
      details: { name: group.name, account_id: input.account_id },
    },
  };
}
