import { and, asc, count, eq, gt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { menus } from '@bastion/db/schema/navigation';
import { loginFailures } from '@bastion/db/schema/sessions';
import { delegations, users } from '@bastion/db/schema/users';
import { firstOrNull } from '../../lib/db/queries.ts';

/** The accounts as sign-in reads them: users, sign-in failures (decision 016), their delegations and menus. */

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | null> {
  return firstOrNull(db.select().from(users).where(eq(users.email, email.toLowerCase())));
}

export async function findUserById(db: Database, id: string): Promise<UserRow | null> {
  return firstOrNull(db.select().from(users).where(eq(users.id, id)));
}

export interface FailureCounts {
  /** This account from this address, within the short window. */
  forPair: number;
  /** This address, whatever the account, within the short window. */
  forAddress: number;
  /** This account, whatever the address, within the account-wide window. */
  forAccount: number;
  /** When the oldest failure still inside each window was recorded. */
  oldestForPair: Date | null;
  oldestForAddress: Date | null;
  oldestForAccount: Date | null;
}

/** The three counts of decision 016 in one indexed query. */
export async function countRecentFailures(
  db: Database,
  key: { email: string; address: string },
  since: { window: Date; accountWindow: Date },
): Promise<FailureCounts> {
  const isPair = and(
    eq(loginFailures.email, key.email),
    eq(loginFailures.ip, key.address),
    gt(loginFailures.occurredAt, since.window),
  );
  const isAddress = and(
    eq(loginFailures.ip, key.address),
    gt(loginFailures.occurredAt, since.window),
  );
  const isAccount = and(
    eq(loginFailures.email, key.email),
    gt(loginFailures.occurredAt, since.accountWindow),
  );
  const counted = (filter: SQL | undefined) =>
    sql<number>`count(*) filter (where ${filter})`.mapWith(Number);
  const oldest = (filter: SQL | undefined) =>
    sql<Date | null>`min(${loginFailures.occurredAt}) filter (where ${filter})`.mapWith(
      loginFailures.occurredAt,
    );
  const [row] = await db
    .select({
      forPair: counted(isPair),
      forAddress: counted(isAddress),
      forAccount: counted(isAccount),
      oldestForPair: oldest(isPair),
      oldestForAddress: oldest(isAddress),
      oldestForAccount: oldest(isAccount),
    })
    .from(loginFailures)
    .where(or(isAddress, isAccount));
  return {
    forPair: row?.forPair ?? 0,
    forAddress: row?.forAddress ?? 0,
    forAccount: row?.forAccount ?? 0,
    oldestForPair: row?.oldestForPair ?? null,
    oldestForAddress: row?.oldestForAddress ?? null,
    oldestForAccount: row?.oldestForAccount ?? null,
  };
}

/** Records a failure (or claims one for an attempt still in progress); its id. */
export async function recordLoginFailure(
  db: Database,
  key: { email: string; address: string },
): Promise<number> {
  const [row] = await db
    .insert(loginFailures)
    .values({ email: key.email, ip: key.address })
    .returning({ id: loginFailures.id });
  if (!row) throw new Error('login failure insert returned nothing');
  return row.id;
}

export async function deleteLoginFailure(db: Database, id: number) {
  await db.delete(loginFailures).where(eq(loginFailures.id, id));
}

/** Forgets one (account, address) pair's failures; other addresses keep theirs. */
export async function deletePairFailures(db: Database, key: { email: string; address: string }) {
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.email, key.email), eq(loginFailures.ip, key.address)));
}

export async function deleteLoginFailuresBefore(db: Database, before: Date) {
  await db.delete(loginFailures).where(lte(loginFailures.occurredAt, before));
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
