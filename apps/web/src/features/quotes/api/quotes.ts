import type { FormValues } from '@bastion/domain/forms/recipe';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';

export interface QuoteView {
  id: string;
  quote_number: string;
  quote_name: string;
  quote_type: string;
  deal_type: string;
  status_id: string;
  status_label: string;
  status_tone: string;
  is_coterm: boolean;
  is_renewal: boolean;
  /** Configured on the renewal pages: its term and deal type are its contract's. */
  opens_on_renewal_page: boolean;
  contract_length: number;
  sales_channel: string;
  partner_type: string | null;
  currency_code: string;
  total_amount_minor: number;
  opportunity_id: string | null;
  account_name: string;
  region: string;
  details: Record<string, unknown>;
  version: number;
  created_at: string;
  updated_at: string;
  target_path: string;
}

export interface QuoteHistory {
  quote_id: string;
  quote_number: string;
  quote_name: string;
  currency_code: string;
  entries: {
    id: number;
    occurred_at: string;
    action: string;
    version: number;
    actor: { email: string; name: string } | null;
    /** The administrator who made the change acting as the actor, or null. */
    impersonated_by: string | null;
    changes: { field: string; before: unknown; after: unknown }[];
  }[];
}

export const quoteQueryKey = (id: string) => ['quote', id] as const;

export function useQuote(id: string) {
  return useQuery({
    queryKey: quoteQueryKey(id),
    queryFn: ({ signal }) => apiPost<QuoteView>('/api/dx/get-quote', { id }, { signal }),
  });
}

export function useQuoteHistory(id: string) {
  return useQuery({
    queryKey: [...quoteQueryKey(id), 'history'],
    queryFn: ({ signal }) => apiPost<QuoteHistory>('/api/dx/quote-history', { id }, { signal }),
  });
}

export interface CreatedQuote {
  id: string;
  quote_number: string;
  target_path: string;
}

export function useCreateQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { opportunity_id: string; values: FormValues }) =>
      apiPost<CreatedQuote>('/api/dx/create-quote', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['grid'] }),
  });
}

/** An opportunity as the create-quote page shows it, with the quote fields it prefills. */
export interface OpportunityForQuote {
  id: string;
  name: string;
  account_name: string;
  region: string;
  stage: string;
  deal_type: string;
  currency_code: string;
  amount_minor: number;
  close_date: string | null;
  sales_channel: string;
  partner_name: string | null;
  distributor_name: string | null;
  owner_name: string;
  contracting_entity_name: string | null;
  payment_term_name: string | null;
  /** Values the quote form starts from. */
  prefill: FormValues;
  /** Quote types the form does not offer for this account (app settings), with why. */
  unoffered_quote_types: { value: string; reason: string }[];
}

export function useOpportunityForQuote(id: string) {
  return useQuery({
    queryKey: ['opportunity-for-quote', id],
    queryFn: ({ signal }) =>
      apiPost<OpportunityForQuote>('/api/dx/get-opportunity', { id }, { signal }),
  });
}

/**
 * Saves the quote's header (the create-quote form's values). Every view of the quote may show
 * what changed (total, status, summary header), so every query about it is read again.
 */
export function useEditQuoteDetails(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { version: number; values: FormValues }) =>
      apiPost<QuoteView>('/api/dx/update-quote-details', { id, ...input }),
    onSuccess: (quote) => {
      queryClient.setQueryData(quoteQueryKey(id), quote);
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey.includes(id) || query.queryKey[0] === 'grid',
      });
    },
  });
}
