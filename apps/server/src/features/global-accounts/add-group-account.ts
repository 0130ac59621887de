import {
  accountAlreadyInGroupMessage,
  accountInOtherGroupMessage,
  GLOBAL_ACCOUNT_MESSAGES,
  type GlobalAccountDetail,
} from '@bastion/domain/global-accounts/schemas';
import type { Database } from '@bastion/db/client';
import { globalAccountAccounts } from '@bastion/db/schema/global-accounts';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Audited } from '../../lib/post-route.ts';
import { answerGroupChange } from './get-global-account.ts';
import { requireGroup } from './global-account-scope.ts';
import { findAccountWithGroup } from './global-accounts.repository.ts';

/** A 409 naming the group the account is already in (this one or another). */
function alreadyGrouped(
  account: { name: string; groupId: string | null; groupName: string | null },
  groupId: string,
) {
  return new AppError(
    'CONFLICT',
    account.groupId === groupId
      ? accountAlreadyInGroupMessage(account.name)
      : accountInOtherGroupMessage(account.name, account.groupName ?? 'another group'),
  );
}

/**
 * POST /api/dx/global-accounts/add-account: a customer account joins the group. An account
 * belongs to at most one group: one in another group is refused with that group's name.
 */
export async function addGroupAccount(
  db: Database,
  caller: AuthContext,
  input: { id: string; account_id: string },
): Promise<Audited<GlobalAccountDetail>> {
  const group = await requireGroup(db, input.id);
  const account = await findAccountWithGroup(db, input.account_id);
  if (!account) throw new AppError('NOT_FOUND', GLOBAL_ACCOUNT_MESSAGES.noSuchAccount);
  if (account.kind !== 'CUSTOMER') {
    throw new AppError('VALIDATION_FAILED', GLOBAL_ACCOUNT_MESSAGES.notACustomer);
  }
  if (account.groupId !== null) throw alreadyGrouped(account, group.id);
  const added = await db
    .insert(globalAccountAccounts)
    .values({ accountId: account.id, globalAccountId: group.id })
    .onConflictDoNothing()
    .returning({ accountId: globalAccountAccounts.accountId });
  if (added.length === 0) {
    // Added to a group meanwhile: say which.
    const now = await findAccountWithGroup(db, account.id);
    throw alreadyGrouped(now ?? account, group.id);
  }
  return answerGroupChange(db, caller, group, 'global_account.account_added', {
    account_id: account.id,
    account_name: account.name,
  });
}
