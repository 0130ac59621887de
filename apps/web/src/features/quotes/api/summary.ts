import type { RenewalOverview } from '@bastion/domain/renewals/explanations';
import { useQuery } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';
import type { PricingOutcome, PricingResult, QuoteConfiguration } from './configure.ts';
import { quoteQueryKey } from './quotes.ts';
import type { QuoteShipping } from './shipping.ts';

export interface QuoteSummary extends Omit<QuoteConfiguration, 'pricing'> {
  /** The engine's whole result: the summary shows every line's figures. */
  pricing: PricingOutcome<PricingResult>;
  is_legacy: boolean;
  header: {
    customer: string;
    opportunity_id: string | null;
    opportunity_name: string | null;
    quote_type: string;
    deal_type: string;
    sales_channel: string;
    partner: string | null;
    distributor: string | null;
    currency_code: string;
    contract_length: number;
    contract_start_date: string | null;
    contract_end_date: string | null;
    payment_term: string | null;
    sla: string | null;
    contracting_entity: string | null;
    region: string;
  };
  /** A renewal, co-term or true-up quote: what it renews and drops (issue 18); else null. */
  renewal: RenewalOverview | null;
  shipping: Pick<QuoteShipping, 'products' | 'lines' | 'regions' | 'incoterms'> | null;
  actions: {
    can_edit: boolean;
    can_see_history: boolean;
    can_download_docx: boolean;
    /** False for approvers who read the quote only through its approval. */
    can_open_flow_pages: boolean;
  };
}

/**
 * The summary gathers what the other steps save (products, shipping, terms), and the server
 * refuses it (409) until the quote has reached it: it is read afresh on every visit.
 */
export function useQuoteSummary(id: string) {
  return useQuery({
    queryKey: [...quoteQueryKey(id), 'summary'],
    queryFn: ({ signal }) => apiPost<QuoteSummary>('/api/dx/quote-summary', { id }, { signal }),
    staleTime: 0,
  });
}
