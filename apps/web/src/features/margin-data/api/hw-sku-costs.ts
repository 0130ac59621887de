import type { ZHwSkuCostForm } from '@bastion/domain/margin-data/schemas';
import type { z } from 'zod';
import { usePostQuery } from '@/lib/api-query.ts';
import { centsOf, impliedPercent } from '../components/input-checks.ts';
import { marginDataKeys, type HwKind } from './margin-data-keys.ts';
import { useMarginListMutation } from './use-margin-list-mutation.ts';

/* The landed unit cost of hardware and access points (POST /api/admin/margin/hw-sku-costs/*). */

export type { HwKind };

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

export type HwSkuCostInput = z.output<typeof ZHwSkuCostForm>;

/** The query key of one page of SKUs: the list a change on that page patches. */
export const hwSkuCostsKey = (request: HwSkuCostRequest) =>
  [...marginDataKeys.hwSkuCosts, request] as const;

/** One page of SKUs; the previous page stays on screen while the next loads. */
export const useHwSkuCosts = (request: HwSkuCostRequest) =>
  usePostQuery<HwSkuCostPage>(
    hwSkuCostsKey(request),
    '/api/admin/margin/hw-sku-costs/list',
    request,
    { keepsPrevious: true },
  );

/** The row with this cost (null: none), its share of list price worked out again. */
const withCost = (row: HwSkuCost, cents: number | null): HwSkuCost => ({
  ...row,
  unit_cost_usd_minor: cents,
  implied_cost_percent: impliedPercent(cents, row.usd_list_price_minor),
});

/** Saves or removes a SKU's cost, shown at once on the page `request` lists. */
export function useSaveHwSkuCost(request: HwSkuCostRequest) {
  return useMarginListMutation<HwSkuCostPage, HwSkuCost, HwSkuCostInput>({
    listKey: hwSkuCostsKey(request),
    path: '/api/admin/margin/hw-sku-costs/save',
    patchRows: (rows, input) =>
      rows.map((row) =>
        row.sku === input.sku ? withCost(row, centsOf(input.unit_cost_usd)) : row,
      ),
    alsoInvalidates: [marginDataKeys.hwSkuCosts],
  });
}

export function useDeleteHwSkuCost(request: HwSkuCostRequest) {
  return useMarginListMutation<HwSkuCostPage, HwSkuCost, { sku: string }>({
    listKey: hwSkuCostsKey(request),
    path: '/api/admin/margin/hw-sku-costs/delete',
    patchRows: (rows, { sku }) =>
      rows.map((row) => (row.sku === sku ? { ...withCost(row, null), updated_at: null } : row)),
    alsoInvalidates: [marginDataKeys.hwSkuCosts],
  });
}
