import { and, asc, count, eq, gt, isNull, lte, min, or, sql } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { menus } from '@bastion/db/schema/navigation';
import { loginFailures, sessions } from '@bastion/db/schema/sessions';
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
