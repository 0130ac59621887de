import type { AnswerData } from '@bastion/domain/api/envelope';
import type { ZRule, ZRulesResponse } from '@bastion/domain/terms/api';
import type { ZSaveRuleBody } from '@bastion/domain/terms/schemas';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { useRowSaveMutation } from '@/components/admin/use-row-save.ts';
import { apiPost } from '@/lib/api-client.ts';

/* Clause rules (POST /api/admin/terms-rules, /api/admin/terms-rule-save). */

export type ClauseRule = z.infer<typeof ZRule>;
export type ClauseRuleEffect = ClauseRule['effect'];
type ClauseRuleList = AnswerData<typeof ZRulesResponse>;

/** What the editor sends: the server's schema. */
export type ClauseRuleInput = z.input<typeof ZSaveRuleBody>;

export const ruleKeys = { all: ['terms', 'rules'] as const };

export function useClauseRules() {
  return useQuery({
    queryKey: ruleKeys.all,
    queryFn: ({ signal }) => apiPost<ClauseRuleList>('/api/admin/terms-rules', {}, { signal }),
  });
}

/** Saves a rule: the list shows it at once (taken back if refused); the library counts rules. */
export function useSaveClauseRule() {
  return useRowSaveMutation<ClauseRuleList, ClauseRule, ClauseRuleInput>({
    listKey: ruleKeys.all,
    save: (input) => apiPost<ClauseRule>('/api/admin/terms-rule-save', input),
    rowsOf: (list) => list.rules,
    withRows: (list, rows) => ({ ...list, rules: rows }),
    idOf: (row) => row.id,
    alsoInvalidates: [['terms']],
  });
}
