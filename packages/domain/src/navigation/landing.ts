import { bySortOrder, pathOfLink, type MenuItem } from './menus.ts';

/** Where approvers, and CPQ users who cannot see quotes, start (spec §2). */
export const APPROVALS_LANDING_PATH = '/cpq/grid/quote-approvals/ref';
export const CATALOG_LANDING_PATH = '/commcat/grid/catalog/ref';
/** Where renewal users start (issue 33, decision 029): the renewals desk is their work. */
export const RENEWALS_LANDING_PATH = '/cpq/grid/renewals/ref';
export const NO_MENUS_PATH = '/no-menus';

/** Pages that are not a destination after signing in. */
const PUBLIC_PATHS = new Set(['/', '/login', '/forgot', '/reset-password', '/profile']);

const MAX_RETURN_PATH_LENGTH = 2048;

/**
 * Only a path inside this app may be returned to after sign-in: anything else (another site,
 * `//host`, `/\host`, a scheme, control characters) would make the login page an open redirect.
 */
export function isSafeReturnPath(path: string): boolean {
  if (path.length === 0 || path.length > MAX_RETURN_PATH_LENGTH) return false;
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return false;
  // Control characters and backslashes let browsers reinterpret the path as another origin.
  if ([...path].some((c) => c === '\\' || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) {
    return false;
  }
  const pathname = path.split(/[?#]/)[0] ?? '';
  return !PUBLIC_PATHS.has(pathname.replace(/\/+$/, '') || '/');
}

/** The group's default second-tier link, else its first reachable one (a tier 3 link counts). */
function defaultLinkOf(group: MenuItem, menus: readonly MenuItem[]): string | null {
  const children = menus.filter((m) => m.parent_id === group.id).sort(bySortOrder);
  const preferred = children.find((m) => m.is_default && m.link);
  if (preferred?.link) return pathOfLink(preferred.link);
  for (const child of children) {
    if (child.link) return pathOfLink(child.link);
    const grandchild = menus.filter((m) => m.parent_id === child.id && m.link).sort(bySortOrder)[0];
    if (grandchild?.link) return pathOfLink(grandchild.link);
  }
  return null;
}

export interface LandingInput {
  /** Where the user was going before signing in, already checked with isSafeReturnPath. */
  requestedPath: string | null;
  /** The user's menus, already filtered for them. */
  menus: readonly MenuItem[];
  flags: { is_approver: boolean; can_see_quotes: boolean; is_renewal_user: boolean };
}

/**
 * Landing after login (spec §2): the page the user asked for; else their first top menu, where
 * CPQ opens the approvals grid for approvers and for users who cannot see quotes, then the
 * renewals desk for renewal users (decision 029), COMM_CAT opens the catalog, and any other group
 * its default menu. A user without menus gets /no-menus.
 */
export function resolveLandingPath({ requestedPath, menus, flags }: LandingInput): string {
  if (requestedPath) return requestedPath;
  const groups = menus.filter((m) => m.tier === 1).sort(bySortOrder);
  for (const group of groups) {
    const hasMenu = (code: string) =>
      menus.some((m) => m.code === code && m.parent_id === group.id);
    if (group.code === 'CPQ' && (flags.is_approver || !flags.can_see_quotes)) {
      if (hasMenu('APPROVALS')) return APPROVALS_LANDING_PATH;
    }
    if (group.code === 'CPQ' && flags.is_renewal_user && hasMenu('RENEWALS')) {
      return RENEWALS_LANDING_PATH;
    }
    if (group.code === 'COMM_CAT' && hasMenu('CATALOG')) return CATALOG_LANDING_PATH;
    const link = defaultLinkOf(group, menus);
    if (link) return link;
  }
  return NO_MENUS_PATH;
}
