import type { DealOptions, SetQuoteOptionBody } from '@bastion/domain/deal-options/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';
import { usePostQuery } from '@/lib/api-query.ts';

/* A deal's options and its primary quote (issue 37, decision 043). */

export type { DealOption, DealOptions } from '@bastion/domain/deal-options/api';

const optionKeys = { of: (quoteId: string) => ['deal-options', quoteId] as const };

export function useDealOptions(quoteId: string) {
  return usePostQuery<DealOptions>(optionKeys.of(quoteId), '/api/dx/quote-options', {
    quote_id: quoteId,
  });
}

/** Every open list of options may show the quotes changed: all are asked again. */
function useOptionChange<TInput>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) => apiPost<DealOptions>(path, input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['deal-options'] }),
  });
}

export const useSetQuoteOption = () =>
  useOptionChange<SetQuoteOptionBody>('/api/dx/set-quote-option');
export const useMakeQuotePrimary = () =>
  useOptionChange<{ quote_id: string }>('/api/dx/make-quote-primary');
