import { useMutation, useQuery, type QueryKey } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';

/*
 * The calls of a quote's editing pages (configure, shipping, terms, the renewal configurators):
 * the page's data about one quote, and the saves, which send the quote's id beside the input.
 */

/** What an editing page loads about quote `id`, held while the user edits it. */
export function useQuoteDraftQuery<T>(queryKey: QueryKey, path: string, id: string) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => apiPost<T>(path, { id }, { signal }),
    // The page holds the user's edits; a background refetch must not replace them.
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
}

/** A change to quote `id` POSTed to `path` with the input; `onSaved` hears the answer. */
export function useQuoteChange<TInput extends object, TResult>(
  path: string,
  id: string,
  onSaved: (saved: TResult) => void = () => {},
) {
  return useMutation({
    mutationFn: (input: TInput) => apiPost<TResult>(path, { id, ...input }),
    onSuccess: (saved) => onSaved(saved),
  });
}
