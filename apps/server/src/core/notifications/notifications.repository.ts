import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { NotificationKind } from '@bastion/domain/notifications/kinds';
import type { Database } from '@bastion/db/client';
import { notificationPreferences, notifications } from '@bastion/db/schema/notifications';

/* The bell's notifications and the e-mail choices (decision 042). */

export type NewNotification = typeof notifications.$inferInsert;

/** Inserts them; one already told under the same dedupe key is not told again. */
export async function insertNotifications(db: Database, rows: readonly NewNotification[]) {
  if (rows.length === 0) return [];
  return db
    .insert(notifications)
    .values([...rows])
    .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] })
    .returning({
      id: notifications.id,
      userId: notifications.userId,
      dedupeKey: notifications.dedupeKey,
    });
}

/** The users' own choices for one kind (absent: the kind's default). */
export async function findEmailChoices(
  db: Database,
  userIds: readonly string[],
  kind: NotificationKind,
): Promise<Map<string, boolean>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: notificationPreferences.userId, byEmail: notificationPreferences.byEmail })
    .from(notificationPreferences)
    .where(
      and(
        inArray(notificationPreferences.userId, [...userIds]),
        eq(notificationPreferences.kind, kind),
      ),
    );
  return new Map(rows.map((row) => [row.userId, row.byEmail]));
}

export async function listPreferences(db: Database, userId: string) {
  return db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
}

export async function savePreferences(
  db: Database,
  userId: string,
  choices: readonly { kind: NotificationKind; byEmail: boolean }[],
) {
  if (choices.length === 0) return;
  await db
    .insert(notificationPreferences)
    .values(choices.map((choice) => ({ userId, ...choice })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { byEmail: sql`excluded.by_email` },
    });
}

export async function listLatestNotifications(db: Database, userId: string, limit: number) {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

export async function countUnreadNotifications(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks these (or all) of the user's unread notifications read; how many were. */
export async function markNotificationsRead(
  db: Database,
  userId: string,
  ids: readonly string[] | 'all',
  at: Date,
): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: at })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids === 'all' ? undefined : inArray(notifications.id, [...ids]),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}
