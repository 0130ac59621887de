import type { ZSaveRuleBody } from '@bastion/domain/approval-admin/schemas';
import type { PredicateExplanation, PredicateNode } from '@bastion/domain/approvals/predicates';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPost } from '@/lib/api-client.ts';
import { BASE } from './approval-admin-keys.ts';
import { useAdminList, useRowDelete, useRowSave } from './admin-list.ts';

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

/** What a save sends: the server's schema (packages/domain). */
export type ApprovalRuleInput = z.input<typeof ZSaveRuleBody>;

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

export const useApprovalRules = () => useAdminList('rules');
export const useSaveApprovalRule = () => useRowSave('rules');
export const useDeleteApprovalRule = () => useRowDelete('rules');

export function usePreviewRule() {
  return useMutation({
    mutationFn: (input: { predicate: unknown; quote_number: string }) =>
      apiPost<RulePreview>(`${BASE}/preview-rule`, input),
  });
}
