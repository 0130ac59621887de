import {
  GLOBAL_ACCOUNT_MESSAGES,
  type GlobalAccountDetail,
} from '@bastion/domain/global-accounts/schemas';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Audited } from '../../lib/post-route.ts';
import { readGlobalAccountDetail } from './get-global-account.ts';
import { deleteTeamMember, findGroup } from './global-accounts.repository.ts';

/** POST /api/dx/global-accounts/remove-member: someone leaves the group's team. */
export async function removeTeamMember(
  db: Database,
  caller: AuthContext,
  input: { id: string; user_id: string },
): Promise<Audited<GlobalAccountDetail>> {
  const group = await findGroup(db, input.id);
  if (!group) throw new AppError('NOT_FOUND', GLOBAL_ACCOUNT_MESSAGES.noSuchGroup);
  const isRemoved = await deleteTeamMember(db, group.id, input.user_id);
  if (!isRemoved) {
    throw new AppError('NOT_FOUND', GLOBAL_ACCOUNT_MESSAGES.memberNotInTeam);
  }
  return {
    data: await readGlobalAccountDetail(db, caller, group.id),
    audit: {
      action: 'global_account.member_removed',
      entityType: 'global_account',
      entityId: group.id,
      details: { name: group.name, user_id: input.user_id },
    },
  };
}
