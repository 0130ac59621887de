import { and, desc, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { auditLog } from '@bastion/db/schema/audit';
import { oauthStates } from '@bastion/db/schema/sessions';
import { userRoles, users } from '@bastion/db/schema/users';
import { firstOrNull } from '../../lib/db/queries.ts';

export const GOOGLE_SIGN_IN_ACTION = 'auth.google.succeeded';

export interface NewOAuthState {
  stateHash: string;
  nonce: string;
  codeVerifier: string;
  returnPath: string;
  expiresAt: Date;
}

export async function insertOAuthState(db: Database, state: NewOAuthState) {
  await db.insert(oauthStates).values(state);
}

/**
 * Marks the state used and answers what the callback needs, or null when it is unknown, used or
 * expired. One update, so two callbacks racing with the same state cannot both get through.
 */
export async function spendOAuthState(db: Database, stateHash: string, now: Date) {
  const [spent] = await db
    .update(oauthStates)
    .set({ usedAt: now })
    .where(
      and(
        eq(oauthStates.stateHash, stateHash),
        isNull(oauthStates.usedAt),
        gt(oauthStates.expiresAt, now),
      ),
    )
    .returning({
      nonce: oauthStates.nonce,
      codeVerifier: oauthStates.codeVerifier,
      returnPath: oauthStates.returnPath,
    });
  return spent ?? null;
}

/** States are only needed until they expire; a used one is kept as long, then goes too. */
export async function deleteExpiredOAuthStates(db: Database, now: Date) {
  await db.delete(oauthStates).where(lte(oauthStates.expiresAt, now));
}

export async function findUserByEmail(db: Database, email: string) {
  return firstOrNull(
    db
      .select({
        id: users.id,
        email: users.email,
        idProvider: users.idProvider,
        isDisabled: users.isDisabled,
        mfaEnabled: users.mfaEnabled,
        isServiceAccount: users.isServiceAccount,
      })
      .from(users)
      .where(eq(users.email, email.toLowerCase())),
  );
}

/** The user's own roles: what a delegation lends never carries administration. */
export async function findOwnRoles(db: Database, userId: string) {
  const rows = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), isNull(userRoles.delegationId)));
  return rows.map((row) => row.role);
}

/** The audit entry of the user's latest Google sign-in, which names the Google account used. */
export async function findLatestGoogleSignIn(db: Database, userId: string) {
  return firstOrNull(
    db
      .select({ details: auditLog.details, occurredAt: auditLog.occurredAt })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, GOOGLE_SIGN_IN_ACTION),
          eq(auditLog.entityType, 'user'),
          eq(auditLog.entityId, userId),
        ),
      )
      .orderBy(desc(auditLog.occurredAt), desc(auditLog.id))
      .limit(1),
  );
}
