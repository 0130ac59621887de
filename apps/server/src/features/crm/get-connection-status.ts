import type { Database } from '@bastion/db/client';
import type { ServerConfig } from '../../config.ts';
import type { CrmAdapter } from '../../integrations/crm/crm-adapter.ts';
import type { ConnectionStatus, OwedOpportunityProducts } from '@bastion/domain/crm/api';
import { listOpenProductWrites } from '../../core/crm-products/product-writes.repository.ts';
import { countOpportunities, findConnection, type CrmConnectionRow } from './crm.repository.ts';
import { INTERRUPTED_SYNC_MESSAGE, isStaleSync } from './sync-claim.ts';

export function toConnectionStatus(
  row: CrmConnectionRow | null,
  adapter: CrmAdapter,
  config: ServerConfig,
  opportunityCount: number,
  owedProducts: OwedOpportunityProducts[],
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
    owed_products: owedProducts,
  };
}

/** Which CRM Bastion uses and how its running or last sync goes (CRM admin page, sync button). */
export async function getConnectionStatus(
  db: Database,
  adapter: CrmAdapter,
  config: ServerConfig,
  now: () => Date = () => new Date(),
): Promise<ConnectionStatus> {
  const [row, opportunityCount, owed] = await Promise.all([
    findConnection(db),
    countOpportunities(db),
    listOpenProductWrites(db),
  ]);
  const owedProducts = owed.map((write) => ({
    opportunity_id: write.opportunityId,
    opportunity_name: write.opportunityName,
    quote_id: write.quoteId,
    quote_number: write.quoteNumber,
    state: write.state === 'failed' ? ('failed' as const) : ('pending' as const),
    failures: write.failures,
    message: write.lastError,
    last_attempt_at: write.lastAttemptAt?.toISOString() ?? null,
  }));
  return toConnectionStatus(row, adapter, config, opportunityCount, owedProducts, now());
}
