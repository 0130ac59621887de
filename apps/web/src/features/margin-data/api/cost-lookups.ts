import type { AnswerData } from '@bastion/domain/api/envelope';
import type { ZCostLookupKeyBody, ZCostLookupsResponse } from '@bastion/domain/margin-data/api';
import type { ZCostLookupForm } from '@bastion/domain/margin-data/schemas';
import type { z } from 'zod';
import { normalPercent } from '../components/input-checks.ts';
import { marginDataKeys } from './margin-data-keys.ts';
import { familyNameOf, marginTableApi } from './use-margin-list-mutation.ts';

/* Cost as a share of the USD list price, per family and kind (POST /api/admin/margin/cost-lookups/*). */

export type CostLookupList = AnswerData<typeof ZCostLookupsResponse>;
export type CostLookup = CostLookupList['rows'][number];
export type CostLookupFamily = CostLookupList['families'][number];
/** What names a lookup: its family and kind (a removal sends it). */
export type CostLookupKey = z.input<typeof ZCostLookupKeyBody>;
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
