import { canonicalRegion } from '@bastion/domain/permissions/visibility';
import type { Database } from '@bastion/db/client';
import {
  findActiveUsers,
  findGroupMembers,
  findLentRoleRows,
  findOpenDelegationsFrom,
  findOpenDelegationsTo,
  findOwnRoleRows,
  findRoleHolders,
  findUserNames,
} from './approvals.repository.ts';

/**
 * Who may act for an approval group on a quote (docs/decisions/013): a member user; a holder of
 * a member role whose assignment covers the quote (its region for a REGION role, its account for
 * an ACCOUNT one, anything for an unassigned one); and, while a delegation runs, the delegate of
 * any such user, who then decides on their behalf. Nobody decides a step of their own
 * submission, nor on behalf of its submitter.
 */

export interface RoleGrant {
  role: string;
  assignment: 'REGION' | 'ACCOUNT' | null;
  values: readonly string[];
}

/** Someone the caller may act as: themselves, or a user who delegated to them. */
export interface Principal {
  userId: string;
  name: string;
  /** False for the caller; true for a delegator the caller stands in for. */
  isDelegator: boolean;
  roles: RoleGrant[];
}

export interface GroupMembers {
  userIds: ReadonlySet<string>;
  roles: ReadonlySet<string>;
}

export interface QuoteScope {
  region: string;
  accountId: string;
}

export function roleCovers(grant: RoleGrant, scope: QuoteScope): boolean {
  if (grant.assignment === null) return true;
  if (grant.assignment === 'REGION') {
    const region = canonicalRegion(scope.region).toLowerCase();
    return grant.values.some((v) => canonicalRegion(v).toLowerCase() === region);
  }
  return grant.values.some((v) => v.trim() === scope.accountId);
}

export function canActFor(
  principal: Pick<Principal, 'userId' | 'roles'>,
  members: GroupMembers,
  scope: QuoteScope,
): boolean {
  if (members.userIds.has(principal.userId)) return true;
  return principal.roles.some((grant) => members.roles.has(grant.role) && roleCovers(grant, scope));
}

export type Actor =
  | { ok: true; onBehalfOf: Pick<Principal, 'userId' | 'name'> | null }
  | { ok: false; reason: 'own_submission' | 'not_an_approver' };

/** How the caller may decide a step of this group: as themselves first, else as a delegate. */
export function actorFor(
  principals: readonly Principal[],
  members: GroupMembers | undefined,
  scope: QuoteScope,
  submittedBy: string | null,
): Actor {
  const [caller] = principals;
  if (caller && caller.userId === submittedBy) return { ok: false, reason: 'own_submission' };
  if (!members) return { ok: false, reason: 'not_an_approver' };
  for (const principal of principals) {
    if (principal.userId === submittedBy) continue;
    if (canActFor(principal, members, scope)) {
      return {
        ok: true,
        onBehalfOf: principal.isDelegator
          ? { userId: principal.userId, name: principal.name }
          : null,
      };
    }
  }
  return { ok: false, reason: 'not_an_approver' };
}

const grantOf = (row: {
  role: string;
  assignment: 'REGION' | 'ACCOUNT' | null;
  assignmentValue: string[];
}): RoleGrant => ({ role: row.role, assignment: row.assignment, values: row.assignmentValue });

/**
 * The caller, then every user whose delegation to the caller runs at `now`, with their own
 * roles (and the roles they lent the caller through it).
 */
export async function loadPrincipals(
  db: Database,
  userId: string,
  now: Date,
): Promise<Principal[]> {
  const open = await findOpenDelegationsTo(db, userId, now);
  const delegatorIds = [...new Set(open.map((d) => d.delegatorUserId))].filter(
    (id) => id !== userId,
  );
  const [ownRows, lentRows, names] = await Promise.all([
    findOwnRoleRows(db, [userId, ...delegatorIds]),
    findLentRoleRows(
      db,
      userId,
      open.map((d) => d.id),
    ),
    findUserNames(db, [userId, ...delegatorIds]),
  ]);
  const delegatorOf = new Map(open.map((d) => [d.id, d.delegatorUserId]));
  const principal = (id: string, isDelegator: boolean): Principal => ({
    userId: id,
    name: names.get(id)?.name ?? 'a former user',
    isDelegator,
    roles: [
      ...ownRows.filter((r) => r.userId === id).map(grantOf),
      ...(isDelegator
        ? lentRows.filter((r) => delegatorOf.get(r.delegationId ?? '') === id).map(grantOf)
        : []),
    ],
  });
  return [
    principal(userId, false),
    ...delegatorIds.map((id) => principal(id, true)).sort((a, b) => a.name.localeCompare(b.name)),
  ];
}

export async function loadGroupMembers(
  db: Database,
  groupIds: readonly (string | null)[],
): Promise<Map<string, GroupMembers>> {
  const ids = [...new Set(groupIds.filter((id): id is string => id !== null))];
  const rows = await findGroupMembers(db, ids);
  const byGroup = new Map<string, { userIds: Set<string>; roles: Set<string> }>();
  for (const id of ids) byGroup.set(id, { userIds: new Set(), roles: new Set() });
  for (const row of rows) {
    const entry = byGroup.get(row.groupId);
    if (!entry) continue;
    if (row.userId) entry.userIds.add(row.userId);
    if (row.role) entry.roles.add(row.role);
  }
  return byGroup;
}

export interface Approver {
  id: string;
  name: string;
  email: string;
  /** Set when they act as a delegate: the user they stand in for. */
  onBehalfOf: string | null;
}

/**
 * Everyone who may decide a step of this group on this quote now (for e-mails and the
 * preview): members, holders of member roles covering the quote, and their delegates; never
 * the submitter.
 */
export async function listApprovers(
  db: Database,
  members: GroupMembers,
  scope: QuoteScope,
  submittedBy: string | null,
  now: Date,
): Promise<Approver[]> {
  const holders = await findRoleHolders(db, [...members.roles]);
  const direct = new Set<string>(members.userIds);
  for (const row of holders) {
    if (roleCovers(grantOf(row), scope)) direct.add(row.userId);
  }
  if (submittedBy !== null) direct.delete(submittedBy);
  const delegations = await findOpenDelegationsFrom(db, [...direct], now);
  const delegateOf = new Map<string, string>();
  for (const d of delegations) {
    if (!direct.has(d.delegateUserId) && d.delegateUserId !== submittedBy) {
      delegateOf.set(d.delegateUserId, d.delegatorUserId);
    }
  }
  const people = await findActiveUsers(db, [...direct, ...delegateOf.keys()]);
  return people
    .map((p) => ({ ...p, onBehalfOf: direct.has(p.id) ? null : (delegateOf.get(p.id) ?? null) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
