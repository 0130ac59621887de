import {
  broadcastStateAt,
  describeAudience,
  type BroadcastState,
} from '@bastion/domain/broadcasts/model';
import {
  BROADCAST_LIST_MAX,
  type Broadcast,
  type BroadcastList,
} from '@bastion/domain/broadcasts/schemas';
import type { Database } from '@bastion/db/client';
import { appNow } from '../../lib/clock.ts';
import { inState, listBroadcasts, type BroadcastViewRow } from './broadcasts.repository.ts';

/** A broadcast as administrators see it, in its state at `now`. */
export function broadcastView(row: BroadcastViewRow, now: Date): Broadcast {
  const { broadcast } = row;
  const audience = {
    audience_kind: broadcast.audienceKind,
    audience_roles: broadcast.audienceRoles,
    audience_regions: broadcast.audienceRegions,
  };
  return {
    id: broadcast.id,
    title: broadcast.title,
    body: broadcast.body,
    severity: broadcast.severity,
    ...audience,
    audience_label: describeAudience(audience),
    starts_at: broadcast.startsAt.toISOString(),
    ends_at: broadcast.endsAt.toISOString(),
    state: broadcastStateAt({ starts_at: broadcast.startsAt, ends_at: broadcast.endsAt }, now),
    read_count: row.readCount,
    created_by: row.createdBy,
    updated_at: broadcast.updatedAt.toISOString(),
    updated_by: row.updatedBy,
  };
}

/**
 * POST /api/admin/broadcasts: every broadcast, or those in one state, the latest start first;
 * at most BROADCAST_LIST_MAX of them.
 */
export async function listBroadcastsForAdmin(
  db: Database,
  state: BroadcastState | '',
  now = appNow(),
): Promise<BroadcastList> {
  const rows = await listBroadcasts(
    db,
    state === '' ? undefined : inState(state, now),
    BROADCAST_LIST_MAX + 1,
  );
  return {
    broadcasts: rows.slice(0, BROADCAST_LIST_MAX).map((row) => broadcastView(row, now)),
    is_truncated: rows.length > BROADCAST_LIST_MAX,
  };
}
