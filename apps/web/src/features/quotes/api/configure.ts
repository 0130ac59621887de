import type { BundleOptionsView } from '@bastion/domain/catalog/bundle-options';
import type { ScheduleType } from '@bastion/domain/pricing/methods';
import type {
  ContractPriceResult,
  PricingMethodResult,
  WaterfallStep,
} from '@bastion/domain/pricing/model';
import { decimalAsMinor, type SlimPricingResult } from '@bastion/domain/pricing/slim-result';
import type { LineAttributes } from '@bastion/domain/product-rules/model';
import type { GuidedProposal } from '@bastion/domain/product-rules/guided-schemas';
import type { RuleOutcome } from '@bastion/domain/product-rules/schemas';
import type { FormValues } from '@bastion/domain/forms/recipe';
import type { Proration } from '@bastion/domain/renewals/proration';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';
import type { ProductLine } from '@/lib/catalog-hierarchy.ts';
import { quoteQueryKey, type QuoteView } from './quotes.ts';

export type { WaterfallStep };

export interface Amounts {
  list_minor: number;
  adjustment_minor: number;
  discount_minor: number;
  net_minor: number;
  cost_minor: number | null;
  margin_minor: number | null;
  margin_percent_bp: number | null;
}

export interface PricedLine extends Amounts {
  line_id: string;
  sku: string;
  name: string;
  kind: string;
  unit_list_price_minor: number;
  /** Issue 19: the unit list price typed for the line; null: the catalogue's. */
  adjusted_unit_list_minor: number | null;
  effective_discount_percent_bp: number;
  seller_discount_percent_bp: number;
  seller_discount_minor: number;
  is_bundle: boolean;
  parent_line_id: string | null;
  rollup: Amounts | null;
  /** Issue 18: priced from a contract; explained by renewals/explanations.ts lineExplanations. */
  contract_price: ContractPriceResult | null;
  /** Issue 18: prorated by days over the line's period. */
  proration: Proration | null;
  /** Issue 35: how the unit list was worked out when not from the price row. */
  pricing_method: PricingMethodResult | null;
  volume_schedule: ScheduleType;
  years: {
    year: number;
    quantity: number;
    months: number;
    list_minor: number;
    net_minor: number;
    cost_minor: number | null;
    /** Issue 35: the unit LIST multiplied, and the units VOLUME's schedule read. */
    unit_minor: number;
    volume_quantity: number;
    waterfall: WaterfallStep[];
  }[];
}

/** The engine's whole result, as the summary reads it (every line's figures, in minor units). */
export interface PricingResult {
  currency_code: string;
  /** Issue 35: the price book the quote is priced from; null: the standard list. */
  price_book: { id: string; name: string } | null;
  notices: string[];
  years: number;
  shows_margin: boolean;
  net_usd_minor: number;
  totals: Amounts & { per_year: { year: number; list_minor: number; net_minor: number }[] };
  lines: PricedLine[];
}

export type PricingOutcome<Result> =
  | { ok: true; result: Result }
  | { ok: false; errors: { line_id?: string; field: string; message: string }[] }
  | null;

/** One line's figures as the configure page shows them, in minor units. */
export interface LinePrice {
  /** The catalogue's unit list price; 0 on a bundle. */
  unitListMinor: number;
  /** The unit list price typed for the line; null: the catalogue's. */
  adjustedUnitListMinor: number | null;
  /** The effective discount (discount-names.ts), percent text ("12.5"). */
  discountPercent: string;
  /** The seller discount: what was typed, as the server read it, percent text ("10"). */
  sellerDiscountPercent: string;
  /** Only with showsMargin (else undefined); null when the cost is unknown. */
  costMinor?: number | null;
  marginMinor?: number | null;
  marginPercent?: string | null;
  /** Over the contract; on a bundle, its components'. */
  listMinor: number;
  netMinor: number;
  isBundle: boolean;
  years: { quantity: number; netMinor: number }[];
}

/**
 * The configure page's pricing (the server's slim answer, docs/pricing.md), read once into
 * numbers and a lookup by line key, so that a row finds its figures at once.
 */
export interface PricingView {
  currencyCode: string;
  years: number;
  showsMargin: boolean;
  netUsdMinor: number;
  /** Issue 35: the price book the quote is priced from; null: the standard list. */
  priceBook: { id: string; name: string } | null;
  /** Issue 35: what changed under the quote since it was priced (its book, its rate). */
  notices: string[];
  totals: {
    listMinor: number;
    adjustmentMinor: number;
    discountMinor: number;
    netMinor: number;
    /** Only with showsMargin; null when a cost is unknown. */
    costMinor: number | null;
    marginMinor: number | null;
    marginPercent: string | null;
    perYear: { year: number; listMinor: number; netMinor: number }[];
  };
  byLineKey: ReadonlyMap<string, LinePrice>;
}

/** Decimal text from the server as minor units; the answer's schema guarantees the format. */
const minorOf = (text: string): number => decimalAsMinor(text) ?? 0;
const nullableMinorOf = (text: string | null | undefined) =>
  text === null || text === undefined ? null : minorOf(text);

export function pricingView(slim: SlimPricingResult): PricingView {
  const { lines, totals } = slim;
  const byLineKey = new Map<string, LinePrice>();
  lines.line_id.forEach((key, i) => {
    const quantities = lines.years.quantity[i] ?? [];
    const nets = lines.years.net[i] ?? [];
    byLineKey.set(key, {
      unitListMinor: minorOf(lines.unit_list[i] ?? '0.00'),
      adjustedUnitListMinor: nullableMinorOf(lines.adjusted_unit_list[i]),
      discountPercent: lines.discount_percent[i] ?? '0',
      sellerDiscountPercent: lines.seller_discount_percent[i] ?? '0',
      ...(slim.shows_margin
        ? {
            costMinor: nullableMinorOf(lines.cost?.[i]),
            marginMinor: nullableMinorOf(lines.margin?.[i]),
            marginPercent: lines.margin_percent?.[i] ?? null,
          }
        : {}),
      listMinor: minorOf(lines.list[i] ?? '0.00'),
      netMinor: minorOf(lines.net[i] ?? '0.00'),
      isBundle: lines.is_bundle[i] ?? false,
      years: quantities.map((quantity, y) => ({ quantity, netMinor: minorOf(nets[y] ?? '0.00') })),
    });
  });
  return {
    currencyCode: slim.currency_code,
    years: slim.years,
    showsMargin: slim.shows_margin,
    netUsdMinor: minorOf(slim.net_usd),
    priceBook: slim.price_book,
    notices: slim.notices,
    totals: {
      listMinor: minorOf(totals.list),
      adjustmentMinor: minorOf(totals.adjustment),
      discountMinor: minorOf(totals.discount),
      netMinor: minorOf(totals.net),
      costMinor: nullableMinorOf(totals.cost),
      marginMinor: nullableMinorOf(totals.margin),
      marginPercent: totals.margin_percent ?? null,
      perYear: totals.years.net.map((net, y) => ({
        year: y + 1,
        listMinor: minorOf(totals.years.list[y] ?? '0.00'),
        netMinor: minorOf(net),
      })),
    },
    byLineKey,
  };
}

export interface StoredLine {
  id: string;
  position: number;
  sku: string;
  name: string;
  kind: string;
  billing: string;
  is_shippable: boolean;
  is_active: boolean;
  pricing_model: string | null;
  size: string | null;
  parent_line_id: string | null;
  quantities: number[];
  manual_discount_percent: string;
  /** Issue 19: the unit list price typed for the line; null: the catalogue's. */
  adjusted_unit_list_minor: number | null;
  /** Issue 34: what the seller set on the line. */
  attributes: LineAttributes;
  /** Issue 34: the SKU can be sold as a high-availability pair. */
  ha_capable: boolean;
}

/** Issue 34: what the product rules say of the stored lines, by line id. */
export interface QuoteConfiguration extends RuleOutcome {
  quote: QuoteView;
  years: number;
  price_date: string;
  is_read_only: boolean;
  /** Why the products cannot change; null when they can. */
  read_only_reason: string | null;
  needs_shipping_realignment: boolean;
  lines: StoredLine[];
  /** Issue 34: the configurable bundles on the quote, with their option groups and options. */
  bundle_options: BundleOptionsView[];
  secure_access: Record<string, unknown> | null;
  /** Issue 19: unit list prices may be typed per line (app setting price_adjustment on). */
  can_adjust_unit_list_price: boolean;
  /** The stored lines priced, slim (the summary's answer carries the whole result). */
  pricing: PricingOutcome<SlimPricingResult>;
}

/** A line as the server takes it: `key` names it in the request, `parent_key` its bundle. */
export interface LineDraftPayload {
  id?: string;
  key: string;
  sku: string;
  quantities: number[];
  manual_discount_percent?: string;
  parent_key?: string;
  /** Issue 19: the unit list price typed for the line, minor units; absent: the catalogue's. */
  adjusted_unit_list_minor?: number;
  /** Issue 34: what the seller set on the line. */
  attributes?: LineAttributes;
}

export const configurationKey = (id: string) => ['quote-configuration', id] as const;

export function useQuoteConfiguration(id: string) {
  return useQuery({
    queryKey: configurationKey(id),
    queryFn: ({ signal }) =>
      apiPost<QuoteConfiguration>('/api/dx/quote-configuration', { id }, { signal }),
    // The page holds the user's edits; a background refetch must not replace them.
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
}

/** The draft priced, and what the product rules say of it (by the draft's line keys). */
export async function priceDraft(
  id: string,
  lines: LineDraftPayload[],
  signal: AbortSignal,
): Promise<{ view: PricingView; rules: RuleOutcome }> {
  const { rule_messages, rule_actions, rule_applied, ...slim } = await apiPost<
    SlimPricingResult & RuleOutcome
  >('/api/dx/pricing/execute', { id, lines }, { signal });
  return { view: pricingView(slim), rules: { rule_messages, rule_actions, rule_applied } };
}

/** One line's price explained: the engine's line with each year's waterfall. */
export interface LineExplanation {
  currency_code: string;
  shows_margin: boolean;
  line: PricedLine;
}

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
  return useMutation({
    mutationFn: (input: { version: number; lines: LineDraftPayload[]; advance: boolean }) =>
      apiPost<QuoteConfiguration>('/api/dx/save-quote-configuration', { id, ...input }),
    onSuccess: (saved) => {
      queryClient.setQueryData(configurationKey(id), saved);
      queryClient.setQueryData(quoteQueryKey(id), saved.quote);
      // Shipping follows the products (realignment).
      void queryClient.invalidateQueries({ queryKey: ['quote-shipping', id] });
      void queryClient.invalidateQueries({ queryKey: ['grid'] });
    },
  });
}

/** A line of the product hierarchy the finder browses. */
export type CatalogNode = ProductLine;

export interface CatalogSku {
  sku: string;
  name: string;
  description: string;
  kind: string;
  billing: 'ONE_TIME' | 'ANNUAL';
  family_id: string;
  hierarchy_node_id: string | null;
  size: string | null;
  pricing_model: string | null;
  is_shippable: boolean;
  is_active: boolean;
  unit_price_minor: number | null;
  /** Issue 34: the SKU can be sold as a high-availability pair. */
  ha_capable: boolean;
  /** A bundle's options, each per unit of the bundle. */
  components: BundleOptionsView['options'];
  /** Issue 34: a configurable bundle's option groups; empty for a fixed bundle. */
  features: BundleOptionsView['features'];
}

export function useProductHierarchy() {
  return useQuery({
    queryKey: ['catalog', 'hierarchy'],
    queryFn: ({ signal }) =>
      apiPost<{ families: { id: string; name: string }[]; nodes: CatalogNode[] }>(
        '/api/dx/catalog/hierarchy',
        {},
        { signal },
      ),
    staleTime: 5 * 60_000,
  });
}

export function useSkuSearch(request: {
  search?: string;
  node_id?: string;
  currency_code: string;
  price_date: string;
  quote_id?: string;
  page_size: number;
}) {
  return useQuery({
    queryKey: ['catalog', 'skus', request],
    queryFn: ({ signal }) =>
      apiPost<{ total: number; rows: CatalogSku[] }>('/api/dx/catalog/search-skus', request, {
        signal,
      }),
    placeholderData: (previous) => previous,
  });
}

export function useSaveSecureAccess(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { version: number; config: Record<string, unknown> }) =>
      apiPost<QuoteConfiguration>('/api/dx/save-secure-access', { id, ...input }),
    onSuccess: (saved) => {
      queryClient.setQueryData(configurationKey(id), saved);
      queryClient.setQueryData(quoteQueryKey(id), saved.quote);
      void queryClient.invalidateQueries({ queryKey: ['grid'] });
    },
  });
}

/** Issue 34: the lines the product rules propose for a guided-selling questionnaire's answers. */
export function useProposeGuidedLines(quoteId: string) {
  return useMutation({
    mutationFn: (input: { questionnaire: string; answers: FormValues }) =>
      apiPost<GuidedProposal>('/api/dx/guided-selling/propose', { id: quoteId, ...input }),
  });
}
