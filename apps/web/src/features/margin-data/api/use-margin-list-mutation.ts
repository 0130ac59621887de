import type { AnswerData } from '@bastion/domain/api/envelope';
import type { ZMarkupsResponse } from '@bastion/domain/margin-data/api';
import type { QueryKey } from '@tanstack/react-query';
import {
  useOptimisticListMutation,
  withoutRow,
  withRow,
} from '@/components/admin/use-optimistic-list.ts';
import { apiPost } from '@/lib/api-client.ts';
import { usePostQuery } from '@/lib/api-query.ts';

/**
 * A margin-data list as the server sends it: its rows, and whether the user may change them (the
 * markups' answer; every margin list says the same besides its rows).
 */
export type MarginList<TRow> = Omit<AnswerData<typeof ZMarkupsResponse>, 'rows'> & {
  rows: TRow[];
};

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
export const useMarginList = <TList>(listKey: QueryKey, path: string) =>
  usePostQuery<TList>(listKey, path, {});

/**
 * The hooks of a margin table whose rows are added, changed and removed by their id: its list
 * (`{route}/list`), a save (`{route}/save`) that puts the row `rowOf` makes in place of the one
 * with its id or adds it, and a removal (`{route}/delete`) of the row the key names.
 */
export function marginTableApi<
  TList extends MarginList<TRow>,
  TRow extends TKey,
  TInput,
  TKey = TRow,
>(table: {
  listKey: QueryKey;
  route: string;
  /** A row's id, read from the row or from the key a removal sends. */
  idOf: (key: TKey) => string;
  /** The row as it shows while the save runs. */
  rowOf: (input: TInput, list: TList) => TRow;
}) {
  const { listKey, route, idOf } = table;
  return {
    useList: () => useMarginList<TList>(listKey, `${route}/list`),
    useSave: () =>
      useMarginListMutation<TList, TRow, TInput, TRow>({
        listKey,
        path: `${route}/save`,
        patchRows: (rows, input, list) => withRow(rows, table.rowOf(input, list), idOf),
      }),
    useDelete: () =>
      useMarginListMutation<TList, TRow, TKey>({
        listKey,
        path: `${route}/delete`,
        patchRows: (rows, key) => withoutRow(rows, idOf(key), idOf),
      }),
  };
}

/** The name of the family with this id, or the id when the list does not have it. */
export const familyNameOf = (families: readonly { id: string; name: string }[], id: string) =>
  families.find((family) => family.id === id)?.name ?? id;
