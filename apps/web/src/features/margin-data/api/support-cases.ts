import type { ZSupportCaseForm } from '@bastion/domain/margin-data/schemas';
import type { z } from 'zod';
import { withoutRow, withRow } from '@/components/admin/use-optimistic-list.ts';
import { centsOf, normalCases, supportCaseCostOf } from '../components/input-checks.ts';
import { marginDataKeys } from './margin-data-keys.ts';
import { useMarginList, useMarginListMutation } from './use-margin-list-mutation.ts';

/*
 * A family's expected support load: cases one unit raises a year and the USD cost of handling
 * one (POST /api/admin/margin/support-cases/*). Quotes add cases × cost to the yearly unit cost
 * of the family's support SKUs.
 */

export interface SupportCase {
  family_id: string;
  family_name: string;
  /** Three decimals, e.g. "0.400". */
  cases_per_unit_year: string;
  cost_per_case_usd_minor: number;
  /** Cases × cost per case, in cents: what one unit of the family's support costs a year in cases. */
  cost_per_unit_year_usd_minor: number;
  updated_at: string;
}

export interface SupportCaseFamily {
  id: string;
  name: string;
  is_active: boolean;
  /** The family's support SKUs, retired ones included. */
  support_sku_count: number;
  has_row: boolean;
}

export interface SupportCaseList {
  rows: SupportCase[];
  families: SupportCaseFamily[];
  /** The support markup quotes add on top, e.g. "0.00". */
  support_markup: string;
  can_edit: boolean;
}

/** Decimal texts as typed: cases with at most 3 decimals, US dollars with at most 2. */
export type SaveSupportCaseInput = z.output<typeof ZSupportCaseForm>;

const familyOf = (row: { family_id: string }) => row.family_id;

export const useSupportCases = () =>
  useMarginList<SupportCaseList>(
    marginDataKeys.supportCases,
    '/api/admin/margin/support-cases/list',
  );

export function useSaveSupportCase() {
  return useMarginListMutation<SupportCaseList, SupportCase, SaveSupportCaseInput, SupportCase>({
    listKey: marginDataKeys.supportCases,
    path: '/api/admin/margin/support-cases/save',
    patchRows: (rows, input, list) =>
      withRow(
        rows,
        {
          family_id: input.family_id,
          family_name: list.families.find((f) => f.id === input.family_id)?.name ?? input.family_id,
          cases_per_unit_year: normalCases(input.cases_per_unit_year),
          cost_per_case_usd_minor: centsOf(input.cost_per_case_usd) ?? 0,
          cost_per_unit_year_usd_minor:
            supportCaseCostOf(input.cases_per_unit_year, input.cost_per_case_usd) ?? 0,
          updated_at: new Date().toISOString(),
        },
        familyOf,
      ),
  });
}

export function useDeleteSupportCase() {
  return useMarginListMutation<SupportCaseList, SupportCase, { family_id: string }>({
    listKey: marginDataKeys.supportCases,
    path: '/api/admin/margin/support-cases/delete',
    patchRows: (rows, key) => withoutRow(rows, key.family_id, familyOf),
  });
}
