import { and, desc, eq, gt, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { BroadcastState } from '@bastion/domain/broadcasts/model';
import type { Database } from '@bastion/db/client';
import { broadcastReceipts, broadcasts } from '@bastion/db/schema/broadcasts';
import { users } from '@bastion/db/schema/users';
import { firstOrNull } from '../../lib/db/queries.ts';

/** Queries of broadcast messages: no decisions here, only reads and writes. */

export type BroadcastRow = typeof broadcasts.$inferSelect;
export type BroadcastFields = Pick<
  typeof broadcasts.$inferInsert,
  | 'title'
  | 'body'
  | 'severity'
  | 'audienceKind'
  | 'audienceRoles'
  | 'audienceRegions'
  | 'startsAt'
  | 'endsAt'
>;

const creator = alias(users, 'broadcast_creator');
const editor = alias(users, 'broadcast_editor');

/** A user's full name, or their e-mail address; null when the account is gone. */
const nameOf = (person: { firstName: AnyColumn; lastName: AnyColumn; email: AnyColumn }) =>
  sql<
    string | null
  >`coalesce(nullif(trim(${person.firstName} || ' ' || ${person.lastName}), ''), ${person.email})`;

const readCount = sql<number>`(
  select count(*)::int from ${broadcastReceipts}
  where ${broadcastReceipts.broadcastId} = ${broadcasts.id}
)`;

/** Broadcasts in `state` at `now`. */
export function inState(state: BroadcastState, now: Date): SQL | undefined {
  switch (state) {
    case 'scheduled':
      return gt(broadcasts.startsAt, now);
    case 'active':
      return and(lte(broadcasts.startsAt, now), gt(broadcasts.endsAt, now));
    case 'ended':
      return lte(broadcasts.endsAt, now);
  }
}

function selectBroadcasts(db: Database) {
  return db
    .select({
      broadcast: broadcasts,
      readCount,
      createdBy: nameOf(creator),
      updatedBy: nameOf(editor),
    })
    .from(broadcasts)
    .leftJoin(creator, eq(creator.id, broadcasts.createdBy))
    .leftJoin(editor, eq(editor.id, broadcasts.updatedBy))
    .$dynamic();
}

/** The newest first (by start), at most `limit`. */
export async function listBroadcasts(db: Database, where: SQL | undefined, limit: number) {
  return selectBroadcasts(db)
    .where(where)
    .orderBy(desc(broadcasts.startsAt), desc(broadcasts.createdAt), desc(broadcasts.id))
    .limit(limit);
}

/** A broadcast with its read count and the names of who made and last changed it. */
export type BroadcastViewRow = NonNullable<Awaited<ReturnType<typeof findBroadcast>>>;

export async function findBroadcast(db: Database, id: string) {
  return firstOrNull(selectBroadcasts(db).where(eq(broadcasts.id, id)));
}

/** The broadcast alone, for the checks of a change or of a receipt. */
export async function findBroadcastRow(db: Database, id: string): Promise<BroadcastRow | null> {
  return firstOrNull(db.select().from(broadcasts).where(eq(broadcasts.id, id)));
}

export async function insertBroadcast(
  db: Database,
  fields: BroadcastFields,
  actorUserId: string,
  now: Date,
): Promise<string> {
  const [row] = await db
    .insert(broadcasts)
    .values({
      ...fields,
      createdBy: actorUserId,
      updatedBy: actorUserId,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: broadcasts.id });
  if (!row) throw new Error('broadcast insert returned nothing');
  return row.id;
}

/**
 * Changes a broadcast if it was last changed at `expectedUpdatedAt` (to the millisecond, as
 * the editor read it); false when it was not (changed meanwhile, or gone).
 */
export async function updateBroadcastAt(
  db: Database,
  change: { id: string; expectedUpdatedAt: Date; fields: BroadcastFields },
  actorUserId: string,
  now: Date,
): Promise<boolean> {
  const updated = await db
    .update(broadcasts)
    .set({ ...change.fields, updatedBy: actorUserId, updatedAt: now })
    .where(
      and(
        eq(broadcasts.id, change.id),
        sql`date_trunc('milliseconds', ${broadcasts.updatedAt}) = date_trunc('milliseconds', ${change.expectedUpdatedAt.toISOString()}::timestamptz)`,
      ),
    )
    .returning({ id: broadcasts.id });
  return updated.length > 0;
}

/** Deletes a broadcast and, with it, everyone's receipts; false when it was gone. */
export async function deleteBroadcast(db: Database, id: string): Promise<boolean> {
  const deleted = await db
    .delete(broadcasts)
    .where(eq(broadcasts.id, id))
    .returning({ id: broadcasts.id });
  return deleted.length > 0;
}

/** Ends an active broadcast at `now`; false when it was not active (any more). */
export async function endBroadcastAt(
  db: Database,
  id: string,
  actorUserId: string,
  now: Date,
): Promise<boolean> {
  const ended = await db
    .update(broadcasts)
    .set({ endsAt: now, updatedBy: actorUserId, updatedAt: now })
    .where(and(eq(broadcasts.id, id), inState('active', now)))
    .returning({ id: broadcasts.id });
  return ended.length > 0;
}

/** The broadcasts active at `now`, newest first, with this user's receipt of each. */
export async function listActiveWithReceipts(db: Database, userId: string, now: Date) {
  return db
    .select({
      broadcast: broadcasts,
      readAt: broadcastReceipts.readAt,
      dismissedAt: broadcastReceipts.dismissedAt,
    })
    .from(broadcasts)
    .leftJoin(
      broadcastReceipts,
      and(eq(broadcastReceipts.broadcastId, broadcasts.id), eq(broadcastReceipts.userId, userId)),
    )
    .where(inState('active', now))
    .orderBy(desc(broadcasts.startsAt), desc(broadcasts.createdAt), desc(broadcasts.id));
}

/** The same, only what the unread count needs: no titles or bodies. */
export async function listActiveAudiences(db: Database, userId: string, now: Date) {
  return db
    .select({
      audienceKind: broadcasts.audienceKind,
      audienceRoles: broadcasts.audienceRoles,
      audienceRegions: broadcasts.audienceRegions,
      readAt: broadcastReceipts.readAt,
    })
    .from(broadcasts)
    .leftJoin(
      broadcastReceipts,
      and(eq(broadcastReceipts.broadcastId, broadcasts.id), eq(broadcastReceipts.userId, userId)),
    )
    .where(inState('active', now));
}

export async function findReceipt(db: Database, broadcastId: string, userId: string) {
  return firstOrNull(
    db
      .select({ readAt: broadcastReceipts.readAt, dismissedAt: broadcastReceipts.dismissedAt })
      .from(broadcastReceipts)
      .where(
        and(eq(broadcastReceipts.broadcastId, broadcastId), eq(broadcastReceipts.userId, userId)),
      ),
  );
}

/**
 * Records that the user read the broadcast (kept from the first time) and, when `isDismissed`,
 * closed its banner (also kept from the first time): calling again changes nothing.
 */
export async function recordReceipt(
  db: Database,
  receipt: { broadcastId: string; userId: string; isDismissed: boolean },
  now: Date,
): Promise<void> {
  const insert = db.insert(broadcastReceipts).values({
    broadcastId: receipt.broadcastId,
    userId: receipt.userId,
    readAt: now,
    dismissedAt: receipt.isDismissed ? now : null,
  });
  const target = [broadcastReceipts.broadcastId, broadcastReceipts.userId];
  if (!receipt.isDismissed) {
    await insert.onConflictDoNothing({ target });
    return;
  }
  await insert.onConflictDoUpdate({
    target,
    set: { dismissedAt: sql`coalesce(${broadcastReceipts.dismissedAt}, excluded.dismissed_at)` },
  });
}
