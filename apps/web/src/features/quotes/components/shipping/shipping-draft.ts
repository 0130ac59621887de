import type { ShippingPlan } from '@bastion/domain/quotes/shipping-plan';
import type { QuoteShipping } from '../../api/shipping.ts';

/** A shipping line as the user edits it: counts stay text until they are sent. */
export interface DraftLine {
  key: string;
  line_id: string;
  region: string;
  incoterm: string;
  /** STANDARD: one; ELA: per year. As typed. */
  counts: string[];
}

/** The "to ship" quantities typed per product (line id), one a year; '' is "as bought". */
export type ManualCounts = Record<string, string[]>;

let counter = 0;
export const newKey = () => `ship-${(counter += 1)}`;

/** A typed count: null when empty, NaN when not a whole number (the plan's checks say so). */
export const toCount = (text: string): number | null => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d{1,7}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
};

export function manualCountsOf(shipping: QuoteShipping): ManualCounts {
  return Object.fromEntries(
    shipping.products.map((p) => [
      p.line_id,
      Array.from({ length: shipping.years }, (_, i) => {
        const value = p.manual_shipping_quantities[i];
        return value === null || value === undefined ? '' : String(value);
      }),
    ]),
  );
}

export function draftLinesOf(shipping: QuoteShipping): DraftLine[] {
  const isEla = shipping.quote.quote_type === 'ELA';
  return shipping.lines.map((l) => ({
    key: newKey(),
    line_id: l.line_id,
    region: l.region,
    incoterm: l.incoterm,
    counts: isEla
      ? Array.from({ length: shipping.years }, (_, i) => String(l.years?.[i] ?? 0))
      : [String(l.quantity ?? '')],
  }));
}

/** What is checked as the user types (domain shipping plan) and, with the version, what is sent. */
export function planOf(shipping: QuoteShipping, manual: ManualCounts, lines: readonly DraftLine[]) {
  const { quote } = shipping;
  const isEla = quote.quote_type === 'ELA';
  const manualOf = (lineId: string) => ({
    line_id: lineId,
    manual_shipping_quantities: (manual[lineId] ?? []).map(toCount),
  });
  const products = shipping.products.map((p) => manualOf(p.line_id));
  const sentLines = lines.map((l) => ({
    line_id: l.line_id,
    region: l.region,
    incoterm: l.incoterm,
    ...(isEla ? { years: l.counts.map(toCount) } : { quantity: toCount(l.counts[0] ?? '') }),
  }));
  const plan: ShippingPlan = {
    quote_type: quote.quote_type,
    contract_length: quote.contract_length,
    products: shipping.products.map((p) => ({ quantities: p.quantities, ...manualOf(p.line_id) })),
    lines: sentLines,
  };
  return { plan, payload: { products, lines: sentLines } };
}

/** The first message about a product as a whole, whichever key it came under. */
export function productErrorOf(
  errors: Readonly<Record<string, string>>,
  lineId: string,
  years: number,
): string | undefined {
  return (
    errors[`products.${lineId}`] ??
    errors[`products.${lineId}.shipping_quantity`] ??
    Array.from({ length: years }, (_, i) => errors[`products.${lineId}.year${i + 1}`]).find(Boolean)
  );
}
