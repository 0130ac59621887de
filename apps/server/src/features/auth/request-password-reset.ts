import type { Database } from '@bastion/db/client';
import type { ServerConfig } from '../../config.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import {
  countPasswordLinksSince,
  sendPasswordLink,
} from '../../core/access/password-links.repository.ts';
import { findUserByEmail } from './auth.repository.ts';

/** Enough for a lost first e-mail; few enough that nobody can flood an inbox. */
export const MAX_RESET_EMAILS_PER_HOUR = 3;

export type PasswordResetRequestOutcome =
  | { sent: true; userId: string }
  | {
      sent: false;
      userId: string | null;
      reason: 'unknown' | 'not-local' | 'service-account' | 'disabled' | 'limited';
    };

/**
 * E-mails a single-use link to choose a new password. The caller answers the same whatever the
 * outcome, so the form reveals nothing about which addresses have accounts.
 */
export async function requestPasswordReset(
  db: Database,
  config: ServerConfig,
  mailer: Mailer,
  input: { email: string; ip: string },
  now = new Date(),
): Promise<PasswordResetRequestOutcome> {
  const user = await findUserByEmail(db, input.email.trim());
  if (!user) return { sent: false, userId: null, reason: 'unknown' };
  // Google users have no password here to reset.
  if (user.idProvider !== 'Local') return { sent: false, userId: user.id, reason: 'not-local' };
  // A service account calls with API tokens: a password would be a second way in.
  if (user.isServiceAccount) {
    return { sent: false, userId: user.id, reason: 'service-account' };
  }
  if (user.isDisabled) return { sent: false, userId: user.id, reason: 'disabled' };
  const hourAgo = new Date(now.getTime() - 3_600_000);
  if ((await countPasswordLinksSince(db, user.id, hourAgo)) >= MAX_RESET_EMAILS_PER_HOUR) {
    return { sent: false, userId: user.id, reason: 'limited' };
  }

  await sendPasswordLink(
    db,
    { config, mailer },
    {
      user,
      ip: input.ip,
      validMinutes: config.passwordResetMinutes,
      purpose: 'password_reset',
      mail: {
        subject: 'Choose a new Bastion CPQ password',
        before: [
          'Someone, hopefully you, asked to reset the password of your Bastion CPQ account.',
          `Open this link within ${config.passwordResetMinutes} minutes to choose a new one:`,
        ],
        after: ['If you did not ask for this, ignore this e-mail: your password stays as it is.'],
      },
    },
    now,
  );
  return { sent: true, userId: user.id };
}
