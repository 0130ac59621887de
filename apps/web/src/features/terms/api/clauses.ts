import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';

/*
 * The clause library (POST /api/dx/terms-clauses, /api/dx/terms-clause-history) and its edits
 * (POST /api/admin/terms-clause-save).
 */

export interface Clause {
  id: string;
  code: string | null;
  title: string;
  body: string;
  category: string;
  is_active: boolean;
  version: number;
  placeholders: string[];
  rule_count: number;
  updated_at: string;
  updated_by: string | null;
}

export interface ClauseVersion {
  version: number;
  title: string;
  body: string;
  category: string;
  is_active: boolean;
  note: string;
  created_at: string;
  created_by: string | null;
}

/** What the editor sends: no id creates a clause; an edit names the version it started from. */
export interface ClauseInput {
  id?: string;
  version?: number;
  title: string;
  body: string;
  category: string;
  is_active: boolean;
  note: string;
}

export const clauseKeys = {
  all: ['terms', 'clauses'] as const,
  list: (includeInactive: boolean) => ['terms', 'clauses', 'list', includeInactive] as const,
  history: (id: string) => ['terms', 'clauses', 'history', id] as const,
};

export function useClauses(options: { includeInactive: boolean; enabled?: boolean }) {
  return useQuery({
    queryKey: clauseKeys.list(options.includeInactive),
    queryFn: ({ signal }) =>
      apiPost<{ clauses: Clause[] }>(
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
      apiPost<{ clause: Clause; versions: ClauseVersion[] }>(
        '/api/dx/terms-clause-history',
        { id },
        { signal },
      ),
    enabled: id !== null,
  });
}

/** Rules show their clause's title, and quotes its text: both refresh after an edit. */
export function useSaveClause() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ClauseInput) => apiPost<Clause>('/api/admin/terms-clause-save', input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['terms'] });
    },
  });
}
