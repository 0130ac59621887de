import type { AnswerData } from '@bastion/domain/api/envelope';
import type { ZConnectionStatusResponse } from '@bastion/domain/crm/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiGet, apiPost } from '@/lib/api-client.ts';

/** GET /api/sfdc/connection-status; also the answer of a sync. */
export type CrmConnectionStatus = AnswerData<typeof ZConnectionStatusResponse>;
export type CrmSyncStatus = CrmConnectionStatus['status'];
export type CrmSyncRecordError = CrmConnectionStatus['record_errors'][number];

export const crmConnectionStatusQuery = queryOptions({
  queryKey: ['crm', 'connection-status'],
  queryFn: ({ signal }) => apiGet<CrmConnectionStatus>('/api/sfdc/connection-status', { signal }),
});

/** How often a running sync's progress is read. */
const SYNC_POLL_MS = 1500;

/**
 * While a sync runs (perhaps started by someone else, on another server), the status is polled
 * until it ends. `isEnabled` false for users who may not read it.
 */
export function useCrmConnectionStatus({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({
    ...crmConnectionStatusQuery,
    enabled: isEnabled,
    refetchInterval: (query) => (query.state.data?.status === 'syncing' ? SYNC_POLL_MS : false),
  });
}

/**
 * Starts a sync. The server answers at once with status 'syncing' and runs it in the background;
 * the status query then polls until it ends. A refusal (409: one is running) re-reads the status.
 */
export function useSyncCrm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<CrmConnectionStatus>('/api/sfdc/sync', {}),
    onSuccess: (status) => {
      queryClient.setQueryData(crmConnectionStatusQuery.queryKey, status);
    },
    onError: () => queryClient.invalidateQueries({ queryKey: crmConnectionStatusQuery.queryKey }),
  });
}

/** What a sync changes: the CRM's records and the grids and pages that read them. */
const READ_AGAIN_AFTER_SYNC = [
  ['crm', 'accounts'],
  ['crm', 'opportunities'],
  ['grid'],
  ['opportunity-for-quote'],
] as const;

/**
 * When a sync the page watched ends, the lists on the page (opportunity grid, CRM records) are
 * read again, so they show what it brought.
 */
export function useRefreshWhenSyncEnds(status: CrmSyncStatus | undefined) {
  const queryClient = useQueryClient();
  const previous = useRef(status);
  useEffect(() => {
    const was = previous.current;
    previous.current = status;
    if (was !== 'syncing' || status === undefined || status === 'syncing') return;
    for (const queryKey of READ_AGAIN_AFTER_SYNC) {
      void queryClient.invalidateQueries({ queryKey });
    }
  }, [status, queryClient]);
}
