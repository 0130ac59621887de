import type { ZCostLookupForm } from '@bastion/domain/margin-data/schemas';
import type { z } from 'zod';
import { withoutRow, withRow } from '@/components/admin/use-optimistic-list.ts';
import { normalPercent } from '../components/input-checks.ts';
import { marginDataKeys, type LookupKind } from './margin-data-keys.ts';
import { useMarginList, useMarginListMutation } from './use-margin-list-mutation.ts';

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

export type CostLookupInput = z.output<typeof ZCostLookupForm>;

/** A lookup's key as one string: a family has one row per kind. */
export const costLookupId = (key: CostLookupKey) => `${key.family_id}/${key.product_kind}`;

export const useCostLookups = () =>
  useMarginList<CostLookupList>(marginDataKeys.costLookups, '/api/admin/margin/cost-lookups/list');

export function useSaveCostLookup() {
  return useMarginListMutation<CostLookupList, CostLookup, CostLookupInput, CostLookup>({
    listKey: marginDataKeys.costLookups,
    path: '/api/admin/margin/cost-lookups/save',
    patchRows: (rows, input, list) =>
      withRow(
        rows,
        {
          ...input,
          family_name: list.families.find((f) => f.id === input.family_id)?.name ?? input.family_id,
          cost_percent: normalPercent(input.cost_percent),
        },
        costLookupId,
      ),
  });
}

export function useDeleteCostLookup() {
  return useMarginListMutation<CostLookupList, CostLookup, CostLookupKey>({
    listKey: marginDataKeys.costLookups,
    path: '/api/admin/margin/cost-lookups/delete',
    patchRows: (rows, key) => withoutRow(rows, costLookupId(key), costLookupId),
  });
}
