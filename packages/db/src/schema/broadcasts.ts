import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt, uuidId, uuidRef } from './columns.ts';
import { belongsToUser, userRef } from './users.ts';

/**
 * Messages administrators broadcast to users (issue 19): shown between start and end to their
 * audience, with a bell and an unread count; a critical one is a banner until dismissed.
 */
export const broadcasts = pgTable(
  'broadcasts',
  {
    id: uuidId(),
    title: text('title').notNull(),
    /** Markdown; rendered without raw HTML on the client. */
    body: text('body').notNull().default(''),
    severity: text('severity', { enum: ['info', 'warning', 'critical'] })
      .notNull()
      .default('info'),
    /** EVERYONE, or those holding one of audience_roles, or those assigned one of the regions. */
    audienceKind: text('audience_kind', { enum: ['EVERYONE', 'ROLES', 'REGIONS'] })
      .notNull()
      .default('EVERYONE'),
    audienceRoles: text('audience_roles').array().notNull().default([]),
    audienceRegions: text('audience_regions').array().notNull().default([]),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    createdBy: userRef('created_by'),
    updatedBy: userRef('updated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('broadcasts_window_idx').on(t.endsAt, t.startsAt)],
);

/** A user's read (and, for critical ones, dismissal) of a broadcast. */
export const broadcastReceipts = pgTable(
  'broadcast_receipts',
  {
    broadcastId: uuidRef('broadcast_id', () => broadcasts.id, 'cascade'),
    userId: belongsToUser('user_id'),
    readAt: timestamptz('read_at').notNull().defaultNow(),
    dismissedAt: timestamptz('dismissed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.broadcastId, t.userId] }),
    index('broadcast_receipts_user_idx').on(t.userId),
  ],
);
