import { isSafeReturnPath, resolveLandingPath } from '@bastion/domain/navigation/landing';
import type { Session } from './api/session.ts';

/** Where a signed-in user goes: the page they asked for if allowed, else their first menu. */
export function landingPathFor(session: Session, requestedPath?: string | null): string {
  return resolveLandingPath({
    requestedPath: requestedPath && isSafeReturnPath(requestedPath) ? requestedPath : null,
    menus: session.menus,
    flags: {
      is_approver: session.user.is_approver,
      can_see_quotes: session.user.permissions.can_see_quotes,
      is_renewal_user: session.user.permissions.is_renewal_user,
    },
  });
}
