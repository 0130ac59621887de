import type { Database } from '@bastion/db/client';
import type { ServerConfig } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import { CrmUnavailableError, type CrmAdapter } from '../../lib/crm/crm-adapter.ts';
import { crmUnavailable } from '../../lib/crm/with-crm.ts';
import type { ConnectionStatus } from './crm.schemas.ts';
import { markOpportunitiesRemoved, upsertSnapshots } from '../../lib/crm/local-copy.ts';
import { claimSync, updateConnection } from './crm.repository.ts';
import { getConnectionStatus } from './get-connection-status.ts';

/** Only IT admins sync, so they are told what to check rather than whom to ask. */
const ADMIN_ADVICE =
  'Check that the CRM is up and that the SALESFORCE_* settings are right, then sync again.';
const UNEXPECTED_MESSAGE = 'The sync failed unexpectedly; the server log has the details.';

/**
 * Copies the opportunities changed in the CRM since the last sync into Bastion's tables, and
 * takes those it deleted out of lists. The CRM is read first, then everything is written in one
 * transaction with the new status, so a failure anywhere leaves the copy as it was and the
 * status "failed" with the reason.
 */
export async function syncOpportunities(
  db: Database,
  adapter: CrmAdapter,
  config: ServerConfig,
  now: () => Date = () => new Date(),
): Promise<ConnectionStatus> {
  const claimed = await claimSync(db);
  if (!claimed) {
    throw new AppError('CONFLICT', 'A sync is already running. Wait for it to finish.');
  }
  // The next sync asks for changes since this sync began, so nothing changed during it is lost.
  const startedAt = now();

  let snapshots;
  let removedIds;
  try {
    snapshots = await adapter.fetchChangedOpportunities(claimed.lastSyncedAt);
    removedIds = await adapter.fetchRemovedOpportunityIds(claimed.lastSyncedAt);
  } catch (error) {
    if (error instanceof CrmUnavailableError) {
      await updateConnection(db, { status: 'failed', lastError: error.message });
      throw crmUnavailable(error, ADMIN_ADVICE);
    }
    await updateConnection(db, { status: 'failed', lastError: UNEXPECTED_MESSAGE });
    throw error;
  }

  try {
    await db.transaction(async (tx) => {
      await upsertSnapshots(tx, snapshots);
      await markOpportunitiesRemoved(tx, removedIds, startedAt);
      await updateConnection(tx, {
        status: 'synced',
        lastSyncedAt: startedAt,
        syncedCount: snapshots.length,
        lastError: '',
      });
    });
  } catch (error) {
    await updateConnection(db, { status: 'failed', lastError: UNEXPECTED_MESSAGE });
    throw error;
  }
  return getConnectionStatus(db, adapter, config);
}
