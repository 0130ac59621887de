import type { Database } from '@bastion/db/client';
import type { ServerConfig } from '../../config.ts';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuditEntry } from '../../lib/db/audit.repository.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { sendPasswordLink } from '../../core/access/password-links.repository.ts';
import { refuseWhileImpersonating, requireMayChange } from './user-admin-errors.ts';
import { requireUser } from './get-user-detail.ts';
import type { UserRow } from './users.repository.ts';
import { roleViews } from './user-views.ts';

/** A set-password link from an administrator stays usable this long: a new hire may start on Monday. */
export const SET_PASSWORD_LINK_HOURS = 72;

export interface MailDeps {
  config: ServerConfig;
  mailer: Mailer;
}

/**
 * E-mails the user a single-use link to set their password (never a password). A user without
 * one yet is told their account was set up; one who has one, that an administrator asked them to
 * set a new one. The audit entry of the sending.
 */
export async function mailSetPasswordLink(
  db: Database,
  deps: MailDeps,
  user: Pick<UserRow, 'id' | 'email' | 'firstName' | 'passwordHash'>,
  ip: string,
  now = new Date(),
): Promise<AuditEntry> {
  const isNewAccount = user.passwordHash === null;
  await sendPasswordLink(
    db,
    deps,
    {
      user,
      ip,
      validMinutes: SET_PASSWORD_LINK_HOURS * 60,
      purpose: 'password_set',
      mail: {
        subject: 'Set your Bastion CPQ password',
        before: [
          isNewAccount
            ? 'An administrator set up a Bastion CPQ account for you and asked you to set your password.'
            : 'An administrator asked you to set a new password for your Bastion CPQ account.',
          `Open this link within ${SET_PASSWORD_LINK_HOURS} hours to choose it:`,
        ],
        after: [
          `You sign in with this e-mail address, ${user.email}, and the password you choose.`,
          'If you did not expect this e-mail, tell your administrator.',
        ],
      },
    },
    now,
  );
  return {
    action: 'user.password_link_sent',
    entityType: 'user',
    entityId: user.id,
    details: { email: user.email, valid_hours: SET_PASSWORD_LINK_HOURS },
  };
}

/** POST /api/security/send_password: Local, enabled users only. */
export async function sendPasswordToUser(
  db: Database,
  deps: MailDeps,
  caller: AuthContext,
  input: { email: string; ip: string },
  now = new Date(),
) {
  refuseWhileImpersonating(caller);
  const { user, ownRows } = await requireUser(db, input.email);
  requireMayChange(
    caller.roles,
    roleViews(ownRows).map((r) => r.value),
  );
  if (user.idProvider !== 'Local') {
    throw new AppError(
      'BAD_REQUEST',
      `${user.email} signs in with Google: there is no Bastion CPQ password to set.`,
    );
  }
  if (user.isServiceAccount) {
    throw new AppError(
      'BAD_REQUEST',
      `${user.email} is a service account: it has no password; create an API token for it instead.`,
    );
  }
  if (user.isDisabled) {
    throw new AppError(
      'BAD_REQUEST',
      `${user.email} is disabled: enable the account before sending a password link.`,
    );
  }
  const audit = await mailSetPasswordLink(db, deps, user, input.ip, now);
  return { data: { email: user.email, sent: true as const }, audit };
}
