import { useQuery } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';
import { approvalKeys } from './approval-keys.ts';

/** How often the navigation asks for the count (spec §7), and again whenever the tab regains focus. */
export const PENDING_COUNT_POLL_MS = 60_000;

/**
 * Steps waiting for the signed-in user's decision (`my-pending-approval-count`, spec §7). A
 * failed poll waits for the next one.
 */
export function usePendingApprovalCount() {
  return useQuery({
    queryKey: approvalKeys.pendingCount,
    queryFn: ({ signal }) =>
      apiPost<{ pending_approval_count: number }>(
        '/api/dx/my-pending-approval-count',
        {},
        { signal },
      ),
    select: (answer) => answer.pending_approval_count,
    refetchInterval: PENDING_COUNT_POLL_MS,
    refetchOnWindowFocus: 'always',
    staleTime: PENDING_COUNT_POLL_MS,
    retry: false,
  });
}
