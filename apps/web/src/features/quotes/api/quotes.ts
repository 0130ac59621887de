import type { AnswerData } from '@bastion/domain/api/envelope';
import type {
  ZCreateQuoteBody,
  ZCreateQuoteResponse,
  ZEditQuoteDetailsBody,
  ZHistoryResponse,
  ZOpportunityForQuoteResponse,
  ZQuoteView,
} from '@bastion/domain/quotes/api/quote';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPost } from '@/lib/api-client.ts';

export type QuoteView = z.infer<typeof ZQuoteView>;
export type QuoteHistory = AnswerData<typeof ZHistoryResponse>;

export const quoteQueryKey = (id: string) => ['quote', id] as const;

export function useQuote(id: string) {
  return useQuery({
    queryKey: quoteQueryKey(id),
    queryFn: ({ signal }) => apiPost<QuoteView>('/api/dx/get-quote', { id }, { signal }),
  });
}

export function useQuoteHistory(id: string) {
  return useQuery({
    queryKey: [...quoteQueryKey(id), 'history'],
    queryFn: ({ signal }) => apiPost<QuoteHistory>('/api/dx/quote-history', { id }, { signal }),
  });
}

export type CreatedQuote = AnswerData<typeof ZCreateQuoteResponse>;

export function useCreateQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof ZCreateQuoteBody>) =>
      apiPost<CreatedQuote>('/api/dx/create-quote', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['grid'] }),
  });
}

/** An opportunity as the create-quote page shows it, with the quote fields it prefills. */
export type OpportunityForQuote = AnswerData<typeof ZOpportunityForQuoteResponse>;

export function useOpportunityForQuote(id: string) {
  return useQuery({
    queryKey: ['opportunity-for-quote', id],
    queryFn: ({ signal }) =>
      apiPost<OpportunityForQuote>('/api/dx/get-opportunity', { id }, { signal }),
  });
}

/**
 * Saves the quote's header (the create-quote form's values). Every view of the quote may show
 * what changed (total, status, summary header), so every query about it is read again.
 */
export function useEditQuoteDetails(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<z.input<typeof ZEditQuoteDetailsBody>, 'id'>) =>
      apiPost<QuoteView>('/api/dx/update-quote-details', { id, ...input }),
    onSuccess: (quote) => {
      queryClient.setQueryData(quoteQueryKey(id), quote);
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey.includes(id) || query.queryKey[0] === 'grid',
      });
    },
  });
}
