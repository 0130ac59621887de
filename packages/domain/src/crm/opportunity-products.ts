import type { RevisionSnapshot } from '../revisions/snapshot.ts';

/*
 * Issue 37 (part 6, docs/decisions/044): the primary quote's lines as the CRM's opportunity
 * products. One product per quote line and contract year with a quantity, as Salesforce CPQ's
 * multi-year segments do: a ramped ELA line (10, 20, 30 seats) is three products, each with its
 * year's quantity and net, so the products' totals add up to the quote's net exactly.
 */

/** An opportunity product Bastion wants the CRM to hold. */
export interface OpportunityProduct {
  /**
   * Stable while the quote says the same: the quote, the SKU, which of its lines with that SKU,
   * and the year. A write compares by it, so writing the same quote again changes nothing.
   */
  key: string;
  product_code: string;
  name: string;
  quantity: number;
  /** The net of this quantity for the year, in minor units, exact. */
  total_minor: number;
  /** The total over the quantity, rounded half away from zero to the minor unit. */
  unit_price_minor: number;
  /** "Q-1001", "Q-1001 · year 2 of 3", "Q-1001 · in bundle BX-100". */
  description: string;
}

/** An opportunity product the CRM holds that an earlier write made. */
export interface WrittenOpportunityProduct {
  /** The CRM's record id. */
  id: string;
  key: string;
  product_code: string;
  quantity: number;
  total_minor: number;
  description: string;
}

export type OpportunityProductsOutcome =
  { ok: true; products: OpportunityProduct[] } | { ok: false; message: string };

/** The quote total over the quantity, rounded half away from zero (integer arithmetic). */
export function unitPriceOf(totalMinor: number, quantity: number): number {
  if (quantity <= 0) return 0;
  const magnitude = Math.floor((2 * Math.abs(totalMinor) + quantity) / (2 * quantity));
  return totalMinor < 0 ? -magnitude : magnitude;
}

/** The CRM's Description holds 255 characters. */
const DESCRIPTION_LENGTH = 255;

/**
 * The products a quote's snapshot (core/revisions) becomes. A quote that could not be priced
 * writes nothing: its products would state a deal nobody priced.
 */
export function opportunityProductsOf(
  quote: { id: string; quote_number: string },
  snapshot: Pick<RevisionSnapshot, 'lines' | 'pricing_problems'>,
): OpportunityProductsOutcome {
  const unpriced = snapshot.lines.some(
    (line) => line.net_minor === null || line.net_per_year_minor.length < line.quantities.length,
  );
  if (unpriced || snapshot.pricing_problems.length > 0) {
    const why = snapshot.pricing_problems.join(' ');
    return {
      ok: false,
      message: `Quote ${quote.quote_number} cannot be priced, so its lines were not written to the CRM${why ? `: ${why}` : '.'}`,
    };
  }
  const seen = new Map<string, number>();
  const products: OpportunityProduct[] = [];
  for (const line of snapshot.lines) {
    const occurrence = (seen.get(line.sku) ?? 0) + 1;
    seen.set(line.sku, occurrence);
    const years = line.quantities.length;
    line.quantities.forEach((quantity, index) => {
      if (quantity <= 0) return;
      const total = line.net_per_year_minor[index] ?? 0;
      const parts = [
        quote.quote_number,
        ...(years > 1 ? [`year ${index + 1} of ${years}`] : []),
        ...(line.parent_sku ? [`in bundle ${line.parent_sku}`] : []),
      ];
      products.push({
        key: `${quote.id}:${line.sku}#${occurrence}:y${index + 1}`,
        product_code: line.sku,
        name: line.name,
        quantity,
        total_minor: total,
        unit_price_minor: unitPriceOf(total, quantity),
        description: parts.join(' · ').slice(0, DESCRIPTION_LENGTH),
      });
    });
  }
  return { ok: true, products };
}

export interface OpportunityProductPlan {
  create: OpportunityProduct[];
  update: { id: string; product: OpportunityProduct }[];
  /** Record ids. */
  remove: string[];
}

/**
 * What to change so the CRM holds exactly `wanted` among the products Bastion wrote: nothing when
 * it already does. Products typed in the CRM by hand are never in `written`, so never touched. A
 * key written twice (two writers racing before the CRM refused the second) keeps its first record.
 */
export function planOpportunityProducts(
  written: readonly WrittenOpportunityProduct[],
  wanted: readonly OpportunityProduct[],
): OpportunityProductPlan {
  const byKey = new Map<string, WrittenOpportunityProduct>();
  const remove: string[] = [];
  for (const record of written) {
    if (byKey.has(record.key)) remove.push(record.id);
    else byKey.set(record.key, record);
  }
  const wantedKeys = new Set(wanted.map((product) => product.key));
  for (const record of byKey.values()) {
    if (!wantedKeys.has(record.key)) remove.push(record.id);
  }
  const create: OpportunityProduct[] = [];
  const update: OpportunityProductPlan['update'] = [];
  for (const product of wanted) {
    const record = byKey.get(product.key);
    if (!record) create.push(product);
    else if (record.product_code !== product.product_code) {
      remove.push(record.id);
      create.push(product);
    } else if (
      record.quantity !== product.quantity ||
      record.total_minor !== product.total_minor ||
      record.description !== product.description
    ) {
      update.push({ id: record.id, product });
    }
  }
  return { create, update, remove };
}

export const isEmptyPlan = (plan: OpportunityProductPlan) =>
  plan.create.length === 0 && plan.update.length === 0 && plan.remove.length === 0;
