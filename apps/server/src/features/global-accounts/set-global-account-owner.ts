import type { GlobalAccountDetail } from '@bastion/domain/global-accounts/schemas';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import type { Audited } from '../../lib/post-route.ts';
import { answerGroupChange } from './get-global-account.ts';
import { requireGroup } from './global-account-scope.ts';
import { findGamPeople, setGroupOwner } from './global-accounts.repository.ts';
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
  const group = await requireGroup(db, input.id);
  const owner =
    input.owner_user_id === null
      ? null
      : await requireGamPerson(db, input.owner_user_id, 'owner_user_id');
  await setGroupOwner(db, group.id, owner?.id ?? null);
  const [previous] = group.ownerUserId ? await findGamPeople(db, group.ownerUserId) : [];
  return answerGroupChange(db, caller, group, 'global_account.owner_set', {
    before: previous?.email ?? group.ownerUserId,
    after: owner?.email ?? null,
  });
}
