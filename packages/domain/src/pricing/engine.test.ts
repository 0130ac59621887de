import { describe, expect, it } from 'vitest';
import { priceQuote } from './engine.ts';
import {
  WATERFALL_STEPS,
  type AmountSummary,
  type CatalogPrice,
  type CatalogSku,
  type LineResult,
  type LineYearResult,
  type PricingError,
  type PricingInput,
  type PricingLine,
} from './model.ts';
import { PRICING_MESSAGES as M } from './pricing-messages.ts';
import {
  catalogOf,
  catalogSku,
  errorsOf,
  lineOf,
  priced,
  pricingInput,
} from './pricing.test-support.ts';

const price = (
  currency_code: string,
  unit_price_minor: number,
  effective_from = '2025-01-01',
  effective_to: string | null = null,
): CatalogPrice => ({ currency_code, unit_price_minor, effective_from, effective_to });

/** A valid STANDARD USD DIRECT quote of one hardware line; tests override what they need. */
const HW = catalogSku({
  sku: 'HW-1',
  kind: 'HARDWARE',
  billing: 'ONE_TIME',
  prices: [price('USD', 10000), price('EUR', 9000)],
  unit_cost_usd_minor: 4000,
});
const quote = (overrides: Partial<PricingInput> = {}): PricingInput =>
  pricingInput({
    usd_rates: { EUR: '0.9' },
    lines: [{ line_id: 'L1', sku: 'HW-1', quantities: [1] }],
    catalog: catalogOf(HW),
    ...overrides,
  });

function yearOf(line: LineResult, year: number): LineYearResult {
  const found = line.years.find((candidate) => candidate.year === year);
  if (!found) throw new Error(`no year ${year} on ${line.line_id}`);
  return found;
}

/**
 * A year's figures as the tables in docs/pricing.md print them: quantity, months, then the
 * waterfall (list, adjustment, after it, volume %, volume, after it, partner %, partner, after
 * it, manual %, manual, net) and the cost. Rates are basis points, discounts negative.
 */
function row(year: LineYearResult) {
  const [list, adjustment, volume, term, partner, manual, net] = year.waterfall;
  expect(year.waterfall.map((step) => step.step)).toEqual(WATERFALL_STEPS);
  // No term discount in these examples (issue 35's term schedules have their own tests).
  expect(term?.amount_minor).toBe(0);
  expect(list?.subtotal_minor).toBe(year.list_minor);
  expect(net?.subtotal_minor).toBe(year.net_minor);
  expect(net?.amount_minor).toBe(year.net_minor - year.list_minor);
  return [
    year.quantity,
    year.months,
    list?.amount_minor,
    adjustment?.amount_minor,
    adjustment?.subtotal_minor,
    volume?.percent_bp,
    volume?.amount_minor,
    volume?.subtotal_minor,
    partner?.percent_bp,
    partner?.amount_minor,
    partner?.subtotal_minor,
    manual?.percent_bp,
    manual?.amount_minor,
    net?.subtotal_minor,
    year.cost_minor,
  ];
}

/** Line or quote figures in the order the docs list them. */
const summary = (figures: AmountSummary) => [
  figures.list_minor,
  figures.adjustment_minor,
  figures.discount_minor,
  figures.net_minor,
  figures.cost_minor,
  figures.margin_minor,
  figures.margin_percent_bp,
];

describe('docs/pricing.md worked examples', () => {
  it('Example 1: STANDARD, DIRECT, hardware and subscription in a bundle, 36 months', () => {
    const result = priced({
      currency_code: 'USD',
      price_date: '2025-03-01',
      quote_type: 'STANDARD',
      contract_length: 36,
      sales_channel: 'DIRECT',
      partner_type: null,
      price_adjustment_percent: '0',
      usd_rates: {},
      partner_discounts: [],
      lines: [
        { line_id: 'L1', sku: 'BND-BRANCH', quantities: [4] },
        {
          line_id: 'L2',
          sku: 'FW-500',
          quantities: [4],
          manual_discount_percent: '10',
          parent_line_id: 'L1',
        },
        {
          line_id: 'L3',
          sku: 'SUB-TP-500',
          quantities: [4],
          manual_discount_percent: '12.5',
          parent_line_id: 'L1',
        },
      ],
      catalog: catalogOf(
        catalogSku({
          sku: 'BND-BRANCH',
          name: 'Branch security bundle',
          kind: 'BUNDLE',
          billing: 'ONE_TIME',
        }),
        catalogSku({
          sku: 'FW-500',
          name: 'Firewall appliance 500',
          kind: 'HARDWARE',
          billing: 'ONE_TIME',
          prices: [
            price('USD', 1200000, '2024-01-01', '2025-01-01'),
            price('USD', 1250000, '2025-01-01'),
          ],
          volume_tiers: [{ min_quantity: 5, percent: '5' }],
          unit_cost_usd_minor: 420000,
        }),
        catalogSku({
          sku: 'SUB-TP-500',
          name: 'Threat protection for FW-500',
          kind: 'SUBSCRIPTION',
          billing: 'ANNUAL',
          prices: [price('USD', 189999)],
          unit_cost_usd_minor: 30000,
          cost_year_factors_percent: ['100', '90', '80'],
        }),
      ),
    });

    expect(result.years).toBe(1);
    const bundle = lineOf(result, 'L1');
    expect(bundle).toMatchObject({ is_bundle: true, unit_list_price_minor: 0, net_minor: 0 });
    expect(bundle.years).toEqual([
      {
        year: 1,
        quantity: 4,
        months: 36,
        list_minor: 0,
        net_minor: 0,
        cost_minor: 0,
        unit_minor: 0,
        volume_quantity: 0,
        waterfall: [],
      },
    ]);
    expect(summary(bundle)).toEqual([0, 0, 0, 0, 0, 0, null]);

    const firewall = lineOf(result, 'L2');
    expect(firewall.unit_list_price_minor).toBe(1250000);
    // prettier-ignore
    expect(row(yearOf(firewall, 1))).toEqual(
      [4, 36, 5000000, 0, 5000000, 0, 0, 5000000, 0, 0, 5000000, 1000, -500000, 4500000, 1680000],
    );
    expect(summary(firewall)).toEqual([5000000, 0, 500000, 4500000, 1680000, 2820000, 6267]);
    expect(firewall.effective_discount_percent_bp).toBe(1000);
    expect(firewall.parent_line_id).toBe('L1');

    const subscription = lineOf(result, 'L3');
    expect(subscription.unit_list_price_minor).toBe(189999);
    // prettier-ignore
    expect(row(yearOf(subscription, 1))).toEqual(
      [4, 36, 2279988, 0, 2279988, 0, 0, 2279988, 0, 0, 2279988, 1250, -284999, 1994989, 324000],
    );
    expect(summary(subscription)).toEqual([2279988, 0, 284999, 1994989, 324000, 1670989, 8376]);
    expect(subscription.effective_discount_percent_bp).toBe(1250);

    expect(bundle.rollup && summary(bundle.rollup)).toEqual([
      7279988, 0, 784999, 6494989, 2004000, 4490989, 6915,
    ]);
    expect(summary(result.totals)).toEqual([7279988, 0, 784999, 6494989, 2004000, 4490989, 6915]);
    expect(result.totals.per_year).toEqual([{ year: 1, list_minor: 7279988, net_minor: 6494989 }]);
    expect(result.net_usd_minor).toBe(6494989);
  });

  it('Example 2: STANDARD, T2 GOLD partner, volume tier and manual discount, uplift 2.5 %', () => {
    const result = priced({
      currency_code: 'USD',
      price_date: '2025-03-01',
      quote_type: 'STANDARD',
      contract_length: 12,
      sales_channel: 'T2',
      partner_type: 'GOLD',
      price_adjustment_percent: '2.5',
      usd_rates: {},
      partner_discounts: [
        {
          sales_channel: 'T2',
          partner_type: 'GOLD',
          product_kind: 'ACCESS_POINT',
          percent: '22.5',
        },
        { sales_channel: 'T1', partner_type: 'GOLD', product_kind: 'ACCESS_POINT', percent: '30' },
        {
          sales_channel: 'T2',
          partner_type: 'SILVER',
          product_kind: 'ACCESS_POINT',
          percent: '15',
        },
      ],
      lines: [
        { line_id: 'L1', sku: 'AP-320', quantities: [150], manual_discount_percent: '3.75' },
        { line_id: 'L2', sku: 'SUP-AP-320', quantities: [150] },
      ],
      catalog: catalogOf(
        catalogSku({
          sku: 'AP-320',
          name: 'Access point 320',
          kind: 'ACCESS_POINT',
          billing: 'ONE_TIME',
          prices: [price('USD', 64999)],
          volume_tiers: [
            { min_quantity: 50, percent: '5' },
            { min_quantity: 250, percent: '12' },
            { min_quantity: 100, percent: '8' },
          ],
          unit_cost_usd_minor: 21000,
        }),
        catalogSku({
          sku: 'SUP-AP-320',
          name: 'Support for AP-320',
          kind: 'SUPPORT',
          billing: 'ANNUAL',
          prices: [price('USD', 4550)],
        }),
      ),
    });

    const accessPoint = lineOf(result, 'L1');
    // prettier-ignore
    expect(row(yearOf(accessPoint, 1))).toEqual(
      [150, 12, 9749850, 243746, 9993596, 800, -799488, 9194108, 2250, -2068674, 7125434, 375, -267204, 6858230, 3150000],
    );
    expect(summary(accessPoint)).toEqual([
      9749850, 243746, 3135366, 6858230, 3150000, 3708230, 5407,
    ]);
    expect(accessPoint.effective_discount_percent_bp).toBe(3137);

    const support = lineOf(result, 'L2');
    // prettier-ignore
    expect(row(yearOf(support, 1))).toEqual(
      [150, 12, 682500, 17063, 699563, 0, 0, 699563, 0, 0, 699563, 0, 0, 699563, null],
    );
    expect(summary(support)).toEqual([682500, 17063, 0, 699563, null, null, null]);
    expect(support.effective_discount_percent_bp).toBe(0);

    expect(summary(result.totals)).toEqual([10432350, 260809, 3135366, 7557793, null, null, null]);
    expect(result.totals.per_year).toEqual([{ year: 1, list_minor: 10432350, net_minor: 7557793 }]);
    expect(result.net_usd_minor).toBe(7557793);
  });

  it('Example 3: ELA of 42 months, T1 SILVER, quantities per year, a 6-month last year', () => {
    const result = priced({
      currency_code: 'USD',
      price_date: '2025-03-01',
      quote_type: 'ELA',
      contract_length: 42,
      sales_channel: 'T1',
      partner_type: 'SILVER',
      price_adjustment_percent: '0',
      usd_rates: {},
      partner_discounts: [
        {
          sales_channel: 'T1',
          partner_type: 'SILVER',
          product_kind: 'SUBSCRIPTION',
          percent: '7.5',
        },
      ],
      lines: [
        {
          line_id: 'L1',
          sku: 'SUB-EDR',
          quantities: [1000, 1200, 1500, 1500, 0],
          manual_discount_percent: '5',
        },
        { line_id: 'L2', sku: 'HW-SENSOR', quantities: [10, 0, 5] },
      ],
      catalog: catalogOf(
        catalogSku({
          sku: 'SUB-EDR',
          name: 'Endpoint detection and response',
          kind: 'SUBSCRIPTION',
          billing: 'ANNUAL',
          prices: [price('USD', 6000)],
          volume_tiers: [
            { min_quantity: 1000, percent: '10' },
            { min_quantity: 1500, percent: '15' },
          ],
          unit_cost_usd_minor: 900,
          cost_year_factors_percent: ['100', '95', '90', '85'],
        }),
        catalogSku({
          sku: 'HW-SENSOR',
          name: 'Network sensor',
          kind: 'HARDWARE',
          billing: 'ONE_TIME',
          prices: [price('USD', 123456)],
          unit_cost_usd_minor: 50000,
          cost_year_factors_percent: ['100', '100', '90'],
        }),
      ),
    });

    expect(result.years).toBe(4);
    const edr = lineOf(result, 'L1');
    expect(edr.years.map(row)).toEqual([
      // prettier-ignore
      [1000, 12, 6000000, 0, 6000000, 1000, -600000, 5400000, 750, -405000, 4995000, 500, -249750, 4745250, 900000],
      // prettier-ignore
      [1200, 12, 7200000, 0, 7200000, 1000, -720000, 6480000, 750, -486000, 5994000, 500, -299700, 5694300, 1026000],
      // prettier-ignore
      [1500, 12, 9000000, 0, 9000000, 1500, -1350000, 7650000, 750, -573750, 7076250, 500, -353813, 6722437, 1215000],
      // prettier-ignore
      [1500, 6, 4500000, 0, 4500000, 1500, -675000, 3825000, 750, -286875, 3538125, 500, -176906, 3361219, 573750],
    ]);
    expect(summary(edr)).toEqual([26700000, 0, 6176794, 20523206, 3714750, 16808456, 8190]);
    expect(edr.effective_discount_percent_bp).toBe(2313);

    const sensor = lineOf(result, 'L2');
    expect(sensor.years.map(row)).toEqual([
      [10, 12, 1234560, 0, 1234560, 0, 0, 1234560, 0, 0, 1234560, 0, 0, 1234560, 500000],
      [0, 12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
      [5, 12, 617280, 0, 617280, 0, 0, 617280, 0, 0, 617280, 0, 0, 617280, 225000],
      [0, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    ]);
    expect(summary(sensor)).toEqual([1851840, 0, 0, 1851840, 725000, 1126840, 6085]);

    expect(summary(result.totals)).toEqual([
      28551840, 0, 6176794, 22375046, 4439750, 17935296, 8016,
    ]);
    expect(result.totals.per_year).toEqual([
      { year: 1, list_minor: 7234560, net_minor: 5979810 },
      { year: 2, list_minor: 7200000, net_minor: 5694300 },
      { year: 3, list_minor: 9617280, net_minor: 7339717 },
      { year: 4, list_minor: 4500000, net_minor: 3361219 },
    ]);
    expect(result.net_usd_minor).toBe(22375046);
  });

  it('Example 4: EUR quote, 17 months, price adjustment -2.5 %, cost converted from USD', () => {
    const result = priced({
      currency_code: 'EUR',
      price_date: '2025-03-01',
      quote_type: 'STANDARD',
      contract_length: 17,
      sales_channel: 'DIRECT',
      partner_type: null,
      price_adjustment_percent: '-2.5',
      usd_rates: { EUR: '0.921500', GBP: '0.79' },
      partner_discounts: [],
      lines: [
        { line_id: 'L1', sku: 'SVC-DEPLOY', quantities: [3], manual_discount_percent: '15' },
        { line_id: 'L2', sku: 'SUB-CASB', quantities: [20], manual_discount_percent: '20' },
      ],
      catalog: catalogOf(
        catalogSku({
          sku: 'SVC-DEPLOY',
          name: 'Deployment service (per day)',
          kind: 'SERVICE',
          billing: 'ONE_TIME',
          prices: [price('EUR', 275000), price('USD', 299900)],
          unit_cost_usd_minor: 183333,
        }),
        catalogSku({
          sku: 'SUB-CASB',
          name: 'Cloud access security broker',
          kind: 'SUBSCRIPTION',
          billing: 'ANNUAL',
          prices: [price('EUR', 115000)],
          unit_cost_usd_minor: 21000,
          cost_year_factors_percent: ['100', '80'],
        }),
      ),
    });

    expect(result.currency_code).toBe('EUR');
    const service = lineOf(result, 'L1');
    expect(service.unit_list_price_minor).toBe(275000);
    // prettier-ignore
    expect(row(yearOf(service, 1))).toEqual(
      [3, 17, 825000, -20625, 804375, 0, 0, 804375, 0, 0, 804375, 1500, -120656, 683719, 506824],
    );
    expect(summary(service)).toEqual([825000, -20625, 120656, 683719, 506824, 176895, 2587]);
    expect(service.effective_discount_percent_bp).toBe(1500);

    const casb = lineOf(result, 'L2');
    // prettier-ignore
    expect(row(yearOf(casb, 1))).toEqual(
      [20, 17, 3258333, -81458, 3176875, 0, 0, 3176875, 0, 0, 3176875, 2000, -635375, 2541500, 516040],
    );
    expect(summary(casb)).toEqual([3258333, -81458, 635375, 2541500, 516040, 2025460, 7970]);

    expect(summary(result.totals)).toEqual([
      4083333, -102083, 756031, 3225219, 1022864, 2202355, 6829,
    ]);
    expect(result.net_usd_minor).toBe(3499966);
  });
});

describe('priceQuote: rules beyond the examples', () => {
  it('takes the price row in effect: from inclusive, to exclusive', () => {
    const catalog = catalogOf({
      ...HW,
      prices: [
        price('USD', 100, '2024-01-01', '2025-01-01'),
        price('USD', 200, '2025-01-01', '2025-07-01'),
        price('USD', 300, '2025-07-01'),
      ],
    });
    const unitPriceOn = (price_date: string) =>
      lineOf(priced(quote({ price_date, catalog })), 'L1').unit_list_price_minor;
    expect(unitPriceOn('2024-12-31')).toBe(100);
    expect(unitPriceOn('2025-01-01')).toBe(200);
    expect(unitPriceOn('2025-06-30')).toBe(200);
    expect(unitPriceOn('2025-07-01')).toBe(300);
    expect(unitPriceOn('2099-01-01')).toBe(300);
  });

  it('picks the highest tier whose minimum the quantity reaches', () => {
    const catalog = catalogOf({
      ...HW,
      volume_tiers: [
        { min_quantity: 100, percent: '10' },
        { min_quantity: 10, percent: '5' },
      ],
    });
    const volumeBp = (quantity: number) =>
      lineOf(
        priced(quote({ catalog, lines: [{ line_id: 'L1', sku: 'HW-1', quantities: [quantity] }] })),
        'L1',
      ).years[0]?.waterfall[2]?.percent_bp;
    expect(volumeBp(9)).toBe(0);
    expect(volumeBp(10)).toBe(500);
    expect(volumeBp(99)).toBe(500);
    expect(volumeBp(100)).toBe(1000);
  });

  it('gives a channel deal without a partner type the AUTHORIZED discount, in any letter case', () => {
    const partner_discounts: PricingInput['partner_discounts'] = [
      { sales_channel: 'T1', partner_type: 'authorized', product_kind: 'HARDWARE', percent: '10' },
      { sales_channel: 'T1', partner_type: 'GOLD', product_kind: 'HARDWARE', percent: '20' },
    ];
    const partnerBp = (overrides: Partial<PricingInput>) =>
      priced(quote({ partner_discounts, ...overrides })).lines[0]?.years[0]?.waterfall.find(
        (step) => step.step === 'PARTNER',
      )?.percent_bp;
    expect(partnerBp({ sales_channel: 'T1', partner_type: null })).toBe(1000);
    expect(partnerBp({ sales_channel: 'T1', partner_type: ' Gold ' })).toBe(2000);
    expect(partnerBp({ sales_channel: 'T2', partner_type: 'GOLD' })).toBe(0);
    // DIRECT never gets a partner discount, whatever partner type is left on the quote.
    expect(partnerBp({ sales_channel: 'DIRECT', partner_type: 'GOLD' })).toBe(0);
  });

  it('prices USD at a rate of 1 whatever the rate table says', () => {
    const result = priced(
      quote({ usd_rates: { USD: '2' }, lines: [{ line_id: 'L1', sku: 'HW-1', quantities: [3] }] }),
    );
    expect(result.totals.net_minor).toBe(30000);
    expect(result.totals.cost_minor).toBe(12000);
    expect(result.net_usd_minor).toBe(30000);
  });

  it('converts the total net to USD at the quote rate, rounded half away from zero', () => {
    // 9000 × 3 = 27000 EUR cents; 27000 / 0.9 = 30000 USD cents. Cost: 4000 × 3 × 0.9 = 10800.
    const result = priced(
      quote({ currency_code: 'EUR', lines: [{ line_id: 'L1', sku: 'HW-1', quantities: [3] }] }),
    );
    expect(result.totals.net_minor).toBe(27000);
    expect(result.totals.cost_minor).toBe(10800);
    expect(result.net_usd_minor).toBe(30000);
  });

  it('STANDARD subscriptions weigh cost year factors by the months of each contract year', () => {
    // 30 months: 12 × 100 % + 12 × 50 % + 6 × 50 % (the last factor carries on) = 21
    // cost-months; 1200 × 2 × 21 / 12 = 4200.
    const subscription = catalogSku({
      sku: 'SUB-1',
      kind: 'SUBSCRIPTION',
      billing: 'ANNUAL',
      prices: [price('USD', 1200)],
      unit_cost_usd_minor: 1200,
      cost_year_factors_percent: ['100', '50'],
    });
    const result = priced(
      quote({
        contract_length: 30,
        catalog: catalogOf(subscription),
        lines: [{ line_id: 'L1', sku: 'SUB-1', quantities: [2] }],
      }),
    );
    // List: 1200 × 2 × 30 / 12 = 6000.
    expect(result.totals.list_minor).toBe(6000);
    expect(result.totals.cost_minor).toBe(4200);
  });

  it('costs nothing for a zero quantity even when the cost is unknown', () => {
    const unknownCost = { ...HW, unit_cost_usd_minor: null };
    const result = priced(
      quote({
        catalog: catalogOf(unknownCost),
        lines: [{ line_id: 'L1', sku: 'HW-1', quantities: [0] }],
      }),
    );
    expect(summary(result.totals)).toEqual([0, 0, 0, 0, 0, 0, null]);
  });

  it('rolls components up to their bundle and counts them once in the totals', () => {
    const bundle = catalogSku({ sku: 'BND', kind: 'BUNDLE', billing: 'ONE_TIME' });
    const result = priced(
      quote({
        catalog: catalogOf(HW, bundle),
        lines: [
          { line_id: 'B', sku: 'BND', quantities: [1] },
          { line_id: 'C1', sku: 'HW-1', quantities: [1], parent_line_id: 'B' },
          {
            line_id: 'C2',
            sku: 'HW-1',
            quantities: [2],
            parent_line_id: 'B',
            manual_discount_percent: '50',
          },
          { line_id: 'X', sku: 'HW-1', quantities: [5] },
          { line_id: 'EMPTY', sku: 'BND', quantities: [1] },
        ],
      }),
    );
    expect(summary(lineOf(result, 'B').rollup!)).toEqual([
      30000, 0, 10000, 20000, 12000, 8000, 4000,
    ]);
    expect(summary(lineOf(result, 'EMPTY').rollup!)).toEqual([0, 0, 0, 0, 0, 0, null]);
    expect(lineOf(result, 'X').rollup).toBeNull();
    expect(result.totals.net_minor).toBe(20000 + 50000);
  });

  it('prices an ELA year-by-year and leaves missing later years at 0', () => {
    const result = priced(
      quote({
        quote_type: 'ELA',
        contract_length: 25,
        lines: [{ line_id: 'L1', sku: 'HW-1', quantities: [2] }],
      }),
    );
    expect(result.years).toBe(3);
    expect(lineOf(result, 'L1').years.map((year) => [year.quantity, year.months])).toEqual([
      [2, 12],
      [0, 12],
      [0, 1],
    ]);
  });

  it('does not prorate a ONE_TIME quantity bought in a short last ELA year', () => {
    const result = priced(
      quote({
        quote_type: 'ELA',
        contract_length: 18,
        lines: [{ line_id: 'L1', sku: 'HW-1', quantities: [0, 2] }],
      }),
    );
    expect(yearOf(lineOf(result, 'L1'), 2)).toMatchObject({
      quantity: 2,
      months: 6,
      list_minor: 20000,
      cost_minor: 8000,
    });
  });

  it('takes an empty parent_line_id as no parent', () => {
    const result = priced(
      quote({ lines: [{ line_id: 'L1', sku: 'HW-1', quantities: [1], parent_line_id: '' }] }),
    );
    expect(lineOf(result, 'L1').parent_line_id).toBeNull();
  });

  it('prices an empty quote at 0', () => {
    const result = priced(quote({ lines: [] }));
    expect(result.lines).toEqual([]);
    expect(summary(result.totals)).toEqual([0, 0, 0, 0, 0, 0, null]);
    expect(result.net_usd_minor).toBe(0);
  });

  it('accepts an absent, null or empty manual discount as none', () => {
    for (const manual_discount_percent of [undefined, null, '']) {
      const result = priced(
        quote({
          lines: [{ line_id: 'L1', sku: 'HW-1', quantities: [1], manual_discount_percent }],
        }),
      );
      expect(result.totals.net_minor).toBe(10000);
    }
  });

  it('handles amounts up to the largest safe figure exactly', () => {
    // 9,007,199,254,740,991 = 3 × 3,002,399,751,580,330 + 1: the 1 cent is not lost.
    const big = { ...HW, prices: [price('USD', 3002399751580330)], unit_cost_usd_minor: null };
    const result = priced(
      quote({
        catalog: catalogOf(big, { ...HW, sku: 'HW-2' }),
        lines: [
          { line_id: 'L1', sku: 'HW-1', quantities: [3] },
          { line_id: 'L2', sku: 'HW-2', quantities: [0] },
        ],
      }),
    );
    expect(result.totals.net_minor).toBe(9007199254740990);
  });
});

describe('priceQuote: volume tiers read every line of the SKU (issue 35)', () => {
  const SEATS = catalogSku({
    sku: 'SEATS',
    kind: 'SUBSCRIPTION',
    billing: 'ANNUAL',
    prices: [price('USD', 1000)],
    volume_tiers: [
      { min_quantity: 500, percent: '5' },
      { min_quantity: 1000, percent: '10' },
    ],
  });
  const volumeBp = (lines: PricingLine[], lineId: string, year = 0) =>
    lineOf(priced(quote({ lines, catalog: catalogOf(SEATS, HW) })), lineId).years[
      year
    ]?.waterfall.find((step) => step.step === 'VOLUME')?.percent_bp;

  it.each<[string, PricingLine[], Record<string, number>]>([
    ['one line of 300: no tier', [{ line_id: 'a', sku: 'SEATS', quantities: [300] }], { a: 0 }],
    [
      'two lines of 300 are priced as 600',
      [
        { line_id: 'a', sku: 'SEATS', quantities: [300] },
        { line_id: 'b', sku: 'SEATS', quantities: [300] },
      ],
      { a: 500, b: 500 },
    ],
    [
      'another SKU does not count',
      [
        { line_id: 'a', sku: 'SEATS', quantities: [300] },
        { line_id: 'h', sku: 'HW-1', quantities: [700] },
      ],
      { a: 0, h: 0 },
    ],
    [
      'a line of 0 adds nothing; three lines reach the next tier',
      [
        { line_id: 'a', sku: 'SEATS', quantities: [400] },
        { line_id: 'b', sku: 'SEATS', quantities: [0] },
        { line_id: 'c', sku: 'SEATS', quantities: [300] },
        { line_id: 'd', sku: 'SEATS', quantities: [300] },
      ],
      { a: 1000, b: 1000, c: 1000, d: 1000 },
    ],
  ])('%s', (_name, lines, expected) => {
    for (const [lineId, bp] of Object.entries(expected))
      expect(volumeBp(lines, lineId), lineId).toBe(bp);
  });

  it('adds up each contract year on its own', () => {
    const lines: PricingLine[] = [
      { line_id: 'a', sku: 'SEATS', quantities: [300, 600] },
      { line_id: 'b', sku: 'SEATS', quantities: [300, 0] },
    ];
    const result = priced(
      quote({ quote_type: 'ELA', contract_length: 24, lines, catalog: catalogOf(SEATS, HW) }),
    );
    const rates = lineOf(result, 'a').years.map(
      (year) => year.waterfall.find((step) => step.step === 'VOLUME')?.percent_bp,
    );
    expect(rates).toEqual([500, 500]);
  });
});

describe('priceQuote: bad input', () => {
  const line = (overrides: Partial<PricingLine>): PricingLine => ({
    line_id: 'L1',
    sku: 'HW-1',
    quantities: [1],
    ...overrides,
  });
  const lineErrors = (overrides: Partial<PricingLine>, input: Partial<PricingInput> = {}) =>
    errorsOf(quote({ ...input, lines: [line(overrides)] }));

  it.each<[unknown, string]>([
    [[-1], 'quantities.0'],
    [[1.5], 'quantities.0'],
    [[Number.NaN], 'quantities.0'],
    [[Number.POSITIVE_INFINITY], 'quantities.0'],
    [['3'], 'quantities.0'],
    [[null], 'quantities.0'],
    ['3', 'quantities'],
  ])('refuses the quantities %o', (quantities, field) => {
    expect(lineErrors({ quantities: quantities as number[] })).toEqual([
      { line_id: 'L1', field, message: 'Quantity must be a whole number of 0 or more.' },
    ]);
  });

  it('refuses a quantity above 1,000,000,000', () => {
    expect(lineErrors({ quantities: [1_000_000_001] })).toEqual([
      { line_id: 'L1', field: 'quantities.0', message: 'Quantity can be at most 1,000,000,000.' },
    ]);
    expect(priceQuote(quote({ lines: [line({ quantities: [1_000_000_000] })] })).ok).toBe(true);
  });

  it.each([[[]], [[1, 0]], [[1, 2]]])(
    'refuses STANDARD quantities %j: exactly one',
    (quantities) => {
      expect(lineErrors({ quantities })).toEqual([
        {
          line_id: 'L1',
          field: 'quantities',
          message: 'A STANDARD quote has exactly one quantity per line.',
        },
      ]);
    },
  );

  it('refuses an ELA quantity beyond the contract years, but accepts 0 there', () => {
    const ela = { quote_type: 'ELA', contract_length: 24 } as const;
    expect(lineErrors({ quantities: [1, 2, 3, 0] }, ela)).toEqual([
      {
        line_id: 'L1',
        field: 'quantities.2',
        message: 'A 24-month contract has 2 years: the quantity for year 3 must be 0.',
      },
    ]);
    expect(priceQuote(quote({ ...ela, lines: [line({ quantities: [1, 2, 0, 0, 0] })] })).ok).toBe(
      true,
    );
  });

  it.each<[string, string]>([
    ['100.01', 'Discount must be between 0 and 100 %.'],
    ['-1', 'Discount must be between 0 and 100 %.'],
    ['1000', 'Discount must be between 0 and 100 %.'],
    ['12.345', 'Discount can have at most 2 decimals.'],
    ['abc', 'Discount must be a number such as 12.5.'],
    ['12,5', 'Discount must be a number such as 12.5.'],
  ])('refuses the manual discount %j', (manual_discount_percent, message) => {
    expect(lineErrors({ manual_discount_percent })).toEqual([
      { line_id: 'L1', field: 'manual_discount_percent', message },
    ]);
  });

  it.each(['0', '100', '12.5', '12.500', '99.99'])('accepts the manual discount %j', (discount) => {
    expect(priceQuote(quote({ lines: [line({ manual_discount_percent: discount })] })).ok).toBe(
      true,
    );
  });

  it.each<[PricingInput['quote_type'], number]>([
    ['STANDARD', 0],
    ['STANDARD', 61],
    ['STANDARD', 12.5],
    ['STANDARD', Number.NaN],
    ['ELA', 11],
    ['ELA', 61],
  ])('refuses a %s contract of %d months', (quote_type, contract_length) => {
    const expected =
      quote_type === 'ELA'
        ? 'Contract length must be a whole number of months from 12 to 60 for an ELA.'
        : 'Contract length must be a whole number of months from 1 to 60.';
    expect(errorsOf(quote({ quote_type, contract_length }))).toEqual([
      { field: 'contract_length', message: expected },
    ]);
  });

  it.each<[PricingInput['quote_type'], number]>([
    ['STANDARD', 1],
    ['STANDARD', 60],
    ['ELA', 12],
    ['ELA', 60],
  ])('accepts a %s contract of %d months', (quote_type, contract_length) => {
    expect(priceQuote(quote({ quote_type, contract_length })).ok).toBe(true);
  });

  it('refuses LEGACY and unknown quote types', () => {
    expect(errorsOf(quote({ quote_type: 'LEGACY' }))).toEqual([
      { field: 'quote_type', message: 'LEGACY quotes are not priced.' },
    ]);
    expect(errorsOf(quote({ quote_type: 'OTHER' as PricingInput['quote_type'] }))).toEqual([
      { field: 'quote_type', message: 'Quote type must be STANDARD or ELA.' },
    ]);
  });

  it('refuses a quote currency without a rate, or with a bad one', () => {
    const catalog = catalogOf({ ...HW, prices: [price('GBP', 8000)] });
    expect(errorsOf(quote({ currency_code: 'GBP', catalog }))).toEqual([
      { field: 'usd_rates', message: 'There is no exchange rate from USD to GBP.' },
    ]);
    for (const rate of ['0', '-1', '1.1234567', 'abc']) {
      expect(errorsOf(quote({ currency_code: 'EUR', usd_rates: { EUR: rate } }))).toEqual([
        {
          field: 'usd_rates',
          message: 'The exchange rate for EUR must be a number above 0 with at most 6 decimals.',
        },
      ]);
    }
  });

  it.each<[Partial<PricingInput>, PricingError]>([
    [{ currency_code: 'usd' }, { field: 'currency_code', message: M.currencyCode }],
    [{ currency_code: 'EURO' }, { field: 'currency_code', message: M.currencyCode }],
    [{ price_date: '2025-02-30' }, { field: 'price_date', message: M.priceDate }],
    [{ price_date: '01-03-2025' }, { field: 'price_date', message: M.priceDate }],
    [
      { sales_channel: 'T3' as PricingInput['sales_channel'] },
      { field: 'sales_channel', message: 'Sales channel must be DIRECT, T1 or T2.' },
    ],
    [
      { price_adjustment_percent: '50.01' },
      {
        field: 'price_adjustment_percent',
        message: 'Price adjustment must be between -50 and 50 %.',
      },
    ],
    [
      { price_adjustment_percent: '-51' },
      {
        field: 'price_adjustment_percent',
        message: 'Price adjustment must be between -50 and 50 %.',
      },
    ],
    [
      { price_adjustment_percent: '' },
      {
        field: 'price_adjustment_percent',
        message: 'Price adjustment must be between -50 and 50 %.',
      },
    ],
    [
      { price_adjustment_percent: '2.555' },
      {
        field: 'price_adjustment_percent',
        message: 'Price adjustment can have at most 2 decimals.',
      },
    ],
  ])('refuses the quote field %j', (overrides, error) => {
    expect(errorsOf(quote(overrides))).toEqual([error]);
  });

  it('accepts a price adjustment of -50 to 50 %', () => {
    expect(priceQuote(quote({ price_adjustment_percent: '-50' })).ok).toBe(true);
    expect(priceQuote(quote({ price_adjustment_percent: '50' })).ok).toBe(true);
  });

  const skuErrors = (entry: CatalogSku | null, input: Partial<PricingInput> = {}) =>
    errorsOf(quote({ catalog: entry ? catalogOf(entry) : {}, ...input }));

  it.each<[string, CatalogSku | null, Partial<PricingInput>, string]>([
    ['unknown', null, {}, 'SKU HW-1 is not in the catalog.'],
    ['inactive', { ...HW, active: false }, {}, 'SKU HW-1 is no longer sold.'],
    [
      'not sold in the currency',
      HW,
      { currency_code: 'GBP', usd_rates: { GBP: '0.8' } },
      'SKU HW-1 is not sold in GBP.',
    ],
    [
      'without a price on the date',
      HW,
      { price_date: '2024-12-31' },
      'SKU HW-1 has no USD price on 2024-12-31.',
    ],
    [
      'with overlapping prices',
      {
        ...HW,
        prices: [price('USD', 1, '2024-01-01', '2025-02-01'), price('USD', 2, '2025-01-01')],
      },
      {},
      'SKU HW-1 has overlapping USD prices from 2025-01-01.',
    ],
    [
      'with two open-ended prices',
      { ...HW, prices: [price('USD', 1, '2024-01-01'), price('USD', 2, '2026-01-01')] },
      {},
      'SKU HW-1 has overlapping USD prices from 2026-01-01.',
    ],
    [
      'with a fractional price',
      { ...HW, prices: [price('USD', 100.5)] },
      {},
      'SKU HW-1 has a USD price that is not a whole number of cents, 0 or more.',
    ],
    [
      'with a negative price',
      { ...HW, prices: [price('USD', -100)] },
      {},
      'SKU HW-1 has a USD price that is not a whole number of cents, 0 or more.',
    ],
    [
      'with a price ending before it starts',
      { ...HW, prices: [price('USD', 100, '2025-01-01', '2025-01-01')] },
      {},
      'SKU HW-1 has a USD price whose dates are not valid (YYYY-MM-DD, ending after it starts).',
    ],
    [
      'with a bad tier quantity',
      { ...HW, volume_tiers: [{ min_quantity: 1.5, percent: '5' }] },
      {},
      'SKU HW-1 has a volume tier whose minimum quantity is not a whole number of 0 or more.',
    ],
    [
      'with a bad tier discount',
      { ...HW, volume_tiers: [{ min_quantity: 10, percent: '101' }] },
      {},
      'SKU HW-1 has a volume tier discount that is not a percentage from 0 to 100 with at most 2 decimals.',
    ],
    [
      'with two tiers from one quantity',
      {
        ...HW,
        volume_tiers: [
          { min_quantity: 10, percent: '5' },
          { min_quantity: 10, percent: '6' },
        ],
      },
      {},
      'SKU HW-1 has more than one volume tier from 10 units.',
    ],
    [
      'with a fractional cost',
      { ...HW, unit_cost_usd_minor: 0.5 },
      {},
      'SKU HW-1 has a cost that is not a whole number of cents, 0 or more.',
    ],
    [
      'with a bad cost factor',
      { ...HW, cost_year_factors_percent: ['100', 'x'] },
      {},
      'SKU HW-1 has a cost factor for year 2 that is not a percentage from 0 to 1000 with at most 2 decimals.',
    ],
    [
      'with an unknown kind',
      { ...HW, kind: 'GADGET' as CatalogSku['kind'] },
      {},
      'SKU HW-1 has an unknown product kind.',
    ],
  ])('refuses a SKU %s', (_, entry, input, message) => {
    expect(skuErrors(entry, input)).toEqual([{ line_id: 'L1', field: 'sku', message }]);
  });

  it('does not look up SKUs on the prototype chain', () => {
    expect(errorsOf(quote({ lines: [line({ sku: 'constructor' })] }))).toEqual([
      { line_id: 'L1', field: 'sku', message: 'SKU constructor is not in the catalog.' },
    ]);
  });

  it('reports a broken SKU on every line that uses it', () => {
    const errors = errorsOf(
      quote({
        catalog: {},
        lines: [line({ line_id: 'A' }), line({ line_id: 'B' })],
      }),
    );
    expect(errors.map((error) => error.line_id)).toEqual(['A', 'B']);
  });

  it('refuses bad or doubled partner discounts for the quote, and ignores other partners', () => {
    const input = (partner_discounts: PricingInput['partner_discounts']) =>
      quote({ sales_channel: 'T2', partner_type: 'GOLD', partner_discounts });
    expect(
      errorsOf(
        input([
          { sales_channel: 'T2', partner_type: 'GOLD', product_kind: 'HARDWARE', percent: '101' },
        ]),
      ),
    ).toEqual([
      {
        field: 'partner_discounts',
        message:
          'The T2 GOLD partner discount for HARDWARE must be a percentage from 0 to 100 with at most 2 decimals.',
      },
    ]);
    expect(
      errorsOf(
        input([
          { sales_channel: 'T2', partner_type: 'GOLD', product_kind: 'HARDWARE', percent: '10' },
          { sales_channel: 'T2', partner_type: 'gold', product_kind: 'HARDWARE', percent: '10' },
        ]),
      ),
    ).toEqual([
      {
        field: 'partner_discounts',
        message: 'The T2 GOLD partner discount for HARDWARE is set more than once.',
      },
    ]);
    const other = [
      { sales_channel: 'T2', partner_type: 'SILVER', product_kind: 'HARDWARE', percent: 'x' },
    ] as const;
    expect(priceQuote(input([...other])).ok).toBe(true);
  });

  it('refuses lines without an id or sharing one', () => {
    expect(errorsOf(quote({ lines: [line({ line_id: '' })] }))).toEqual([
      { field: 'line_id', message: 'Every line needs an id.' },
    ]);
    expect(errorsOf(quote({ lines: [line({}), line({})] }))).toEqual([
      { line_id: 'L1', field: 'line_id', message: 'Line id L1 is used by more than one line.' },
    ]);
  });

  it('refuses a component whose bundle is missing, is not a bundle, or is itself a component', () => {
    const bundle = catalogSku({ sku: 'BND', kind: 'BUNDLE', billing: 'ONE_TIME' });
    const catalog = catalogOf(HW, bundle);
    expect(errorsOf(quote({ catalog, lines: [line({ parent_line_id: 'NOPE' })] }))).toEqual([
      {
        line_id: 'L1',
        field: 'parent_line_id',
        message: "This line's bundle (line NOPE) is not in the quote.",
      },
    ]);
    expect(
      errorsOf(quote({ catalog, lines: [line({ line_id: 'P' }), line({ parent_line_id: 'P' })] })),
    ).toEqual([
      {
        line_id: 'L1',
        field: 'parent_line_id',
        message: 'Line P is not a bundle, so it cannot hold other lines.',
      },
    ]);
    expect(
      errorsOf(
        quote({
          catalog,
          lines: [
            line({ line_id: 'B1', sku: 'BND' }),
            line({ line_id: 'B2', sku: 'BND', parent_line_id: 'B1' }),
          ],
        }),
      ),
    ).toEqual([
      {
        line_id: 'B2',
        field: 'parent_line_id',
        message: 'A bundle cannot be part of another bundle.',
      },
    ]);
  });

  it('refuses a line naming itself as its bundle', () => {
    expect(errorsOf(quote({ lines: [line({ parent_line_id: 'L1' })] }))).toEqual([
      {
        line_id: 'L1',
        field: 'parent_line_id',
        message: 'Line L1 is not a bundle, so it cannot hold other lines.',
      },
    ]);
  });

  it('refuses a manual discount on a bundle line', () => {
    const bundle = catalogSku({ sku: 'BND', kind: 'BUNDLE', billing: 'ONE_TIME' });
    expect(
      errorsOf(
        quote({
          catalog: catalogOf(bundle),
          lines: [line({ sku: 'BND', manual_discount_percent: '5' })],
        }),
      ),
    ).toEqual([
      {
        line_id: 'L1',
        field: 'manual_discount_percent',
        message: 'A bundle has no price of its own: discount its components instead.',
      },
    ]);
  });

  it('refuses a line, or a quote, whose amounts do not fit a safe integer', () => {
    const huge = { ...HW, prices: [price('USD', Number.MAX_SAFE_INTEGER)] };
    expect(
      errorsOf(quote({ catalog: catalogOf(huge), lines: [line({ quantities: [2] })] })),
    ).toEqual([
      {
        line_id: 'L1',
        field: 'quantities',
        message: 'The amounts of this line are too large to price.',
      },
    ]);
    const half = { ...HW, prices: [price('USD', 2 ** 52)], unit_cost_usd_minor: null };
    expect(
      errorsOf(
        quote({
          catalog: catalogOf(half),
          lines: [line({ line_id: 'A' }), line({ line_id: 'B' })],
        }),
      ),
    ).toEqual([{ field: 'lines', message: 'The quote total is too large to price.' }]);
  });

  it('reports every problem at once, quote fields first, then lines in order', () => {
    const errors = errorsOf(
      quote({
        price_adjustment_percent: '99',
        currency_code: 'EUR',
        usd_rates: {},
        lines: [
          line({ line_id: 'A', quantities: [-1], manual_discount_percent: '200' }),
          line({ line_id: 'B', sku: 'NOPE' }),
        ],
      }),
    );
    expect(errors).toEqual([
      {
        field: 'price_adjustment_percent',
        message: 'Price adjustment must be between -50 and 50 %.',
      },
      { field: 'usd_rates', message: 'There is no exchange rate from USD to EUR.' },
      {
        line_id: 'A',
        field: 'quantities.0',
        message: 'Quantity must be a whole number of 0 or more.',
      },
      {
        line_id: 'A',
        field: 'manual_discount_percent',
        message: 'Discount must be between 0 and 100 %.',
      },
      { line_id: 'B', field: 'sku', message: 'SKU NOPE is not in the catalog.' },
    ]);
  });
});
