import type { RoleAssignmentType } from '../permissions/roles.ts';

/*
 * Global accounts widen their managers' scope (issue 19, docs/decisions): a GAM sees and quotes
 * for every account of the global accounts they own or are on the team of, a GAM_GM for those of
 * every global account. The accounts join the role as an ACCOUNT assignment, so the visibility
 * rules (permissions/visibility.ts) open their quotes, opportunities and contracts unchanged.
 */

/** The roles whose holders work global accounts. */
export const GLOBAL_ACCOUNT_ROLES = ['GAM', 'GAM_GM'] as const;

export const isGlobalAccountRole = (role: string) =>
  (GLOBAL_ACCOUNT_ROLES as readonly string[]).includes(role);

/** A role row as the user-roles query reads it. */
export interface ScopableRoleRow {
  role: string;
  assignment: RoleAssignmentType | null;
  assignmentValue: string[];
}

/** The accounts of global accounts: of every group, and of each person's (owned or on the team). */
export interface GlobalAccountGrants {
  every: readonly string[];
  byPerson: ReadonlyMap<string, readonly string[]>;
}

export const NO_GLOBAL_ACCOUNT_GRANTS: GlobalAccountGrants = { every: [], byPerson: new Map() };

/**
 * The accounts a role row covers through global accounts: GAM_GM every group's, GAM the groups
 * of `holderId` (the user, or for a lent role the colleague who lent it: the delegate covers
 * their groups while they are away). Null for any other role.
 */
export function accountsCoveredBy(
  role: string,
  holderId: string,
  grants: GlobalAccountGrants,
): readonly string[] | null {
  if (role === 'GAM_GM') return grants.every;
  if (role === 'GAM') return grants.byPerson.get(holderId) ?? [];
  return null;
}

const union = (a: readonly string[], b: readonly string[]) => [...new Set([...a, ...b])];

/**
 * The rows with the accounts each covers merged in as an ACCOUNT assignment. A row has one
 * assignment type, so:
 * - no assignment (the GAM sees only their own deals) → ACCOUNT with the covered accounts, even
 *   none: delegation merging reads an unassigned row as unlimited and would drop a lent role's
 *   accounts, while for visibility ACCOUNT with no values is the same as no assignment;
 * - ACCOUNT → its accounts and the covered ones;
 * - REGION → kept, followed by a second row of the same role limited to the covered accounts
 *   (when there are any), so the regions and the accounts both count.
 * Rows of other roles are returned as they are.
 */
export function withGlobalAccountScope<R extends ScopableRoleRow>(
  rows: readonly R[],
  accountsOf: (row: R) => readonly string[] | null,
): R[] {
  const scoped: R[] = [];
  for (const row of rows) {
    const covered = accountsOf(row);
    if (covered === null) {
      scoped.push(row);
      continue;
    }
    if (row.assignment === 'REGION') {
      scoped.push(row);
      if (covered.length > 0) {
        scoped.push({ ...row, assignment: 'ACCOUNT', assignmentValue: [...new Set(covered)] });
      }
      continue;
    }
    const own = row.assignment === 'ACCOUNT' ? row.assignmentValue : [];
    scoped.push({ ...row, assignment: 'ACCOUNT', assignmentValue: union(own, covered) });
  }
  return scoped;
}
