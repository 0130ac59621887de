import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Audited } from '../../lib/post-route.ts';
import { endImpersonation } from '../../core/access/sessions.repository.ts';

/** The administrator returns to their own account; the session stays signed in. */
export async function stopImpersonation(
  db: Database,
  caller: AuthContext,
): Promise<Audited<{ impersonating: null }>> {
  const admin = caller.impersonator;
  if (!admin || !(await endImpersonation(db, caller.sessionTokenHash))) {
    throw new AppError(
      'BAD_REQUEST',
      'You are not acting as another user: there is nothing to stop.',
    );
  }
  return {
    data: { impersonating: null },
    audit: {
      action: 'auth.impersonation.stopped',
      actorUserId: admin.userId,
      entityType: 'user',
      entityId: caller.userId,
      details: { email: caller.email },
    },
  };
}
