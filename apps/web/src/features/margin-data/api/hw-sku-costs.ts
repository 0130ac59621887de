import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { marginDataKeys } from './margin-data-keys.ts';

/* The landed unit cost of hardware and access points (POST /api/admin/margin/hw-sku-costs/*). */

export type HwKind = 'HARDWARE' | 'ACCESS_POINT';

export interface HwSkuCost {
  sku: string;
  name: string;
  kind: HwKind;
  family_id: string;
  family_name: string;
  is_active: boolean;
  /** Cents; null when no cost is set. */
  unit_cost_usd_minor: number | null;
  updated_at: string | null;
  /** The USD list price in effect today, in cents. */
  usd_list_price_minor: number | null;
  implied_cost_percent: string | null;
}

export interface HwSkuCostRequest {
  search: string;
  kind: HwKind | null;
  missing_cost: boolean;
  include_retired: boolean;
  focus_sku: string | null;
  page: number;
  page_size: number;
}

export interface HwSkuCostPage {
  rows: HwSkuCost[];
  total: number;
  page: number;
  page_size: number;
  price_date: string;
  missing_cost_count: number;
  markups: { HARDWARE: string; ACCESS_POINT: string };
  can_edit: boolean;
}

/** One page of SKUs; the previous page stays on screen while the next loads. */
export function useHwSkuCosts(request: HwSkuCostRequest) {
  return useQuery({
    queryKey: [...marginDataKeys.hwSkuCosts, request],
    queryFn: ({ signal }) =>
      apiPost<HwSkuCostPage>('/api/admin/margin/hw-sku-costs/list', request, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveHwSkuCost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { sku: string; unit_cost_usd: string }) =>
      apiPost<HwSkuCost>('/api/admin/margin/hw-sku-costs/save', input),
    onSuccess: (saved) => {
      queryClient.setQueriesData<HwSkuCostPage>({ queryKey: marginDataKeys.hwSkuCosts }, (old) =>
        old ? { ...old, rows: old.rows.map((row) => (row.sku === saved.sku ? saved : row)) } : old,
      );
      void queryClient.invalidateQueries({ queryKey: marginDataKeys.hwSkuCosts });
    },
  });
}

export function useDeleteHwSkuCost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sku: string) =>
      apiPost<{ sku: string; is_deleted: true }>('/api/admin/margin/hw-sku-costs/delete', { sku }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marginDataKeys.hwSkuCosts }),
  });
}
