import type { AnswerData } from '@bastion/domain/api/envelope';
import type {
  ZCreateQuoteBody,
  ZCreateQuoteResponse,
  ZEditQuoteDetailsBody,
  ZHistoryResponse,
  ZOpportunityForQuoteResponse,
  ZQuoteView,
} from '@bastion/domain/quotes/api/quote';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPost } from '@/lib/api-client.ts';
import { usePostQuery } from '@/lib/api-query.ts';
import { useQuoteChange } from './quote-calls.ts';

export type QuoteView = z.infer<typeof ZQuoteView>;
export type QuoteHistory = AnswerData<typeof ZHistoryResponse>;

export const quoteQueryKey = (id: string) => ['quote', id] as const;

export function useQuote(id: string) {
  return usePostQuery<QuoteView>(quoteQueryKey(id), '/api/dx/get-quote', { id });
}

export function useQuoteHistory(id: string) {
  return usePostQuery<QuoteHistory>([...quoteQueryKey(id), 'history'], '/api/dx/quote-history', {
    id,
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
  return usePostQuery<OpportunityForQuote>(
    ['opportunity-for-quote', id],
    '/api/dx/get-opportunity',
    {
      id,
    },
  );
}

/**
 * Saves the quote's header (the create-quote form's values). Every view of the quote may show
 * what changed (total, status, summary header), so every query about it is read again.
 */
export function useEditQuoteDetails(id: string) {
  const queryClient = useQueryClient();
  return useQuoteChange<Omit<z.input<typeof ZEditQuoteDetailsBody>, 'id'>, QuoteView>(
    '/api/dx/update-quote-details',
    id,
    (quote) => {
      queryClient.setQueryData(quoteQueryKey(id), quote);
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey.includes(id) || query.queryKey[0] === 'grid',
      });
    },
  );
}
