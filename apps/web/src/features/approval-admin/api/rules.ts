import type { PredicateExplanation, PredicateNode } from '@bastion/domain/approvals/predicates';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { approvalAdminKeys, BASE, type Deleted } from './approval-admin-keys.ts';

/* Approval rules (POST /api/dx/approval-admin/rules/*) and the preview against a quote. */

export interface ApprovalRule {
  id: string;
  name: string;
  description: string;
  predicate: PredicateNode;
  /** The condition in words. */
  condition_text: string;
  group_ids: string[];
  groups: { id: string; name: string; is_active: boolean }[];
  is_active: boolean;
  version: number;
  updated_at: string;
  updated_by: string | null;
}

export interface ApprovalRuleInput {
  id?: string;
  version?: number;
  name: string;
  description: string;
  /** As built in the editor; the server checks it. */
  predicate: unknown;
  group_ids: string[];
  is_active: boolean;
}

export interface RulePreview {
  quote: {
    id: string;
    quote_number: string;
    quote_name: string;
    account_name: string;
    region: string;
  };
  matched: boolean;
  explanations: PredicateExplanation[];
  facts: Record<string, number | string | boolean>;
  /** Why the quote's lines could not be priced; its price facts are then absent. */
  pricing_problems: string[];
}

export function useApprovalRules() {
  return useQuery({
    queryKey: approvalAdminKeys.rules,
    queryFn: ({ signal }) =>
      apiPost<{ rules: ApprovalRule[] }>(`${BASE}/rules/list`, {}, { signal }),
  });
}

export function useSaveApprovalRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApprovalRuleInput) => apiPost<ApprovalRule>(`${BASE}/rules/save`, input),
    // Group cards count their rules.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: approvalAdminKeys.all }),
  });
}

export function useDeleteApprovalRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; version: number }) =>
      apiPost<Deleted>(`${BASE}/rules/delete`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: approvalAdminKeys.all }),
  });
}

export function usePreviewRule() {
  return useMutation({
    mutationFn: (input: { predicate: unknown; quote_number: string }) =>
      apiPost<RulePreview>(`${BASE}/preview-rule`, input),
  });
}
