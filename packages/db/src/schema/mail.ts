import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, uuidId } from './columns.ts';

/**
 * Every e-mail the application sends, written before it is sent so that none is lost when the
 * mail server is down. The body is cleared once sent: it may hold single-use links.
 */
export const outboundEmails = pgTable(
  'outbound_emails',
  {
    id: uuidId(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    /** What the message is for, e.g. password_reset; lets tests and admins find it. */
    purpose: text('purpose').notNull(),
    createdAt: createdAt(),
    sentAt: timestamptz('sent_at'),
    lastError: text('last_error').notNull().default(''),
  },
  (t) => [index('outbound_emails_unsent_idx').on(t.sentAt, t.createdAt)],
);
