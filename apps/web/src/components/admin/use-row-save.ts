import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useOptimisticListMutation, withoutRow, withRow } from './use-optimistic-list.ts';

/**
 * A save of one row of a cached list, with the row as the editor previews it: the preview shows
 * at once, is taken back if the server refuses, and the server's row takes its place before the
 * caller hears of the success (so a message about the save never meets the preview).
 */
export function useRowSaveMutation<TList, TRow, TInput>(options: {
  listKey: QueryKey;
  save: (input: TInput) => Promise<TRow>;
  rowsOf: (list: TList) => readonly TRow[];
  withRows: (list: TList, rows: TRow[]) => TList;
  idOf: (row: TRow) => string;
  alsoInvalidates?: readonly QueryKey[];
}) {
  const queryClient = useQueryClient();
  const { rowsOf, withRows, idOf } = options;
  return useOptimisticListMutation<TList, { input: TInput; preview: TRow }, TRow>({
    listKey: options.listKey,
    mutationFn: async ({ input, preview }) => {
      const saved = await options.save(input);
      queryClient.setQueryData<TList>(options.listKey, (list) =>
        list === undefined
          ? list
          : withRows(list, withRow(withoutRow(rowsOf(list), idOf(preview), idOf), saved, idOf)),
      );
      return saved;
    },
    patch: (list, { preview }) => withRows(list, withRow(rowsOf(list), preview, idOf)),
    alsoInvalidates: options.alsoInvalidates,
  });
}
