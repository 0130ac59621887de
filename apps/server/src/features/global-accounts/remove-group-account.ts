import {
  GLOBAL_ACCOUNT_MESSAGES,
  type GlobalAccountDetail,
} from '@bastion/domain/global-accounts/schemas';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Audited } from '../../lib/post-route.ts';
import { answerGroupChange } from './get-global-account.ts';
import { requireGroup } from './global-account-scope.ts';
import { deleteGroupAccount } from './global-accounts.repository.ts';

/**
 * POST /api/dx/global-accounts/remove-account: the account leaves the group; its GAMs no longer
 * see it through the group from their next request on.
 */
export async function removeGroupAccount(
  db: Database,
  caller: AuthContext,
  input: { id: string; account_id: string },
): Promise<Audited<GlobalAccountDetail>> {
  const group = await requireGroup(db, input.id);
  const isRemoved = await deleteGroupAccount(db, group.id, input.account_id);
  if (!isRemoved) {
    throw new AppError('NOT_FOUND', GLOBAL_ACCOUNT_MESSAGES.accountNotInGroup);
  }
  return answerGroupChange(db, caller, group, 'global_account.account_removed', {
    account_id: input.account_id,
  });
}
