import { and, desc, eq, gt, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '@bastion/db/client';
import { sessions } from '@bastion/db/schema/sessions';
import { users } from '@bastion/db/schema/users';
import { firstOrNull } from '../../lib/db/queries.ts';
import { announceSessionChange } from '../../core/access/session-cache.ts';

/** Sessions and API tokens: what a cookie or a token resolves to, and the sessions a user ends. */

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
