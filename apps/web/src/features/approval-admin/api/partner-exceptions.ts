import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { approvalAdminKeys, BASE, type Deleted } from './approval-admin-keys.ts';

/* Partner exceptions (POST /api/dx/approval-admin/partner-exceptions/*). */

export type PartnerExceptionState = 'ACTIVE' | 'SCHEDULED' | 'EXPIRED' | 'INACTIVE';

export interface PartnerException {
  id: string;
  partner_account_id: string;
  partner_name: string;
  /** "5.00" */
  extra_discount_percent: string;
  valid_from: string;
  valid_to: string;
  reason: string;
  is_active: boolean;
  state: PartnerExceptionState;
  version: number;
  updated_at: string;
  updated_by: string | null;
}

export interface PartnerExceptionInput {
  id?: string;
  version?: number;
  partner_account_id: string;
  extra_discount_percent: string;
  valid_from: string;
  valid_to: string;
  reason: string;
  is_active: boolean;
}

export interface PartnerOption {
  id: string;
  name: string;
  region: string;
  partner_type: string | null;
}

export function usePartnerExceptions() {
  return useQuery({
    queryKey: approvalAdminKeys.partnerExceptions,
    queryFn: ({ signal }) =>
      apiPost<{ partner_exceptions: PartnerException[] }>(
        `${BASE}/partner-exceptions/list`,
        {},
        { signal },
      ),
  });
}

export function usePartnerOptions(search: string) {
  return useQuery({
    queryKey: approvalAdminKeys.partnerOptions(search),
    queryFn: ({ signal }) =>
      apiPost<{ partners: PartnerOption[] }>(`${BASE}/partner-options`, { search }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useSavePartnerException() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PartnerExceptionInput) =>
      apiPost<PartnerException>(`${BASE}/partner-exceptions/save`, input),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: approvalAdminKeys.partnerExceptions }),
  });
}

export function useDeletePartnerException() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; version: number }) =>
      apiPost<Deleted>(`${BASE}/partner-exceptions/delete`, input),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: approvalAdminKeys.partnerExceptions }),
  });
}
