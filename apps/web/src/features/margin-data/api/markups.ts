import type { ZMarkupForm } from '@bastion/domain/margin-data/schemas';
import type { z } from 'zod';
import { normalPercent } from '../components/input-checks.ts';
import { marginDataKeys, type CostedKind } from './margin-data-keys.ts';
import { useMarginList, useMarginListMutation } from './use-margin-list-mutation.ts';

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

export type MarkupInput = z.output<typeof ZMarkupForm>;

export const useMarkups = () =>
  useMarginList<MarkupList>(marginDataKeys.markups, '/api/admin/margin/markups/list');

export function useSaveMarkup() {
  return useMarginListMutation<MarkupList, Markup, MarkupInput>({
    listKey: marginDataKeys.markups,
    path: '/api/admin/margin/markups/save',
    patchRows: (rows, input) =>
      rows.map((row) =>
        row.product_kind === input.product_kind
          ? { ...row, percent: normalPercent(input.percent), is_set: true }
          : row,
      ),
    // The hardware page explains its costs with the markups.
    alsoInvalidates: [marginDataKeys.hwSkuCosts],
  });
}
