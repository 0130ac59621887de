import type { AnswerData } from '@bastion/domain/api/envelope';
import type {
  DealOptions,
  SetQuoteOptionBody,
  ZCompareQuoteOptionsResponse,
} from '@bastion/domain/deal-options/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, apiPostForFile, saveDownloadedFile } from '@/lib/api-client.ts';
import { usePostQuery } from '@/lib/api-query.ts';

/* A deal's options and its primary quote (issue 37, decision 043). */

export type { DealOption, DealOptions } from '@bastion/domain/deal-options/api';

const optionKeys = {
  of: (quoteId: string) => ['deal-options', quoteId] as const,
  compared: (quoteId: string, otherId: string) =>
    ['deal-options', 'compare', quoteId, otherId] as const,
};

/** Two options of one deal side by side (POST /api/dx/compare-quote-options). */
export type ComparedOptions = AnswerData<typeof ZCompareQuoteOptionsResponse>;

export function useComparedOptions(quoteId: string, otherId: string) {
  return usePostQuery<ComparedOptions>(
    optionKeys.compared(quoteId, otherId),
    '/api/dx/compare-quote-options',
    { quote_id: quoteId, other_quote_id: otherId },
  );
}

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

/** The deal's named options in one PDF for the customer (POST /api/dx/quote-options-document). */
export function useDownloadOptionsDocument(quoteId: string) {
  return useMutation({
    mutationFn: async () =>
      saveDownloadedFile(
        await apiPostForFile(
          '/api/dx/quote-options-document',
          { quote_id: quoteId, format: 'pdf' },
          'Options.pdf',
        ),
      ),
  });
}
