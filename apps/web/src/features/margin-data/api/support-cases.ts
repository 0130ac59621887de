import type { ZSupportCaseForm } from '@bastion/domain/margin-data/schemas';
import type { z } from 'zod';
import { centsOf, normalCases, supportCaseCostOf } from '../components/input-checks.ts';
import { marginDataKeys } from './margin-data-keys.ts';
import { familyNameOf, marginTableApi, type MarginList } from './use-margin-list-mutation.ts';

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

export interface SupportCaseList extends MarginList<SupportCase> {
  families: SupportCaseFamily[];
  /** The support markup quotes add on top, e.g. "0.00". */
  support_markup: string;
}

/** Decimal texts as typed: cases with at most 3 decimals, US dollars with at most 2. */
export type SaveSupportCaseInput = z.output<typeof ZSupportCaseForm>;

const familyOf = (row: { family_id: string }) => row.family_id;

export const {
  useList: useSupportCases,
  useSave: useSaveSupportCase,
  useDelete: useDeleteSupportCase,
} = marginTableApi<SupportCaseList, SupportCase, SaveSupportCaseInput, { family_id: string }>({
  listKey: marginDataKeys.supportCases,
  route: '/api/admin/margin/support-cases',
  idOf: familyOf,
  rowOf: (input, list) => ({
    family_id: input.family_id,
    family_name: familyNameOf(list.families, input.family_id),
    cases_per_unit_year: normalCases(input.cases_per_unit_year),
    cost_per_case_usd_minor: centsOf(input.cost_per_case_usd) ?? 0,
    cost_per_unit_year_usd_minor:
      supportCaseCostOf(input.cases_per_unit_year, input.cost_per_case_usd) ?? 0,
    updated_at: new Date().toISOString(),
  }),
});
