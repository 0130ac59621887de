import { isMfaRequiredFor } from '@bastion/domain/accounts/policy';
import type { Database } from '@bastion/db/client';
import type { ServerConfig } from '../../config.ts';
import type { AuthContext } from '../../lib/access.ts';
import { accessSettings } from '../../core/access/access-settings.repository.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SecretBox } from '../../core/access/secret-box.ts';
import { hashRecoveryCode, matchTotp, newRecoveryCodes } from '../../core/access/totp.ts';
import { findUserById } from './auth.repository.ts';
import { checkWithinFailureBudget } from './code-attempts.ts';
import { activateMfa, findMfa, removeMfa } from './mfa.repository.ts';
import { useSecondFactor } from './second-factor.ts';
import { INVALID_CODE_MESSAGE } from './sign-in.ts';

/** A QR code left on screen longer than this is stale: scan a new one. */
export const PENDING_SECRET_MINUTES = 15;

const NEW_CODE_PROBLEM =
  'That code does not match. Enter the 6-digit code your authenticator app shows for Bastion CPQ now.';

interface Deps {
  config: ServerConfig;
  secrets: SecretBox;
}

/**
 * update-mfa-enabled. On: the code must come from the pending secret gen-qr showed; the answer
 * carries ten recovery codes, shown this once. Off: a current code or a recovery code, unless the
 * sign-in policy requires two-step sign-in of the user.
 */
export async function setMfaEnabled(
  db: Database,
  deps: Deps,
  caller: AuthContext,
  input: { enabled: boolean; code: string; ip: string },
  now = new Date(),
): Promise<{ mfa_enabled: boolean; recovery_codes: string[] }> {
  const user = await findUserById(db, caller.userId);
  if (!user) throw new AppError('NOT_FOUND', 'There is no such user.');
  const attempt = { email: user.email, ip: input.ip };
  if (input.enabled) {
    if (user.mfaEnabled) throw new AppError('CONFLICT', 'Two-step sign-in is already on.');
    const mfa = await findMfa(db, user.id);
    const pending = mfa?.pendingSecret;
    const pendingSince = mfa?.pendingCreatedAt?.getTime() ?? 0;
    if (!pending || now.getTime() - pendingSince > PENDING_SECRET_MINUTES * 60_000) {
      throw new AppError(
        'BAD_REQUEST',
        'This QR code has expired. Start again to get a new one, then enter its code.',
      );
    }
    let step: number | null = null;
    await checkWithinFailureBudget(
      db,
      deps.config,
      attempt,
      { field: 'code', problem: NEW_CODE_PROBLEM },
      async () => {
        step = await matchTotp(deps.secrets.open(pending), input.code, null, now);
        return step !== null;
      },
      now,
    );
    const codes = newRecoveryCodes();
    const activated = await activateMfa(
      db,
      {
        userId: user.id,
        sealedSecret: pending,
        step: step ?? 0,
        recoveryCodeHashes: codes.map(hashRecoveryCode),
      },
      now,
    );
    if (!activated) {
      throw new AppError('CONFLICT', 'A newer QR code was made meanwhile. Enter its code instead.');
    }
    return { mfa_enabled: true, recovery_codes: codes };
  }

  if (!user.mfaEnabled) throw new AppError('CONFLICT', 'Two-step sign-in is already off.');
  const settings = await accessSettings(db);
  if (isMfaRequiredFor(caller.roles, settings.mfaRequiredRoles)) {
    throw new AppError(
      'BAD_REQUEST',
      'Your role requires two-step sign-in, so it cannot be turned off. If you lost your ' +
        'authenticator, sign in with a recovery code and set up the new one, or ask a user administrator.',
    );
  }
  await checkWithinFailureBudget(
    db,
    deps.config,
    attempt,
    { field: 'code', problem: INVALID_CODE_MESSAGE },
    async () => (await useSecondFactor(db, deps.secrets, user.id, input.code, now)) !== null,
    now,
  );
  await removeMfa(db, user.id, now);
  return { mfa_enabled: false, recovery_codes: [] };
}
