import type { AnswerData } from '@bastion/domain/api/envelope';
import type {
  ZCompareQuoteRevisionsResponse,
  ZQuoteRevisionsResponse,
  ZRestoreQuoteRevisionBody,
  ZRestoreQuoteRevisionResponse,
  ZSaveQuoteRevisionBody,
  ZSaveQuoteRevisionResponse,
} from '@bastion/domain/revisions/api';
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';
import { usePostQuery } from '@/lib/api-query.ts';

/* A quote's revisions (issue 37, docs/decisions/039): list, save, compare, restore. */

export type QuoteRevisions = AnswerData<typeof ZQuoteRevisionsResponse>;
export type QuoteRevisionRow = QuoteRevisions['revisions'][number];
export type RevisionComparisonAnswer = AnswerData<typeof ZCompareQuoteRevisionsResponse>;
type SavedRevision = AnswerData<typeof ZSaveQuoteRevisionResponse>;
type RestoredRevision = AnswerData<typeof ZRestoreQuoteRevisionResponse>;

export const revisionKeys = {
  list: (quoteId: string) => ['quote-revisions', quoteId] as const,
  compare: (quoteId: string, from: string, to: string) =>
    ['quote-revisions', quoteId, 'compare', from, to] as const,
};

export function useQuoteRevisions(quoteId: string) {
  return usePostQuery<QuoteRevisions>(revisionKeys.list(quoteId), '/api/dx/quote-revisions', {
    quote_id: quoteId,
  });
}

/** Two sides compared (a revision's id or `working`); nothing is asked until both are chosen. */
export function useRevisionComparison(quoteId: string, from: string, to: string) {
  return usePostQuery<RevisionComparisonAnswer>(
    revisionKeys.compare(quoteId, from, to),
    '/api/dx/compare-quote-revisions',
    { quote_id: quoteId, from, to },
    { enabled: from !== '' && to !== '' },
  );
}

export function useSaveRevision(quoteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<z.input<typeof ZSaveQuoteRevisionBody>, 'quote_id'>) =>
      apiPost<SavedRevision>('/api/dx/save-quote-revision', { quote_id: quoteId, ...input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: revisionKeys.list(quoteId) }),
  });
}

/** Restoring changes the whole quote: everything cached about it is read again. */
export function useRestoreRevision(quoteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<z.input<typeof ZRestoreQuoteRevisionBody>, 'quote_id'>) =>
      apiPost<RestoredRevision>('/api/dx/restore-quote-revision', { quote_id: quoteId, ...input }),
    onSuccess: () =>
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey.includes(quoteId),
      }),
  });
}
