import { z } from 'zod';
import { formatContractStartDate } from '../quotes/contract-dates.ts';
import { quoteTypeLabel, salesChannelLabel } from '../quotes/labels.ts';
import { dealTypeName } from '../quotes/quote-types.ts';
import { quoteStatusLabel } from '../quotes/status-display.ts';
import { record, text } from '../documents/document-values.ts';
import { formatBp, parsePercentBp } from '../pricing/decimal.ts';
import type { PricingResult } from '../pricing/model.ts';

/*
 * Issue 37 (docs/decisions/039): a revision is a snapshot of what the quote said at one version:
 * its header as the customer reads it, its lines with their quantities, discounts and nets, its
 * clauses, its totals and its approvals. Two snapshots compare (compare.ts) without reading the
 * database again, however the catalogue or the clause library changed since.
 */

export const ZRevisionHeaderFact = z.object({
  key: z.string(),
  label: z.string(),
  value: z.string().nullable(),
});

export const ZRevisionLine = z.object({
  sku: z.string(),
  name: z.string(),
  /** A bundle component names its bundle's SKU; null on a top-level line. */
  parent_sku: z.string().nullable(),
  /** One per contract year (STANDARD: one). */
  quantities: z.array(z.number().int()),
  /** The seller's discount as typed, in its shortest form: "12.5". */
  discount_percent: z.string(),
  /** Net per contract year in minor units; empty when the quote could not be priced. */
  net_per_year_minor: z.array(z.number().int()),
  net_minor: z.number().int().nullable(),
});

export const ZRevisionTerm = z.object({
  /** The clause's id; a custom clause is `custom-1`, `custom-2`… in order. */
  key: z.string(),
  title: z.string(),
  text: z.string(),
});

export const ZRevisionTotals = z.object({
  list_minor: z.number().int(),
  discount_minor: z.number().int(),
  net_minor: z.number().int(),
  per_year: z.array(z.object({ year: z.number().int(), net_minor: z.number().int() })),
});

export const ZRevisionApproval = z.object({
  submission_number: z.number().int(),
  state: z.string(),
  steps: z.array(
    z.object({
      stage_name: z.string(),
      group_name: z.string(),
      state: z.string(),
      decided_by: z.string().nullable(),
      /** ISO. */
      decided_at: z.string().nullable(),
    }),
  ),
});

export const ZRevisionSnapshot = z.object({
  currency_code: z.string(),
  header: z.array(ZRevisionHeaderFact),
  lines: z.array(ZRevisionLine),
  terms: z.array(ZRevisionTerm),
  /** Null when the quote has no lines or could not be priced (`pricing_problems` say why). */
  totals: ZRevisionTotals.nullable(),
  pricing_problems: z.array(z.string()),
  approval: ZRevisionApproval.nullable(),
});

export type RevisionLine = z.infer<typeof ZRevisionLine>;
export type RevisionTerm = z.infer<typeof ZRevisionTerm>;
export type RevisionTotals = z.infer<typeof ZRevisionTotals>;
export type RevisionSnapshot = z.infer<typeof ZRevisionSnapshot>;

/** What a snapshot is made of, read from the quote as stored. */
export interface RevisionSource {
  quote: {
    quote_name: string;
    quote_type: string;
    deal_type: string;
    sales_channel: string;
    partner_type: string | null;
    contract_length: number;
    currency_code: string;
    /** ISO date. */
    price_date: string;
    status_id: string;
  };
  /** quote.details: the opportunity copy and the header form's answers. */
  details: Record<string, unknown>;
  lines: {
    line_id: string;
    sku: string;
    name: string;
    parent_line_id: string | null;
    quantities: number[];
    manual_discount_percent: string;
  }[];
  /** Null: a legacy quote or no lines; `messages` when the lines cannot be priced. */
  pricing: { ok: true; result: PricingResult } | { ok: false; messages: string[] } | null;
  /** The saved clauses in order, removed ones left out. */
  terms: { clause_id: string | null; title: string; text: string }[];
  approval: z.infer<typeof ZRevisionApproval> | null;
}

/** The snapshot of a quote: pure, the same snapshot for the same source. */
export function revisionSnapshotOf(source: RevisionSource): RevisionSnapshot {
  const result = source.pricing?.ok ? source.pricing.result : null;
  const lineResults = new Map(result?.lines.map((line) => [line.line_id, line]));
  const skuOf = new Map(source.lines.map((line) => [line.line_id, line.sku]));
  let customCount = 0;
  return {
    currency_code: source.quote.currency_code,
    header: headerFactsOf(source, result),
    lines: source.lines.map((line) => {
      const priced = lineResults.get(line.line_id);
      return {
        sku: line.sku,
        name: line.name,
        parent_sku: line.parent_line_id ? (skuOf.get(line.parent_line_id) ?? null) : null,
        quantities: line.quantities,
        discount_percent: canonicalPercent(line.manual_discount_percent),
        net_per_year_minor: priced ? priced.years.map((year) => year.net_minor) : [],
        net_minor: priced ? priced.net_minor : null,
      };
    }),
    terms: source.terms.map((term) => ({
      key: term.clause_id ?? `custom-${++customCount}`,
      title: term.title,
      text: term.text,
    })),
    totals: result
      ? {
          list_minor: result.totals.list_minor,
          discount_minor: result.totals.discount_minor,
          net_minor: result.totals.net_minor,
          per_year: result.totals.per_year.map(({ year, net_minor }) => ({ year, net_minor })),
        }
      : null,
    pricing_problems: source.pricing && !source.pricing.ok ? source.pricing.messages : [],
    approval: source.approval,
  };
}

/** "12.50" and "12.5" are one discount: the shortest text, as the pricing engine reads it. */
function canonicalPercent(percent: string): string {
  const parsed = parsePercentBp(percent);
  return parsed.ok ? formatBp(parsed.value) : percent;
}

function headerFactsOf(source: RevisionSource, result: PricingResult | null) {
  const { quote } = source;
  const opportunity = record(source.details.opportunity);
  const header = record(source.details.header);
  const start =
    formatContractStartDate(text(header.contract_start_date)) ??
    text(opportunity.contract_start_date);
  const end = formatContractStartDate(text(header.contract_end_date));
  const facts: [key: string, label: string, value: string | null][] = [
    ['quote_name', 'Quote name', quote.quote_name],
    ['status', 'Status', quoteStatusLabel(quote.status_id)],
    ['quote_type', 'Quote type', quoteTypeLabel(quote.quote_type)],
    ['deal_type', 'Deal type', dealTypeName(quote.deal_type) ?? quote.deal_type],
    ['sales_channel', 'Sales channel', salesChannelLabel(quote.sales_channel)],
    ['partner_type', 'Partner type', quote.partner_type],
    ['contract_length', 'Contract', `${quote.contract_length} months`],
    ['contract_dates', 'Contract dates', start ? `${start}${end ? ` to ${end}` : ''}` : null],
    ['currency', 'Currency', quote.currency_code],
    ['price_date', 'Price date', formatContractStartDate(quote.price_date) ?? quote.price_date],
    ['price_book', 'Price book', result?.price_book?.name ?? null],
    [
      'payment_term',
      'Payment term',
      text(header.payment_term_name) ?? text(opportunity.payment_term_name),
    ],
    ['sla', 'SLA', text(opportunity.sla_name) ?? text(header.sla)],
  ];
  return facts.map(([key, label, value]) => ({ key, label, value }));
}
