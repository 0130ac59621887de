import { canAdministerUsers, canImpersonate } from '@bastion/domain/accounts/policy';
import type { Database } from '@bastion/db/client';
import {
  DEFAULT_MAINTENANCE_MESSAGE,
  MFA_ENROLMENT_REQUIRED_MESSAGE,
  PERMISSION_REQUIRED_MESSAGE,
  type AuthContext,
} from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Audited } from '../../lib/post-route.ts';
import { beginImpersonation, findTargetUser } from './impersonation.repository.ts';

export const NOT_ALLOWED_MESSAGE = 'You may not act as this user.';

/**
 * An administrator starts acting as another user (decision 021): their own session becomes the
 * user's, with the administrator kept beside it. Only the caller's own roles count, and the
 * checks that need no look-up come first, so that nobody learns which e-mails have accounts.
 */
export async function startImpersonation(
  db: Database,
  caller: AuthContext,
  email: string,
  now = new Date(),
): Promise<Audited<{ impersonating: string }>> {
  if (caller.impersonator) {
    throw new AppError(
      'CONFLICT',
      `You are already acting as ${caller.email}. Return to your own account first.`,
    );
  }
  // The route stays open during these two so that an impersonation can always be stopped;
  // starting one must not become a way around them.
  if (caller.isHeldByMaintenance) {
    throw new AppError('MAINTENANCE', caller.maintenanceMessage || DEFAULT_MAINTENANCE_MESSAGE);
  }
  if (caller.mustEnrolMfa) {
    throw new AppError('MFA_ENROLMENT_REQUIRED', MFA_ENROLMENT_REQUIRED_MESSAGE);
  }
  if (!canAdministerUsers(caller.roles)) {
    throw new AppError('FORBIDDEN', PERMISSION_REQUIRED_MESSAGE, {
      logMessage: 'impersonation needs an own ROOT_ADMIN or USER_ADMIN role',
    });
  }
  const target = await findTargetUser(db, email);
  if (!target) throw new AppError('NOT_FOUND', `There is no user with the e-mail ${email}.`);
  if (target.id === caller.userId) {
    throw new AppError('BAD_REQUEST', 'You cannot act as yourself.');
  }
  if (target.isServiceAccount) {
    throw new AppError(
      'BAD_REQUEST',
      `${target.email} is a service account: it has no screens to act in; it calls the API with tokens.`,
    );
  }
  if (!canImpersonate(caller.roles, target.ownRoles)) {
    throw new AppError('FORBIDDEN', NOT_ALLOWED_MESSAGE, {
      logMessage: `impersonation of ${target.email} refused by role`,
    });
  }
  if (target.isDisabled) {
    throw new AppError(
      'BAD_REQUEST',
      `${target.email} is disabled: enable the account before acting as them.`,
    );
  }
  const begun = await beginImpersonation(
    db,
    { tokenHash: caller.sessionTokenHash, adminUserId: caller.userId, targetUserId: target.id },
    now,
  );
  if (!begun) {
    throw new AppError(
      'CONFLICT',
      'Your session changed meanwhile (another tab?). Reload the page and try again.',
    );
  }
  return {
    data: { impersonating: target.email },
    audit: {
      action: 'auth.impersonation.started',
      actorUserId: caller.userId,
      entityType: 'user',
      entityId: target.id,
      details: { email: target.email },
    },
  };
}
