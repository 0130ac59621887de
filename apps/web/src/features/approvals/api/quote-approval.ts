import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';
import { approvalKeys, quoteCacheKey } from './approval-keys.ts';
import type {
  ApprovalAction,
  ApprovalPreview,
  ApprovalState,
  ApproveManyAnswer,
  LifecycleBody,
  LifecycleResult,
} from './approval-types.ts';

/* POST /api/dx/quote/approval ("get or set approvals", spec §7) and /api/dx/quote-lifecycle. */

const APPROVAL_PATH = '/api/dx/quote/approval';

const callApproval = <T>(body: ApprovalAction, signal?: AbortSignal) =>
  apiPost<T>(APPROVAL_PATH, body, { signal });

/** Where a quote's approval stands: status, what the caller may do, the submissions. */
export function useApprovalState(quoteId: string) {
  return useQuery({
    queryKey: approvalKeys.state(quoteId),
    queryFn: ({ signal }) =>
      callApproval<ApprovalState>({ action: 'get', quote_id: quoteId }, signal),
    staleTime: 0,
  });
}

/** Who must approve the quote as it stands, and why; asked only while it can be submitted. */
export function useApprovalPreview(quoteId: string, isEnabled: boolean) {
  return useQuery({
    queryKey: approvalKeys.preview(quoteId),
    queryFn: ({ signal }) =>
      callApproval<ApprovalPreview>({ action: 'preview', quote_id: quoteId }, signal),
    enabled: isEnabled,
    staleTime: 0,
  });
}

/** After a change to a quote's approval: its summary, the lists and the badge are stale. */
export function refreshAfterDecision(queryClient: QueryClient, quoteId: string) {
  void queryClient.invalidateQueries({ queryKey: quoteCacheKey(quoteId) });
  void queryClient.invalidateQueries({ queryKey: approvalKeys.all });
  void queryClient.invalidateQueries({ queryKey: ['grid'] });
}

type ApprovalChange = Exclude<ApprovalAction, { action: 'get' } | { action: 'preview' }>;

/** Submit, approve, reject or recall; answers the new state. */
export function useApprovalChange(quoteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ApprovalChange) => callApproval<ApprovalState>(change),
    onSuccess: (state) => {
      queryClient.setQueryData(approvalKeys.state(quoteId), state);
      refreshAfterDecision(queryClient, quoteId);
    },
    // A refusal (409: decided by someone else, quote changed) means what is shown is stale.
    onError: () => refreshAfterDecision(queryClient, quoteId),
  });
}

type StepDecision = Extract<ApprovalChange, { action: 'approve' } | { action: 'reject' }>;

/** Approve or reject a step of any quote (the queue's row buttons). */
export function useDecideStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: StepDecision) => callApproval<ApprovalState>(decision),
    onSettled: (_state, _error, decision) => refreshAfterDecision(queryClient, decision.quote_id),
  });
}

/** Approve several steps at once (the queue's bulk approve); each step answers for itself. */
export function useApproveMany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { step_ids: string[]; comment?: string }) =>
      apiPost<ApproveManyAnswer>(APPROVAL_PATH, {
        action: 'approve_many',
        ...input,
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: approvalKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['quote'] });
      void queryClient.invalidateQueries({ queryKey: ['grid'] });
    },
  });
}

/** Revise, accept, complete, archive, unarchive, lock, unlock or copy a quote. */
export function useLifecycleAction(quoteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LifecycleBody) =>
      apiPost<LifecycleResult>('/api/dx/quote-lifecycle', input),
    onSettled: () => refreshAfterDecision(queryClient, quoteId),
  });
}
