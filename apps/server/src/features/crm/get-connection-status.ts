import type { Database } from '@bastion/db/client';
import type { ServerConfig } from '../../config.ts';
import type { CrmAdapter } from '../../integrations/crm/crm-adapter.ts';
import type { ConnectionStatus } from '@bastion/domain/crm/api';
import { countOpportunities, findConnection, type CrmConnectionRow } from './crm.repository.ts';
import { INTERRUPTED_SYNC_MESSAGE, isStaleSync } from './sync-claim.ts';

export function toConnectionStatus(
  row: CrmConnectionRow | null,
  adapter: CrmAdapter,
  config: ServerConfig,
  opportunityCount: number,
  now: Date,
): ConnectionStatus {
  // A sync whose instance died shows as interrupted, so the button offers to sync again.
  const isStale = row !== null && isStaleSync(row, now);
  return {
    // The adapter in use, which startup recorded; before that the row may still name the last.
    adapter: adapter.kind,
    endpoint: config.crm.adapter === 'salesforce' ? config.crm.loginUrl : null,
    status: isStale ? 'failed' : (row?.status ?? 'idle'),
    last_synced_at: row?.lastSyncedAt?.toISOString() ?? null,
    synced_count: row?.syncedCount ?? 0,
    last_error: isStale ? INTERRUPTED_SYNC_MESSAGE : (row?.lastError ?? ''),
    opportunity_count: opportunityCount,
    progress_done: row?.progressDone ?? 0,
    progress_total: row?.progressTotal ?? null,
    record_errors: row?.recordErrors ?? [],
    started_by: row?.startedBy ?? '',
  };
}

/** Which CRM Bastion uses and how its running or last sync goes (CRM admin page, sync button). */
export async function getConnectionStatus(
  db: Database,
  adapter: CrmAdapter,
  config: ServerConfig,
  now: () => Date = () => new Date(),
): Promise<ConnectionStatus> {
  const [row, opportunityCount] = await Promise.all([findConnection(db), countOpportunities(db)]);
  return toConnectionStatus(row, adapter, config, opportunityCount, now());
}
