import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useOptimisticListMutation } from '@/components/admin/use-optimistic-list.ts';
import { apiPost } from '@/lib/api-client.ts';

/**
 * A save or removal on a margin-data list (`{rows, …}` answers): the rows change at once, go
 * back if the server refuses, and the list reloads either way so the server's figures win.
 */
export function useMarginListMutation<
  TList extends { rows: readonly TRow[] },
  TRow,
  TVariables,
  TResult = unknown,
>(options: {
  listKey: QueryKey;
  /** The POST route the change goes to, with the variables as its body. */
  path: string;
  /** The rows as they look while the call runs. */
  patchRows: (rows: readonly TRow[], variables: TVariables, list: TList) => TRow[];
  alsoInvalidates?: readonly QueryKey[];
}) {
  return useOptimisticListMutation<TList, TVariables, TResult>({
    listKey: options.listKey,
    mutationFn: (variables) => apiPost<TResult>(options.path, variables),
    patch: (list, variables) => ({ ...list, rows: options.patchRows(list.rows, variables, list) }),
    alsoInvalidates: options.alsoInvalidates,
  });
}

/** A margin-data list: POST `path` with an empty body, cached under `listKey`. */
export function useMarginList<TList>(listKey: QueryKey, path: string) {
  return useQuery({
    queryKey: listKey,
    queryFn: ({ signal }) => apiPost<TList>(path, {}, { signal }),
  });
}
