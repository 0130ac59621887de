import type { AnswerData } from '@bastion/domain/api/envelope';
import type {
  ZPartnerException,
  ZPartnerOptionsResponse,
} from '@bastion/domain/approval-admin/api';
import type {
  PARTNER_EXCEPTION_STATES,
  ZSavePartnerExceptionBody,
} from '@bastion/domain/approval-admin/schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPost } from '@/lib/api-client.ts';
import { approvalAdminKeys, BASE } from './approval-admin-keys.ts';
import { useAdminList, useRowDelete, useRowSave } from './admin-list.ts';

/* Partner exceptions (POST /api/dx/approval-admin/partner-exceptions/*). */

export type PartnerExceptionState = (typeof PARTNER_EXCEPTION_STATES)[number];

export type PartnerException = z.infer<typeof ZPartnerException>;

/** What a save sends: the server's schema (packages/domain). */
export type PartnerExceptionInput = z.input<typeof ZSavePartnerExceptionBody>;

export type PartnerOptions = AnswerData<typeof ZPartnerOptionsResponse>;
export type PartnerOption = PartnerOptions['partners'][number];

export const usePartnerExceptions = () => useAdminList('partner_exceptions');

export function usePartnerOptions(search: string) {
  return useQuery({
    queryKey: approvalAdminKeys.partnerOptions(search),
    queryFn: ({ signal }) =>
      apiPost<PartnerOptions>(`${BASE}/partner-options`, { search }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export const useSavePartnerException = () => useRowSave('partner_exceptions');
export const useDeletePartnerException = () => useRowDelete('partner_exceptions');
