import { and, eq, isNull } from 'drizzle-orm';
import type { RoleEntry } from '@bastion/domain/permissions/roles';
import { isRoleValue } from '@bastion/domain/permissions/roles';
import type { Database } from '@bastion/db/client';
import { sessions } from '@bastion/db/schema/sessions';
import { userRoles, users } from '@bastion/db/schema/users';
import { firstOrNull } from '../../lib/db/queries.ts';
import { announceSessionChange } from '../../core/access/session-cache.ts';

/** The user to act as, by e-mail, with the roles they hold themselves (delegations lend none). */
export async function findTargetUser(db: Database, email: string) {
  const user = await firstOrNull(
    db
      .select({
        id: users.id,
        email: users.email,
        isDisabled: users.isDisabled,
        isServiceAccount: users.isServiceAccount,
      })
      .from(users)
      .where(eq(users.email, email.toLowerCase())),
  );
  if (!user) return null;
  const rows = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, user.id), isNull(userRoles.delegationId)));
  const ownRoles: RoleEntry[] = rows
    .map((row) => row.role)
    .filter(isRoleValue)
    .map((value) => ({ value, assignment: null, assignment_value: [], is_deligated_role: false }));
  return { ...user, ownRoles };
}

/**
 * Turns the administrator's own session into one acting as `targetUserId`. False when the
 * session is already impersonating (a second tab started first) or is gone.
 */
export async function beginImpersonation(
  db: Database,
  session: { tokenHash: string; adminUserId: string; targetUserId: string },
  now: Date,
): Promise<boolean> {
  const begun = await db
    .update(sessions)
    .set({
      userId: session.targetUserId,
      impersonatorUserId: session.adminUserId,
      impersonationStartedAt: now,
    })
    .where(
      and(
        eq(sessions.tokenHash, session.tokenHash),
        eq(sessions.userId, session.adminUserId),
        isNull(sessions.impersonatorUserId),
      ),
    )
    .returning({ tokenHash: sessions.tokenHash });
  if (begun.length > 0) await announceSessionChange(db);
  return begun.length > 0;
}
