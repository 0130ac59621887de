import { and, asc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import {
  accountsCoveredBy,
  isGlobalAccountRole,
  NO_GLOBAL_ACCOUNT_GRANTS,
  withGlobalAccountScope,
  type GlobalAccountGrants,
  type ScopableRoleRow,
} from '@bastion/domain/global-accounts/role-scope';
import {
  isRoleValue,
  mergeDelegatedRoles,
  type RoleEntry,
} from '@bastion/domain/permissions/roles';
import type { Database } from '@bastion/db/client';
import {
  globalAccountAccounts,
  globalAccounts,
  globalAccountTeam,
} from '@bastion/db/schema/global-accounts';
import { delegations, userRoles } from '@bastion/db/schema/users';

/**
 * A user's roles as the permission rules read them: the sign-in and session code for the caller,
 * and the features that ask what another user may see (mentions in comments).
 */

/**
 * Own role rows plus those lent by delegations whose window contains `at`; GAM and GAM_GM rows
 * carry the accounts of their global accounts as an ACCOUNT assignment (issue 19), which costs
 * GAM users one more query and nobody else any.
 */
export async function findRoleRows(db: Database, userId: string, at: Date) {
  const rows = await findStoredRoleRows(db, userId, at);
  const ask = globalAccountGrantsAsk(rows, userId);
  if (!ask) return rows;
  return scopeToGlobalAccounts(rows, userId, await findGlobalAccountGrants(db, ask));
}

interface HeldRoleRow {
  role: string;
  delegatorUserId: string | null;
}

/** Which global accounts' grants the GAM and GAM_GM rows need; null when there are none. */
export function globalAccountGrantsAsk(rows: readonly HeldRoleRow[], userId: string) {
  const gamRows = rows.filter((row) => isGlobalAccountRole(row.role));
  if (gamRows.length === 0) return null;
  return {
    people: [...new Set(gamRows.map((row) => row.delegatorUserId ?? userId))],
    wantsEvery: gamRows.some((row) => row.role === 'GAM_GM'),
  };
}

/** GAM and GAM_GM rows with the accounts of their global accounts (issue 19). */
export function scopeToGlobalAccounts<R extends HeldRoleRow & ScopableRoleRow>(
  rows: readonly R[],
  userId: string,
  grants: GlobalAccountGrants,
): R[] {
  return withGlobalAccountScope(rows, (row) =>
    accountsCoveredBy(row.role, row.delegatorUserId ?? userId, grants),
  );
}

/** Own rows, and lent rows whose delegation's window (epoch ms) contains `at`. */
export function rowsLentAt<
  R extends { delegationStartsAt: number | null; delegationEndsAt: number | null },
>(rows: readonly R[], at: number): R[] {
  return rows.filter(
    (row) =>
      row.delegationStartsAt === null ||
      (row.delegationStartsAt <= at && row.delegationEndsAt !== null && row.delegationEndsAt > at),
  );
}

async function findStoredRoleRows(db: Database, userId: string, at: Date) {
  return db
    .select({
      role: userRoles.role,
      assignment: userRoles.assignment,
      assignmentValue: userRoles.assignmentValue,
      isDeligatedRole: userRoles.isDeligatedRole,
      /** Whose role it is: the colleague who lent it, or null for the user's own. */
      delegatorUserId: delegations.delegatorUserId,
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

type StoredRoleRow = Awaited<ReturnType<typeof findStoredRoleRows>>[number];
type RoleRow = StoredRoleRow;

/**
 * The accounts of global accounts, by the people who own them or are on their team (only the
 * `people` asked about), and of every group when `wantsEvery` (a GAM_GM). One query.
 */
export async function findGlobalAccountGrants(
  db: Database,
  ask: { people: readonly string[]; wantsEvery: boolean },
): Promise<GlobalAccountGrants> {
  if (ask.people.length === 0 && !ask.wantsEvery) return NO_GLOBAL_ACCOUNT_GRANTS;
  const rows = await db
    .select({
      accountId: globalAccountAccounts.accountId,
      ownerUserId: globalAccounts.ownerUserId,
      memberUserId: globalAccountTeam.userId,
    })
    .from(globalAccountAccounts)
    .innerJoin(globalAccounts, eq(globalAccounts.id, globalAccountAccounts.globalAccountId))
    .leftJoin(
      globalAccountTeam,
      and(
        eq(globalAccountTeam.globalAccountId, globalAccounts.id),
        ask.wantsEvery ? undefined : inArray(globalAccountTeam.userId, [...ask.people]),
      ),
    )
    .where(
      ask.wantsEvery
        ? undefined
        : or(
            inArray(globalAccounts.ownerUserId, [...ask.people]),
            inArray(globalAccountTeam.userId, [...ask.people]),
          ),
    );
  const every = new Set<string>();
  const byPerson = new Map<string, Set<string>>();
  const grant = (person: string | null, accountId: string) => {
    if (person === null) return;
    const accounts = byPerson.get(person) ?? new Set<string>();
    accounts.add(accountId);
    byPerson.set(person, accounts);
  };
  for (const row of rows) {
    every.add(row.accountId);
    grant(row.ownerUserId, row.accountId);
    grant(row.memberUserId, row.accountId);
  }
  return {
    every: [...every],
    byPerson: new Map([...byPerson].map(([person, accounts]) => [person, [...accounts]])),
  };
}

export interface UserRoleSet {
  own: RoleEntry[];
  delegated: RoleEntry[];
  /** Own roles with the delegated ones merged in (spec §3). */
  merged: RoleEntry[];
}

/** Unknown role values in the table (typos, retired roles) grant nothing. */
export function buildRoleEntries(rows: readonly RoleRow[]): UserRoleSet {
  const own: RoleEntry[] = [];
  const delegated: RoleEntry[] = [];
  for (const row of rows) {
    if (!isRoleValue(row.role)) continue;
    const entry: RoleEntry = {
      value: row.role,
      assignment: row.assignment,
      assignment_value: row.assignmentValue,
      is_deligated_role: row.isDeligatedRole,
    };
    (row.isDeligatedRole ? delegated : own).push(entry);
  }
  return { own, delegated, merged: mergeDelegatedRoles(own, delegated) };
}

/**
 * Whose global accounts a GAM works (issue 19): their own, and those of colleagues who lend them
 * GAM at `at` (a delegate covers the lender's groups).
 */
export async function findGlobalAccountHolders(
  db: Database,
  userId: string,
  at: Date,
): Promise<string[]> {
  const rows = await findStoredRoleRows(db, userId, at);
  return [
    ...new Set(
      rows.filter((row) => row.role === 'GAM').map((row) => row.delegatorUserId ?? userId),
    ),
  ];
}
