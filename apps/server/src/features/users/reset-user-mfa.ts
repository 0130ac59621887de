import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuditEntry } from '../../lib/db/audit.repository.ts';
import { requireUser } from './get-user-detail.ts';
import { refuseWhileImpersonating, requireMayChange } from './user-admin-errors.ts';
import { deleteSecondFactor, deleteSessionsOf, type UserRow } from './users.repository.ts';
import { roleViews } from './user-views.ts';

export const SELF_MFA_RESET_MESSAGE =
  'Turn your own two-step sign-in off on your profile, with a code from your authenticator app.';

export interface MfaResetOutcome {
  user: Pick<UserRow, 'id' | 'email'>;
  wasEnabled: boolean;
  endedSessions: number;
}

/**
 * Turns the user's second factor off: the secret and the recovery codes are deleted and
 * mfa_enabled is false; their sessions end, since whoever asked for this may have lost the
 * device. The administrators' route and `npm run user:reset-mfa` (a locked-out administrator)
 * both use this one function. 404 for an unknown e-mail.
 */
export async function resetSecondFactor(
  db: Database,
  email: string,
  now = new Date(),
): Promise<MfaResetOutcome> {
  const { user } = await requireUser(db, email);
  return db.transaction(async (tx) => {
    const { wasEnabled } = await deleteSecondFactor(tx, user.id, now);
    const endedSessions = await deleteSessionsOf(tx, user.id);
    return { user: { id: user.id, email: user.email }, wasEnabled, endedSessions };
  });
}

/** The audit entry of a reset. */
export const mfaResetAudit = (
  outcome: MfaResetOutcome,
  via: 'administrator' | 'command line',
): AuditEntry => ({
  action: 'user.mfa_reset',
  entityType: 'user',
  entityId: outcome.user.id,
  details: {
    before: { mfa_enabled: outcome.wasEnabled },
    after: { mfa_enabled: false },
    ended_sessions: outcome.endedSessions,
    via,
  },
});

/**
 * POST /api/admin/reset-user-mfa. An administrator's own second factor is turned off on their
 * profile with a code, not here: a stolen administrator session could otherwise remove it.
 */
export async function resetUserMfa(
  db: Database,
  caller: AuthContext,
  email: string,
  now = new Date(),
) {
  refuseWhileImpersonating(caller);
  const { user, ownRows } = await requireUser(db, email);
  requireMayChange(
    caller.roles,
    roleViews(ownRows).map((r) => r.value),
  );
  if (user.id === caller.userId) throw new AppError('BAD_REQUEST', SELF_MFA_RESET_MESSAGE);
  const outcome = await resetSecondFactor(db, email, now);
  return {
    data: { email: outcome.user.email, mfa_enabled: false as const },
    audit: mfaResetAudit(outcome, 'administrator'),
  };
}
