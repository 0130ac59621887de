import { and, asc, count, desc, eq, gt, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '@bastion/db/client';
import { menus } from '@bastion/db/schema/navigation';
import {
  loginFailures,
  loginUnlockTokens,
  passwordResetTokens,
  sessions,
} from '@bastion/db/schema/sessions';
import { delegations, users } from '@bastion/db/schema/users';
import { firstOrNull } from '../../lib/db/queries.ts';
import { announceSessionChange } from '../../core/access/session-cache.ts';

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

export async function deleteSession(db: Database, tokenHash: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
  await announceSessionChange(db);
}

const impersonators = alias(users, 'impersonator');

/** The session, its user and, while impersonating, the administrator's e-mail. */
export async function findSessionWithUser(db: Database, tokenHash: string) {
  return firstOrNull(
    db
      .select({
        session: sessions,
        user: users,
        impersonatorEmail: impersonators.email,
        isImpersonatorDisabled: impersonators.isDisabled,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(impersonators, eq(impersonators.id, sessions.impersonatorUserId))
      .where(eq(sessions.tokenHash, tokenHash)),
  );
}

/** A role row as the session reads it, with the window of the delegation that lends it. */
export interface SessionRoleRow {
  role: string;
  assignment: 'REGION' | 'ACCOUNT' | null;
  assignmentValue: string[];
  isDeligatedRole: boolean;
  /** Whose role it is: the colleague who lent it, or null for the user's own. */
  delegatorUserId: string | null;
  /** The lending delegation's window (epoch ms); null for the user's own rows. */
  delegationStartsAt: number | null;
  delegationEndsAt: number | null;
}

/** Everything a session cookie resolves to, read in one statement (issue 20). */
export interface SessionFacts {
  session: {
    userId: string;
    impersonatorUserId: string | null;
    expiresAt: Date;
    lastSeenAt: Date;
    impersonationStartedAt: Date | null;
  };
  user: {
    id: string;
    email: string;
    isDisabled: boolean;
    isApprover: boolean;
    idProvider: 'Local' | 'Google';
    mfaEnabled: boolean;
  };
  impersonator: { email: string; isDisabled: boolean; roleRows: SessionRoleRow[] } | null;
  roleRows: SessionRoleRow[];
  /** The access settings (core/access/access-settings.repository.ts) by name, as stored. */
  settings: Record<string, string>;
}

/** A user's role rows, lent ones with their delegation's window, in a stable order. */
const roleRowsOf = (userColumn: SQL) => sql`(
  select coalesce(json_agg(json_build_object(
    'role', r.role,
    'assignment', r.assignment,
    'assignmentValue', r.assignment_value,
    'isDeligatedRole', r.is_deligated_role,
    'delegationId', r.delegation_id,
    'delegatorUserId', d.delegator_user_id,
    'delegationStartsAt', extract(epoch from d.starts_at) * 1000,
    'delegationEndsAt', extract(epoch from d.ends_at) * 1000
  ) order by r.created_at, r.role), '[]'::json)
  from user_roles r left join delegations d on d.id = r.delegation_id
  where r.user_id = ${userColumn})`;

interface StoredRoleJson extends Omit<SessionRoleRow, 'assignmentValue'> {
  assignmentValue: string[] | null;
  delegationId: string | null;
}

/** Rows lent by a delegation that no longer exists lend nothing, as in core/access/user-roles.repository.ts. */
const sessionRoleRows = (json: unknown): SessionRoleRow[] =>
  (json as StoredRoleJson[])
    .filter((row) => row.delegationId === null || row.delegationStartsAt !== null)
    .map((row) => ({
      role: row.role,
      assignment: row.assignment,
      assignmentValue: row.assignmentValue ?? [],
      isDeligatedRole: row.isDeligatedRole,
      delegatorUserId: row.delegatorUserId,
      delegationStartsAt: row.delegationStartsAt,
      delegationEndsAt: row.delegationEndsAt,
    }));

const epochMs = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`;

/** The named app settings as one JSON object. */
const settingsOf = (settingNames: readonly string[]) =>
  sql`(select json_object_agg(a.name, a.value) from app_settings a where a.name in (${sql.join(
    settingNames.map((name) => sql`${name}`),
    sql`, `,
  )}))`;

interface SessionFactsRow {
  user_id: string;
  impersonator_user_id: string | null;
  expires_at: number;
  last_seen_at: number;
  impersonation_started_at: number | null;
  email: string;
  is_disabled: boolean;
  is_approver: boolean;
  id_provider: 'Local' | 'Google';
  mfa_enabled: boolean;
  impersonator_email: string | null;
  impersonator_is_disabled: boolean | null;
  role_rows: unknown;
  impersonator_role_rows: unknown;
  settings: Record<string, string> | null;
}

/**
 * The session, its user and their role rows, while impersonating the administrator and theirs,
 * and the access settings: one statement, whichever engine. Times come as epoch milliseconds so
 * that both drivers answer alike.
 */
export async function findSessionFacts(
  db: Database,
  tokenHash: string,
  settingNames: readonly string[],
): Promise<SessionFacts | null> {
  const result: unknown = await db.execute(sql`
    select s.user_id, s.impersonator_user_id,
      ${epochMs(sql`s.expires_at`)} as expires_at,
      ${epochMs(sql`s.last_seen_at`)} as last_seen_at,
      ${epochMs(sql`s.impersonation_started_at`)} as impersonation_started_at,
      u.email, u.is_disabled, u.is_approver, u.id_provider, u.mfa_enabled,
      i.email as impersonator_email, i.is_disabled as impersonator_is_disabled,
      ${roleRowsOf(sql`s.user_id`)} as role_rows,
      case when s.impersonator_user_id is null then '[]'::json
        else ${roleRowsOf(sql`s.impersonator_user_id`)} end as impersonator_role_rows,
      ${settingsOf(settingNames)} as settings
    from sessions s
    join users u on u.id = s.user_id
    left join users i on i.id = s.impersonator_user_id
    where s.token_hash = ${tokenHash}`);
  const [row] = (result as { rows: SessionFactsRow[] }).rows;
  return row ? sessionFactsOf(row) : null;
}

const parseJson = (value: unknown): unknown =>
  typeof value === 'string' ? JSON.parse(value) : value;

function sessionFactsOf(row: SessionFactsRow): SessionFacts {
  return {
    session: {
      userId: row.user_id,
      impersonatorUserId: row.impersonator_user_id,
      expiresAt: new Date(Number(row.expires_at)),
      lastSeenAt: new Date(Number(row.last_seen_at)),
      impersonationStartedAt:
        row.impersonation_started_at === null
          ? null
          : new Date(Number(row.impersonation_started_at)),
    },
    user: {
      id: row.user_id,
      email: row.email,
      isDisabled: row.is_disabled,
      isApprover: row.is_approver,
      idProvider: row.id_provider,
      mfaEnabled: row.mfa_enabled,
    },
    impersonator:
      row.impersonator_user_id !== null && row.impersonator_email !== null
        ? {
            email: row.impersonator_email,
            isDisabled: row.impersonator_is_disabled === true,
            roleRows: sessionRoleRows(parseJson(row.impersonator_role_rows)),
          }
        : null,
    roleRows: sessionRoleRows(parseJson(row.role_rows)),
    settings: (parseJson(row.settings) as Record<string, string> | null) ?? {},
  };
}

/** What an API token resolves to: its service account as a session would, and the token. */
export interface ApiTokenFacts extends SessionFacts {
  token: { id: string; isRevoked: boolean; isServiceAccount: boolean };
}

/**
 * A service account's token (issue 21), its user, role rows and the access settings, in one
 * statement like a session's. The token's expiry stands for the session's; its last use for the
 * last sighting (never: the epoch, so that the first use is recorded).
 */
export async function findApiTokenFacts(
  db: Database,
  tokenHash: string,
  settingNames: readonly string[],
): Promise<ApiTokenFacts | null> {
  const result: unknown = await db.execute(sql`
    select t.user_id, null as impersonator_user_id,
      ${epochMs(sql`t.expires_at`)} as expires_at,
      ${epochMs(sql`coalesce(t.last_used_at, 'epoch'::timestamptz)`)} as last_seen_at,
      null as impersonation_started_at,
      u.email, u.is_disabled, u.is_approver, u.id_provider, u.mfa_enabled,
      null as impersonator_email, null as impersonator_is_disabled,
      ${roleRowsOf(sql`t.user_id`)} as role_rows,
      '[]'::json as impersonator_role_rows,
      ${settingsOf(settingNames)} as settings,
      t.id as token_id, t.revoked_at is not null as is_revoked, u.is_service_account
    from api_tokens t
    join users u on u.id = t.user_id
    where t.token_hash = ${tokenHash}`);
  const [row] = (
    result as {
      rows: (SessionFactsRow & {
        token_id: string;
        is_revoked: boolean;
        is_service_account: boolean;
      })[];
    }
  ).rows;
  if (!row) return null;
  return {
    ...sessionFactsOf(row),
    token: {
      id: row.token_id,
      isRevoked: row.is_revoked,
      isServiceAccount: row.is_service_account,
    },
  };
}

/** Records a token's use: at most once a minute, as sessions are touched. */
export async function touchApiToken(db: Database, tokenId: string, at: Date, ip: string) {
  await db.execute(
    sql`update api_tokens set last_used_at = ${at.toISOString()}, last_used_ip = ${ip} where id = ${tokenId}`,
  );
}

export async function setPasswordHash(db: Database, userId: string, hash: string, at: Date) {
  await db.update(users).set({ passwordHash: hash, updatedAt: at }).where(eq(users.id, userId));
}

/**
 * The user's own sessions, newest first: those signed in as them and those in which they act as
 * someone else, not those in which an administrator acts as them.
 */
export async function findOwnSessions(db: Database, userId: string, now: Date) {
  return db
    .select({
      tokenHash: sessions.tokenHash,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(isOwnSessionOf(userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt));
}

const isOwnSessionOf = (userId: string) =>
  or(
    and(eq(sessions.userId, userId), isNull(sessions.impersonatorUserId)),
    eq(sessions.impersonatorUserId, userId),
  );

/** Ends every session of the user but `keepTokenHash`; how many ended. */
export async function deleteOtherSessions(db: Database, userId: string, keepTokenHash: string) {
  const deleted = await db
    .delete(sessions)
    .where(and(isOwnSessionOf(userId), ne(sessions.tokenHash, keepTokenHash)))
    .returning({ tokenHash: sessions.tokenHash });
  if (deleted.length > 0) await announceSessionChange(db);
  return deleted.length;
}

export async function touchSession(db: Database, tokenHash: string, at: Date) {
  await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.tokenHash, tokenHash));
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

/** A link's token that is not spent and not expired at `now`. */
const isUsable = (tokens: typeof passwordResetTokens | typeof loginUnlockTokens, now: Date) =>
  and(isNull(tokens.usedAt), gt(tokens.expiresAt, now));

export async function findUsableResetToken(db: Database, tokenHash: string, now: Date) {
  return firstOrNull(
    db
      .select({ token: passwordResetTokens, user: users })
      .from(passwordResetTokens)
      .innerJoin(users, eq(users.id, passwordResetTokens.userId))
      .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isUsable(passwordResetTokens, now))),
  );
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
    // Those in which they act as someone else too (decision 021).
    await tx
      .delete(sessions)
      .where(or(eq(sessions.userId, reset.userId), eq(sessions.impersonatorUserId, reset.userId)));
    await tx.delete(loginFailures).where(eq(loginFailures.email, reset.email));
    await announceSessionChange(tx);
    return true;
  });
}

export async function hasLiveUnlockToken(db: Database, userId: string, now: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(loginUnlockTokens)
    .where(and(eq(loginUnlockTokens.userId, userId), isUsable(loginUnlockTokens, now)));
  return (row?.n ?? 0) > 0;
}

export async function insertUnlockToken(
  db: Database,
  token: { tokenHash: string; userId: string; expiresAt: Date },
) {
  await db.insert(loginUnlockTokens).values(token);
}

/** The unused, unexpired unlock link with this hash and the e-mail of its account. */
export async function findUsableUnlockToken(db: Database, tokenHash: string, now: Date) {
  return firstOrNull(
    db
      .select({ tokenHash: loginUnlockTokens.tokenHash, email: users.email })
      .from(loginUnlockTokens)
      .innerJoin(users, eq(users.id, loginUnlockTokens.userId))
      .where(and(eq(loginUnlockTokens.tokenHash, tokenHash), isUsable(loginUnlockTokens, now))),
  );
}

/** False when another sign-in spent the link first: it unlocks once. */
export async function spendUnlockToken(db: Database, tokenHash: string, now: Date) {
  const spent = await db
    .update(loginUnlockTokens)
    .set({ usedAt: now })
    .where(and(eq(loginUnlockTokens.tokenHash, tokenHash), isNull(loginUnlockTokens.usedAt)))
    .returning({ tokenHash: loginUnlockTokens.tokenHash });
  return spent.length > 0;
}
