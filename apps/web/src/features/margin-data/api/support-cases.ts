import type { AnswerData } from '@bastion/domain/api/envelope';
import type { ZSupportCaseKeyBody, ZSupportCasesResponse } from '@bastion/domain/margin-data/api';
import type { ZSupportCaseForm } from '@bastion/domain/margin-data/schemas';
import type { z } from 'zod';
import { centsOf, normalCases, supportCaseCostOf } from '../components/input-checks.ts';
import { marginDataKeys } from './margin-data-keys.ts';
import { familyNameOf, marginTableApi } from './use-margin-list-mutation.ts';

/*
 * A family's expected support load: cases one unit raises a year and the USD cost of handling
 * one (POST /api/admin/margin/support-cases/*). Quotes add cases × cost to the yearly unit cost
 * of the family's support SKUs.
 */

export type SupportCaseList = AnswerData<typeof ZSupportCasesResponse>;
export type SupportCase = SupportCaseList['rows'][number];
export type SupportCaseFamily = SupportCaseList['families'][number];

/** Decimal texts as typed: cases with at most 3 decimals, US dollars with at most 2. */
export type SaveSupportCaseInput = z.output<typeof ZSupportCaseForm>;

const familyOf = (row: { family_id: string }) => row.family_id;

export const {
  useList: useSupportCases,
  useSave: useSaveSupportCase,
  useDelete: useDeleteSupportCase,
} = marginTableApi<
  SupportCaseList,
  SupportCase,
  SaveSupportCaseInput,
  z.input<typeof ZSupportCaseKeyBody>
>({
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
