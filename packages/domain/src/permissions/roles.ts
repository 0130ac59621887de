/**
 * The kinds of work a role does (spec §6); permissions/flags.ts decides from them.
 * - QUOTING: people in the field who make quotes for their own deals.
 * - QUOTE_OPERATIONS: people who work on everybody's quotes: they see them all, but are not
 *   "pure" quoters.
 * - APPROVING: people who only review quotes sent to them for approval.
 * - ADMINISTRATION: administrators of something other than quotes.
 */
export const ROLE_KINDS = ['QUOTING', 'QUOTE_OPERATIONS', 'APPROVING', 'ADMINISTRATION'] as const;

export type RoleKind = (typeof ROLE_KINDS)[number];

/**
 * Every role value as the existing client spells it (spec §6), including VP_FINAMCE and
 * MARGIN_CONTRIBUTOE, with its kind. The order is the one lists of roles are shown in.
 */
const KIND_OF_ROLE = {
  ROOT_ADMIN: 'QUOTE_OPERATIONS',
  DEAL_DESK: 'QUOTE_OPERATIONS',
  DEAL_DESK_ADMIN: 'QUOTE_OPERATIONS',
  GENERAL_MANAGER: 'APPROVING',
  CFO: 'APPROVING',
  FINANCE_MANAGER: 'APPROVING',
  FINANCE_APPROVER: 'APPROVING',
  VP_FINAMCE: 'APPROVING',
  COMMS_OPS_DIRECTOR: 'QUOTE_OPERATIONS',
  COMMS_OPS_MANAGER: 'QUOTE_OPERATIONS',
  MARGIN_USER: 'QUOTE_OPERATIONS',
  MARGIN_CONTRIBUTOE: 'QUOTE_OPERATIONS',
  CATALOG_ADMIN: 'ADMINISTRATION',
  CATALOG_USER: 'ADMINISTRATION',
  USER_ADMIN: 'ADMINISTRATION',
  SALES_USER: 'QUOTING',
  GAM: 'QUOTING',
  CSM_RENEWALS: 'QUOTING',
  CAM: 'QUOTING',
  RVP: 'QUOTING',
  COTERM_USER: 'QUOTING',
  RENEWAL_USER: 'QUOTING',
  SES: 'QUOTING',
  IT_ADMIN: 'QUOTE_OPERATIONS',
  SALES_DIRECTOR: 'QUOTING',
  LOGISTIC_MANAGER: 'APPROVING',
  LEGAL_MANAGER: 'APPROVING',
  SR_CORP_COUNSEL: 'APPROVING',
  CUST_SUCCESS_TEAM: 'QUOTING',
  CEO: 'APPROVING',
  CRO: 'APPROVING',
  // Issue 19: sees (though does not create) the quotes of every global account.
  GAM_GM: 'QUOTE_OPERATIONS',
} as const satisfies Record<string, RoleKind>;

export type RoleValue = keyof typeof KIND_OF_ROLE;

export const ROLE_VALUES = Object.keys(KIND_OF_ROLE) as readonly RoleValue[];

/** The roles of a kind, in ROLE_VALUES order. */
export const rolesOfKind = (kind: RoleKind): readonly RoleValue[] =>
  ROLE_VALUES.filter((role) => KIND_OF_ROLE[role] === kind);

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
