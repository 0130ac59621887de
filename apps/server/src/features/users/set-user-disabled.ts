import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuditEntry } from '../../lib/db/audit.repository.ts';
import { requireUser } from './get-user-detail.ts';
import {
  LAST_ROOT_DISABLE_MESSAGE,
  refuseWhileImpersonating,
  requireMayChange,
  SELF_DISABLE_MESSAGE,
} from './user-admin-errors.ts';
import {
  countOtherActiveRootAdmins,
  deleteSessionsOf,
  lockRootAdmins,
  setUserDisabled as writeDisabled,
} from './users.repository.ts';
import { roleViews } from './user-views.ts';

/**
 * POST /api/admin/set-user-disabled. Disabling keeps the user's sessions: the access guard
 * refuses a disabled user everywhere but get-is-disabled, so their open tabs learn it at the next
 * poll and sign out. Enabling ends every old session, so none comes back to life. The last active
 * root administrator stays enabled; nobody disables themselves. Asking for the state the user is
 * already in changes nothing and records nothing.
 */
export async function setUserDisabled(
  db: Database,
  caller: AuthContext,
  input: { email: string; is_disabled: boolean },
  now = new Date(),
): Promise<{ data: { email: string; is_disabled: boolean }; audit: AuditEntry | null }> {
  refuseWhileImpersonating(caller);
  const { user, ownRows } = await requireUser(db, input.email);
  const roles = roleViews(ownRows).map((r) => r.value);
  if (input.is_disabled && user.id === caller.userId) {
    throw new AppError('BAD_REQUEST', SELF_DISABLE_MESSAGE);
  }
  requireMayChange(caller.roles, roles);
  const data = { email: user.email, is_disabled: input.is_disabled };
  if (user.isDisabled === input.is_disabled) return { data, audit: null };

  const endedSessions = await db.transaction(async (tx) => {
    if (input.is_disabled && roles.includes('ROOT_ADMIN')) {
      await lockRootAdmins(tx);
      if ((await countOtherActiveRootAdmins(tx, user.id)) === 0) {
        throw new AppError('BAD_REQUEST', LAST_ROOT_DISABLE_MESSAGE);
      }
    }
    await writeDisabled(tx, user.id, input.is_disabled, now);
    return input.is_disabled ? 0 : deleteSessionsOf(tx, user.id);
  });
  return {
    data,
    audit: {
      action: input.is_disabled ? 'user.disabled' : 'user.enabled',
      entityType: 'user',
      entityId: user.id,
      details: {
        before: { is_disabled: !input.is_disabled },
        after: { is_disabled: input.is_disabled },
        ...(input.is_disabled ? {} : { ended_sessions: endedSessions }),
      },
    },
  };
}
