import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  normalizeSearchQuery,
  SEARCH_QUERY_MAX_LENGTH,
  SEARCH_QUERY_MIN_LENGTH,
  type SearchBody,
  type SearchResults,
} from '@bastion/domain/search/schemas';
import { apiPost } from '@/lib/api-client.ts';

/* The top navigation's search (POST /api/dx/search, issue 19). */

export const searchKeys = {
  all: ['global-search'] as const,
  query: (query: string) => ['global-search', query] as const,
};

/** The query as the server will read it, or null while it is too short to send. */
export function sendableQuery(text: string): string | null {
  const query = normalizeSearchQuery(text).slice(0, SEARCH_QUERY_MAX_LENGTH);
  return query.length >= SEARCH_QUERY_MIN_LENGTH ? query : null;
}

/**
 * What the query finds: nothing is asked while it is too short; the previous results stay on
 * screen while the next ones load, so the list does not flicker as the user types.
 */
export function useGlobalSearch(query: string | null) {
  return useQuery({
    queryKey: searchKeys.query(query ?? ''),
    queryFn: ({ signal }) =>
      apiPost<SearchResults>('/api/dx/search', { query: query ?? '' } satisfies SearchBody, {
        signal,
      }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
}
