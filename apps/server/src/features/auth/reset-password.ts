import { newPasswordProblem } from '@bastion/domain/validation/password';
import type { Database } from '@bastion/db/client';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword } from '../../core/access/passwords.ts';
import { applyPasswordReset, findUsableResetToken } from './passwords.repository.ts';
import { hashOpaqueToken } from '../../core/access/opaque-token.ts';

export const INVALID_RESET_LINK_MESSAGE =
  'This password reset link is invalid or has expired. Ask for a new one.';

/** Sets a new password from a reset link; returns the user whose password changed. */
export async function resetPassword(
  db: Database,
  input: { token: string; password: string },
  now = new Date(),
): Promise<{ userId: string }> {
  const tokenHash = hashOpaqueToken(input.token);
  const found = await findUsableResetToken(db, tokenHash, now);
  if (!found || found.user.isDisabled) {
    throw new AppError('INVALID_RESET_LINK', INVALID_RESET_LINK_MESSAGE);
  }
  const problem = newPasswordProblem(input.password, found.user.email);
  if (problem) {
    throw new AppError('VALIDATION_FAILED', problem, {
      details: [{ path: 'password', message: problem }],
    });
  }
  const applied = await applyPasswordReset(
    db,
    {
      tokenHash,
      userId: found.user.id,
      email: found.user.email,
      passwordHash: await hashPassword(input.password),
    },
    now,
  );
  if (!applied) throw new AppError('INVALID_RESET_LINK', INVALID_RESET_LINK_MESSAGE);
  return { userId: found.user.id };
}
