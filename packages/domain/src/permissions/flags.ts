import { hasOwnRole, hasRole, rolesOfKind, type RoleEntry, type RoleValue } from './roles.ts';

/**
 * What a user may do, derived from their merged roles (spec §6). Each flag is its own pure
 * function below; decision 002 records the choices the spec leaves open.
 */

type Roles = readonly RoleEntry[];

export const QUOTING_ROLES = rolesOfKind('QUOTING');
export const QUOTE_OPERATIONS_ROLES = rolesOfKind('QUOTE_OPERATIONS');
export const APPROVING_ROLES = rolesOfKind('APPROVING');
export const ADMINISTRATION_ROLES = rolesOfKind('ADMINISTRATION');

export const CATALOG_ROLES = [
  'CATALOG_ADMIN',
  'CATALOG_USER',
] as const satisfies readonly RoleValue[];

// Administration is never exercised through a delegation: a delegate covers approvals and
// quoting while a colleague is away, not the colleague's admin powers (decision 002).
export const isRootAdmin = (roles: Roles) => hasOwnRole(roles, 'ROOT_ADMIN');
export const isUserAdmin = (roles: Roles) => hasOwnRole(roles, 'USER_ADMIN');
export const isItAdmin = (roles: Roles) => hasOwnRole(roles, 'IT_ADMIN');
export const isDealDeskAdmin = (roles: Roles) => hasOwnRole(roles, 'DEAL_DESK_ADMIN');
export const isCatalogAdmin = (roles: Roles) => hasOwnRole(roles, 'CATALOG_ADMIN');

export const isDealDeskUser = (roles: Roles) => hasRole(roles, 'DEAL_DESK', 'DEAL_DESK_ADMIN');
export const isGm = (roles: Roles) => hasRole(roles, 'GENERAL_MANAGER');
export const isFinance = (roles: Roles) =>
  hasRole(roles, 'CFO', 'FINANCE_MANAGER', 'FINANCE_APPROVER', 'VP_FINAMCE');
export const isCommopp = (roles: Roles) =>
  hasRole(roles, 'COMMS_OPS_DIRECTOR', 'COMMS_OPS_MANAGER');
export const isLegal = (roles: Roles) => hasRole(roles, 'LEGAL_MANAGER', 'SR_CORP_COUNSEL');
export const isRenewalUser = (roles: Roles) => hasRole(roles, 'RENEWAL_USER', 'CSM_RENEWALS');
export const hasCatalogRole = (roles: Roles) => hasRole(roles, ...CATALOG_ROLES);
/** Global account managers (issue 19): they see every account of their global accounts. */
export const isGam = (roles: Roles) => hasRole(roles, 'GAM', 'GAM_GM');
/** The global accounts' general manager sees every global account. */
export const isGamGm = (roles: Roles) => hasRole(roles, 'GAM_GM');

/** Holds roles, and every one of them is a catalog role (spec §6 menu filtering). */
export const isCatalogOnly = (roles: Roles) =>
  roles.length > 0 && roles.every((entry) => hasRole([entry], ...CATALOG_ROLES));

export const canSeeMargin = (roles: Roles) =>
  hasRole(roles, 'DEAL_DESK', 'MARGIN_USER', 'MARGIN_CONTRIBUTOE');
export const canEditMargin = (roles: Roles) => hasRole(roles, 'DEAL_DESK', 'MARGIN_CONTRIBUTOE');

export const canCreateQuote = (roles: Roles) =>
  hasOwnRole(roles, 'DEAL_DESK', 'SALES_USER', 'GAM', 'CSM_RENEWALS', 'CAM', 'RVP');
export const canCreateCotermQuote = (roles: Roles) => hasRole(roles, 'DEAL_DESK', 'COTERM_USER');

/** Channel managers and renewals staff quote through partners only, unless they also sell. */
export const canCreateDirectQuote = (roles: Roles) =>
  !(
    hasRole(roles, 'CAM', 'CSM_RENEWALS') &&
    !hasRole(roles, 'GAM', 'SALES_USER', 'RVP', 'DEAL_DESK')
  );

export const canDownloadDocx = (roles: Roles) =>
  hasOwnRole(
    roles,
    'COMMS_OPS_DIRECTOR',
    'COMMS_OPS_MANAGER',
    'DEAL_DESK',
    'DEAL_DESK_ADMIN',
    'IT_ADMIN',
    'CATALOG_ADMIN',
    'ROOT_ADMIN',
    'GENERAL_MANAGER',
    'SALES_DIRECTOR',
  );

export const canLockUnlockQuote = (roles: Roles) =>
  hasOwnRole(
    roles,
    'DEAL_DESK',
    'COMMS_OPS_DIRECTOR',
    'COMMS_OPS_MANAGER',
    'ROOT_ADMIN',
    'CATALOG_ADMIN',
    'IT_ADMIN',
    'DEAL_DESK_ADMIN',
  );

/**
 * A quoter and nothing more: holds a quoting role and none that works on other people's quotes
 * or approves them. Catalog and user administration neither make nor break it.
 */
export const isPureQuoter = (roles: Roles) =>
  hasRole(roles, ...QUOTING_ROLES) &&
  !hasRole(roles, ...QUOTE_OPERATIONS_ROLES, ...APPROVING_ROLES);

/**
 * Everyone sees the quote grid except those whose roles are all approving or administration
 * roles: they work from the approvals queue or their own area instead.
 */
export const canSeeQuotes = (roles: Roles) =>
  roles.some((entry) => !hasRole([entry], ...APPROVING_ROLES, ...ADMINISTRATION_ROLES));

/** Copying makes a new quote, so it takes the right to create one. */
export const canCopy = canCreateQuote;

export function isInternalTestEmail(email: string, internalTestDomains: readonly string[]) {
  const at = email.lastIndexOf('@');
  if (at < 0) return false;
  const domain = email.slice(at + 1).toLowerCase();
  return internalTestDomains.some((d) => d.toLowerCase() === domain);
}

export interface PermissionSubject {
  email: string;
  /** Own roles with the delegated ones merged in. */
  roles: Roles;
  is_approver: boolean;
}

export interface PermissionOptions {
  /** E-mail domains of internal test accounts (configuration). */
  internal_test_domains: readonly string[];
}

// A type, not an interface, so it fits the server's `Record<string, boolean>` response schema.
export type PermissionFlags = {
  is_root_admin: boolean;
  is_deal_desk_user: boolean;
  is_deal_desk_admin: boolean;
  is_gm: boolean;
  is_finance: boolean;
  is_commopp: boolean;
  is_legal: boolean;
  is_approver: boolean;
  is_user_admin: boolean;
  is_it_admin: boolean;
  is_catalog_admin: boolean;
  has_catalog_role: boolean;
  is_catalog_only: boolean;
  is_renewal_user: boolean;
  is_gam: boolean;
  is_gam_gm: boolean;
  is_pure_quoter: boolean;
  can_see_quotes: boolean;
  can_see_margin: boolean;
  can_edit_margin: boolean;
  can_create_quote: boolean;
  can_create_coterm_quote: boolean;
  can_create_direct_quote: boolean;
  can_copy: boolean;
  can_download_docx: boolean;
  can_lock_unlock_quote: boolean;
  can_download_users: boolean;
  can_see_history: boolean;
  can_edit_unit_list_price: boolean;
};

export function derivePermissions(
  subject: PermissionSubject,
  options: PermissionOptions,
): PermissionFlags {
  const { roles } = subject;
  const isInternalTester = isInternalTestEmail(subject.email, options.internal_test_domains);
  return {
    is_root_admin: isRootAdmin(roles),
    is_deal_desk_user: isDealDeskUser(roles),
    is_deal_desk_admin: isDealDeskAdmin(roles),
    is_gm: isGm(roles),
    is_finance: isFinance(roles),
    is_commopp: isCommopp(roles),
    is_legal: isLegal(roles),
    is_approver: subject.is_approver,
    is_user_admin: isUserAdmin(roles),
    is_it_admin: isItAdmin(roles),
    is_catalog_admin: isCatalogAdmin(roles),
    has_catalog_role: hasCatalogRole(roles),
    is_catalog_only: isCatalogOnly(roles),
    is_renewal_user: isRenewalUser(roles),
    is_gam: isGam(roles),
    is_gam_gm: isGamGm(roles),
    is_pure_quoter: isPureQuoter(roles),
    can_see_quotes: canSeeQuotes(roles),
    can_see_margin: canSeeMargin(roles),
    can_edit_margin: canEditMargin(roles),
    can_create_quote: canCreateQuote(roles),
    can_create_coterm_quote: canCreateCotermQuote(roles),
    can_create_direct_quote: canCreateDirectQuote(roles),
    can_copy: canCopy(roles),
    can_download_docx: canDownloadDocx(roles),
    can_lock_unlock_quote: canLockUnlockQuote(roles),
    can_download_users: isInternalTester,
    can_see_history: isInternalTester,
    can_edit_unit_list_price: true,
  };
}
