import type { ZQueueBody } from '@bastion/domain/approvals/api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPost } from '@/lib/api-client.ts';
import { approvalKeys } from './approval-keys.ts';
import type { ApprovalQueueFilters, ApprovalQueuePage } from './approval-types.ts';

/** What the queue asks for: the view, the search and the page. */
export type ApprovalQueueQuery = z.input<typeof ZQueueBody>;

/** Pending steps the caller may decide (POST /api/dx/approval-queue). */
export function useApprovalQueue(query: ApprovalQueueQuery, isEnabled: boolean) {
  return useQuery({
    queryKey: [...approvalKeys.queue, query],
    queryFn: ({ signal }) =>
      apiPost<ApprovalQueuePage>('/api/dx/approval-queue', query, { signal }),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The 'assigned to' choices of spec §6 for the caller. */
export function useApprovalQueueFilters() {
  return useQuery({
    queryKey: approvalKeys.queueFilters,
    queryFn: ({ signal }) =>
      apiPost<ApprovalQueueFilters>('/api/dx/approval-queue-filters', {}, { signal }),
    staleTime: 5 * 60_000,
  });
}
