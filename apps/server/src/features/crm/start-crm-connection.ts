import type { Database } from '@bastion/db/client';
import type { CrmAdapter } from '../../integrations/crm/crm-adapter.ts';
import {
  failStaleSync,
  findConnection,
  insertConnectionIfMissing,
  updateConnection,
} from './crm.repository.ts';
import { INTERRUPTED_SYNC_MESSAGE, SYNC_STALE_AFTER_MS } from './sync-claim.ts';

export { INTERRUPTED_SYNC_MESSAGE };

/**
 * At server start: the connection row exists and names the adapter in use. Switching CRMs
 * forgets the old one's sync time, so the first sync from the new one copies everything. A sync
 * still marked as running whose heartbeat stopped was cut off by a stop: it is marked failed. A
 * live one is left alone: another instance is running it.
 */
export async function startCrmConnection(
  db: Database,
  adapter: CrmAdapter,
  now: () => Date = () => new Date(),
): Promise<void> {
  await insertConnectionIfMissing(db, adapter.kind);
  const row = await findConnection(db);
  if (!row) return;
  if (row.adapter !== adapter.kind) {
    await updateConnection(db, {
      adapter: adapter.kind,
      status: 'idle',
      lastSyncedAt: null,
      syncedCount: 0,
      lastError: '',
      recordErrors: [],
      progressDone: 0,
      progressTotal: null,
    });
  } else {
    const staleBefore = new Date(now().getTime() - SYNC_STALE_AFTER_MS);
    await failStaleSync(db, staleBefore, INTERRUPTED_SYNC_MESSAGE);
  }
}
