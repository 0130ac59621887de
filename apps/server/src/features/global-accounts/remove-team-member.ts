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
import { deleteTeamMember } from './global-accounts.repository.ts';

/** POST /api/dx/global-accounts/remove-member: someone leaves the group's team. */
export async function removeTeamMember(
  db: Database,
  caller: AuthContext,
  input: { id: string; user_id: string },
): Promise<Audited<GlobalAccountDetail>> {
  const group = await requireGroup(db, input.id);
  const isRemoved = await deleteTeamMember(db, group.id, input.user_id);
  if (!isRemoved) {
    throw new AppError('NOT_FOUND', GLOBAL_ACCOUNT_MESSAGES.memberNotInTeam);
  }
  return answerGroupChange(db, caller, group, 'global_account.member_removed', {
    user_id: input.user_id,
  });
}
