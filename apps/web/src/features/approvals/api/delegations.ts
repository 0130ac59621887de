import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';
import { approvalKeys } from './approval-keys.ts';
import type {
  CreateDelegationBody,
  Delegation,
  Delegations,
  DelegateCandidates,
} from './approval-types.ts';

/* Delegating one's approvals (docs/decisions/013: "while a delegation is open…"). */

export const DELEGATION_PATHS = {
  list: '/api/dx/delegations',
  create: '/api/dx/delegations/create',
  end: '/api/dx/delegations/end',
  candidates: '/api/dx/delegations/candidates',
} as const;

export function useDelegations() {
  return useQuery({
    queryKey: approvalKeys.delegations,
    queryFn: ({ signal }) => apiPost<Delegations>(DELEGATION_PATHS.list, {}, { signal }),
  });
}

/** People the user may delegate to, narrowed by a search. */
export function useDelegateCandidates(search: string) {
  return useQuery({
    queryKey: [...approvalKeys.delegations, 'candidates', search],
    queryFn: ({ signal }) =>
      apiPost<DelegateCandidates>(DELEGATION_PATHS.candidates, { search }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** A new or ended delegation changes who may decide what: the queue and the count too. */
function useRefreshDelegations() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: approvalKeys.all });
  };
}

export function useCreateDelegation() {
  const refresh = useRefreshDelegations();
  return useMutation({
    mutationFn: (input: CreateDelegationBody) =>
      apiPost<Delegation>(DELEGATION_PATHS.create, input),
    onSuccess: refresh,
  });
}

export function useEndDelegation() {
  const refresh = useRefreshDelegations();
  return useMutation({
    mutationFn: (id: string) => apiPost<Delegation>(DELEGATION_PATHS.end, { id }),
    onSuccess: refresh,
  });
}
