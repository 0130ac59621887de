import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CatalogSku, LineResult, PricingError, PricingInput, PricingLine } from './model.ts';
import { PRICING_MESSAGES as M } from './pricing-messages.ts';
import { catalogSku, errorsOf, priced, pricingInput, usdPrices } from './pricing.test-support.ts';

/**
 * Issue 18: lines priced from a contract (renewals) and lines that run a period of days
 * (co-term, true-up). docs/pricing.md, "Contract-priced and prorated lines".
 */

/** $1,200.00 a year, cost $480.00 a year, 10 % off from one unit. */
const SUB: CatalogSku = {
  sku: 'SUB-1',
  name: 'Cloud subscription',
  kind: 'SUBSCRIPTION',
  active: true,
  billing: 'ANNUAL',
  prices: usdPrices(120000),
  volume_tiers: [{ min_quantity: 1, percent: '10' }],
  unit_cost_usd_minor: 48000,
};
const HW: CatalogSku = {
  sku: 'HW-1',
  name: 'Appliance',
  kind: 'HARDWARE',
  active: true,
  billing: 'ONE_TIME',
  prices: usdPrices(10000),
  volume_tiers: [],
  unit_cost_usd_minor: 4000,
};
const BUNDLE = catalogSku({
  sku: 'BND',
  name: 'Branch bundle',
  kind: 'BUNDLE',
  billing: 'ONE_TIME',
});

const line = (fields: Partial<PricingLine> = {}): PricingLine => ({
  line_id: 'L1',
  sku: 'SUB-1',
  quantities: [1],
  ...fields,
});

/** STANDARD, 12 months, USD, DIRECT, no adjustment: tests override what they need. */
const quote = (lines: PricingLine[], overrides: Partial<PricingInput> = {}): PricingInput =>
  pricingInput({
    price_date: '2027-09-15',
    lines,
    catalog: { 'SUB-1': SUB, 'HW-1': HW, BND: BUNDLE },
    ...overrides,
  });

const onlyLine = (input: PricingInput): LineResult => {
  const [first] = priced(input).lines;
  if (!first) throw new Error('no line');
  return first;
};

/** The waterfall as [step, percent_bp, amount_minor, subtotal_minor] rows. */
const waterfallOf = (result: LineResult) =>
  result.years[0]?.waterfall.map((s) => [s.step, s.percent_bp, s.amount_minor, s.subtotal_minor]);

const contract = (unit_net_minor: number, uplift_percent?: string | null) => ({
  contract_price: { unit_net_minor, uplift_percent },
});
const Q4_2027 = { period: { start: '2027-10-01', end: '2027-12-31' } };

describe('docs/pricing.md: contract-priced and prorated lines', () => {
  it('Example 5: a renewed line at 5 % uplift and a line co-termed for a quarter', () => {
    const result = priced(
      quote(
        [
          line({
            line_id: 'R1',
            quantities: [10],
            manual_discount_percent: '2',
            ...contract(100000, '5'),
          }),
          line({ line_id: 'C1', ...Q4_2027 }),
        ],
        { price_adjustment_percent: '2.5' },
      ),
    );
    const [renewed, coTermed] = result.lines;
    if (!renewed || !coTermed) throw new Error('two lines expected');
    expect(waterfallOf(renewed)).toEqual([
      ['LIST', null, 1050000, 1050000],
      ['PRICE_ADJUSTMENT', 0, 0, 1050000],
      ['VOLUME', 0, 0, 1050000],
      ['TERM', 0, 0, 1050000],
      ['PARTNER', 0, 0, 1050000],
      ['MANUAL', 200, -21000, 1029000],
      ['NET', null, -21000, 1029000],
    ]);
    expect([renewed.cost_minor, renewed.margin_minor]).toEqual([480000, 549000]);
    expect(waterfallOf(coTermed)).toEqual([
      ['LIST', null, 30247, 30247],
      ['PRICE_ADJUSTMENT', 250, 756, 31003],
      ['VOLUME', 1000, -3100, 27903],
      ['TERM', 0, 0, 27903],
      ['PARTNER', 0, 0, 27903],
      ['MANUAL', 0, 0, 27903],
      ['NET', null, -2344, 27903],
    ]);
    expect([coTermed.cost_minor, coTermed.margin_minor]).toEqual([12099, 15804]);
    expect([
      result.totals.list_minor,
      result.totals.adjustment_minor,
      result.totals.discount_minor,
      result.totals.net_minor,
      result.totals.cost_minor,
      result.totals.margin_minor,
    ]).toEqual([1080247, 756, 24100, 1056903, 492099, 564804]);
  });
});

describe('contract-priced lines', () => {
  it.each<[number, string | null | undefined, number]>([
    [100000, '5', 105000],
    [100000, '0', 100000],
    [100000, undefined, 100000],
    [100000, null, 100000],
    [100000, '', 100000],
    [100000, '-10', 90000],
    [100000, '100', 200000],
    [100000, '-100', 0],
    [33333, '2.5', 34166],
    // Half a cent rounds away from zero, once, on the unit price.
    [10, '5', 11],
    [10, '-5', 10],
    [0, '5', 0],
  ])('prices a prior unit net of %d at uplift %j at %d a unit', (prior, uplift, unit) => {
    const result = onlyLine(quote([line({ quantities: [3], ...contract(prior, uplift) })]));
    expect(result.contract_price).toEqual({
      prior_unit_net_minor: prior,
      uplift_bp: uplift ? Math.round(Number(uplift) * 100) : 0,
      renewal_unit_minor: unit,
      current_unit_list_minor: 120000,
    });
    expect([result.list_minor, result.net_minor]).toEqual([unit * 3, unit * 3]);
    // The catalogue's price is still shown, for comparison.
    expect(result.unit_list_price_minor).toBe(120000);
    expect(result.proration).toBeNull();
  });

  it('renews $1,000.00 at 5 % as $1,050.00, for each 12 months of the quote', () => {
    const result = onlyLine(quote([line(contract(100000, '5'))], { contract_length: 24 }));
    expect([result.list_minor, result.net_minor]).toEqual([210000, 210000]);
  });

  it('ignores the price adjustment, volume and partner discounts but applies a manual one', () => {
    const result = priced(
      quote(
        [
          line({ ...contract(100000, '5'), manual_discount_percent: '10' }),
          line({ line_id: 'L2', manual_discount_percent: '10' }),
        ],
        {
          sales_channel: 'T2',
          partner_type: 'GOLD',
          price_adjustment_percent: '2.5',
          partner_discounts: [
            {
              sales_channel: 'T2',
              partner_type: 'GOLD',
              product_kind: 'SUBSCRIPTION',
              percent: '20',
            },
          ],
        },
      ),
    );
    const [renewed, catalogue] = result.lines;
    if (!renewed || !catalogue) throw new Error('two lines expected');
    expect(waterfallOf(renewed)).toEqual([
      ['LIST', null, 105000, 105000],
      ['PRICE_ADJUSTMENT', 0, 0, 105000],
      ['VOLUME', 0, 0, 105000],
      ['TERM', 0, 0, 105000],
      ['PARTNER', 0, 0, 105000],
      ['MANUAL', 1000, -10500, 94500],
      ['NET', null, -10500, 94500],
    ]);
    expect(renewed.effective_discount_percent_bp).toBe(1000);
    // The catalogue line of the same quote gets every step, as before.
    expect(waterfallOf(catalogue)).toEqual([
      ['LIST', null, 120000, 120000],
      ['PRICE_ADJUSTMENT', 250, 3000, 123000],
      ['VOLUME', 1000, -12300, 110700],
      ['TERM', 0, 0, 110700],
      ['PARTNER', 2000, -22140, 88560],
      ['MANUAL', 1000, -8856, 79704],
      ['NET', null, -40296, 79704],
    ]);
    expect(catalogue.contract_price).toBeNull();
    expect(result.totals.net_minor).toBe(94500 + 79704);
  });

  it('keeps the cost of the quantity and measures margin on the contract price', () => {
    const result = onlyLine(quote([line({ quantities: [2], ...contract(100000, '5') })]));
    expect([result.net_minor, result.cost_minor, result.margin_minor]).toEqual([
      210000, 96000, 114000,
    ]);
  });

  it('prices a contract ONE_TIME line at the contract price', () => {
    const result = onlyLine(quote([line({ sku: 'HW-1', quantities: [2], ...contract(9000) })]));
    expect([result.list_minor, result.net_minor, result.cost_minor]).toEqual([18000, 18000, 8000]);
  });
});

describe('prorated lines', () => {
  it('co-terms $1,200.00 a year from 1-Oct-2027 to 31-Dec-2027: 92 / 365 days, $302.47', () => {
    const result = onlyLine(quote([line(Q4_2027)], { contract_length: 3 }));
    expect(result.proration).toEqual({
      segments: [
        {
          start: '2027-10-01',
          end: '2027-12-31',
          full_term_minor: 120000,
          days_used: 92,
          days_in_term: 365,
          factor: '0.252055',
          amount_minor: 30247,
        },
      ],
      amount_minor: 30247,
    });
    expect(result.list_minor).toBe(30247);
    // Volume tiers still apply to a catalogue-priced prorated line.
    expect(result.net_minor).toBe(30247 - 3025);
    // $480.00 × 92 / 365 = 120.986… → $120.99.
    expect(result.cost_minor).toBe(12099);
    expect(result.contract_price).toBeNull();
  });

  it('prorates by the days, whatever the quote months', () => {
    const figures = (contract_length: number) => {
      const result = onlyLine(quote([line({ quantities: [4], ...Q4_2027 })], { contract_length }));
      return [result.list_minor, result.cost_minor];
    };
    expect(figures(3)).toEqual([120986, 48395]);
    expect(figures(12)).toEqual(figures(3));
    expect(figures(36)).toEqual(figures(3));
  });

  it.each<[string, string, number, number, number]>([
    // The term ending 29-Feb-2028 is March 2027 to February 2028: 366 days.
    ['2028-01-01', '2028-02-29', 60, 366, 19672],
    ['2027-03-01', '2028-02-29', 366, 366, 120000],
    ['2028-10-01', '2028-12-31', 92, 366, 30164],
    ['2028-01-01', '2028-12-31', 366, 366, 120000],
    ['2027-12-31', '2027-12-31', 1, 365, 329],
    // Not on a month end: the term starts the day after the same date a year earlier.
    ['2027-03-01', '2027-06-15', 107, 365, 35178],
  ])('prorates %s to %s as %d / %d days: %d', (start, end, used, term, amount) => {
    const result = onlyLine(quote([line({ period: { start, end } })]));
    expect(result.proration?.segments.map((s) => [s.days_used, s.days_in_term])).toEqual([
      [used, term],
    ]);
    expect(result.list_minor).toBe(amount);
  });

  it('cuts a period longer than a year into whole years back from its end', () => {
    const result = onlyLine(
      quote([line({ period: { start: '2026-10-01', end: '2028-12-31' } })], {
        contract_length: 27,
      }),
    );
    expect(result.proration?.segments.map((s) => [s.start, s.end, s.amount_minor])).toEqual([
      ['2026-10-01', '2026-12-31', 30247],
      ['2027-01-01', '2027-12-31', 120000],
      ['2028-01-01', '2028-12-31', 120000],
    ]);
    expect(result.list_minor).toBe(270247);
  });

  it('does not prorate a ONE_TIME line with a period', () => {
    const result = onlyLine(quote([line({ sku: 'HW-1', quantities: [2], ...Q4_2027 })]));
    expect([result.list_minor, result.cost_minor, result.proration]).toEqual([20000, 8000, null]);
  });

  it('prorates a renewed line from its uplifted contract price', () => {
    const result = onlyLine(
      quote([line({ quantities: [2], ...contract(100000, '5'), ...Q4_2027 })]),
    );
    // $2,100.00 × 92 / 365 = 529.315… → $529.32, no volume discount on a contract price.
    expect(result.proration?.segments[0]?.full_term_minor).toBe(210000);
    expect([result.list_minor, result.net_minor]).toEqual([52932, 52932]);
    expect(result.contract_price?.renewal_unit_minor).toBe(105000);
  });

  it('prorates a zero quantity to nothing', () => {
    const result = onlyLine(quote([line({ quantities: [0], ...Q4_2027 })]));
    expect([result.list_minor, result.cost_minor, result.proration?.amount_minor]).toEqual([
      0, 0, 0,
    ]);
  });
});

describe('contract-priced and prorated lines: bad input', () => {
  const lineErrors = (fields: Partial<PricingLine>, overrides: Partial<PricingInput> = {}) =>
    errorsOf(quote([line(fields)], overrides));

  it('refuses a period on an ELA', () => {
    expect(lineErrors({ ...Q4_2027 }, { quote_type: 'ELA', contract_length: 12 })).toEqual([
      { line_id: 'L1', field: 'period', message: 'Prorated periods are for STANDARD quotes.' },
    ]);
  });

  it.each<[unknown, PricingError[]]>([
    [
      { start: '2027-02-30', end: '2027-12-31' },
      [{ line_id: 'L1', field: 'period.start', message: M.periodStart }],
    ],
    [
      { start: '2027-10-01', end: 'soon' },
      [{ line_id: 'L1', field: 'period.end', message: M.periodEnd }],
    ],
    [
      { start: '01/10/2027', end: '2027-13-01' },
      [
        { line_id: 'L1', field: 'period.start', message: M.periodStart },
        { line_id: 'L1', field: 'period.end', message: M.periodEnd },
      ],
    ],
    [{ start: '2027-10-01' }, [{ line_id: 'L1', field: 'period.end', message: M.periodEnd }]],
    [
      { start: '2027-12-31', end: '2027-10-01' },
      [{ line_id: 'L1', field: 'period.end', message: 'The end date is before the start date.' }],
    ],
    [
      { start: '2020-01-01', end: '2025-12-31' },
      [{ line_id: 'L1', field: 'period', message: M.periodTooLong }],
    ],
  ])('refuses the period %j', (period, expected) => {
    expect(lineErrors({ period: period as PricingLine['period'] })).toEqual(expected);
  });

  it('words the date problems as the proration does', () => {
    expect([M.periodStart, M.periodEnd, M.periodOrder, M.periodTooLong]).toEqual([
      'Enter the start date as a real calendar date.',
      'Enter the end date as a real calendar date.',
      'The end date is before the start date.',
      'A period can be at most 1,830 days (5 years) long.',
    ]);
  });

  it.each<[unknown]>([[-1], [1.5], ['100000'], [Number.NaN], [null], [undefined]])(
    'refuses a contract unit price of %j',
    (unit_net_minor) => {
      expect(lineErrors({ contract_price: { unit_net_minor } as never })).toEqual([
        {
          line_id: 'L1',
          field: 'contract_price.unit_net_minor',
          message: 'The contract unit price must be a whole number of cents, 0 or more.',
        },
      ]);
    },
  );

  it.each<[string, string]>([
    ['100.01', 'Uplift must be between -100 and 100 %.'],
    ['-100.01', 'Uplift must be between -100 and 100 %.'],
    ['5.555', 'Uplift can have at most 2 decimals.'],
    ['abc', 'Uplift must be a number such as 5 or -2.5.'],
    ['5%', 'Uplift must be a number such as 5 or -2.5.'],
  ])('refuses the uplift %j', (uplift, message) => {
    expect(lineErrors(contract(100000, uplift))).toEqual([
      { line_id: 'L1', field: 'contract_price.uplift_percent', message },
    ]);
  });

  it('refuses a contract price on a bundle or on a bundle component', () => {
    const errors = errorsOf(
      quote([
        line({ line_id: 'B', sku: 'BND', ...contract(100000) }),
        line({ line_id: 'C', parent_line_id: 'B', ...contract(100000) }),
      ]),
    );
    expect(errors).toEqual([
      { line_id: 'B', field: 'contract_price', message: M.contractBundle },
      { line_id: 'C', field: 'contract_price', message: M.contractComponent },
    ]);
  });

  it('refuses a contract price whose uplift goes beyond a safe integer', () => {
    expect(lineErrors(contract(Number.MAX_SAFE_INTEGER, '5'))).toEqual([
      { line_id: 'L1', field: 'contract_price.unit_net_minor', message: M.lineTooLarge },
    ]);
  });

  it('reports every problem of a line at once', () => {
    expect(
      lineErrors({
        contract_price: { unit_net_minor: -5, uplift_percent: '200' },
        period: { start: 'x', end: '2027-12-31' },
      }).map((error) => error.field),
    ).toEqual(['contract_price.unit_net_minor', 'contract_price.uplift_percent', 'period.start']);
  });
});

describe('contract-priced and prorated lines: properties', () => {
  const lineArbitrary = (index: number): fc.Arbitrary<PricingLine> =>
    fc.record({
      line_id: fc.constant(`L${index}`),
      sku: fc.constantFrom('SUB-1', 'HW-1'),
      quantities: fc.tuple(fc.integer({ min: 0, max: 5_000 })),
      manual_discount_percent: fc.integer({ min: 0, max: 10_000 }).map((bp) => `${bp / 100}`),
      contract_price: fc.option(
        fc.record({
          unit_net_minor: fc.integer({ min: 0, max: 10_000_000 }),
          uplift_percent: fc.integer({ min: -10_000, max: 10_000 }).map((bp) => `${bp / 100}`),
        }),
      ),
      period: fc.option(
        fc
          .tuple(fc.integer({ min: 0, max: 3 * 365 }), fc.integer({ min: 1, max: 4 * 365 }))
          .map(([offset, days]) => {
            const start = new Date(Date.UTC(2026, 0, 1 + offset));
            const end = new Date(start.getTime() + (days - 1) * 86_400_000);
            return {
              start: start.toISOString().slice(0, 10),
              end: end.toISOString().slice(0, 10),
            };
          }),
      ),
    });

  it('adds lines up to the totals, never discounts above list, and skips the steps of contracts', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 6 })
          .chain((count) =>
            fc.tuple(...Array.from({ length: count }, (_, index) => lineArbitrary(index))),
          ),
        fc.constantFrom('0', '2.5', '-5'),
        (lines, adjustment) => {
          const result = priced(
            quote(lines, { price_adjustment_percent: adjustment, contract_length: 7 }),
          );
          const sum = (pick: (l: LineResult) => number) =>
            result.lines.reduce((total, l) => total + pick(l), 0);
          expect(result.totals.list_minor).toBe(sum((l) => l.list_minor));
          expect(result.totals.adjustment_minor).toBe(sum((l) => l.adjustment_minor));
          expect(result.totals.discount_minor).toBe(sum((l) => l.discount_minor));
          expect(result.totals.net_minor).toBe(sum((l) => l.net_minor));
          for (const [index, l] of result.lines.entries()) {
            const input = lines[index];
            expect(l.list_minor + l.adjustment_minor - l.discount_minor).toBe(l.net_minor);
            expect(l.discount_minor).toBeGreaterThanOrEqual(0);
            expect(l.contract_price === null).toBe(!input?.contract_price);
            expect(l.proration !== null).toBe(!!input?.period && input.sku === 'SUB-1');
            if (l.proration) expect(l.list_minor).toBe(l.proration.amount_minor);
            if (l.contract_price) {
              expect(l.adjustment_minor).toBe(0);
              const steps = l.years[0]?.waterfall.slice(1, 4).map((s) => s.percent_bp);
              expect(steps).toEqual([0, 0, 0]);
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
