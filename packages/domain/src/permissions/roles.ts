/**
 * Role values as the existing client spells them (spec §6), including VP_FINAMCE and
 * MARGIN_CONTRIBUTOE.
 */
export const ROLE_VALUES = [
  'ROOT_ADMIN',
  'DEAL_DESK',
  'DEAL_DESK_ADMIN',
  'GENERAL_MANAGER',
  'CFO',
  'FINANCE_MANAGER',
  'FINANCE_APPROVER',
  'VP_FINAMCE',
  'COMMS_OPS_DIRECTOR',
  'COMMS_OPS_MANAGER',
  'MARGIN_USER',
  'MARGIN_CONTRIBUTOE',
  'CATALOG_ADMIN',
  'CATALOG_USER',
  'USER_ADMIN',
  'SALES_USER',
  'GAM',
  'CSM_RENEWALS',
  'CAM',
  'RVP',
  'COTERM_USER',
  'RENEWAL_USER',
  'SES',
  'IT_ADMIN',
  'SALES_DIRECTOR',
  'LOGISTIC_MANAGER',
  'LEGAL_MANAGER',
  'SR_CORP_COUNSEL',
  'CUST_SUCCESS_TEAM',
  'CEO',
  'CRO',
  'GAM_GM',
] as const;

export type RoleValue = (typeof ROLE_VALUES)[number];

/** A role may be limited to some regions or to some accounts (spec §3 "Role entry"). */
export const ROLE_ASSIGNMENT_TYPES = ['REGION', 'ACCOUNT'] as const;

export type RoleAssignmentType = (typeof ROLE_ASSIGNMENT_TYPES)[number];

/** One role of a user, as the existing client reads it (`is_deligated_role` spelt so). */
export interface RoleEntry {
  value: RoleValue;
  /** null: the role is not limited to regions or accounts. */
  assignment: RoleAssignmentType | null;
  assignment_value: string[];
  is_deligated_role: boolean;
}

const ROLE_SET: ReadonlySet<string> = new Set(ROLE_VALUES);

export function isRoleValue(value: string): value is RoleValue {
  return ROLE_SET.has(value);
}

function union(a: readonly string[], b: readonly string[]): string[] {
  return [...new Set([...a, ...b])];
}

/**
 * Delegated roles merge into the user's own roles (spec §3). A delegated role the user also
 * holds adds its assignment values to the own entry, which stays an own role (an entry without
 * assignment is unlimited, so merging with one leaves it unlimited); one the user does not hold
 * is added, flagged `is_deligated_role`. Entries whose assignment types differ (REGION against
 * ACCOUNT) cannot share a value list, so the delegated one stays separate.
 */
export function mergeDelegatedRoles(
  own: readonly RoleEntry[],
  delegated: readonly RoleEntry[],
): RoleEntry[] {
  const merged = own.map((entry) => ({
    ...entry,
    assignment_value: [...entry.assignment_value],
    is_deligated_role: false,
  }));
  for (const lent of delegated) {
    const match = merged.find(
      (entry) =>
        entry.value === lent.value &&
        (entry.assignment === lent.assignment ||
          entry.assignment === null ||
          lent.assignment === null),
    );
    if (!match) {
      merged.push({
        ...lent,
        assignment_value: [...lent.assignment_value],
        is_deligated_role: true,
      });
      continue;
    }
    if (match.assignment === null || lent.assignment === null) {
      // Either side is unlimited, so the merged role is too.
      match.assignment = null;
      match.assignment_value = [];
    } else {
      match.assignment_value = union(match.assignment_value, lent.assignment_value);
    }
  }
  return merged;
}

/** Whether the user holds the role at all, own or delegated. */
export function hasRole(roles: readonly RoleEntry[], ...values: readonly RoleValue[]): boolean {
  return roles.some((entry) => values.includes(entry.value));
}

/** Whether the user holds the role as their own; delegated roles do not count (spec §6). */
export function hasOwnRole(roles: readonly RoleEntry[], ...values: readonly RoleValue[]): boolean {
  return roles.some((entry) => !entry.is_deligated_role && values.includes(entry.value));
}
