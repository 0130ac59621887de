import type { AnswerData } from '@bastion/domain/api/envelope';
import type {
  ZHierarchyResponse,
  ZSearchSkusBody,
  ZSearchSkusResponse,
} from '@bastion/domain/catalog/api';
import type {
  GuidedProposal,
  ZProposeGuidedLinesBody,
} from '@bastion/domain/product-rules/guided-schemas';
import type {
  ZConfigurationResponse,
  ZSaveSecureAccessBody,
} from '@bastion/domain/quotes/api/configure';
import type {
  ZExplainLineResponse,
  ZPriceDraftBody,
  ZPriceDraftResponse,
  ZPricingResult,
  ZSaveConfigurationBody,
} from '@bastion/domain/quotes/api/pricing';
import type { z } from 'zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';
import type { ProductLine } from '@/lib/catalog-hierarchy.ts';
import { useQuoteChange, useQuoteDraftQuery } from './quote-calls.ts';
import { quoteQueryKey } from './quotes.ts';

export type PricingResult = z.infer<typeof ZPricingResult>;
/** One line as the engine prices it, with each year's waterfall. */
export type PricedLine = PricingResult['lines'][number];
export type WaterfallStep = PricedLine['years'][number]['waterfall'][number];

export type QuoteConfiguration = AnswerData<typeof ZConfigurationResponse>;
export type StoredLine = QuoteConfiguration['lines'][number];

/** A line as the server takes it: `key` names it in the request, `parent_key` its bundle. */
export type LineDraftPayload = z.input<typeof ZPriceDraftBody>['lines'][number];

/** The draft's slim prices, and what the product rules say of it (by the draft's line keys). */
export type PricedDraft = AnswerData<typeof ZPriceDraftResponse>;

export const configurationKey = (id: string) => ['quote-configuration', id] as const;

export function useQuoteConfiguration(id: string) {
  return useQuoteDraftQuery<QuoteConfiguration>(
    configurationKey(id),
    '/api/dx/quote-configuration',
    id,
  );
}

/** The draft priced: its slim prices and what the product rules say of it. */
export function priceDraft(id: string, lines: LineDraftPayload[], signal: AbortSignal) {
  return apiPost<PricedDraft>('/api/dx/pricing/execute', { id, lines }, { signal });
}

/** One line's price explained: the engine's line with each year's waterfall. */
export type LineExplanation = AnswerData<typeof ZExplainLineResponse>;

/**
 * The waterfall of one line of the draft, fetched when its details open. `revision` names the
 * draft as last priced: a new pricing makes a new query, the same one is answered from cache.
 */
export function useLineExplanation(request: {
  quoteId: string;
  lineKey: string | null;
  revision: number;
  lines: () => LineDraftPayload[];
}) {
  const { quoteId, lineKey, revision } = request;
  return useQuery({
    queryKey: ['pricing-explain-line', quoteId, lineKey, revision] as const,
    queryFn: ({ signal }) =>
      apiPost<LineExplanation>(
        '/api/dx/pricing/explain-line',
        { id: quoteId, lines: request.lines(), line_key: lineKey },
        { signal },
      ),
    enabled: lineKey !== null,
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
  });
}

export function useSaveConfiguration(id: string) {
  const queryClient = useQueryClient();
  return useQuoteChange<Omit<z.input<typeof ZSaveConfigurationBody>, 'id'>, QuoteConfiguration>(
    '/api/dx/save-quote-configuration',
    id,
    (saved) => {
      queryClient.setQueryData(configurationKey(id), saved);
      queryClient.setQueryData(quoteQueryKey(id), saved.quote);
      // Shipping follows the products (realignment).
      void queryClient.invalidateQueries({ queryKey: ['quote-shipping', id] });
      void queryClient.invalidateQueries({ queryKey: ['grid'] });
    },
  );
}

/** A line of the product hierarchy the finder browses. */
export type CatalogNode = ProductLine;

export type CatalogSku = AnswerData<typeof ZSearchSkusResponse>['rows'][number];

export function useProductHierarchy() {
  return useQuery({
    queryKey: ['catalog', 'hierarchy'],
    queryFn: ({ signal }) =>
      apiPost<AnswerData<typeof ZHierarchyResponse>>('/api/dx/catalog/hierarchy', {}, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useSkuSearch(request: z.input<typeof ZSearchSkusBody>) {
  return useQuery({
    queryKey: ['catalog', 'skus', request],
    queryFn: ({ signal }) =>
      apiPost<AnswerData<typeof ZSearchSkusResponse>>('/api/dx/catalog/search-skus', request, {
        signal,
      }),
    placeholderData: (previous) => previous,
  });
}

export function useSaveSecureAccess(id: string) {
  const queryClient = useQueryClient();
  return useQuoteChange<Omit<z.input<typeof ZSaveSecureAccessBody>, 'id'>, QuoteConfiguration>(
    '/api/dx/save-secure-access',
    id,
    (saved) => {
      queryClient.setQueryData(configurationKey(id), saved);
      queryClient.setQueryData(quoteQueryKey(id), saved.quote);
      void queryClient.invalidateQueries({ queryKey: ['grid'] });
    },
  );
}

/** Issue 34: the lines the product rules propose for a guided-selling questionnaire's answers. */
export function useProposeGuidedLines(quoteId: string) {
  return useQuoteChange<Omit<z.input<typeof ZProposeGuidedLinesBody>, 'id'>, GuidedProposal>(
    '/api/dx/guided-selling/propose',
    quoteId,
  );
}
