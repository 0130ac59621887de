import { isInAudience } from '@bastion/domain/broadcasts/model';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { appNow } from '../../lib/clock.ts';
import { listActiveAudiences } from './broadcasts.repository.ts';
import { audienceOf } from './list-my-broadcasts.ts';

/**
 * POST /api/dx/get-my-broadcast-count (spec §7): how many broadcasts active now, for the
 * caller's audience, the caller has not read. Every signed-in client polls it.
 */
export async function countMyUnreadBroadcasts(
  db: Database,
  caller: AuthContext,
  now = appNow(),
): Promise<{ unread_count: number }> {
  const rows = await listActiveAudiences(db, caller.userId, now);
  const unread = rows.filter(
    (row) => row.readAt === null && isInAudience(audienceOf(row), caller.roles),
  );
  return { unread_count: unread.length };
}
