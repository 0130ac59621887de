import type { CrmConnectionRow } from './crm.repository.ts';

/**
 * A running sync moves its heartbeat when it claims, when the CRM has answered and after every
 * batch. One whose heartbeat is older than this died with its instance: any instance may take
 * the claim over, and the status shows it as interrupted.
 */
export const SYNC_STALE_AFTER_MS = 10 * 60 * 1000;

export const INTERRUPTED_SYNC_MESSAGE =
  'The last sync was interrupted when the server stopped. Sync again.';

/** Whether the row says 'syncing' for a sync that no longer runs anywhere. */
export function isStaleSync(row: Pick<CrmConnectionRow, 'status' | 'syncHeartbeatAt'>, now: Date) {
  if (row.status !== 'syncing') return false;
  const heartbeat = row.syncHeartbeatAt?.getTime();
  return heartbeat === undefined || heartbeat < now.getTime() - SYNC_STALE_AFTER_MS;
}
