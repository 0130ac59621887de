import { useQuery } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';
import { usePollInterval } from '../../auth/index.ts';
import { approvalKeys } from './approval-keys.ts';
import type { PendingCount } from './approval-types.ts';

/**
 * Steps waiting for the signed-in user's decision (`my-pending-approval-count`, spec §7), asked
 * every poll interval and whenever the tab regains focus. A failed poll waits for the next one.
 */
export function usePendingApprovalCount() {
  const pollIntervalMs = usePollInterval();
  return useQuery({
    queryKey: approvalKeys.pendingCount,
    queryFn: ({ signal }) =>
      apiPost<PendingCount>('/api/dx/my-pending-approval-count', {}, { signal }),
    select: (answer) => answer.pending_approval_count,
    refetchInterval: pollIntervalMs,
    refetchOnWindowFocus: 'always',
    staleTime: pollIntervalMs,
    retry: false,
  });
}
