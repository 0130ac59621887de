import type { ZSaveClauseBody } from '@bastion/domain/terms/schemas';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { useRowSaveMutation } from '@/components/admin/use-row-save.ts';
import { apiPost } from '@/lib/api-client.ts';

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

/**
 * Saves a clause: the library shows it at once (taken back if refused); rules show its title
 * and quotes its text, so everything of the terms reloads after.
 */
export function useSaveClause() {
  return useRowSaveMutation<{ clauses: Clause[] }, Clause, ClauseInput>({
    listKey: clauseKeys.list(true),
    save: (input) => apiPost<Clause>('/api/admin/terms-clause-save', input),
    rowsOf: (list) => list.clauses,
    withRows: (list, rows) => ({ ...list, clauses: rows }),
    idOf: (row) => row.id,
    alsoInvalidates: [['terms']],
  });
}
