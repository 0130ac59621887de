import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { marginDataKeys, type CostedKind } from './margin-data-keys.ts';

/* The share of year-one cost each contract year costs (POST /api/admin/margin/duration-depreciation/*). */

export interface Depreciation {
  product_kind: CostedKind;
  /** Years 1 to 5, two decimals each. */
  percents: string[];
  /** False when never set: every year counts as 100 %. */
  is_set: boolean;
}

export interface DepreciationList {
  rows: Depreciation[];
  can_edit: boolean;
}

export function useDurationDepreciation() {
  return useQuery({
    queryKey: marginDataKeys.depreciation,
    queryFn: ({ signal }) =>
      apiPost<DepreciationList>('/api/admin/margin/duration-depreciation/list', {}, { signal }),
  });
}

export function useSaveDurationDepreciation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { product_kind: CostedKind; percents: string[] }) =>
      apiPost<Depreciation>('/api/admin/margin/duration-depreciation/save', input),
    onSuccess: (saved) => {
      queryClient.setQueryData<DepreciationList>(marginDataKeys.depreciation, (old) =>
        old
          ? {
              ...old,
              rows: old.rows.map((row) => (row.product_kind === saved.product_kind ? saved : row)),
            }
          : old,
      );
      void queryClient.invalidateQueries({ queryKey: marginDataKeys.depreciation });
    },
  });
}
