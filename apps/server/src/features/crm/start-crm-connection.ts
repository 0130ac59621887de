import type { Database } from '@bastion/db/client';
import type { CrmAdapter } from '../../lib/crm/crm-adapter.ts';
import { findConnection, insertConnectionIfMissing, updateConnection } from './crm.repository.ts';

export const INTERRUPTED_SYNC_MESSAGE =
  'The last sync was interrupted when the server stopped. Sync again.';

/**
 * At server start: the connection row exists and names the adapter in use. Switching CRMs
 * forgets the old one's sync time, so the first sync from the new one copies everything. A sync
 * still marked as running was cut off by a stop; marking it failed lets admins sync again.
 */
export async function startCrmConnection(db: Database, adapter: CrmAdapter): Promise<void> {
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
    });
  } else if (row.status === 'syncing') {
    await updateConnection(db, { status: 'failed', lastError: INTERRUPTED_SYNC_MESSAGE });
  }
}
