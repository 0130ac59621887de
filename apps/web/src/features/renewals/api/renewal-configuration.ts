import { useQueryClient } from '@tanstack/react-query';
import type {
  RenewalConfiguration,
  RenewalDraft,
  RenewalPricing,
} from '@bastion/domain/renewals/schemas';
import type { ZSaveRenewalConfigurationBody } from '@bastion/domain/renewals/schemas';
import type { z } from 'zod';
import { apiPost } from '@/lib/api-client.ts';
import { quoteQueryKey, useQuoteChange, useQuoteDraftQuery } from '../../quotes/index.ts';

export type {
  ContractDetail,
  ContractSummary,
  Entitlement,
  RenewalConfiguration,
  RenewalDraft,
  RenewalDraftLine,
  RenewalLine,
  RenewalPricing,
  TimelineBar,
} from '@bastion/domain/renewals/schemas';

export const renewalConfigurationKey = (id: string) => ['renewal-configuration', id] as const;

/** The renewal, co-term or true-up configurator of a quote (issue 18). */
export function useRenewalConfiguration(id: string) {
  return useQuoteDraftQuery<RenewalConfiguration>(
    renewalConfigurationKey(id),
    '/api/dx/renewals/quote-configuration',
    id,
  );
}

/** Prices a draft without saving it; problems come back in the answer, not as an error. */
export function priceRenewalDraft(id: string, draft: RenewalDraft, signal: AbortSignal) {
  return apiPost<RenewalPricing>('/api/dx/renewals/price', { id, draft }, { signal });
}

export function useSaveRenewalConfiguration(id: string) {
  const queryClient = useQueryClient();
  return useQuoteChange<
    Omit<z.input<typeof ZSaveRenewalConfigurationBody>, 'id'>,
    RenewalConfiguration
  >('/api/dx/renewals/save-configuration', id, (saved) => {
    queryClient.setQueryData(renewalConfigurationKey(id), saved);
    void queryClient.invalidateQueries({ queryKey: quoteQueryKey(id) });
    void queryClient.invalidateQueries({ queryKey: ['quote-shipping', id] });
    void queryClient.invalidateQueries({ queryKey: ['grid'] });
  });
}
