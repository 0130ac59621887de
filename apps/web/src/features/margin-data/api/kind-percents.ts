import type { AnswerData } from '@bastion/domain/api/envelope';
import type { ZDepreciationListResponse, ZMarkupsResponse } from '@bastion/domain/margin-data/api';
import type { ZDepreciationForm, ZMarkupForm } from '@bastion/domain/margin-data/schemas';
import type { QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { normalPercent } from '../components/input-checks.ts';
import { marginDataKeys, type CostedKind } from './margin-data-keys.ts';
import {
  useMarginList,
  useMarginListMutation,
  type MarginList,
} from './use-margin-list-mutation.ts';

/*
 * The tables with one row of percentages per kind of product: the markups
 * (POST /api/admin/margin/markups/*) and the duration depreciation
 * (POST /api/admin/margin/duration-depreciation/*).
 */

/** Overhead per kind of product: two decimals, e.g. "8.00"; 0 % while not set. */
export type Markup = AnswerData<typeof ZMarkupsResponse>['rows'][number];
/** The share of year-one cost each contract year costs (years 1 to 5; 100 % while not set). */
export type Depreciation = AnswerData<typeof ZDepreciationListResponse>['rows'][number];
/** What a row of percentages for one kind of product says besides its figures. */
export type KindRow = Pick<Markup, 'product_kind' | 'is_set'>;

export type MarkupInput = z.output<typeof ZMarkupForm>;
export type DepreciationInput = z.output<typeof ZDepreciationForm>;

/** The list (`{route}/list`) and save (`{route}/save`) hooks of one table; a saved row is set. */
function kindPercentsApi<TRow extends KindRow, TInput extends { product_kind: CostedKind }>(table: {
  listKey: QueryKey;
  route: string;
  /** The row's figures as the server stores them. */
  figuresOf: (input: TInput) => Partial<TRow>;
  alsoInvalidates?: readonly QueryKey[];
}) {
  return {
    useList: () => useMarginList<MarginList<TRow>>(table.listKey, `${table.route}/list`),
    useSave: () =>
      useMarginListMutation<MarginList<TRow>, TRow, TInput>({
        listKey: table.listKey,
        path: `${table.route}/save`,
        patchRows: (rows, input) =>
          rows.map((row) =>
            row.product_kind === input.product_kind
              ? { ...row, ...table.figuresOf(input), is_set: true }
              : row,
          ),
        alsoInvalidates: table.alsoInvalidates,
      }),
  };
}

export const markupsApi = kindPercentsApi<Markup, MarkupInput>({
  listKey: marginDataKeys.markups,
  route: '/api/admin/margin/markups',
  figuresOf: (input) => ({ percent: normalPercent(input.percent) }),
  // The hardware page explains its costs with the markups.
  alsoInvalidates: [marginDataKeys.hwSkuCosts],
});

export const depreciationApi = kindPercentsApi<Depreciation, DepreciationInput>({
  listKey: marginDataKeys.depreciation,
  route: '/api/admin/margin/duration-depreciation',
  figuresOf: (input) => ({ percents: input.percents.map(normalPercent) }),
});
