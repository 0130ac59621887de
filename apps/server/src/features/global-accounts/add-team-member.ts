import {
  GLOBAL_ACCOUNT_MESSAGES,
  memberAlreadyInTeamMessage,
  type GlobalAccountDetail,
  type Person,
} from '@bastion/domain/global-accounts/schemas';
import type { Database } from '@bastion/db/client';
import { globalAccountTeam } from '@bastion/db/schema/global-accounts';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Audited } from '../../lib/post-route.ts';
import { answerGroupChange } from './get-global-account.ts';
import { requireGroup } from './global-account-scope.ts';
import { findGamPeople } from './global-accounts.repository.ts';

/** The enabled user holding GAM or GAM_GM of their own; else a 400 that says so. */
export async function requireGamPerson(
  db: Database,
  userId: string,
  path = 'user_id',
): Promise<Person> {
  const [person] = await findGamPeople(db, userId);
  if (!person) {
    throw new AppError('VALIDATION_FAILED', GLOBAL_ACCOUNT_MESSAGES.notGam, {
      details: [{ path, message: GLOBAL_ACCOUNT_MESSAGES.notGam }],
    });
  }
  return person;
}

/** POST /api/dx/global-accounts/add-member: a GAM or GAM_GM joins the group's team. */
export async function addTeamMember(
  db: Database,
  caller: AuthContext,
  input: { id: string; user_id: string },
): Promise<Audited<GlobalAccountDetail>> {
  const group = await requireGroup(db, input.id);
  const person = await requireGamPerson(db, input.user_id);
  if (group.ownerUserId === person.id) {
    throw new AppError('VALIDATION_FAILED', GLOBAL_ACCOUNT_MESSAGES.ownerIsNotMember);
  }
  const added = await db
    .insert(globalAccountTeam)
    .values({ globalAccountId: group.id, userId: person.id })
    .onConflictDoNothing()
    .returning({ userId: globalAccountTeam.userId });
  if (added.length === 0) throw new AppError('CONFLICT', memberAlreadyInTeamMessage(person.name));
  return answerGroupChange(db, caller, group, 'global_account.member_added', {
    user_id: person.id,
    email: person.email,
  });
}
