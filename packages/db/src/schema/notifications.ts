import { sql } from 'drizzle-orm';
import { NOTIFICATION_KINDS } from '@bastion/domain/notifications/kinds';
import { boolean, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz, uuidId, uuidRef } from './columns.ts';
import { quotes } from './quotes.ts';
import { users } from './users.ts';

/**
 * Issue 37 (decision 042): what the bell tells one user beside broadcasts, with read state. A
 * dedupe key makes an event told once however often it is seen (a quote about to expire).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuidId(),
    userId: uuidRef('user_id', () => users.id, 'cascade'),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    quoteId: uuid('quote_id').references(() => quotes.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    linkPath: text('link_path').notNull(),
    dedupeKey: text('dedupe_key'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    readAt: timestamptz('read_at'),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    uniqueIndex('notifications_dedupe_key').on(t.userId, t.dedupeKey),
  ],
);

/** A user's choice, per kind, of whether it also goes by e-mail; no row: the kind's default. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuidRef('user_id', () => users.id, 'cascade'),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    byEmail: boolean('by_email').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
