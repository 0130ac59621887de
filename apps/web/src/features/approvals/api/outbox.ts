import type { ZOutboxBody } from '@bastion/domain/approvals/api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPost } from '@/lib/api-client.ts';
import { approvalKeys } from './approval-keys.ts';
import type { OutboxPage } from './approval-types.ts';

export const OUTBOX_PATH = '/api/admin/outbox';

export type OutboxQuery = z.input<typeof ZOutboxBody>;

/** The application's e-mail as it was queued and sent (root and IT admins; decision 013). */
export function useOutbox(query: OutboxQuery) {
  return useQuery({
    queryKey: [...approvalKeys.outbox, query],
    queryFn: ({ signal }) => apiPost<OutboxPage>(OUTBOX_PATH, query, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
