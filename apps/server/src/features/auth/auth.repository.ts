import { and, asc, count, eq, gt, isNull, lte, min, or, sql } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { menus } from '@bastion/db/schema/navigation';
import { loginFailures, passwordResetTokens, sessions } from '@bastion/db/schema/sessions';
import { delegations, userRoles, users } from '@bastion/db/schema/users';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row ?? null;
}

export async function findUserById(db: Database, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

export interface FailureCounts {
  forAccount: number;
  forIp: number;
  /** When the oldest failure still inside the window was recorded, per key. */
  oldestForAccount: Date | null;
  oldestForIp: Date | null;
}

export async function countRecentFailures(
  db: Database,
  key: { email: string; ip: string },
  since: Date,
): Promise<FailureCounts> {
  const [account] = await db
    .select({ n: count(), oldest: min(loginFailures.occurredAt) })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, key.email), gt(loginFailures.occurredAt, since)));
  const [ip] = await db
    .select({ n: count(), oldest: min(loginFailures.occurredAt) })
    .from(loginFailures)
    .where(and(eq(loginFailures.ip, key.ip), gt(loginFailures.occurredAt, since)));
  return {
    forAccount: account?.n ?? 0,
    forIp: ip?.n ?? 0,
    oldestForAccount: account?.oldest ?? null,
    oldestForIp: ip?.oldest ?? null,
  };
}

export async function recordLoginFailure(db: Database, key: { email: string; ip: string }) {
  await db.insert(loginFailures).values(key);
}

export async function deleteLoginFailuresBefore(db: Database, before: Date) {
  await db.delete(loginFailures).where(lte(loginFailures.occurredAt, before));
}

export interface NewSession {
  tokenHash: string;
  userId: string;
  expiresAt: Date;
  ip: string;
  userAgent: string;
}

export async function insertSession(db: Database, session: NewSession) {
  await db.insert(sessions).values(session);
}

export async function deleteSession(db: Database, tokenHash: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteExpiredSessions(db: Database, userId: string, idleSince: Date) {
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        or(lte(sessions.expiresAt, sql`now()`), lte(sessions.lastSeenAt, idleSince)),
      ),
    );
}

export async function findSessionWithUser(db: Database, tokenHash: string) {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash));
  return row ?? null;
}

export async function touchSession(db: Database, tokenHash: string, at: Date) {
  await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.tokenHash, tokenHash));
}

/** Own role rows plus those lent by delegations whose window contains `at`. */
export async function findRoleRows(db: Database, userId: string, at: Date) {
  return db
    .select({
      role: userRoles.role,
      assignment: userRoles.assignment,
      assignmentValue: userRoles.assignmentValue,
      isDeligatedRole: userRoles.isDeligatedRole,
    })
    .from(userRoles)
    .leftJoin(delegations, eq(delegations.id, userRoles.delegationId))
    .where(
      and(
        eq(userRoles.userId, userId),
        or(
          isNull(userRoles.delegationId),
          and(lte(delegations.startsAt, at), gt(delegations.endsAt, at)),
        ),
      ),
    )
    .orderBy(asc(userRoles.createdAt), asc(userRoles.role));
}

export async function hasActiveDelegation(
  db: Database,
  side: 'from' | 'to',
  userId: string,
  at: Date,
): Promise<boolean> {
  const column = side === 'from' ? delegations.delegatorUserId : delegations.delegateUserId;
  const [row] = await db
    .select({ n: count() })
    .from(delegations)
    .where(and(eq(column, userId), lte(delegations.startsAt, at), gt(delegations.endsAt, at)));
  return (row?.n ?? 0) > 0;
}

export async function findAllMenus(db: Database) {
  return db.select().from(menus).orderBy(asc(menus.tier), asc(menus.sortOrder), asc(menus.id));
}

export async function setReloadRequired(db: Database, userId: string, value: boolean) {
  await db.update(users).set({ reloadRequired: value }).where(eq(users.id, userId));
}

export async function countResetTokensSince(db: Database, userId: string, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), gt(passwordResetTokens.createdAt, since)));
  return row?.n ?? 0;
}

/** A new link makes the older ones useless, so only the latest e-mail works. */
export async function replaceResetTokens(
  db: Database,
  token: { tokenHash: string; userId: string; expiresAt: Date; ip: string },
  now: Date,
) {
  await db.transaction(async (tx) => {
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, token.userId), isNull(passwordResetTokens.usedAt)));
    await tx.insert(passwordResetTokens).values(token);
  });
}

export async function findUsableResetToken(db: Database, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ token: passwordResetTokens, user: users })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    );
  return row ?? null;
}

/**
 * Sets the new password, spends the link, signs the user out everywhere and forgets their
 * failed sign-ins; all or nothing. False when the link was spent meanwhile (a double submit).
 */
export async function applyPasswordReset(
  db: Database,
  reset: { tokenHash: string; userId: string; email: string; passwordHash: string },
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const spent = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(eq(passwordResetTokens.tokenHash, reset.tokenHash), isNull(passwordResetTokens.usedAt)),
      )
      .returning({ tokenHash: passwordResetTokens.tokenHash });
    if (spent.length === 0) return false;
    await tx
      .update(users)
      .set({ passwordHash: reset.passwordHash, updatedAt: now })
      .where(eq(users.id, reset.userId));
    await tx.delete(sessions).where(eq(sessions.userId, reset.userId));
    await tx.delete(loginFailures).where(eq(loginFailures.email, reset.email));
    return true;
  });
}
