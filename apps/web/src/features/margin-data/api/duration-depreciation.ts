import type { ZDepreciationForm } from '@bastion/domain/margin-data/schemas';
import type { z } from 'zod';
import { normalPercent } from '../components/input-checks.ts';
import { marginDataKeys, type CostedKind } from './margin-data-keys.ts';
import { useMarginList, useMarginListMutation } from './use-margin-list-mutation.ts';

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

export type DepreciationInput = z.output<typeof ZDepreciationForm>;

export const useDurationDepreciation = () =>
  useMarginList<DepreciationList>(
    marginDataKeys.depreciation,
    '/api/admin/margin/duration-depreciation/list',
  );

export function useSaveDurationDepreciation() {
  return useMarginListMutation<DepreciationList, Depreciation, DepreciationInput>({
    listKey: marginDataKeys.depreciation,
    path: '/api/admin/margin/duration-depreciation/save',
    patchRows: (rows, input) =>
      rows.map((row) =>
        row.product_kind === input.product_kind
          ? { ...row, percents: input.percents.map(normalPercent), is_set: true }
          : row,
      ),
  });
}
