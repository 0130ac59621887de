import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';

/* Clause rules (POST /api/admin/terms-rules, /api/admin/terms-rule-save). */

export type ClauseRuleEffect = 'ATTACH' | 'REQUIRE';

export interface ClauseRule {
  id: string;
  code: string | null;
  name: string;
  condition: string;
  effect: ClauseRuleEffect;
  clause_id: string;
  clause_title: string;
  clause_is_active: boolean;
  is_active: boolean;
  version: number;
  updated_at: string;
  updated_by: string | null;
}

export interface ClauseRuleInput {
  id?: string;
  version?: number;
  name: string;
  condition: string;
  effect: ClauseRuleEffect;
  clause_id: string;
  is_active: boolean;
}

export const ruleKeys = { all: ['terms', 'rules'] as const };

export function useClauseRules() {
  return useQuery({
    queryKey: ruleKeys.all,
    queryFn: ({ signal }) =>
      apiPost<{ rules: ClauseRule[] }>('/api/admin/terms-rules', {}, { signal }),
  });
}

export function useSaveClauseRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ClauseRuleInput) =>
      apiPost<ClauseRule>('/api/admin/terms-rule-save', input),
    // The library counts each clause's rules.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['terms'] }),
  });
}
