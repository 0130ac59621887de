import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every e-mail the application sends, written before it is sent so that none is lost when the
 * mail server is down. The body is cleared once sent: it may hold single-use links.
 */
export const outboundEmails = pgTable(
  'outbound_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    /** What the message is for, e.g. password_reset; lets tests and admins find it. */
    purpose: text('purpose').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error').notNull().default(''),
  },
  (t) => [index('outbound_emails_unsent_idx').on(t.sentAt, t.createdAt)],
);
