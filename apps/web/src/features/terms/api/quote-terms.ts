import type { AnswerData } from '@bastion/domain/api/envelope';
import type { ZQuoteTermsResponse } from '@bastion/domain/terms/api';
import type { ZSaveQuoteTermsBody } from '@bastion/domain/terms/schemas';
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';
import { usePostQuery } from '@/lib/api-query.ts';

/* A quote's terms (POST /api/dx/quote-terms/get, /api/dx/quote-terms/save). */

export type QuoteTerms = AnswerData<typeof ZQuoteTermsResponse>;
export type QuoteTerm = QuoteTerms['clauses'][number];
/** A clause as a save sends it: a library clause by id, or a custom one's title and text. */
export type SubmittedClause = z.input<typeof ZSaveQuoteTermsBody>['clauses'][number];

export const quoteTermsKey = (id: string) => ['terms', 'quote', id] as const;

export function useQuoteTerms(id: string) {
  return usePostQuery<QuoteTerms>(quoteTermsKey(id), '/api/dx/quote-terms/get', { id });
}

export function useSaveQuoteTerms(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<z.input<typeof ZSaveQuoteTermsBody>, 'id'>) =>
      apiPost<QuoteTerms>('/api/dx/quote-terms/save', { id, ...input }),
    onSuccess: (terms) => {
      queryClient.setQueryData(quoteTermsKey(id), terms);
      // The quote's version moved on: the quotes feature's copies are stale (key ['quote', id]).
      void queryClient.invalidateQueries({ queryKey: ['quote', id] });
    },
  });
}
