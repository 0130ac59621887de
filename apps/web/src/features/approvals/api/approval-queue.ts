import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';
import { approvalKeys } from './approval-keys.ts';
import type { ApprovalQueueFilters, ApprovalQueuePage, AssignedTo } from './approval-types.ts';

export interface ApprovalQueueQuery {
  assigned_to: AssignedTo;
  search?: string;
  page: number;
  page_size: number;
}

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
