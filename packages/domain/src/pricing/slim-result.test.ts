import { describe, expect, it } from 'vitest';
import type { CatalogSku, PricingInput, PricingResult } from './model.ts';
import {
  catalogOf,
  catalogSku,
  priced as pricedInput,
  pricingInput,
  usdPrices,
} from './pricing.test-support.ts';
import { decimalAsMinor, slimPricingResult } from './slim-result.ts';

const sku = (fields: Partial<CatalogSku> & Pick<CatalogSku, 'sku' | 'kind' | 'billing'>) =>
  catalogSku({ prices: usdPrices(0), ...fields });

const CATALOG = catalogOf(
  sku({
    sku: 'HW',
    kind: 'HARDWARE',
    billing: 'ONE_TIME',
    prices: usdPrices(100_050),
    unit_cost_usd_minor: 40_000,
  }),
  sku({
    sku: 'SUB',
    kind: 'SUBSCRIPTION',
    billing: 'ANNUAL',
    prices: usdPrices(12_001),
    volume_tiers: [{ min_quantity: 10, percent: '5' }],
    unit_cost_usd_minor: 3_000,
  }),
  sku({ sku: 'BUN', kind: 'BUNDLE', billing: 'ONE_TIME', prices: usdPrices(0) }),
);

const priced = (overrides: Partial<PricingInput>): PricingResult =>
  pricedInput(pricingInput({ catalog: CATALOG, ...overrides }));

/** Decimal text back to minor units, failing the test on anything that is not money text. */
const minor = (text: string | null | undefined) => {
  if (text === null || text === undefined) return text;
  const value = decimalAsMinor(text);
  if (value === null) throw new Error(`not money text: ${text}`);
  return value;
};

const CASES: [string, Partial<PricingInput>][] = [
  [
    'STANDARD: a discounted line, an adjusted unit price, a bundle with its components',
    {
      lines: [
        { line_id: 'hw', sku: 'HW', quantities: [3], manual_discount_percent: '12.5' },
        { line_id: 'sub', sku: 'SUB', quantities: [12], adjusted_unit_list_minor: 11_000 },
        { line_id: 'bun', sku: 'BUN', quantities: [1] },
        { line_id: 'bun-hw', sku: 'HW', quantities: [1], parent_line_id: 'bun' },
        { line_id: 'bun-sub', sku: 'SUB', quantities: [2], parent_line_id: 'bun' },
      ],
    },
  ],
  [
    'ELA over 30 months: quantities per year, a partial last year',
    {
      quote_type: 'ELA',
      contract_length: 30,
      lines: [
        { line_id: 'sub', sku: 'SUB', quantities: [5, 10, 20], manual_discount_percent: '7.25' },
        { line_id: 'hw', sku: 'HW', quantities: [2, 0, 1], adjusted_unit_list_minor: 99_999 },
        { line_id: 'bun', sku: 'BUN', quantities: [1, 0, 0] },
        { line_id: 'bun-sub', sku: 'SUB', quantities: [1, 1, 1], parent_line_id: 'bun' },
      ],
    },
  ],
];

describe('the configure page’s slim pricing answer', () => {
  it.each(CASES)('carries the engine’s figures exactly: %s', (_, input) => {
    const result = priced(input);
    const slim = slimPricingResult(result, { showsMargin: true });
    expect(slim.lines.line_id).toEqual(result.lines.map((line) => line.line_id));
    result.lines.forEach((line, i) => {
      const shown = line.is_bundle ? line.rollup! : line;
      expect({
        unit_list: minor(slim.lines.unit_list[i]),
        adjusted: minor(slim.lines.adjusted_unit_list[i]),
        discount: slim.lines.discount_percent[i],
        seller: slim.lines.seller_discount_percent[i],
        cost: minor(slim.lines.cost?.[i]),
        margin: minor(slim.lines.margin?.[i]),
        margin_percent: slim.lines.margin_percent?.[i],
        list: minor(slim.lines.list[i]),
        net: minor(slim.lines.net[i]),
        is_bundle: slim.lines.is_bundle[i],
        quantities: slim.lines.years.quantity[i],
        nets: slim.lines.years.net[i]?.map(minor),
      }).toEqual({
        unit_list: line.unit_list_price_minor,
        adjusted: line.adjusted_unit_list_minor,
        discount: String(line.effective_discount_percent_bp / 100),
        seller: String(line.seller_discount_percent_bp / 100),
        cost: shown.cost_minor,
        margin: shown.margin_minor,
        margin_percent:
          shown.margin_percent_bp === null ? null : String(shown.margin_percent_bp / 100),
        list: shown.list_minor,
        net: shown.net_minor,
        is_bundle: line.is_bundle,
        quantities: line.years.map((year) => year.quantity),
        nets: line.years.map((year) => year.net_minor),
      });
    });
    const { totals } = result;
    expect({
      list: minor(slim.totals.list),
      adjustment: minor(slim.totals.adjustment),
      discount: minor(slim.totals.discount),
      net: minor(slim.totals.net),
      cost: minor(slim.totals.cost),
      margin: minor(slim.totals.margin),
      net_usd: minor(slim.net_usd),
      year_lists: slim.totals.years.list.map(minor),
      year_nets: slim.totals.years.net.map(minor),
    }).toEqual({
      list: totals.list_minor,
      adjustment: totals.adjustment_minor,
      discount: totals.discount_minor,
      net: totals.net_minor,
      cost: totals.cost_minor,
      margin: totals.margin_minor,
      net_usd: result.net_usd_minor,
      year_lists: totals.per_year.map((year) => year.list_minor),
      year_nets: totals.per_year.map((year) => year.net_minor),
    });
    // Every figure once: no waterfall, no labels repeated per line.
    expect(JSON.stringify(slim)).not.toMatch(/waterfall|_minor/);
  });

  it('leaves cost and margin out (not empty) for a viewer who may not see them', () => {
    const slim = slimPricingResult(priced(CASES[0]![1]), { showsMargin: false });
    expect(slim.shows_margin).toBe(false);
    expect(slim.totals).not.toHaveProperty('cost');
    expect(slim.totals).not.toHaveProperty('margin');
    expect(slim.totals).not.toHaveProperty('margin_percent');
    for (const column of ['cost', 'margin', 'margin_percent']) {
      expect(slim.lines).not.toHaveProperty(column);
    }
  });

  it('writes the margin percent as decimal text of percent', () => {
    const result = priced(CASES[0]![1]);
    const slim = slimPricingResult(result, { showsMargin: true });
    expect(slim.totals.margin_percent).toBe(
      result.totals.margin_percent_bp === null
        ? null
        : String(result.totals.margin_percent_bp / 100),
    );
  });
});

describe('decimalAsMinor', () => {
  it.each([
    ['1234.50', 123_450],
    ['0.05', 5],
    ['-0.05', -5],
    ['-0.00', 0],
    ['90071992547409.91', 9_007_199_254_740_991],
  ])('reads %s as %d minor units', (text, expected) => {
    expect(decimalAsMinor(text)).toBe(expected);
  });

  it.each(['1234.5', '1234', '.50', '1,234.50', '12.345', '', '90071992547409.92', 'NaN'])(
    'refuses %j',
    (text) => {
      expect(decimalAsMinor(text)).toBeNull();
    },
  );
});
