import { BROADCAST_MESSAGES, type Broadcast } from '@bastion/domain/broadcasts/schemas';
import type { Database } from '@bastion/db/client';
import { AppError } from '../../lib/app-error.ts';
import { appNow } from '../../lib/clock.ts';
import { findBroadcast } from './broadcasts.repository.ts';
import { broadcastView } from './list-broadcasts.ts';

/** POST /api/admin/broadcast: one broadcast, for its editor. */
export async function getBroadcast(db: Database, id: string, now = appNow()): Promise<Broadcast> {
  const row = await findBroadcast(db, id);
  if (!row) throw new AppError('NOT_FOUND', BROADCAST_MESSAGES.notFound);
  return broadcastView(row, now);
}
