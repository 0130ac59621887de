import { isRoleValue, type RoleEntry, type RoleValue } from '../permissions/roles.ts';

/**
 * Who may administer, grant, impersonate and must use a second factor (decision 021). Only a
 * user's own roles count here: what a delegation lends never carries administration.
 */

type Roles = readonly RoleEntry[];

/** The roles that administer something; impersonating their holders is for root admins only. */
export const ADMINISTRATOR_ROLES = [
  'ROOT_ADMIN',
  'USER_ADMIN',
  'IT_ADMIN',
  'DEAL_DESK_ADMIN',
  'CATALOG_ADMIN',
] as const satisfies readonly RoleValue[];

const ownRoles = (roles: Roles): Set<RoleValue> =>
  new Set(roles.filter((r) => !r.is_deligated_role).map((r) => r.value));

const holdsAny = (roles: Roles, wanted: readonly RoleValue[]) => {
  const own = ownRoles(roles);
  return wanted.some((role) => own.has(role));
};

/** Root admins and user admins manage users (the Users menu, user detail, send_password). */
export const canAdministerUsers = (roles: Roles) => holdsAny(roles, ['ROOT_ADMIN', 'USER_ADMIN']);

/** Root and IT admins switch maintenance mode, and keep working while it is on. */
export const canSwitchMaintenance = (roles: Roles) => holdsAny(roles, ['ROOT_ADMIN', 'IT_ADMIN']);

/** Root admins set which roles require a second factor. */
export const canSetSignInPolicy = (roles: Roles) => holdsAny(roles, ['ROOT_ADMIN']);

/** A role an administrator may give or take away: any for a root admin, else only their own. */
export function canGrantRole(actorRoles: Roles, role: RoleValue): boolean {
  const own = ownRoles(actorRoles);
  return own.has('ROOT_ADMIN') || own.has(role);
}

/** The roles among `roles` that `actorRoles` may not grant or remove, in the order given. */
export function rolesBeyondGrant(actorRoles: Roles, roles: readonly RoleValue[]): RoleValue[] {
  return [...new Set(roles)].filter((role) => !canGrantRole(actorRoles, role));
}

/**
 * Whether `actorRoles` may act as a user holding `targetRoles`: a root admin as anyone who is not
 * a root admin; a user admin as anyone holding no administrator role; nobody else, and never
 * oneself (the caller checks identity).
 */
export function canImpersonate(actorRoles: Roles, targetRoles: Roles): boolean {
  const actor = ownRoles(actorRoles);
  if (actor.has('ROOT_ADMIN')) return !holdsAny(targetRoles, ['ROOT_ADMIN']);
  if (actor.has('USER_ADMIN')) return !holdsAny(targetRoles, ADMINISTRATOR_ROLES);
  return false;
}

/** The sign-in policy setting (`mfa_required_roles`): comma-separated role values. */
export function parseMfaRequiredRoles(setting: string | null | undefined): RoleValue[] {
  return (setting ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(isRoleValue);
}

/** Whether someone holding `roles` must sign in with a second factor under `required`. */
export function isMfaRequiredFor(roles: Roles, required: readonly RoleValue[]): boolean {
  return holdsAny(roles, required);
}
