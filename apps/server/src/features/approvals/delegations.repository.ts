import { eq } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { delegations, userRoles, users } from '@bastion/db/schema/users';

/** The delegations' writes (docs/decisions/013); their reads are in approvals.repository.ts. */

type NewDelegation = Pick<
  typeof delegations.$inferInsert,
  'delegatorUserId' | 'delegateUserId' | 'startsAt' | 'endsAt' | 'reason'
>;
type LentRole = Pick<typeof userRoles.$inferInsert, 'role' | 'assignment' | 'assignmentValue'>;

/** Holds the user's row until the transaction ends, so two of their writes go one at a time. */
export async function lockUser(tx: Database, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function insertDelegation(tx: Database, delegation: NewDelegation) {
  const [row] = await tx.insert(delegations).values(delegation).returning();
  if (!row) throw new Error('delegation insert returned nothing');
  return row;
}

/** The delegate holds these roles of the delegator's through the delegation. */
export async function insertLentRoles(
  tx: Database,
  delegation: { id: string; delegateUserId: string },
  roles: readonly LentRole[],
) {
  if (roles.length === 0) return;
  await tx.insert(userRoles).values(
    roles.map((r) => ({
      userId: delegation.delegateUserId,
      role: r.role,
      assignment: r.assignment,
      assignmentValue: r.assignmentValue,
      isDeligatedRole: true,
      delegationId: delegation.id,
    })),
  );
}

/** The user's client reloads their menus and rights on its next request. */
export async function requireUserReload(db: Database, userId: string) {
  await db.update(users).set({ reloadRequired: true }).where(eq(users.id, userId));
}

export async function deleteDelegation(db: Database, id: string) {
  await db.delete(delegations).where(eq(delegations.id, id));
}

/** Sets when the delegation ends; the row, or undefined when it is gone. */
export async function updateDelegationEnd(db: Database, id: string, endsAt: Date) {
  const [row] = await db
    .update(delegations)
    .set({ endsAt })
    .where(eq(delegations.id, id))
    .returning();
  return row;
}
