import {
  GLOBAL_ACCOUNT_MESSAGES,
  type GlobalAccountDetail,
} from '@bastion/domain/global-accounts/schemas';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Audited } from '../../lib/post-route.ts';
import { readGlobalAccountDetail } from './get-global-account.ts';
import { findGamPeople, findGroup, setGroupOwner } from './global-accounts.repository.ts';
import { requireGamPerson } from './add-team-member.ts';

/**
 * POST /api/dx/global-accounts/set-owner: the GAM who leads the group (GAM or GAM_GM, enabled),
 * or none. A new owner who was on the team leaves it: they lead it now.
 */
export async function setGlobalAccountOwner(
  db: Database,
  caller: AuthContext,
  input: { id: string; owner_user_id: string | null },
): Promise<Audited<GlobalAccountDetail>> {
  const group = await findGroup(db, input.id);
  if (!group) throw new AppError('NOT_FOUND', GLOBAL_ACCOUNT_MESSAGES.noSuchGroup);
  const owner =
    input.owner_user_id === null
      ? null
      : await requireGamPerson(db, input.owner_user_id, 'owner_user_id');
  await setGroupOwner(db, group.id, owner?.id ?? null);
  const [previous] = group.ownerUserId ? await findGamPeople(db, group.ownerUserId) : [];
  return {
    data: await readGlobalAccountDetail(db, caller, group.id),
    audit: {
      action: 'global_account.owner_set',
      entityType: 'global_account',
      entityId: group.id,
      details: {
        name: group.name,
        before: previous?.email ?? group.ownerUserId,
        after: owner?.email ?? null,
      },
    },
  };
}
