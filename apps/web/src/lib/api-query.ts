import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { apiPost } from './api-client.ts';

/*
 * The queries and refreshes the features' api files are made of: every read is a POST with a
 * body, cached under its key; a change puts the saved record in its cache and reloads the lists
 * that show it.
 */

/** The query keys of a kind of record: all of them, one page of the list, one record. */
export function recordKeys<TRequest>(...root: string[]) {
  return {
    all: root as readonly string[],
    list: (request: TRequest) => [...root, 'list', request] as const,
    one: (id: string) => [...root, 'one', id] as const,
  };
}

/** A POST read cached under `queryKey`. */
export function usePostQuery<T>(
  queryKey: QueryKey,
  path: string,
  body: unknown,
  options: {
    enabled?: boolean;
    staleTime?: number;
    /** A list's pages: the previous one stays on screen while the next loads. */
    keepsPrevious?: boolean;
  } = {},
) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => apiPost<T>(path, body, { signal }),
    enabled: options.enabled,
    staleTime: options.staleTime,
    placeholderData: options.keepsPrevious ? keepPreviousData : undefined,
  });
}

/** A change POSTed to `path` with its input as the body; `onSaved` hears the answer. */
export function usePostMutation<TInput, TResult>(
  path: string,
  onSaved: (result: TResult) => void = () => {},
) {
  return useMutation({
    mutationFn: (input: TInput) => apiPost<TResult>(path, input),
    onSuccess: (result) => onSaved(result),
  });
}

/** One record (its id sent as `{[idField]: id}`); nothing is fetched while the id is null. */
export function useRecordQuery<T>(
  keyOf: (id: string) => QueryKey,
  path: string,
  idField: string,
  id: string | null,
) {
  return usePostQuery<T>(keyOf(id ?? ''), path, { [idField]: id }, { enabled: id !== null });
}

/**
 * What to do after a change: the record as saved (when the call returns one) goes into its cache
 * under `keyOf`, and every query under `invalidates` reloads.
 */
export function useRefreshAfterChange<T>(
  keyOf: (record: T) => QueryKey,
  invalidates: (record: T | undefined) => readonly QueryKey[],
) {
  const queryClient = useQueryClient();
  return (record?: T) => {
    if (record !== undefined) queryClient.setQueryData(keyOf(record), record);
    for (const queryKey of invalidates(record)) void queryClient.invalidateQueries({ queryKey });
  };
}

/** A change POSTed to `path` (see usePostMutation) that refreshes as useRefreshAfterChange says. */
export function usePostChange<TInput, TResult>(
  path: string,
  keyOf: (record: TResult) => QueryKey,
  invalidates: (record: TResult | undefined) => readonly QueryKey[],
) {
  return usePostMutation<TInput, TResult>(path, useRefreshAfterChange(keyOf, invalidates));
}
