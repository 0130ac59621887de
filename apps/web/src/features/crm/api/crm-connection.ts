import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/lib/api-client.ts';

export type CrmSyncStatus = 'idle' | 'syncing' | 'synced' | 'failed';

/** GET /api/sfdc/connection-status; also the answer of a sync. */
export interface CrmConnectionStatus {
  adapter: 'embedded' | 'salesforce';
  endpoint: string | null;
  status: CrmSyncStatus;
  /** ISO 8601; null before the first successful sync. */
  last_synced_at: string | null;
  synced_count: number;
  last_error: string;
  opportunity_count: number;
}

export const crmConnectionStatusQuery = queryOptions({
  queryKey: ['crm', 'connection-status'],
  queryFn: ({ signal }) => apiGet<CrmConnectionStatus>('/api/sfdc/connection-status', { signal }),
});

/** While a sync runs (perhaps started by another admin), the status is polled until it ends. */
export function useCrmConnectionStatus() {
  return useQuery({
    ...crmConnectionStatusQuery,
    refetchInterval: (query) => (query.state.data?.status === 'syncing' ? 2000 : false),
  });
}

/** Runs a sync now; the answer is the new status. A failure leaves the status to be re-read. */
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
