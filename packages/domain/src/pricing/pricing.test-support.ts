import { priceQuote } from './engine.ts';
import type {
  CatalogPrice,
  CatalogSku,
  LineResult,
  PricingError,
  PricingInput,
  PricingResult,
} from './model.ts';

/** Test support for the pricing tests: the quote input they all start from and its outcomes. */

/** One USD list price, in force from 2025-01-01 with no end. */
export const usdPrices = (unit_price_minor: number): CatalogPrice[] => [
  { currency_code: 'USD', unit_price_minor, effective_from: '2025-01-01', effective_to: null },
];

/** An active SKU named after its code, with no prices, tiers or cost unless given. */
export const catalogSku = (
  fields: Partial<CatalogSku> & Pick<CatalogSku, 'sku' | 'kind' | 'billing'>,
): CatalogSku => ({
  name: fields.sku,
  active: true,
  prices: [],
  volume_tiers: [],
  unit_cost_usd_minor: null,
  ...fields,
});

/** SKUs keyed by their code, as `PricingInput.catalog` holds them. */
export const catalogOf = (...skus: CatalogSku[]): Record<string, CatalogSku> =>
  Object.fromEntries(skus.map((entry) => [entry.sku, entry]));

/**
 * A STANDARD quote of 12 months in USD, DIRECT, priced on 2025-03-01, with no adjustment, rates,
 * partner discounts, lines or catalogue: tests override what they need.
 */
export const pricingInput = (overrides: Partial<PricingInput> = {}): PricingInput => ({
  currency_code: 'USD',
  price_date: '2025-03-01',
  quote_type: 'STANDARD',
  contract_length: 12,
  sales_channel: 'DIRECT',
  partner_type: null,
  price_adjustment_percent: '0',
  usd_rates: {},
  partner_discounts: [],
  lines: [],
  catalog: {},
  ...overrides,
});

/** The price of a quote the test expects to be priced. */
export function priced(input: PricingInput): PricingResult {
  const outcome = priceQuote(input);
  if (!outcome.ok) throw new Error(`Unexpected errors: ${JSON.stringify(outcome.errors)}`);
  return outcome.result;
}

/** The errors of a quote the test expects to be refused. */
export function errorsOf(input: PricingInput): PricingError[] {
  const outcome = priceQuote(input);
  if (outcome.ok) throw new Error('Expected errors, got a price');
  return outcome.errors;
}

/** One line of a priced quote, by its id. */
export function lineOf(result: PricingResult, lineId: string): LineResult {
  const line = result.lines.find((candidate) => candidate.line_id === lineId);
  if (!line) throw new Error(`no line ${lineId}`);
  return line;
}
