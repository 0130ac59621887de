import type { AnswerData } from '@bastion/domain/api/envelope';
import type {
  ApprovalLinkDecideBody,
  ZApprovalLinkDecidedResponse,
  ZApprovalLinkViewResponse,
} from '@bastion/domain/approvals/link-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';
import { usePostQuery } from '@/lib/api-query.ts';
import { approvalKeys } from './approval-keys.ts';

/* Deciding from an e-mailed link (issue 37, decision 041): the page's reading and its decision. */

export type ApprovalLinkView = AnswerData<typeof ZApprovalLinkViewResponse>;
export type ApprovalLinkDecided = AnswerData<typeof ZApprovalLinkDecidedResponse>;

/** Read once: a link's page does not change under the approver while they read it. */
export function useApprovalLink(token: string) {
  return usePostQuery<ApprovalLinkView>(
    ['approval-link', token],
    '/api/dx/approval-link',
    { token },
    { staleTime: Infinity },
  );
}

export function useDecideByLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApprovalLinkDecideBody) =>
      apiPost<ApprovalLinkDecided>('/api/dx/approval-link/decide', input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: approvalKeys.all }),
  });
}
