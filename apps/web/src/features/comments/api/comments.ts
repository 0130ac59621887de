import type { AnswerData } from '@bastion/domain/api/envelope';
import type { ZCommentAnswer, ZCommentDeletedResponse } from '@bastion/domain/comments/api';
import type {
  MentionCandidate,
  QuoteComment,
  QuoteComments,
  ZAddQuoteCommentBody,
  ZDeleteQuoteCommentBody,
  ZEditQuoteCommentBody,
  ZMentionCandidates,
} from '@bastion/domain/comments/schemas';
import type { z } from 'zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';

/*
 * Comments and internal notes on a quote (issue 17). The server's schemas are the domain's
 * (packages/domain/src/comments/schemas.ts), so these types cannot drift from its answers.
 */

export type { MentionCandidate, QuoteComment, QuoteComments };

export const commentKeys = {
  list: (quoteId: string) => ['quote-comments', quoteId] as const,
  candidates: (quoteId: string, search: string) =>
    ['quote-comments', quoteId, 'candidates', search] as const,
};

/** The count on a closed panel's button refreshes this often. */
const CLOSED_POLL_MS = 60_000;
/** Until the first answer says otherwise (its poll_seconds). */
const DEFAULT_OPEN_POLL_MS = 15_000;

/**
 * A quote's comments, asked again every `poll_seconds` while the panel is open (so others' new
 * comments appear within one poll) and every minute for the button's count while it is closed.
 */
export function useQuoteComments(quoteId: string, isPanelOpen: boolean) {
  return useQuery({
    queryKey: commentKeys.list(quoteId),
    queryFn: ({ signal }) =>
      apiPost<QuoteComments>('/api/dx/quote-comments', { quote_id: quoteId }, { signal }),
    enabled: quoteId !== '',
    refetchInterval: (query) =>
      isPanelOpen
        ? (query.state.data?.poll_seconds ?? DEFAULT_OPEN_POLL_MS / 1000) * 1000
        : CLOSED_POLL_MS,
    // Opening the panel shows what is new at once, not after the next tick.
    staleTime: isPanelOpen ? 0 : CLOSED_POLL_MS,
    refetchOnMount: true,
  });
}

/** What a change sends besides the quote's id, which the hook adds. */
type CommentBody<T extends z.ZodType> = Omit<z.input<T>, 'quote_id'>;

/** After a change, the list is asked again (others may have written meanwhile). */
function useCommentChange<TInput extends object, TResult>(quoteId: string, path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) => apiPost<TResult>(path, { quote_id: quoteId, ...input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentKeys.list(quoteId) }),
  });
}

export const useAddComment = (quoteId: string) =>
  useCommentChange<CommentBody<typeof ZAddQuoteCommentBody>, AnswerData<typeof ZCommentAnswer>>(
    quoteId,
    '/api/dx/add-quote-comment',
  );

export const useEditComment = (quoteId: string) =>
  useCommentChange<CommentBody<typeof ZEditQuoteCommentBody>, AnswerData<typeof ZCommentAnswer>>(
    quoteId,
    '/api/dx/edit-quote-comment',
  );

export const useDeleteComment = (quoteId: string) =>
  useCommentChange<
    CommentBody<typeof ZDeleteQuoteCommentBody>,
    AnswerData<typeof ZCommentDeletedResponse>
  >(quoteId, '/api/dx/delete-quote-comment');

/** The people the caller may mention on this quote whose name or e-mail holds `search`. */
export function useMentionCandidates(quoteId: string, search: string, isEnabled: boolean) {
  return useQuery({
    queryKey: commentKeys.candidates(quoteId, search),
    queryFn: ({ signal }) =>
      apiPost<z.infer<typeof ZMentionCandidates>>(
        '/api/dx/quote-mention-candidates',
        { quote_id: quoteId, search },
        { signal },
      ),
    enabled: isEnabled,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
