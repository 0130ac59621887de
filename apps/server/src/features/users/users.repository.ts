import {
  and,
  arrayOverlaps,
  asc,
  count,
  desc,
  eq,
  exists,
  gt,
  gte,
  inArray,
  isNull,
  like,
  lt,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { RoleGrant } from '@bastion/domain/accounts/user-admin-schemas';
import type { Database } from '@bastion/db/client';
import { auditLog } from '@bastion/db/schema/audit';
import { crmAccounts } from '@bastion/db/schema/crm';
import { appSettings } from '@bastion/db/schema/navigation';
import { mfaRecoveryCodes, sessions, userMfa } from '@bastion/db/schema/sessions';
import { delegations, userRoles, users } from '@bastion/db/schema/users';
import type { Page } from '../../lib/db/paging.ts';
import { containsText, countOf, firstOrNull, readPage } from '../../lib/db/queries.ts';
import { announceSessionChange } from '../../core/access/session-cache.ts';

export type UserRow = typeof users.$inferSelect;
export type RoleRow = Pick<
  typeof userRoles.$inferSelect,
  'userId' | 'role' | 'assignment' | 'assignmentValue' | 'isDeligatedRole'
>;

const roleColumns = {
  userId: userRoles.userId,
  role: userRoles.role,
  assignment: userRoles.assignment,
  assignmentValue: userRoles.assignmentValue,
  isDeligatedRole: userRoles.isDeligatedRole,
};

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | null> {
  return firstOrNull(db.select().from(users).where(eq(users.email, email.toLowerCase())));
}

/** The users' own role rows (not those a delegation lends). */
export async function findOwnRoleRows(
  db: Database,
  userIds: readonly string[],
): Promise<RoleRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select(roleColumns)
    .from(userRoles)
    .where(and(inArray(userRoles.userId, [...userIds]), isNull(userRoles.delegationId)))
    .orderBy(asc(userRoles.createdAt), asc(userRoles.role));
}

/** The role rows lent to the user by delegations whose window contains `at`. */
export async function findDelegatedRoleRows(
  db: Database,
  userId: string,
  at: Date,
): Promise<RoleRow[]> {
  return db
    .select(roleColumns)
    .from(userRoles)
    .innerJoin(delegations, eq(delegations.id, userRoles.delegationId))
    .where(
      and(eq(userRoles.userId, userId), lte(delegations.startsAt, at), gt(delegations.endsAt, at)),
    )
    .orderBy(asc(userRoles.createdAt), asc(userRoles.role));
}

/** The grid's filters as SQL; `regionValues` are the stored spellings of the region asked for. */
export interface UserFilter {
  search: string;
  role: string;
  regionValues: string[] | null;
  status: '' | 'active' | 'disabled';
  mfa: '' | 'on' | 'off';
  provider: '' | 'Local' | 'Google';
  lastSignIn: '' | 'never' | '7d' | '30d' | 'older';
  now: Date;
}

const DAY_MS = 86_400_000;

function holdsOwnRole(condition: SQL | undefined) {
  return exists(
    sql`(select 1 from ${userRoles} where ${and(
      eq(userRoles.userId, users.id),
      isNull(userRoles.delegationId),
      condition,
    )})`,
  );
}

function lastSignInCondition(filter: UserFilter['lastSignIn'], now: Date): SQL | undefined {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  switch (filter) {
    case '':
      return undefined;
    case 'never':
      return isNull(users.lastSignInAt);
    case '7d':
      return gte(users.lastSignInAt, daysAgo(7));
    case '30d':
      return gte(users.lastSignInAt, daysAgo(30));
    case 'older':
      return lt(users.lastSignInAt, daysAgo(30));
  }
}

function userConditions(filter: UserFilter): SQL | undefined {
  return and(
    containsText(
      filter.search,
      users.email,
      users.firstName,
      users.lastName,
      sql`${users.firstName} || ' ' || ${users.lastName}`,
    ),
    filter.role ? holdsOwnRole(eq(userRoles.role, filter.role)) : undefined,
    filter.regionValues === null
      ? undefined
      : filter.regionValues.length === 0
        ? sql`false`
        : holdsOwnRole(
            and(
              eq(userRoles.assignment, 'REGION'),
              arrayOverlaps(userRoles.assignmentValue, filter.regionValues),
            ),
          ),
    filter.status === '' ? undefined : eq(users.isDisabled, filter.status === 'disabled'),
    filter.mfa === '' ? undefined : eq(users.mfaEnabled, filter.mfa === 'on'),
    filter.provider === '' ? undefined : eq(users.idProvider, filter.provider),
    lastSignInCondition(filter.lastSignIn, filter.now),
  );
}

export type UserSort = 'name' | 'email' | 'last_sign_in_at';

function userOrder(sort: UserSort, direction: 'asc' | 'desc'): SQL[] {
  const by = direction === 'asc' ? asc : desc;
  const tieBreak = [by(users.email), asc(users.id)];
  switch (sort) {
    case 'name':
      return [by(sql`lower(${users.firstName} || ' ' || ${users.lastName})`), ...tieBreak];
    case 'email':
      return [by(users.email), asc(users.id)];
    case 'last_sign_in_at':
      // "Never" counts as the oldest: first going up, last going down.
      return [
        direction === 'asc'
          ? sql`${users.lastSignInAt} asc nulls first`
          : sql`${users.lastSignInAt} desc nulls last`,
        ...tieBreak,
      ];
  }
}

export async function findUserPage(
  db: Database,
  filter: UserFilter,
  order: { sort: UserSort; direction: 'asc' | 'desc' },
  page: Page,
) {
  const where = userConditions(filter);
  const rows = db
    .select()
    .from(users)
    .where(where)
    .orderBy(...userOrder(order.sort, order.direction))
    .$dynamic();
  return readPage(page, rows, countOf(db.select({ n: count() }).from(users).where(where)));
}

export async function findAllUsers(
  db: Database,
  filter: UserFilter,
  order: { sort: UserSort; direction: 'asc' | 'desc' },
) {
  return db
    .select()
    .from(users)
    .where(userConditions(filter))
    .orderBy(...userOrder(order.sort, order.direction));
}

/** Every spelling of a region stored in REGION assignments (own roles and lent ones). */
export async function findStoredRegionValues(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ value: sql<string>`unnest(${userRoles.assignmentValue})` })
    .from(userRoles)
    .where(eq(userRoles.assignment, 'REGION'));
  return rows.map((row) => row.value);
}

/** Which of `ids` are CRM accounts. */
export async function findAccountIds(db: Database, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: crmAccounts.id })
    .from(crmAccounts)
    .where(inArray(crmAccounts.id, [...ids]));
  return rows.map((row) => row.id);
}

/** CRM accounts whose name contains `search`, by name, at most `limit`. */
export async function findAccountOptions(db: Database, search: string, limit: number) {
  return db
    .select({ id: crmAccounts.id, name: crmAccounts.name })
    .from(crmAccounts)
    .where(containsText(search, crmAccounts.name))
    .orderBy(asc(crmAccounts.name), asc(crmAccounts.id))
    .limit(limit);
}

const roleValues = (userId: string, roles: readonly RoleGrant[]) =>
  roles.map((role) => ({
    userId,
    role: role.value,
    assignment: role.assignment,
    assignmentValue: role.assignment_value,
  }));

export interface UserFields {
  firstName: string;
  lastName: string;
  idProvider: 'Local' | 'Google';
  isApprover: boolean;
}

/** A new user (no password: a Local user sets one through an e-mailed link) and their roles. */
export async function insertUserWithRoles(
  tx: Database,
  input: UserFields & { email: string; roles: readonly RoleGrant[]; isServiceAccount?: boolean },
  now: Date,
): Promise<string> {
  const [row] = await tx
    .insert(users)
    .values({
      email: input.email,
      isServiceAccount: input.isServiceAccount ?? false,
      firstName: input.firstName,
      lastName: input.lastName,
      idProvider: input.idProvider,
      isApprover: input.isApprover,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('user insert returned nothing');
  if (input.roles.length > 0) await tx.insert(userRoles).values(roleValues(row.id, input.roles));
  return row.id;
}

/**
 * The user's next version with `fields`; false when the row is not at `expectedVersion`
 * (someone saved meanwhile).
 */
export async function updateUserAtVersion(
  tx: Database,
  input: { id: string; expectedVersion: number; fields: Partial<UserFields> },
  options: { isReloadRequired: boolean; isPasswordCleared: boolean },
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({
      ...input.fields,
      ...(options.isReloadRequired ? { reloadRequired: true } : {}),
      ...(options.isPasswordCleared ? { passwordHash: null } : {}),
      version: sql`${users.version} + 1`,
      updatedAt: now,
    })
    .where(and(eq(users.id, input.id), eq(users.version, input.expectedVersion)))
    .returning({ id: users.id });
  // The e-mail, approver flag or sign-in provider a session reads may have changed.
  if (rows.length > 0) await announceSessionChange(tx);
  return rows.length > 0;
}

/** Replaces the user's own role rows; the rows delegations lend stay. */
export async function replaceOwnRoles(tx: Database, userId: string, roles: readonly RoleGrant[]) {
  await tx
    .delete(userRoles)
    .where(and(eq(userRoles.userId, userId), isNull(userRoles.delegationId)));
  if (roles.length > 0) await tx.insert(userRoles).values(roleValues(userId, roles));
  await announceSessionChange(tx);
}

export async function setUserDisabled(tx: Database, userId: string, value: boolean, now: Date) {
  await tx.update(users).set({ isDisabled: value, updatedAt: now }).where(eq(users.id, userId));
  await announceSessionChange(tx);
}

/** Ends every session of the user: their own, and those in which they act as someone else. */
export async function deleteSessionsOf(tx: Database, userId: string): Promise<number> {
  const deleted = await tx
    .delete(sessions)
    .where(or(eq(sessions.userId, userId), eq(sessions.impersonatorUserId, userId)))
    .returning({ tokenHash: sessions.tokenHash });
  if (deleted.length > 0) await announceSessionChange(tx);
  return deleted.length;
}

/**
 * Changes that could leave no active root administrator take this lock first, in their
 * transaction: two of them at once (two root admins disabling each other) run one after the
 * other, and the second sees what the first did. One key for the whole table: such changes are
 * rare, and a per-row lock would not stop two different rows from being changed at once.
 */
const ROOT_ADMINS_LOCK_KEY = 7_270_432;

export async function lockRootAdmins(tx: Database) {
  await tx.execute(sql`select pg_advisory_xact_lock(${ROOT_ADMINS_LOCK_KEY})`);
}

/** Active users, other than `exceptUserId`, who hold ROOT_ADMIN as their own role. */
export async function countOtherActiveRootAdmins(tx: Database, exceptUserId: string) {
  return countOf(
    tx
      .select({ n: count() })
      .from(users)
      .where(
        and(
          eq(users.isDisabled, false),
          sql`${users.id} <> ${exceptUserId}`,
          holdsOwnRole(eq(userRoles.role, 'ROOT_ADMIN')),
        ),
      ),
  );
}

/** Removes the user's second factor and recovery codes; whether one was on before. */
export async function deleteSecondFactor(tx: Database, userId: string, now: Date) {
  const removed = await tx
    .delete(userMfa)
    .where(eq(userMfa.userId, userId))
    .returning({ secret: userMfa.secret });
  await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  const [before] = await tx
    .select({ mfaEnabled: users.mfaEnabled })
    .from(users)
    .where(eq(users.id, userId));
  await tx.update(users).set({ mfaEnabled: false, updatedAt: now }).where(eq(users.id, userId));
  await announceSessionChange(tx);
  return { wasEnabled: (before?.mfaEnabled ?? false) || removed.some((r) => r.secret !== null) };
}

/** An audit entry written outside a request (the command line). */
export async function insertAuditEntry(
  db: Database,
  entry: {
    action: string;
    entityId: string;
    details: Record<string, unknown>;
    requestId: string;
  },
) {
  await db.insert(auditLog).values({
    action: entry.action,
    actorUserId: null,
    entityType: 'user',
    entityId: entry.entityId,
    details: entry.details,
    requestId: entry.requestId,
  });
}

/** The user's audit entries whose action starts with one of `prefixes`, newest first. */
function userAuditWhere(userId: string, prefixes: readonly string[]) {
  const escaped = (prefix: string) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return and(
    eq(auditLog.entityType, 'user'),
    eq(auditLog.entityId, userId),
    or(...prefixes.map((prefix) => like(auditLog.action, escaped(prefix)))),
  );
}

/** A page of `rows` (audit entries, not yet filtered) that the prefixes pick, newest first. */
async function readUserAuditPage<Rows extends PgSelect>(
  db: Database,
  rows: Rows,
  filter: { userId: string; prefixes: readonly string[]; page: Page },
) {
  const where = userAuditWhere(filter.userId, filter.prefixes);
  const total = countOf(db.select({ n: count() }).from(auditLog).where(where));
  return readPage(
    filter.page,
    rows.where(where).orderBy(desc(auditLog.occurredAt), desc(auditLog.id)),
    total,
  );
}

export async function findSignInPage(
  db: Database,
  userId: string,
  prefixes: readonly string[],
  page: Page,
) {
  const rows = db
    .select({ occurredAt: auditLog.occurredAt, action: auditLog.action, ip: auditLog.ip })
    .from(auditLog)
    .$dynamic();
  return readUserAuditPage(db, rows, { userId, prefixes, page });
}

const actors = alias(users, 'actor');
const impersonators = alias(users, 'impersonator');

export async function findHistoryPage(
  db: Database,
  userId: string,
  prefixes: readonly string[],
  page: Page,
) {
  const rows = db
    .select({
      occurredAt: auditLog.occurredAt,
      action: auditLog.action,
      actorEmail: actors.email,
      impersonatorEmail: impersonators.email,
      details: auditLog.details,
    })
    .from(auditLog)
    .leftJoin(actors, eq(actors.id, auditLog.actorUserId))
    .leftJoin(impersonators, eq(impersonators.id, auditLog.impersonatorUserId))
    .$dynamic();
  return readUserAuditPage(db, rows, { userId, prefixes, page });
}

export async function findSetting(db: Database, name: string): Promise<string | null> {
  const row = await firstOrNull(
    db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.name, name)),
  );
  return row?.value ?? null;
}

export async function saveSetting(
  db: Database,
  setting: { name: string; value: string; description: string },
  now: Date,
) {
  await db
    .insert(appSettings)
    .values({ ...setting, updatedAt: now })
    .onConflictDoUpdate({
      target: appSettings.name,
      set: { value: setting.value, updatedAt: now },
    });
  await announceSessionChange(db);
}
