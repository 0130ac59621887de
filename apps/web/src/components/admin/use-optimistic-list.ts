import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A change to one row of a cached list that shows at once and is taken back if the server
 * refuses it: the list is patched before the call, restored on error, and reloaded after
 * either way so the server's version wins.
 */
export function useOptimisticListMutation<TList, TVariables, TResult>(options: {
  listKey: QueryKey;
  mutationFn: (variables: TVariables) => Promise<TResult>;
  /** The list as it should look while the call runs (return it unchanged to skip). */
  patch: (list: TList, variables: TVariables) => TList;
  /** Other lists the change shows in (reloaded after it). */
  alsoInvalidates?: readonly QueryKey[];
}) {
  const queryClient = useQueryClient();
  return useMutation<TResult, Error, TVariables, { previous: TList | undefined }>({
    mutationFn: options.mutationFn,
    onMutate: async (variables) => {
      await queryClient.cancelQueries({ queryKey: options.listKey });
      const previous = queryClient.getQueryData<TList>(options.listKey);
      if (previous !== undefined) {
        queryClient.setQueryData<TList>(options.listKey, options.patch(previous, variables));
      }
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous !== undefined) {
        queryClient.setQueryData(options.listKey, context.previous);
      }
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: options.listKey });
      for (const key of options.alsoInvalidates ?? []) {
        void queryClient.invalidateQueries({ queryKey: key });
      }
    },
  });
}

/** The list with `row` in place of the row of the same id, or added at the end. */
export function withRow<T>(rows: readonly T[], row: T, idOf: (row: T) => string): T[] {
  const id = idOf(row);
  return rows.some((item) => idOf(item) === id)
    ? rows.map((item) => (idOf(item) === id ? row : item))
    : [...rows, row];
}

/** The list without the row of this id. */
export function withoutRow<T>(rows: readonly T[], id: string, idOf: (row: T) => string): T[] {
  return rows.filter((item) => idOf(item) !== id);
}
