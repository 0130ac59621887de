import type { AnswerData } from '@bastion/domain/api/envelope';
import type {
  ZHwSkuCostsResponse,
  ZListHwSkuCostsBody,
  ZSkuBody,
} from '@bastion/domain/margin-data/api';
import type { ZHwSkuCostForm } from '@bastion/domain/margin-data/schemas';
import type { z } from 'zod';
import { usePostQuery } from '@/lib/api-query.ts';
import { centsOf, impliedPercent } from '../components/input-checks.ts';
import { marginDataKeys, type HwKind } from './margin-data-keys.ts';
import { useMarginListMutation } from './use-margin-list-mutation.ts';

/* The landed unit cost of hardware and access points (POST /api/admin/margin/hw-sku-costs/*). */

export type { HwKind };

export type HwSkuCostPage = AnswerData<typeof ZHwSkuCostsResponse>;
export type HwSkuCost = HwSkuCostPage['rows'][number];
/** What a page of SKUs asks for: the search, the filters and the page. */
export type HwSkuCostRequest = z.input<typeof ZListHwSkuCostsBody>;
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
  return useMarginListMutation<HwSkuCostPage, HwSkuCost, z.input<typeof ZSkuBody>>({
    listKey: hwSkuCostsKey(request),
    path: '/api/admin/margin/hw-sku-costs/delete',
    patchRows: (rows, { sku }) =>
      rows.map((row) => (row.sku === sku ? { ...withCost(row, null), updated_at: null } : row)),
    alsoInvalidates: [marginDataKeys.hwSkuCosts],
  });
}
