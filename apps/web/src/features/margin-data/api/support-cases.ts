import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { marginDataKeys } from './margin-data-keys.ts';

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

export interface SaveSupportCaseInput {
  family_id: string;
  /** Decimal text, at most 3 decimals. */
  cases_per_unit_year: string;
  /** US dollars as text, at most 2 decimals. */
  cost_per_case_usd: string;
}

export function useSupportCases() {
  return useQuery({
    queryKey: marginDataKeys.supportCases,
    queryFn: ({ signal }) =>
      apiPost<SupportCaseList>('/api/admin/margin/support-cases/list', {}, { signal }),
  });
}

export function useSaveSupportCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveSupportCaseInput) =>
      apiPost<SupportCase>('/api/admin/margin/support-cases/save', input),
    onSuccess: (saved) => {
      queryClient.setQueryData<SupportCaseList>(marginDataKeys.supportCases, (old) =>
        old
          ? {
              ...old,
              rows: old.rows.map((row) => (row.family_id === saved.family_id ? saved : row)),
            }
          : old,
      );
      void queryClient.invalidateQueries({ queryKey: marginDataKeys.supportCases });
    },
  });
}

export function useDeleteSupportCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (familyId: string) =>
      apiPost<{ family_id: string; is_deleted: true }>('/api/admin/margin/support-cases/delete', {
        family_id: familyId,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marginDataKeys.supportCases }),
  });
}
