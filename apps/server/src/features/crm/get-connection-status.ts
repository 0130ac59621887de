import type { Database } from '@bastion/db/client';
import type { ServerConfig } from '../../config.ts';
import type { CrmAdapter } from '../../lib/crm/crm-adapter.ts';
import type { ConnectionStatus } from './crm.schemas.ts';
import { countOpportunities, findConnection, type CrmConnectionRow } from './crm.repository.ts';

export function toConnectionStatus(
  row: CrmConnectionRow | null,
  adapter: CrmAdapter,
  config: ServerConfig,
  opportunityCount: number,
): ConnectionStatus {
  return {
    // The adapter in use, which startup recorded; before that the row may still name the last.
    adapter: adapter.kind,
    endpoint: config.crm.adapter === 'salesforce' ? config.crm.loginUrl : null,
    status: row?.status ?? 'idle',
    last_synced_at: row?.lastSyncedAt?.toISOString() ?? null,
    synced_count: row?.syncedCount ?? 0,
    last_error: row?.lastError ?? '',
    opportunity_count: opportunityCount,
  };
}

/** Which CRM Bastion uses and how its last sync went (CRM admin page). */
export async function getConnectionStatus(
  db: Database,
  adapter: CrmAdapter,
  config: ServerConfig,
): Promise<ConnectionStatus> {
  const [row, opportunityCount] = await Promise.all([findConnection(db), countOpportunities(db)]);
  return toConnectionStatus(row, adapter, config, opportunityCount);
}
