import { describe, expect, it } from 'vitest';
import type { CatalogSku, LineResult, PricingInput, PricingLine, PricingResult } from './model.ts';
import {
  catalogOf,
  catalogSku,
  errorsOf,
  priced,
  pricingInput,
  usdPrices,
} from './pricing.test-support.ts';
import {
  isUnitListAdjusted,
  quotedUnitListMinor,
  readUnitListText,
  UNIT_LIST_TEXT_MESSAGES as T,
  unitListText,
} from './unit-list.ts';
import { MAX_ADJUSTED_UNIT_LIST_MINOR } from './pricing-limits.ts';
import { PRICING_MESSAGES as M } from './pricing-messages.ts';

/** Issue 19: a unit list price typed on the configure page (app setting price_adjustment). */

const sku = (
  code: string,
  kind: CatalogSku['kind'],
  billing: CatalogSku['billing'],
  unitPriceMinor: number,
  fields: Partial<CatalogSku> = {},
): CatalogSku =>
  catalogSku({
    sku: code,
    kind,
    billing,
    prices: kind === 'BUNDLE' ? [] : usdPrices(unitPriceMinor),
    unit_cost_usd_minor: kind === 'BUNDLE' ? null : 1000,
    ...fields,
  });

const CATALOG = catalogOf(
  sku('HW', 'HARDWARE', 'ONE_TIME', 10000, {
    volume_tiers: [{ min_quantity: 5, percent: '10' }],
  }),
  sku('SUB', 'SUBSCRIPTION', 'ANNUAL', 12000),
  sku('BND', 'BUNDLE', 'ONE_TIME', 0),
);

const quote = (lines: PricingLine[], overrides: Partial<PricingInput> = {}): PricingInput =>
  pricingInput({ price_date: '2025-06-01', lines, catalog: CATALOG, ...overrides });

const onlyLine = (result: PricingResult): LineResult => {
  const [line] = result.lines;
  if (!line) throw new Error('no line');
  return line;
};

/** Each year's steps as [step, percent_bp, amount, subtotal]. */
const waterfallsOf = (line: LineResult) =>
  line.years.map((year) =>
    year.waterfall.map((s) => [s.step, s.percent_bp, s.amount_minor, s.subtotal_minor]),
  );

describe('a typed unit list price', () => {
  it.each<{
    name: string;
    line: PricingLine;
    overrides?: Partial<PricingInput>;
    /** Per year: [list, adjustment, after the adjustment, net]. */
    years: [number, number, number, number][];
  }>([
    {
      name: 'raises a one-time line: (typed − catalogue) × quantity',
      line: { line_id: 'L', sku: 'HW', quantities: [3], adjusted_unit_list_minor: 12000 },
      years: [[30000, 6000, 36000, 36000]],
    },
    {
      name: 'lowers a one-time line',
      line: { line_id: 'L', sku: 'HW', quantities: [2], adjusted_unit_list_minor: 8000 },
      years: [[20000, -4000, 16000, 16000]],
    },
    {
      name: 'at the catalogue price changes nothing',
      line: { line_id: 'L', sku: 'HW', quantities: [2], adjusted_unit_list_minor: 10000 },
      years: [[20000, 0, 20000, 20000]],
    },
    {
      name: 'of 0 makes the line free',
      line: { line_id: 'L', sku: 'HW', quantities: [4], adjusted_unit_list_minor: 0 },
      years: [[40000, -40000, 0, 0]],
    },
    {
      name: 'is per 12 months on an ANNUAL line, prorated by the contract months',
      line: { line_id: 'L', sku: 'SUB', quantities: [1], adjusted_unit_list_minor: 15000 },
      overrides: { contract_length: 18 },
      years: [[18000, 4500, 22500, 22500]],
    },
    {
      // 1000 × 7 / 12 = 583.33 → 583 and 1002 × 7 / 12 = 584.5 → 585: the step is the
      // difference of the two rounded lists (2), not 2 × 7 / 12 rounded (1), so the line is
      // what 1002 would list at.
      name: 'rounds as a catalogue price would: the adjusted list is rounded once',
      line: { line_id: 'L', sku: 'SUB7', quantities: [1], adjusted_unit_list_minor: 1002 },
      overrides: {
        contract_length: 7,
        catalog: { SUB7: sku('SUB7', 'SUBSCRIPTION', 'ANNUAL', 1000) },
      },
      years: [[583, 2, 585, 585]],
    },
    {
      name: 'applies every ELA year, with that year’s quantity',
      line: { line_id: 'L', sku: 'SUB', quantities: [2, 3], adjusted_unit_list_minor: 10000 },
      overrides: { quote_type: 'ELA', contract_length: 24 },
      years: [
        [24000, -4000, 20000, 20000],
        [36000, -6000, 30000, 30000],
      ],
    },
    {
      name: 'comes before the volume, partner and manual discounts, which apply to it',
      // 50000 + 50000 = 100000; volume 10 % → 90000; partner 5 % → 85500; manual 10 % → 76950.
      line: {
        line_id: 'L',
        sku: 'HW',
        quantities: [5],
        adjusted_unit_list_minor: 20000,
        manual_discount_percent: '10',
      },
      overrides: {
        sales_channel: 'T1',
        partner_type: 'AUTHORIZED',
        partner_discounts: [
          {
            sales_channel: 'T1',
            partner_type: 'AUTHORIZED',
            product_kind: 'HARDWARE',
            percent: '5',
          },
        ],
      },
      years: [[50000, 50000, 100000, 76950]],
    },
    {
      name: 'replaces the quote’s price adjustment percentage on its line',
      line: { line_id: 'L', sku: 'HW', quantities: [1], adjusted_unit_list_minor: 11000 },
      overrides: { price_adjustment_percent: '10.5' },
      years: [[10000, 1000, 11000, 11000]],
    },
  ])('$name', ({ line, overrides, years }) => {
    const result = priced(quote([line], overrides));
    const pricedLine = onlyLine(result);
    expect(
      pricedLine.years.map((year) => {
        const [list, adjustment, , , , net] = year.waterfall;
        return [
          list?.subtotal_minor,
          adjustment?.amount_minor,
          adjustment?.subtotal_minor,
          net?.subtotal_minor,
        ];
      }),
    ).toEqual(years);
    // The list stays the catalogue's; the typed price is given back as it was typed.
    expect(pricedLine.adjusted_unit_list_minor).toBe(line.adjusted_unit_list_minor);
    expect(pricedLine.adjustment_minor).toBe(
      years.reduce((sum, [, adjustment]) => sum + adjustment, 0),
    );
    expect(result.totals.adjustment_minor).toBe(pricedLine.adjustment_minor);
    // An amount was typed, not a rate.
    for (const year of pricedLine.years) expect(year.waterfall[1]?.percent_bp).toBeNull();
  });

  it('shows the whole waterfall, list at the catalogue price', () => {
    const line = onlyLine(
      priced(quote([{ line_id: 'L', sku: 'HW', quantities: [5], adjusted_unit_list_minor: 9000 }])),
    );
    expect(line.unit_list_price_minor).toBe(10000);
    expect(waterfallsOf(line)).toEqual([
      [
        ['LIST', null, 50000, 50000],
        ['PRICE_ADJUSTMENT', null, -5000, 45000],
        ['VOLUME', 1000, -4500, 40500],
        ['TERM', 0, 0, 40500],
        ['PARTNER', 0, 0, 40500],
        ['MANUAL', 0, 0, 40500],
        ['NET', null, -9500, 40500],
      ],
    ]);
    // A lowered list price is not a discount: the discount is measured from the adjusted list.
    expect([line.discount_minor, line.effective_discount_percent_bp]).toEqual([4500, 1000]);
  });

  it('leaves lines without one as they were: catalogue price and the quote’s percentage', () => {
    const result = priced(
      quote(
        [
          { line_id: 'A', sku: 'HW', quantities: [1] },
          { line_id: 'B', sku: 'HW', quantities: [1], adjusted_unit_list_minor: null },
          { line_id: 'C', sku: 'HW', quantities: [1], adjusted_unit_list_minor: 20000 },
        ],
        { price_adjustment_percent: '2.5' },
      ),
    );
    expect(
      result.lines.map((l) => [l.adjusted_unit_list_minor, l.adjustment_minor, l.net_minor]),
    ).toEqual([
      [null, 250, 10250],
      [null, 250, 10250],
      [20000, 10000, 20000],
    ]);
    expect(result.lines[0]?.years[0]?.waterfall[1]?.percent_bp).toBe(250);
  });

  it('may be typed for a bundle component, which has a price of its own', () => {
    const result = priced(
      quote([
        { line_id: 'B', sku: 'BND', quantities: [1] },
        {
          line_id: 'C',
          sku: 'HW',
          quantities: [2],
          parent_line_id: 'B',
          adjusted_unit_list_minor: 7500,
        },
      ]),
    );
    const [bundle, component] = result.lines;
    expect(component?.net_minor).toBe(15000);
    expect(bundle?.rollup?.adjustment_minor).toBe(-5000);
    expect(bundle?.rollup?.net_minor).toBe(15000);
    expect(bundle?.adjusted_unit_list_minor).toBeNull();
  });

  it('prices a line with a period as the catalogue would at that price', () => {
    const period = { start: '2027-10-01', end: '2027-12-31' };
    const typed = priced(
      quote([
        { line_id: 'L', sku: 'SUB', quantities: [3], period, adjusted_unit_list_minor: 24000 },
      ]),
    );
    const atCatalogue = priced(
      quote([{ line_id: 'L', sku: 'SUB24', quantities: [3], period }], {
        catalog: { SUB24: sku('SUB24', 'SUBSCRIPTION', 'ANNUAL', 24000) },
      }),
    );
    const asTyped = onlyLine(typed);
    const asListed = onlyLine(atCatalogue);
    expect(asTyped.net_minor).toBe(asListed.net_minor);
    expect(asTyped.list_minor + asTyped.adjustment_minor).toBe(asListed.list_minor);
    // The list (and its proration) stays the catalogue's: half the typed price here.
    expect(asTyped.proration?.amount_minor).toBe(asTyped.list_minor);
    expect(asTyped.list_minor * 2).toBeCloseTo(asListed.list_minor, -1);
  });

  it('refuses a line too large to price', () => {
    expect(
      errorsOf(
        quote(
          [
            {
              line_id: 'L',
              sku: 'SUB',
              quantities: [1_000_000_000],
              adjusted_unit_list_minor: MAX_ADJUSTED_UNIT_LIST_MINOR,
            },
          ],
          { contract_length: 60 },
        ),
      ),
    ).toEqual([{ line_id: 'L', field: 'quantities', message: M.lineTooLarge }]);
  });

  it('accepts 0 and the maximum', () => {
    for (const typed of [0, MAX_ADJUSTED_UNIT_LIST_MINOR]) {
      const line = { line_id: 'L', sku: 'HW', quantities: [1], adjusted_unit_list_minor: typed };
      expect(onlyLine(priced(quote([line]))).net_minor).toBe(typed);
    }
  });

  it.each<[string, unknown]>([
    ['negative', -1],
    ['a fraction of a cent', 1234.5],
    ['above the maximum', MAX_ADJUSTED_UNIT_LIST_MINOR + 1],
    ['text', '12000'],
    ['not a number', Number.NaN],
    ['infinite', Number.POSITIVE_INFINITY],
  ])('refuses a typed price that is %s', (_, typed) => {
    const line = {
      line_id: 'L',
      sku: 'HW',
      quantities: [1],
      adjusted_unit_list_minor: typed as number,
    };
    expect(errorsOf(quote([line]))).toEqual([
      { line_id: 'L', field: 'adjusted_unit_list_minor', message: M.adjustedUnitList },
    ]);
    expect(M.adjustedUnitList).toBe(
      'Unit list price must be a whole number of cents, from 0.00 to 1,000,000,000.00.',
    );
  });

  it('refuses one on a bundle, which has no price of its own', () => {
    const line = { line_id: 'B', sku: 'BND', quantities: [1], adjusted_unit_list_minor: 5000 };
    expect(errorsOf(quote([line]))).toEqual([
      { line_id: 'B', field: 'adjusted_unit_list_minor', message: M.adjustedUnitListBundle },
    ]);
  });

  it('refuses one on a line priced from its contract', () => {
    const line = {
      line_id: 'R',
      sku: 'SUB',
      quantities: [1],
      contract_price: { unit_net_minor: 9000, uplift_percent: '5' },
      adjusted_unit_list_minor: 5000,
    };
    expect(errorsOf(quote([line]))).toEqual([
      { line_id: 'R', field: 'adjusted_unit_list_minor', message: M.adjustedUnitListContract },
    ]);
  });
});

describe('quotedUnitListMinor and isUnitListAdjusted', () => {
  it.each<[number, number | null, number, boolean]>([
    [10000, null, 10000, false],
    [10000, 12000, 12000, true],
    [10000, 10000, 10000, false],
    [10000, 0, 0, true],
  ])('catalogue %i, typed %s: quoted at %i, adjusted %s', (catalogue, typed, quoted, adjusted) => {
    const line = { unit_list_price_minor: catalogue, adjusted_unit_list_minor: typed };
    expect(quotedUnitListMinor(line)).toBe(quoted);
    expect(isUnitListAdjusted(line)).toBe(adjusted);
  });
});

describe('readUnitListText', () => {
  it.each<[string, number]>([
    ['1250.50', 125_050],
    ['1250.5', 125_050],
    [' 1250 ', 125_000],
    ['1,250.50', 125_050],
    ['$1,250.50', 125_050],
    ['0', 0],
    ['0.01', 1],
    ['1000000000.00', MAX_ADJUSTED_UNIT_LIST_MINOR],
    // 0.1 + 0.2 is not 0.3 in doubles; text read digit by digit is exact.
    ['0.30', 30],
    ['19.99', 1999],
  ])('reads %j as %i minor units', (text, minor) => {
    expect(readUnitListText(text)).toEqual({ ok: true, minor });
  });

  it.each<[string, string]>([
    ['', T.empty],
    ['   ', T.empty],
    ['12.345', T.format],
    ['12,34', T.format],
    ['1e3', T.format],
    ['abc', T.format],
    ['-5', T.negative],
    ['1000000000.01', T.tooLarge],
  ])('refuses %j', (text, message) => {
    expect(readUnitListText(text)).toEqual({ ok: false, message });
  });

  it.each<[number, string]>([
    [125_050, '1250.50'],
    [5, '0.05'],
    [0, '0.00'],
    [MAX_ADJUSTED_UNIT_LIST_MINOR, '1000000000.00'],
  ])('writes %i as %j, which reads back the same', (minor, text) => {
    expect(unitListText(minor)).toBe(text);
    expect(readUnitListText(text)).toEqual({ ok: true, minor });
  });
});
