import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SecretBox } from '../../core/access/secret-box.ts';
import { newTotpSecret, qrDataUrl, totpUri } from '../../core/access/totp.ts';
import { findUserById } from './auth.repository.ts';
import { savePendingSecret } from './mfa.repository.ts';

export const GOOGLE_ACCOUNT_MFA_MESSAGE =
  'Your account signs in with Google: set up two-step verification in your Google account instead.';

/**
 * gen-qr: a new secret for the user's authenticator app, kept pending until a code from it
 * turns two-step sign-in on. Each call replaces the pending one, so only the last QR code works.
 */
export async function startMfaEnrolment(
  db: Database,
  secrets: SecretBox,
  caller: AuthContext,
  now = new Date(),
) {
  const user = await findUserById(db, caller.userId);
  if (!user) throw new AppError('NOT_FOUND', 'There is no such user.');
  if (user.idProvider !== 'Local') throw new AppError('BAD_REQUEST', GOOGLE_ACCOUNT_MFA_MESSAGE);
  if (user.mfaEnabled) {
    throw new AppError(
      'CONFLICT',
      'Two-step sign-in is already on. Turn it off first to move it to another authenticator app.',
    );
  }
  const secret = newTotpSecret();
  await savePendingSecret(db, user.id, secrets.seal(secret), now);
  const otpauthUrl = totpUri(secret, user.email);
  return { otpauth_url: otpauthUrl, qr: await qrDataUrl(otpauthUrl), secret };
}
