import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { marginDataKeys, type CostedKind } from './margin-data-keys.ts';

/* Overhead per kind of product (POST /api/admin/margin/markups/*). */

export interface Markup {
  product_kind: CostedKind;
  /** Two decimals, e.g. "8.00". */
  percent: string;
  /** False when no markup was ever set: it counts as 0 %. */
  is_set: boolean;
}

export interface MarkupList {
  rows: Markup[];
  can_edit: boolean;
}

export function useMarkups() {
  return useQuery({
    queryKey: marginDataKeys.markups,
    queryFn: ({ signal }) => apiPost<MarkupList>('/api/admin/margin/markups/list', {}, { signal }),
  });
}

export function useSaveMarkup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { product_kind: CostedKind; percent: string }) =>
      apiPost<Markup>('/api/admin/margin/markups/save', input),
    onSuccess: (saved) => {
      queryClient.setQueryData<MarkupList>(marginDataKeys.markups, (old) =>
        old
          ? {
              ...old,
              rows: old.rows.map((row) => (row.product_kind === saved.product_kind ? saved : row)),
            }
          : old,
      );
      void queryClient.invalidateQueries({ queryKey: marginDataKeys.markups });
      // The hardware page explains its costs with the markups.
      void queryClient.invalidateQueries({ queryKey: marginDataKeys.hwSkuCosts });
    },
  });
}
