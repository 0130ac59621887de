import type { ZSavePartnerExceptionBody } from '@bastion/domain/approval-admin/schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPost } from '@/lib/api-client.ts';
import { approvalAdminKeys, BASE } from './approval-admin-keys.ts';
import { useAdminList, useRowDelete, useRowSave } from './admin-list.ts';

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

/** What a save sends: the server's schema (packages/domain). */
export type PartnerExceptionInput = z.input<typeof ZSavePartnerExceptionBody>;

export interface PartnerOption {
  id: string;
  name: string;
  region: string;
  partner_type: string | null;
}

export const usePartnerExceptions = () => useAdminList('partner_exceptions');

export function usePartnerOptions(search: string) {
  return useQuery({
    queryKey: approvalAdminKeys.partnerOptions(search),
    queryFn: ({ signal }) =>
      apiPost<{ partners: PartnerOption[] }>(`${BASE}/partner-options`, { search }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export const useSavePartnerException = () => useRowSave('partner_exceptions');
export const useDeletePartnerException = () => useRowDelete('partner_exceptions');
