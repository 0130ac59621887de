import { newPasswordProblem } from '@bastion/domain/validation/password';
import type { Database } from '@bastion/db/client';
import type { ServerConfig } from '../../config.ts';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../core/access/passwords.ts';
import { deleteOtherSessions } from './auth-sessions.repository.ts';
import { findUserById } from './auth.repository.ts';
import { setPasswordHash } from './passwords.repository.ts';
import { checkWithinFailureBudget } from './code-attempts.ts';

/**
 * A signed-in user's new password, confirmed with the current one (counted like a sign-in
 * failure when wrong). Every other session of the user ends: whoever knew the old one is out.
 */
export async function changePassword(
  db: Database,
  config: ServerConfig,
  caller: AuthContext,
  input: { currentPassword: string; newPassword: string; ip: string },
  now = new Date(),
): Promise<{ signed_out_elsewhere: number }> {
  const user = await findUserById(db, caller.userId);
  if (!user?.passwordHash) {
    throw new AppError(
      'BAD_REQUEST',
      'Your account signs in with Google and has no password here to change.',
    );
  }
  const passwordHash = user.passwordHash;
  await checkWithinFailureBudget(
    db,
    config,
    { email: user.email, ip: input.ip },
    { field: 'current_password', problem: 'Your current password is not right.' },
    () => verifyPassword(passwordHash, input.currentPassword),
    now,
  );
  const problem = newPasswordProblem(input.newPassword, user.email);
  if (problem) {
    throw new AppError('VALIDATION_FAILED', problem, {
      details: [{ path: 'new_password', message: problem }],
    });
  }
  if (input.newPassword === input.currentPassword) {
    const same = 'Choose a password different from the current one.';
    throw new AppError('VALIDATION_FAILED', same, {
      details: [{ path: 'new_password', message: same }],
    });
  }
  await setPasswordHash(db, user.id, await hashPassword(input.newPassword), now);
  const signedOut = await deleteOtherSessions(db, user.id, caller.sessionTokenHash);
  return { signed_out_elsewhere: signedOut };
}
