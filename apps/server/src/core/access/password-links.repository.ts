import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { passwordResetTokens } from '@bastion/db/schema/sessions';
import type { ServerConfig } from '../../config.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { hashOpaqueToken, newOpaqueToken } from './opaque-token.ts';

/**
 * The single-use links that let a user choose a password (`/reset-password?token=…`): asked for
 * by the user who forgot theirs, or sent by an administrator to a new or locked-out user
 * (send_password). Only a hash of the token is stored; a new link spends the older ones.
 */

export async function countPasswordLinksSince(db: Database, userId: string, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), gt(passwordResetTokens.createdAt, since)));
  return row?.n ?? 0;
}

/** A new link makes the older ones useless, so only the latest e-mail works. */
async function replacePasswordLinks(
  db: Database,
  token: { tokenHash: string; userId: string; expiresAt: Date; ip: string },
  now: Date,
) {
  await db.transaction(async (tx) => {
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, token.userId), isNull(passwordResetTokens.usedAt)));
    await tx.insert(passwordResetTokens).values(token);
  });
}

export interface PasswordLinkMail {
  subject: string;
  /** The lines before the link, and after it. */
  before: string[];
  after: string[];
}

/** Stores a new link for the user, valid `validMinutes`, and e-mails it with the given words. */
export async function sendPasswordLink(
  db: Database,
  deps: { config: ServerConfig; mailer: Mailer },
  input: {
    user: { id: string; email: string; firstName: string };
    ip: string;
    validMinutes: number;
    purpose: 'password_reset' | 'password_set';
    mail: PasswordLinkMail;
  },
  now = new Date(),
): Promise<void> {
  const token = newOpaqueToken();
  await replacePasswordLinks(
    db,
    {
      tokenHash: hashOpaqueToken(token),
      userId: input.user.id,
      expiresAt: new Date(now.getTime() + input.validMinutes * 60_000),
      ip: input.ip,
    },
    now,
  );
  const link = `${deps.config.publicUrl}/reset-password?token=${token}`;
  const greeting = input.user.firstName ? `Hello ${input.user.firstName},` : 'Hello,';
  await deps.mailer.send({
    to: input.user.email,
    subject: input.mail.subject,
    purpose: input.purpose,
    text: [greeting, '', ...input.mail.before, '', link, '', ...input.mail.after].join('\n'),
  });
}
