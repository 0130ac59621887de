import { describe, expect, it } from 'vitest';
import { formatCurrency } from '../format/currency.ts';
import type { CatalogSku, PricingLine } from './model.ts';
import { priceExplanations } from './price-explanations.ts';
import { catalogOf, lineOf, priced, pricingInput, usdPrices } from './pricing.test-support.ts';

/** Issue 35: the sentences that let a buyer redo a line by hand. */

const usd = (minor: number) => formatCurrency(minor, 'USD');

const sku = (code: string, fields: Partial<CatalogSku>): CatalogSku => ({
  sku: code,
  name: code,
  kind: 'SUBSCRIPTION',
  active: true,
  billing: 'ANNUAL',
  prices: usdPrices(49_900),
  volume_tiers: [],
  unit_cost_usd_minor: 10_000,
  ...fields,
});

const CATALOG = catalogOf(
  sku('SUB', {}),
  sku('HW', { kind: 'HARDWARE', billing: 'ONE_TIME' }),
  sku('SUP', {
    kind: 'SUPPORT',
    pricing_method: {
      method: 'PERCENT_OF_TOTAL',
      percent: '20',
      covers: { scope: 'SKU', skus: ['HW'] },
    },
  }),
  sku('BLK', {
    pricing_method: {
      method: 'BLOCK',
      blocks: [{ min_quantity: 1, max_quantity: 25, price_minor: 899_500 }],
    },
  }),
  sku('SVC', {
    kind: 'SERVICE',
    billing: 'ONE_TIME',
    pricing_method: { method: 'COST_PLUS', markup_percent: '60' },
  }),
);

function explained(lines: PricingLine[], contract_length: number, id: string) {
  const input = pricingInput({
    price_date: '2025-06-01',
    contract_length,
    term_discounts: [{ product_kind: 'SUBSCRIPTION', min_months: 36, percent: '6' }],
    lines,
    catalog: CATALOG,
  });
  return priceExplanations(lineOf(priced(input), id), usd);
}

const line = (line_id: string, code: string, quantity: number): PricingLine => ({
  line_id,
  sku: code,
  quantities: [quantity],
});

describe('price explanations', () => {
  it.each([
    ['a 12-month subscription: nothing to add', [line('L', 'SUB', 4)], 12, []],
    [
      'a 36-month subscription: its term factor and term discount',
      [line('L', 'SUB', 4)],
      36,
      [
        '4 × $499.00 a year × 36/12 months = $5,988.00',
        'Term discount 6 % for a 36-month contract',
      ],
    ],
    ['hardware over 36 months: bought whole, nothing to add', [line('L', 'HW', 2)], 36, []],
    [
      'support at a share of the appliance',
      [line('HW', 'HW', 2), line('L', 'SUP', 2)],
      12,
      ['Unit list $99.80: 20 % of $499.00, the net price per unit of the 2 units it covers'],
    ],
    [
      'support with nothing to cover',
      [line('L', 'SUP', 2)],
      12,
      ['Unit list $499.00: from the price list, as no product it covers is on the quote'],
    ],
    [
      'a block over 24 months',
      [line('L', 'BLK', 10)],
      24,
      ['Block price for 1–25 units: $8,995.00', '$8,995.00 a year × 24/12 months = $17,990.00'],
    ],
    [
      'a service at cost plus',
      [line('L', 'SVC', 1)],
      12,
      ['Unit list $160.00: cost $100.00 plus 60 %'],
    ],
  ])('%s', (_case, lines, months, sentences) => {
    expect(explained(lines, months, 'L')).toEqual(sentences);
  });
});
