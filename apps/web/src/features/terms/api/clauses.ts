import type { AnswerData } from '@bastion/domain/api/envelope';
import type {
  ZClause,
  ZClauseHistoryResponse,
  ZClausesResponse,
  ZClauseVersion,
} from '@bastion/domain/terms/api';
import type { ZSaveClauseBody } from '@bastion/domain/terms/schemas';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { useRowSaveMutation } from '@/components/admin/use-row-save.ts';
import { apiPost } from '@/lib/api-client.ts';

/*
 * The clause library (POST /api/dx/terms-clauses, /api/dx/terms-clause-history) and its edits
 * (POST /api/admin/terms-clause-save).
 */

export type Clause = z.infer<typeof ZClause>;
export type ClauseVersion = z.infer<typeof ZClauseVersion>;
type ClauseList = AnswerData<typeof ZClausesResponse>;

/** What the editor sends (the server's schema): no id creates a clause; an edit names its version. */
export type ClauseInput = z.input<typeof ZSaveClauseBody>;

export const clauseKeys = {
  all: ['terms', 'clauses'] as const,
  list: (includeInactive: boolean) => ['terms', 'clauses', 'list', includeInactive] as const,
  history: (id: string) => ['terms', 'clauses', 'history', id] as const,
};

export function useClauses(options: { includeInactive: boolean; enabled?: boolean }) {
  return useQuery({
    queryKey: clauseKeys.list(options.includeInactive),
    queryFn: ({ signal }) =>
      apiPost<ClauseList>(
        '/api/dx/terms-clauses',
        { include_inactive: options.includeInactive },
        { signal },
      ),
    enabled: options.enabled ?? true,
  });
}

/** A clause and all its versions; nothing is fetched while id is null. */
export function useClauseHistory(id: string | null) {
  return useQuery({
    queryKey: clauseKeys.history(id ?? ''),
    queryFn: ({ signal }) =>
      apiPost<AnswerData<typeof ZClauseHistoryResponse>>(
        '/api/dx/terms-clause-history',
        { id },
        { signal },
      ),
    enabled: id !== null,
  });
}

/**
 * Saves a clause: the library shows it at once (taken back if refused); rules show its title
 * and quotes its text, so everything of the terms reloads after.
 */
export function useSaveClause() {
  return useRowSaveMutation<ClauseList, Clause, ClauseInput>({
    listKey: clauseKeys.list(true),
    save: (input) => apiPost<Clause>('/api/admin/terms-clause-save', input),
    rowsOf: (list) => list.clauses,
    withRows: (list, rows) => ({ ...list, clauses: rows }),
    idOf: (row) => row.id,
    alsoInvalidates: [['terms']],
  });
}
