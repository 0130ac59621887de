import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';
import type { QuoteHeading } from '@/lib/quote-heading.ts';

/* A quote's terms (POST /api/dx/quote-terms/get, /api/dx/quote-terms/save). */

export interface QuoteTerm {
  /** The clause id, or custom-N. */
  key: string;
  clause_id: string | null;
  clause_version: number | null;
  saved_version: number | null;
  category: string | null;
  title: string;
  /** The text with its placeholders. */
  template: string;
  /** Placeholders filled; null when the quote lacks a value (see problem). */
  text: string | null;
  problem: string | null;
  is_required: boolean;
  is_custom: boolean;
  source: 'RULE' | 'USER' | 'CUSTOM';
  rule_names: string[];
}

export interface QuoteTerms {
  quote: QuoteHeading & { currency_code: string; version: number };
  is_read_only: boolean;
  read_only_reason: string | null;
  clauses: QuoteTerm[];
  dismissed: { clause_id: string; title: string; rule_names: string[] }[];
  notices: string[];
  warnings: string[];
  has_custom_clause: boolean;
  is_saved: boolean;
  saved_at: string | null;
  has_terms_problems: boolean;
  problems: string[];
  facts: Record<string, string | number | boolean | null>;
  placeholder_values: Record<string, string>;
}

export interface SubmittedClause {
  clause_id?: string;
  custom_title?: string;
  custom_text?: string;
  position: number;
}

export const quoteTermsKey = (id: string) => ['terms', 'quote', id] as const;

export function useQuoteTerms(id: string) {
  return useQuery({
    queryKey: quoteTermsKey(id),
    queryFn: ({ signal }) => apiPost<QuoteTerms>('/api/dx/quote-terms/get', { id }, { signal }),
  });
}

export function useSaveQuoteTerms(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { version: number; clauses: SubmittedClause[] }) =>
      apiPost<QuoteTerms>('/api/dx/quote-terms/save', { id, ...input }),
    onSuccess: (terms) => {
      queryClient.setQueryData(quoteTermsKey(id), terms);
      // The quote's version moved on: the quotes feature's copies are stale (key ['quote', id]).
      void queryClient.invalidateQueries({ queryKey: ['quote', id] });
    },
  });
}
