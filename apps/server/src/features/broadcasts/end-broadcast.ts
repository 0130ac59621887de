import { broadcastStateAt } from '@bastion/domain/broadcasts/model';
import { BROADCAST_MESSAGES, type Broadcast } from '@bastion/domain/broadcasts/schemas';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { appNow } from '../../lib/clock.ts';
import { endBroadcastAt, findBroadcastRow } from './broadcasts.repository.ts';
import { getBroadcast } from './get-broadcast.ts';

/**
 * POST /api/admin/broadcast-end: an active broadcast ends now; users stop seeing it at their
 * next poll. One not started yet is deleted instead; one already ended stays as it is (409).
 */
export async function endBroadcastNow(
  db: Database,
  caller: AuthContext,
  id: string,
  now = appNow(),
): Promise<Broadcast> {
  const row = await findBroadcastRow(db, id);
  if (!row) throw new AppError('NOT_FOUND', BROADCAST_MESSAGES.notFound);
  const state = broadcastStateAt({ starts_at: row.startsAt, ends_at: row.endsAt }, now);
  if (state === 'scheduled') {
    throw new AppError(
      'CONFLICT',
      `“${row.title}” has not started yet: delete it, or change when it starts.`,
    );
  }
  if (state === 'ended' || !(await endBroadcastAt(db, id, caller.userId, now))) {
    throw new AppError('CONFLICT', `“${row.title}” has already ended.`);
  }
  return getBroadcast(db, id, now);
}
