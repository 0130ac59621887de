import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { approvalAdminKeys, BASE, type Deleted } from './approval-admin-keys.ts';

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

export interface ApprovalGroupInput {
  id?: string;
  version?: number;
  name: string;
  description: string;
  is_global: boolean;
  regions: string[];
  is_active: boolean;
  user_ids: string[];
  roles: string[];
}

export interface MemberOptions {
  users: { id: string; name: string; email: string }[];
  roles: string[];
  regions: string[];
}

export function useApprovalGroups() {
  return useQuery({
    queryKey: approvalAdminKeys.groups,
    queryFn: ({ signal }) =>
      apiPost<{ groups: ApprovalGroup[] }>(`${BASE}/groups/list`, {}, { signal }),
  });
}

export function useMemberOptions(isEnabled = true) {
  return useQuery({
    queryKey: approvalAdminKeys.memberOptions,
    queryFn: ({ signal }) => apiPost<MemberOptions>(`${BASE}/member-options`, {}, { signal }),
    enabled: isEnabled,
    staleTime: 60_000,
  });
}

export function useSaveApprovalGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApprovalGroupInput) => apiPost<ApprovalGroup>(`${BASE}/groups/save`, input),
    // Rules show their groups' names; workflows too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: approvalAdminKeys.all }),
  });
}

export function useDeleteApprovalGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; version: number }) =>
      apiPost<Deleted>(`${BASE}/groups/delete`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: approvalAdminKeys.all }),
  });
}
