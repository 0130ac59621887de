import type { Database } from '@bastion/db/client';
import type { ServerConfig } from '../../config.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { findUserByEmail } from './auth.repository.ts';
import { hasLiveUnlockToken, insertUnlockToken } from './passwords.repository.ts';
import { hashOpaqueToken, newOpaqueToken } from '../../core/access/opaque-token.ts';

export type UnlockOfferOutcome =
  | { sent: true; userId: string }
  | { sent: false; userId: string | null; reason: 'unknown' | 'no-password' | 'already-sent' };

/**
 * E-mails the owner of an account that reached its account-wide failure budget a single-use link
 * that, with the password, signs in past the pause. While a link is still usable no other is
 * sent, so refused attempts cannot flood the owner's mailbox: at most one e-mail per link
 * lifetime unless the owner spends it. The caller runs this after answering, so the answer's
 * content and timing do not depend on whether the account exists.
 */
export async function offerUnlockLink(
  db: Database,
  config: ServerConfig,
  mailer: Mailer,
  typedEmail: string,
  now = new Date(),
): Promise<UnlockOfferOutcome> {
  const user = await findUserByEmail(db, typedEmail.trim());
  if (!user) return { sent: false, userId: null, reason: 'unknown' };
  // Google users and disabled accounts cannot sign in with a password whatever the link says.
  if (user.idProvider !== 'Local' || !user.passwordHash || user.isDisabled) {
    return { sent: false, userId: user.id, reason: 'no-password' };
  }
  if (await hasLiveUnlockToken(db, user.id, now)) {
    return { sent: false, userId: user.id, reason: 'already-sent' };
  }

  const minutes = config.login.accountWideWindowMinutes;
  const token = newOpaqueToken();
  await insertUnlockToken(db, {
    tokenHash: hashOpaqueToken(token),
    userId: user.id,
    // The pause cannot outlast its window, so neither need the link.
    expiresAt: new Date(now.getTime() + minutes * 60_000),
  });
  const link = `${config.publicUrl}/login?unlock=${token}`;
  await mailer.send({
    to: user.email,
    subject: 'Sign-in to your Bastion CPQ account is paused',
    purpose: 'login_unlock',
    text: [
      user.firstName ? `Hello ${user.firstName},` : 'Hello,',
      '',
      'There have been many failed attempts to sign in to your Bastion CPQ account, so signing',
      'in to it is paused for a while. To sign in now, open this link within',
      `${minutes} minutes and sign in with your password as usual:`,
      '',
      link,
      '',
      'The link works once. If the failed attempts were not yours, someone may be guessing your',
      `password: choose a new, unique one (${config.publicUrl}/forgot).`,
    ].join('\n'),
  });
  return { sent: true, userId: user.id };
}
