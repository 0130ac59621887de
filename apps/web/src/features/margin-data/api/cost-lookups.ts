import type { ZCostLookupForm } from '@bastion/domain/margin-data/schemas';
import type { z } from 'zod';
import { normalPercent } from '../components/input-checks.ts';
import { marginDataKeys, type LookupKind } from './margin-data-keys.ts';
import { familyNameOf, marginTableApi, type MarginList } from './use-margin-list-mutation.ts';

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

export interface CostLookupList extends MarginList<CostLookup> {
  families: CostLookupFamily[];
}

export interface CostLookupKey {
  family_id: string;
  product_kind: LookupKind;
}

export type CostLookupInput = z.output<typeof ZCostLookupForm>;

/** A lookup's key as one string: a family has one row per kind. */
export const costLookupId = (key: CostLookupKey) => `${key.family_id}/${key.product_kind}`;

export const {
  useList: useCostLookups,
  useSave: useSaveCostLookup,
  useDelete: useDeleteCostLookup,
} = marginTableApi<CostLookupList, CostLookup, CostLookupInput, CostLookupKey>({
  listKey: marginDataKeys.costLookups,
  route: '/api/admin/margin/cost-lookups',
  idOf: costLookupId,
  rowOf: (input, list) => ({
    ...input,
    family_name: familyNameOf(list.families, input.family_id),
    cost_percent: normalPercent(input.cost_percent),
  }),
});
