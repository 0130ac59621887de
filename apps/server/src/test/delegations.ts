import type { Database } from '@bastion/db/client';
import { delegations, userRoles } from '@bastion/db/schema/users';

/**
 * A delegation running now (from a minute ago to a day from now) by which `delegatorUserId`
 * lends `role` to `delegateUserId`, written straight into the database as the delegations
 * feature would: the delegate holds the role as a lent one. Its id.
 */
export async function lendRole(
  db: Database,
  lend: { delegatorUserId: string; delegateUserId: string; role: string; reason?: string },
): Promise<string> {
  const { role, ...who } = lend;
  const [delegation] = await db
    .insert(delegations)
    .values({
      ...who,
      startsAt: new Date(Date.now() - 60_000),
      endsAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: delegations.id });
  if (!delegation) throw new Error('delegation insert returned nothing');
  await db.insert(userRoles).values({
    userId: lend.delegateUserId,
    role,
    isDeligatedRole: true,
    delegationId: delegation.id,
  });
  return delegation.id;
}
