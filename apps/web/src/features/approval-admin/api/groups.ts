import type { AnswerData } from '@bastion/domain/api/envelope';
import type { ZGroup, ZMemberOptionsResponse } from '@bastion/domain/approval-admin/api';
import type { ZSaveGroupBody } from '@bastion/domain/approval-admin/schemas';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPost } from '@/lib/api-client.ts';
import { approvalAdminKeys, BASE } from './approval-admin-keys.ts';
import { useAdminList, useRowDelete, useRowSave } from './admin-list.ts';

/* Approval groups (POST /api/dx/approval-admin/groups/*) and the member pickers' options. */

export type ApprovalGroup = z.infer<typeof ZGroup>;
export type GroupMemberUser = ApprovalGroup['users'][number];

/** What a save sends: the server's schema (packages/domain). */
export type ApprovalGroupInput = z.input<typeof ZSaveGroupBody>;

export type MemberOptions = AnswerData<typeof ZMemberOptionsResponse>;

export const useApprovalGroups = () => useAdminList('groups');

export function useMemberOptions(isEnabled = true) {
  return useQuery({
    queryKey: approvalAdminKeys.memberOptions,
    queryFn: ({ signal }) => apiPost<MemberOptions>(`${BASE}/member-options`, {}, { signal }),
    enabled: isEnabled,
    staleTime: 60_000,
  });
}

export const useSaveApprovalGroup = () => useRowSave('groups');
export const useDeleteApprovalGroup = () => useRowDelete('groups');
