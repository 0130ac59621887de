import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Database } from '@bastion/db/client';
import type { ServerConfig } from '../../config.ts';
import {
  type OutgoingEmail,
  markOutboundEmailFailed,
  markOutboundEmailSent,
  recordOutboundEmail,
} from './outbound-emails.repository.ts';

export type { OutgoingEmail };

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
      await markOutboundEmailSent(db, id);
    } catch (error) {
      log.error({ err: error, emailId: id }, 'e-mail could not be sent');
      await markOutboundEmailFailed(db, id, error).catch(() => undefined);
    }
  }

  return {
    async send(email) {
      const id = await recordOutboundEmail(db, email);
      if (transport) {
        void deliver(id, email);
      } else if (config.mail.logBodies) {
        log.info({ emailId: id, to: email.to, subject: email.subject }, email.text);
      } else {
        log.warn(
          { emailId: id, purpose: email.purpose },
          'e-mail kept in outbound_emails: set SMTP_URL to send mail',
        );
      }
    },
  };
}
