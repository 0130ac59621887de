import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { marginDataKeys, type LookupKind } from './margin-data-keys.ts';

/* Cost as a share of the USD list price, per family and kind (POST /api/admin/margin/cost-lookups/*). */

export interface CostLookup {
  family_id: string;
  family_name: string;
  product_kind: LookupKind;
  /** Two decimals, e.g. "16.00". */
  cost_percent: string;
}

export interface CostLookupFamily {
  id: string;
  name: string;
  is_active: boolean;
  sku_count: number;
  has_default: boolean;
}

export interface CostLookupList {
  rows: CostLookup[];
  families: CostLookupFamily[];
  can_edit: boolean;
}

export interface CostLookupKey {
  family_id: string;
  product_kind: LookupKind;
}

export function useCostLookups() {
  return useQuery({
    queryKey: marginDataKeys.costLookups,
    queryFn: ({ signal }) =>
      apiPost<CostLookupList>('/api/admin/margin/cost-lookups/list', {}, { signal }),
  });
}

export function useSaveCostLookup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CostLookupKey & { cost_percent: string }) =>
      apiPost<CostLookup>('/api/admin/margin/cost-lookups/save', input),
    onSuccess: (saved) => {
      const isSame = (row: CostLookup) =>
        row.family_id === saved.family_id && row.product_kind === saved.product_kind;
      queryClient.setQueryData<CostLookupList>(marginDataKeys.costLookups, (old) =>
        old ? { ...old, rows: old.rows.map((row) => (isSame(row) ? saved : row)) } : old,
      );
      void queryClient.invalidateQueries({ queryKey: marginDataKeys.costLookups });
    },
  });
}

export function useDeleteCostLookup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CostLookupKey) =>
      apiPost<CostLookupKey & { is_deleted: true }>('/api/admin/margin/cost-lookups/delete', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marginDataKeys.costLookups }),
  });
}
