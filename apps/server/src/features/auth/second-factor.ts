import type { Database } from '@bastion/db/client';
import type { SecretBox } from '../../core/access/secret-box.ts';
import { hashRecoveryCode, matchTotp, normalizeCode } from '../../core/access/totp.ts';
import { findMfa, spendRecoveryCode, spendTotpStep } from './mfa.repository.ts';

export type SecondFactorUse = 'totp' | 'recovery';

/**
 * Checks and spends what the user typed as their second factor: a current authenticator code
 * (accepted once: its step is recorded) or an unused recovery code. Null when it is neither.
 */
export async function useSecondFactor(
  db: Database,
  secrets: SecretBox,
  userId: string,
  typed: string,
  now: Date,
): Promise<SecondFactorUse | null> {
  const mfa = await findMfa(db, userId);
  if (!mfa?.secret) return null;
  const code = normalizeCode(typed);
  if (/^\d{6}$/.test(code)) {
    const step = await matchTotp(secrets.open(mfa.secret), code, mfa.lastUsedStep, now);
    return step !== null && (await spendTotpStep(db, userId, step)) ? 'totp' : null;
  }
  return (await spendRecoveryCode(db, userId, hashRecoveryCode(code), now)) ? 'recovery' : null;
}
