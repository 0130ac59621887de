import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database } from '@bastion/db/client';
import { outboundEmails } from '@bastion/db/schema/mail';
import type { ServerConfig } from '../config.ts';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  /** What the message is for, e.g. password_reset. */
  purpose: string;
}

export interface Mailer {
  /**
   * Records the message in the outbox and hands it to the mail server in the background, so a
   * slow mail server neither delays the answer nor, by its timing, reveals who has an account.
   */
  send(email: OutgoingEmail): Promise<void>;
}

export function createMailer(db: Database, config: ServerConfig, log: FastifyBaseLogger): Mailer {
  const transport = config.mail.smtpUrl ? nodemailer.createTransport(config.mail.smtpUrl) : null;

  async function deliver(id: string, email: OutgoingEmail) {
    if (!transport) return;
    try {
      await transport.sendMail({
        from: config.mail.from,
        to: email.to,
        subject: email.subject,
        text: email.text,
      });
      // Sent messages keep their envelope, not their content: it may hold single-use links.
      await db
        .update(outboundEmails)
        .set({ sentAt: new Date(), textBody: '', lastError: '' })
        .where(eq(outboundEmails.id, id));
    } catch (error) {
      log.error({ err: error, emailId: id }, 'e-mail could not be sent');
      await db
        .update(outboundEmails)
        .set({ lastError: String(error).slice(0, 500) })
        .where(eq(outboundEmails.id, id))
        .catch(() => undefined);
    }
  }

  return {
    async send(email) {
      const [row] = await db
        .insert(outboundEmails)
        .values({
          recipient: email.to,
          subject: email.subject,
          textBody: email.text,
          purpose: email.purpose,
        })
        .returning({ id: outboundEmails.id });
      if (!row) throw new Error('outbox insert returned nothing');
      if (transport) {
        void deliver(row.id, email);
      } else if (config.mail.logBodies) {
        log.info({ emailId: row.id, to: email.to, subject: email.subject }, email.text);
      } else {
        log.warn(
          { emailId: row.id, purpose: email.purpose },
          'e-mail kept in outbound_emails: set SMTP_URL to send mail',
        );
      }
    },
  };
}
