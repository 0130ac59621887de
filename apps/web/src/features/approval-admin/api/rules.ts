import type { AnswerData } from '@bastion/domain/api/envelope';
import type { ZPreviewRuleResponse, ZRule } from '@bastion/domain/approval-admin/api';
import type { ZPreviewRuleBody, ZSaveRuleBody } from '@bastion/domain/approval-admin/schemas';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPost } from '@/lib/api-client.ts';
import { BASE } from './approval-admin-keys.ts';
import { useAdminList, useRowDelete, useRowSave } from './admin-list.ts';

/* Approval rules (POST /api/dx/approval-admin/rules/*) and the preview against a quote. */

export type ApprovalRule = z.infer<typeof ZRule>;

/** What a save sends: the server's schema (packages/domain). */
export type ApprovalRuleInput = z.input<typeof ZSaveRuleBody>;

export type RulePreview = AnswerData<typeof ZPreviewRuleResponse>;

export const useApprovalRules = () => useAdminList('rules');
export const useSaveApprovalRule = () => useRowSave('rules');
export const useDeleteApprovalRule = () => useRowDelete('rules');

export function usePreviewRule() {
  return useMutation({
    mutationFn: (input: z.input<typeof ZPreviewRuleBody>) =>
      apiPost<RulePreview>(`${BASE}/preview-rule`, input),
  });
}
