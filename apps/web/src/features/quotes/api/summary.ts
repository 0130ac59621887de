import type { AnswerData } from '@bastion/domain/api/envelope';
import type { ZSummaryResponse } from '@bastion/domain/quotes/api/configure';
import { useQuery } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';
import { quoteQueryKey } from './quotes.ts';

export type QuoteSummary = AnswerData<typeof ZSummaryResponse>;

/**
 * The summary gathers what the other steps save (products, shipping, terms), and the server
 * refuses it (409) until the quote has reached it: it is read afresh on every visit.
 */
export function useQuoteSummary(id: string) {
  return useQuery({
    queryKey: [...quoteQueryKey(id), 'summary'],
    queryFn: ({ signal }) => apiPost<QuoteSummary>('/api/dx/quote-summary', { id }, { signal }),
    staleTime: 0,
  });
}
