import { isInAudience } from '@bastion/domain/broadcasts/model';
import type { MyBroadcast, MyBroadcasts } from '@bastion/domain/broadcasts/schemas';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { appNow } from '../../lib/clock.ts';
import { listActiveWithReceipts, type BroadcastRow } from './broadcasts.repository.ts';

/** The audience columns of a stored broadcast, as the domain's rule reads them. */
export const audienceOf = (
  row: Pick<BroadcastRow, 'audienceKind' | 'audienceRoles' | 'audienceRegions'>,
) => ({
  audience_kind: row.audienceKind,
  audience_roles: row.audienceRoles,
  audience_regions: row.audienceRegions,
});

/** A broadcast as its audience sees it, with what this user did with it. */
export function myBroadcastView(
  broadcast: BroadcastRow,
  receipt: { readAt: Date | null; dismissedAt: Date | null } | null,
): MyBroadcast {
  return {
    id: broadcast.id,
    title: broadcast.title,
    body: broadcast.body,
    severity: broadcast.severity,
    starts_at: broadcast.startsAt.toISOString(),
    ends_at: broadcast.endsAt.toISOString(),
    is_read: receipt?.readAt != null,
    is_dismissed: receipt?.dismissedAt != null,
  };
}

/**
 * POST /api/dx/my-broadcasts: the broadcasts active now whose audience the caller is in, the
 * latest start first, each saying whether they read it (and closed its banner), with the
 * unread count the bell shows.
 */
export async function listMyBroadcasts(
  db: Database,
  caller: AuthContext,
  now = appNow(),
): Promise<MyBroadcasts> {
  const rows = await listActiveWithReceipts(db, caller.userId, now);
  const broadcasts = rows
    .filter((row) => isInAudience(audienceOf(row.broadcast), caller.roles))
    .map((row) => myBroadcastView(row.broadcast, row));
  return {
    broadcasts,
    unread_count: broadcasts.filter((broadcast) => !broadcast.is_read).length,
  };
}
