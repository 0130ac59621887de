import { priceQuote } from '@bastion/domain/pricing/engine';
import type { Database } from '@bastion/db/client';
import type { quoteLines } from '@bastion/db/schema/quotes';
import { loadPricingInput } from './pricing-inputs.repository.ts';

type StoredLine = Pick<
  typeof quoteLines.$inferSelect,
  'id' | 'sku' | 'y1' | 'y2' | 'y3' | 'y4' | 'y5' | 'manualDiscountPercent' | 'parentLineId'
> &
  Partial<ContractPricedColumns> &
  Partial<Pick<typeof quoteLines.$inferSelect, 'adjustedUnitListMinor'>>;

type ContractPricedColumns = Pick<
  typeof quoteLines.$inferSelect,
  'priorUnitNetMinor' | 'upliftPercent' | 'periodStart' | 'periodEnd'
>;

/**
 * How a stored line of a renewal, co-term or true-up quote is priced (issue 18): from the
 * contract's price with its uplift, and over its own period. Absent columns: the catalogue's way.
 */
export const contractPricingOf = (line: Partial<ContractPricedColumns>) => ({
  contract_price:
    line.priorUnitNetMinor === null || line.priorUnitNetMinor === undefined
      ? null
      : { unit_net_minor: line.priorUnitNetMinor, uplift_percent: line.upliftPercent ?? null },
  period:
    line.periodStart && line.periodEnd ? { start: line.periodStart, end: line.periodEnd } : null,
});

/**
 * The unit list price typed for a stored line on the configure page (issue 19): it prices the
 * line wherever the line is priced (configure, summary, approvals, documents, copies), whatever
 * the price_adjustment setting says now; the setting only decides whether one may be typed.
 */
export const adjustedUnitListOf = (
  line: Partial<Pick<typeof quoteLines.$inferSelect, 'adjustedUnitListMinor'>>,
) => ({ adjusted_unit_list_minor: line.adjustedUnitListMinor ?? null });

/** The quantities of a stored line for the quote's contract years. */
export const storedQuantities = (line: StoredLine, years: number) =>
  [line.y1, line.y2, line.y3, line.y4, line.y5].slice(0, years);

/** The manual shipping quantities of a stored line for the quote's contract years (null: none). */
export const storedManualShippingQuantities = (
  line: Pick<
    typeof quoteLines.$inferSelect,
    | 'y1ManualShippingQuantity'
    | 'y2ManualShippingQuantity'
    | 'y3ManualShippingQuantity'
    | 'y4ManualShippingQuantity'
    | 'y5ManualShippingQuantity'
  >,
  years: number,
) =>
  [
    line.y1ManualShippingQuantity,
    line.y2ManualShippingQuantity,
    line.y3ManualShippingQuantity,
    line.y4ManualShippingQuantity,
    line.y5ManualShippingQuantity,
  ].slice(0, years);

/** The pricing engine's input of quote lines as they are stored. */
export const storedPricingLines = (lines: readonly StoredLine[], years: number) =>
  lines.map((line) => ({
    line_id: line.id,
    sku: line.sku,
    quantities: storedQuantities(line, years),
    manual_discount_percent: line.manualDiscountPercent,
    parent_line_id: line.parentLineId,
    ...contractPricingOf(line),
    ...adjustedUnitListOf(line),
  }));

/** Prices a quote's lines as they are stored, with the pricing engine. */
export async function priceStoredLines(
  db: Database,
  quote: Parameters<typeof loadPricingInput>[1],
  lines: readonly StoredLine[],
  years: number,
) {
  return priceQuote(await loadPricingInput(db, quote, storedPricingLines(lines, years)));
}
