import { BROADCAST_MESSAGES } from '@bastion/domain/broadcasts/schemas';
import type { Database } from '@bastion/db/client';
import { AppError } from '../../lib/app-error.ts';
import { deleteBroadcast, findBroadcastRow } from './broadcasts.repository.ts';

/**
 * POST /api/admin/broadcast-delete: removes a broadcast, whatever its state, with everyone's
 * receipts of it. The audit log keeps its title.
 */
export async function deleteBroadcastById(db: Database, id: string) {
  const row = await findBroadcastRow(db, id);
  if (!row || !(await deleteBroadcast(db, id))) {
    throw new AppError('NOT_FOUND', BROADCAST_MESSAGES.notFound);
  }
  return { id, title: row.title, is_deleted: true as const };
}
