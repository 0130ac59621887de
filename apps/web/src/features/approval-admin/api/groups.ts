import type { ZSaveGroupBody } from '@bastion/domain/approval-admin/schemas';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPost } from '@/lib/api-client.ts';
import { approvalAdminKeys, BASE } from './approval-admin-keys.ts';
import { useAdminList, useRowDelete, useRowSave } from './admin-list.ts';

/* Approval groups (POST /api/dx/approval-admin/groups/*) and the member pickers' options. */

export interface GroupMemberUser {
  id: string;
  name: string;
  email: string;
  is_disabled: boolean;
}

export interface ApprovalGroup {
  id: string;
  name: string;
  description: string;
  is_global: boolean;
  regions: string[];
  is_active: boolean;
  version: number;
  users: GroupMemberUser[];
  roles: string[];
  member_count: number;
  /** Active rules that require the group. */
  rule_count: number;
  updated_at: string;
  updated_by: string | null;
}

/** What a save sends: the server's schema (packages/domain). */
export type ApprovalGroupInput = z.input<typeof ZSaveGroupBody>;

export interface MemberOptions {
  users: { id: string; name: string; email: string }[];
  roles: string[];
  regions: string[];
}

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
