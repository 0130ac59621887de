import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ContractDetail,
  ContractsBody,
  ContractsPage,
  ContractSummary,
  InstalledBase,
} from '@bastion/domain/renewals/schemas';
import type {
  ZCreatedRenewalQuote,
  ZCreateRenewalQuoteBody,
  ZMarkContractLostBody,
} from '@bastion/domain/renewals/schemas';
import type { z } from 'zod';
import { apiPost } from '@/lib/api-client.ts';
import { usePostQuery } from '@/lib/api-query.ts';

export type {
  ContractDetail,
  ContractsBody,
  ContractsPage,
  ContractSummary,
  Entitlement,
  InstalledBase,
} from '@bastion/domain/renewals/schemas';
export type { RenewalKind } from '@bastion/domain/renewals/model';

/** Everything the desk and the installed-base panels cache, so a change reloads them all. */
const CONTRACTS_ROOT = 'renewal-contracts';

export const contractsKeys = {
  all: [CONTRACTS_ROOT] as const,
  page: (body: ContractsBody) => [CONTRACTS_ROOT, 'page', body] as const,
  one: (id: string) => [CONTRACTS_ROOT, 'one', id] as const,
  installedBase: (opportunityId: string) =>
    [CONTRACTS_ROOT, 'installed-base', opportunityId] as const,
};

/** A page of the renewals desk. */
export function useContractsPage(body: ContractsBody) {
  return usePostQuery<ContractsPage>(contractsKeys.page(body), '/api/dx/renewals/contracts', body, {
    keepsPrevious: true,
  });
}

/** One contract with its lines; nothing is fetched while the id is null. */
export function useContract(id: string | null) {
  return usePostQuery<ContractDetail>(
    contractsKeys.one(id ?? ''),
    '/api/dx/renewals/contract',
    { contract_id: id },
    { enabled: id !== null },
  );
}

/** The contracts of an opportunity's account (the installed base). */
export function useInstalledBase(opportunityId: string) {
  return usePostQuery<InstalledBase>(
    contractsKeys.installedBase(opportunityId),
    '/api/dx/installed-base',
    { opportunity_id: opportunityId },
    { enabled: opportunityId !== '', staleTime: 60_000 },
  );
}

export type CreatedRenewalQuote = z.infer<typeof ZCreatedRenewalQuote>;

/** A renewal, co-term or true-up quote from a contract; the caller goes on to its target_path. */
export function useCreateRenewalQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof ZCreateRenewalQuoteBody>) =>
      apiPost<CreatedRenewalQuote>('/api/dx/renewals/create-quote', input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: contractsKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['grid'] });
    },
  });
}

/** The customer will not renew: the contract, as the desk then lists it. */
export function useMarkContractLost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof ZMarkContractLostBody>) =>
      apiPost<ContractSummary>('/api/dx/renewals/mark-lost', input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: contractsKeys.all }),
  });
}
