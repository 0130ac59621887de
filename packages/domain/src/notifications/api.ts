import { z } from 'zod';
import { zEnvelope } from '../api/envelope.ts';
import { NOTIFICATION_KINDS } from './kinds.ts';

/* The bell's notifications and each user's choice of what also goes by e-mail (decision 042). */

export const ZNotification = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** The page to open: the quote, the approval, the comment. */
  link_path: z.string(),
  created_at: z.string(),
  is_read: z.boolean(),
});
export type NotificationView = z.infer<typeof ZNotification>;

export const ZMyNotifications = z.object({
  notifications: z.array(ZNotification),
  unread_count: z.number().int(),
});
export type MyNotifications = z.infer<typeof ZMyNotifications>;
export const ZMyNotificationsResponse = zEnvelope(ZMyNotifications);

export const ZNotificationCountResponse = zEnvelope(z.object({ unread_count: z.number().int() }));

export const ZMarkNotificationsReadBody = z.union(
  [
    z.object({
      ids: z
        .array(z.uuid({ error: 'That is not a notification id.' }))
        .min(1, 'Say which notifications are read.')
        .max(200, 'At most 200 notifications at a time.'),
    }),
    z.object({ all: z.literal(true) }),
  ],
  { error: 'Send the ids of the notifications read, or all: true.' },
);
export const ZMarkNotificationsReadResponse = zEnvelope(
  z.object({ marked: z.number().int(), unread_count: z.number().int() }),
);

export const ZNotificationPreference = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  label: z.string(),
  description: z.string(),
  by_email: z.boolean(),
});
export const ZNotificationPreferences = z.object({
  preferences: z.array(ZNotificationPreference),
});
export type NotificationPreferences = z.infer<typeof ZNotificationPreferences>;
export const ZNotificationPreferencesResponse = zEnvelope(ZNotificationPreferences);

export const ZSaveNotificationPreferencesBody = z.object({
  preferences: z
    .array(
      z.object({
        kind: z.enum(NOTIFICATION_KINDS, { error: 'That is not a kind of notification.' }),
        by_email: z.boolean({ error: 'Say yes or no for e-mail.' }),
      }),
    )
    .max(NOTIFICATION_KINDS.length, 'Each kind of notification once.'),
});
export type SaveNotificationPreferencesBody = z.infer<typeof ZSaveNotificationPreferencesBody>;
