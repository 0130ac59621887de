import type { MyNotifications, NotificationView } from '@bastion/domain/notifications/api';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  countUnreadNotifications,
  listLatestNotifications,
  markNotificationsRead,
} from '../../core/notifications/notifications.repository.ts';
import type { NotifyDeps } from '../../core/notifications/notify.ts';
import { noticeExpiringQuotes } from './notice-expiring-quotes.ts';

/** The bell shows this many, newest first; older ones stay read or unread in the count. */
export const NOTIFICATIONS_SHOWN = 50;

/** POST /api/dx/my-notification-count: the unread count the bell polls. */
export async function countMyNotifications(
  deps: NotifyDeps & { publicUrl: string },
  caller: AuthContext,
  now: Date,
) {
  await noticeExpiringQuotes(deps, caller, now);
  return { unread_count: await countUnreadNotifications(deps.db, caller.userId) };
}

/** POST /api/dx/my-notifications: the latest, with read state, and the unread count. */
export async function listMyNotifications(
  deps: NotifyDeps & { publicUrl: string },
  caller: AuthContext,
  now: Date,
): Promise<MyNotifications> {
  await noticeExpiringQuotes(deps, caller, now);
  const [rows, unread] = await Promise.all([
    listLatestNotifications(deps.db, caller.userId, NOTIFICATIONS_SHOWN),
    countUnreadNotifications(deps.db, caller.userId),
  ]);
  return {
    notifications: rows.map((row): NotificationView => ({
      id: row.id,
      kind: row.kind,
      title: row.title,
      body: row.body,
      link_path: row.linkPath,
      created_at: row.createdAt.toISOString(),
      is_read: row.readAt !== null,
    })),
    unread_count: unread,
  };
}

export const ACTING_AS_MESSAGE =
  'You are acting as someone else: their notifications stay unread until they read them.';

/** Marks some (or all) of the caller's notifications read. */
export async function markMyNotificationsRead(
  deps: Pick<NotifyDeps, 'db'>,
  caller: AuthContext,
  which: { ids: string[] } | { all: true },
  now: Date,
) {
  if (caller.impersonator !== null) throw new AppError('FORBIDDEN', ACTING_AS_MESSAGE);
  const marked = await markNotificationsRead(
    deps.db,
    caller.userId,
    'all' in which ? 'all' : which.ids,
    now,
  );
  return { marked, unread_count: await countUnreadNotifications(deps.db, caller.userId) };
}
