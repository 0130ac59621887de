import { canGrantRole, rolesBeyondGrant } from '@bastion/domain/accounts/policy';
import type { RoleEntry, RoleValue } from '@bastion/domain/permissions/roles';
import {
  refuseWhileImpersonating as refuseWhileActingAs,
  type AuthContext,
} from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';

/*
 * The refusals of user administration (decision 021). Each says what to do instead, and is
 * raised before anything is written.
 */

/** A 400 about one field, shaped like the schema's own errors so the form shows it in place. */
export function invalidField(path: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { details: [{ path, message }] });
}

export const unknownUser = (email: string) =>
  new AppError('NOT_FOUND', `There is no user with the e-mail address ${email}.`);

export const STALE_USER_MESSAGE =
  'Someone changed this user after you opened it. Reload to see their changes, then make yours again.';

export const IMPERSONATING_MESSAGE = 'Return to your own account before changing users.';

/** User administration changes are made as oneself, never while acting as someone else. */
export function refuseWhileImpersonating(caller: AuthContext) {
  refuseWhileActingAs(caller, IMPERSONATING_MESSAGE);
}

export const ROOT_TARGET_MESSAGE =
  'Only a root administrator can change a user who holds ROOT_ADMIN.';

/** A user holding ROOT_ADMIN is changed by root administrators only. */
export function requireMayChange(
  callerRoles: readonly RoleEntry[],
  targetRoles: readonly RoleValue[],
) {
  if (targetRoles.includes('ROOT_ADMIN') && !canGrantRole(callerRoles, 'ROOT_ADMIN')) {
    throw new AppError('FORBIDDEN', ROOT_TARGET_MESSAGE);
  }
}

/** "A", "A and B", "A, B and C". */
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Nobody grants or removes a role they do not hold themselves, unless a root administrator. */
export function requireGrantable(callerRoles: readonly RoleEntry[], touched: readonly RoleValue[]) {
  const beyond = rolesBeyondGrant(callerRoles, touched);
  if (beyond.length === 0) return;
  const them = beyond.length === 1 ? 'it' : 'them';
  throw new AppError(
    'FORBIDDEN',
    `You cannot grant or remove ${listInWords(beyond)}: you do not hold ${them} yourself.`,
  );
}

export const LAST_ROOT_DISABLE_MESSAGE =
  'This is the last active root administrator: make another user ROOT_ADMIN before disabling this one.';
export const LAST_ROOT_DEMOTE_MESSAGE =
  'This is the last active root administrator: make another user ROOT_ADMIN before removing it from this one.';
export const SELF_DISABLE_MESSAGE = 'You cannot disable your own account.';
