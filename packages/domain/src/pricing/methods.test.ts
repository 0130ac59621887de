import { describe, expect, it } from 'vitest';
import type { CatalogSku, PricingInput, PricingLine, PricingResult } from './model.ts';
import { PRICING_MESSAGES as M } from './pricing-messages.ts';
import {
  catalogOf,
  catalogSku,
  errorsOf,
  lineOf,
  priced,
  pricingInput,
  usdPrices,
} from './pricing.test-support.ts';

/** Issue 35: pricing methods, discount schedules and term discounts (docs/pricing.md). */

const sku = (
  code: string,
  kind: CatalogSku['kind'],
  billing: CatalogSku['billing'],
  unitPriceMinor: number | null,
  fields: Partial<CatalogSku> = {},
): CatalogSku =>
  catalogSku({
    sku: code,
    kind,
    billing,
    prices: unitPriceMinor === null ? [] : usdPrices(unitPriceMinor),
    unit_cost_usd_minor: 1000,
    family: 'FIREWALL',
    model: code.split('-')[0] ?? null,
    ...fields,
  });

const supportOf = (
  code: string,
  percent: string,
  covers: NonNullable<
    Extract<CatalogSku['pricing_method'], { method: 'PERCENT_OF_TOTAL' }>
  >['covers'],
  bounds: { floor_minor?: number; ceiling_minor?: number } = {},
) =>
  sku(code, 'SUPPORT', 'ANNUAL', 99900, {
    pricing_method: { method: 'PERCENT_OF_TOTAL', percent, covers, ...bounds },
  });

const TERM_DISCOUNTS: PricingInput['term_discounts'] = (
  ['SUBSCRIPTION', 'SUPPORT'] as const
).flatMap((kind) =>
  (
    [
      [24, '3'],
      [36, '6'],
      [48, '8'],
      [60, '10'],
    ] as const
  ).map(([min_months, percent]) => ({ product_kind: kind, min_months, percent })),
);

/** One slab schedule over the CLOUD family: its SKUs' quantities count together. */
const ES_USERS: CatalogSku['discount_schedule'] = {
  id: 'ES-USERS',
  type: 'SLAB',
  aggregate: 'FAMILY',
  tiers: [
    { min_quantity: 1, percent: '0' },
    { min_quantity: 1001, percent: '10' },
    { min_quantity: 5001, percent: '20' },
  ],
};

const CATALOG = catalogOf(
  sku('BX200-HW', 'HARDWARE', 'ONE_TIME', 499500),
  sku('BX200-LIC', 'SUBSCRIPTION', 'ANNUAL', 120000),
  supportOf('BX200-SUP-PRM', '20', { scope: 'SKU', skus: ['BX200-HW'] }),
  supportOf('BX200-SUP-MOD', '15', { scope: 'MODEL', kinds: ['HARDWARE', 'SUBSCRIPTION'] }),
  supportOf(
    'BX200-SUP-BND',
    '20',
    { scope: 'SKU', skus: ['BX200-HW'] },
    {
      floor_minor: 70000,
      ceiling_minor: 90000,
    },
  ),
  sku('EP-DEV', 'SUBSCRIPTION', 'ANNUAL', 4500, {
    volume_tiers: [
      { min_quantity: 500, percent: '5' },
      { min_quantity: 2500, percent: '10' },
    ],
  }),
  sku('ES-USR', 'SUBSCRIPTION', 'ANNUAL', 3000, {
    family: 'CLOUD',
    discount_schedule: ES_USERS,
  }),
  sku('ES-ENC', 'SUBSCRIPTION', 'ANNUAL', 800, {
    family: 'CLOUD',
    discount_schedule: ES_USERS,
  }),
  sku('LA-VM-GB', 'SUBSCRIPTION', 'ANNUAL', null, {
    pricing_method: {
      method: 'BLOCK',
      blocks: [
        { min_quantity: 1, max_quantity: 5, price_minor: 299500 },
        { min_quantity: 6, max_quantity: 25, price_minor: 899500 },
        { min_quantity: 26, max_quantity: 100, price_minor: 2499500 },
      ],
    },
  }),
  sku('PS-ENG', 'SERVICE', 'ONE_TIME', null, {
    unit_cost_usd_minor: 1_400_000,
    pricing_method: { method: 'COST_PLUS', markup_percent: '60' },
  }),
);

const quote = (lines: PricingLine[], overrides: Partial<PricingInput> = {}): PricingInput =>
  pricingInput({
    price_date: '2025-06-01',
    usd_rates: { EUR: '0.92' },
    term_discounts: TERM_DISCOUNTS,
    lines,
    catalog: CATALOG,
    ...overrides,
  });

const line = (line_id: string, code: string, quantities: number[], discount?: string) => ({
  line_id,
  sku: code,
  quantities,
  manual_discount_percent: discount ?? null,
});

const stepOf = (result: PricingResult, id: string, name: string, year = 1) =>
  lineOf(result, id)
    .years.find((candidate) => candidate.year === year)
    ?.waterfall.find((step) => step.step === name);

describe('percent of total', () => {
  it('prices support at a share of the covered appliance’s net unit price, discount included', () => {
    const result = priced(
      quote([line('HW', 'BX200-HW', [4], '10'), line('SUP', 'BX200-SUP-PRM', [4])]),
    );
    // 4,995.00 less 10 % is 4,495.50 a unit; 20 % of it is 899.10.
    expect(lineOf(result, 'SUP').unit_list_price_minor).toBe(89910);
    expect(lineOf(result, 'SUP').list_minor).toBe(4 * 89910);
    expect(lineOf(result, 'SUP').pricing_method).toEqual({
      method: 'PERCENT_OF_TOTAL',
      percent_bp: 2000,
      base_unit_minor: 449550,
      covered_units: 4,
      bound: null,
      block: null,
    });
  });

  it.each([
    // [case, lines, support unit list, bound]
    ['no covered line: its price row (a renewal of support alone)', [], 99900, 'NO_COVERED_LINE'],
    [
      'two lines of the appliance at different discounts: their net per unit',
      [line('A', 'BX200-HW', [1]), line('B', 'BX200-HW', [3], '20')],
      84915,
      null,
    ],
  ] as const)('%s', (_case, covered, unit, bound) => {
    const result = priced(quote([...covered, line('SUP', 'BX200-SUP-PRM', [4])]));
    // (4,995.00 + 3 × 3,996.00) / 4 = 4,245.75 a unit; 20 % is 849.15.
    expect(lineOf(result, 'SUP').unit_list_price_minor).toBe(unit);
    expect(lineOf(result, 'SUP').pricing_method?.bound).toBe(bound);
  });

  it.each([
    ['the floor lifts a low share', '50', 70000, 'FLOOR'],
    ['the ceiling caps a high share', '0', 90000, 'CEILING'],
    // 4,995.00 less 22 % is 3,896.10; 20 % of it is 779.22.
    ['between them the share stands', '22', 77922, null],
  ] as const)('%s', (_case, discount, unit, bound) => {
    const result = priced(
      quote([line('HW', 'BX200-HW', [1], discount), line('SUP', 'BX200-SUP-BND', [1])]),
    );
    expect(lineOf(result, 'SUP').unit_list_price_minor).toBe(unit);
    expect(lineOf(result, 'SUP').pricing_method?.bound).toBe(bound);
  });

  it('reads annual covered lines per 12 months, whatever the contract length', () => {
    // A 36-month licence nets 3 × 1,200.00 less the 6 % term discount: 1,128.00 a year.
    const result = priced(
      quote([line('LIC', 'BX200-LIC', [2]), line('SUP', 'BX200-SUP-MOD', [2])], {
        contract_length: 36,
      }),
    );
    expect(lineOf(result, 'SUP').pricing_method?.base_unit_minor).toBe(112800);
    expect(lineOf(result, 'SUP').unit_list_price_minor).toBe(16920);
  });

  it('on an ELA, prices support every year from appliances bought in the first', () => {
    const result = priced(
      quote([line('HW', 'BX200-HW', [2, 0, 0]), line('SUP', 'BX200-SUP-PRM', [2, 2, 2])], {
        quote_type: 'ELA',
        contract_length: 36,
      }),
    );
    const support = lineOf(result, 'SUP');
    expect(support.unit_list_price_minor).toBe(99900);
    expect(support.years.map((year) => year.list_minor)).toEqual([199800, 199800, 199800]);
  });

  it('covers the lines of its model, of the kinds named', () => {
    const result = priced(
      quote([
        line('HW', 'BX200-HW', [1]),
        line('LIC', 'BX200-LIC', [1]),
        line('OTHER', 'EP-DEV', [10]),
        line('SUP', 'BX200-SUP-MOD', [2]),
      ]),
    );
    // (4,995.00 + 1,200.00) / 2 units = 3,097.50; 15 % is 464.63 (464.625 rounded up).
    expect(lineOf(result, 'SUP').unit_list_price_minor).toBe(46463);
  });

  it('takes the term and partner discounts of its own kind after its list', () => {
    const result = priced(
      quote([line('HW', 'BX200-HW', [1]), line('SUP', 'BX200-SUP-PRM', [1])], {
        contract_length: 24,
      }),
    );
    // 20 % of 4,995.00 is 999.00 a year; two years, less 3 %.
    expect(lineOf(result, 'SUP').list_minor).toBe(199800);
    expect(stepOf(result, 'SUP', 'TERM')?.amount_minor).toBe(-5994);
  });

  it.each([
    [
      'covers itself',
      supportOf('X-SUP', '20', { scope: 'SKU', skus: ['X-SUP'] }),
      M.coversItself('X-SUP'),
    ],
    [
      'covers nothing',
      supportOf('X-SUP', '20', { scope: 'SKU', skus: [] }),
      M.coversNothing('X-SUP'),
    ],
    [
      'covers its model without a model',
      sku('X-SUP', 'SUPPORT', 'ANNUAL', 100, {
        model: null,
        pricing_method: { method: 'PERCENT_OF_TOTAL', percent: '20', covers: { scope: 'MODEL' } },
      }),
      M.noModel('X-SUP'),
    ],
    [
      'has a share beyond 1000 %',
      supportOf('X-SUP', '1000.01', { scope: 'QUOTE' }),
      M.badShare('X-SUP'),
    ],
    [
      'has a floor above its ceiling',
      supportOf('X-SUP', '20', { scope: 'QUOTE' }, { floor_minor: 2, ceiling_minor: 1 }),
      M.badBounds('X-SUP'),
    ],
  ])('refuses a SKU that %s', (_case, entry, message) => {
    const errors = errorsOf(
      quote([line('L', 'X-SUP', [1])], { catalog: { ...CATALOG, 'X-SUP': entry } }),
    );
    expect(errors).toContainEqual({ line_id: 'L', field: 'sku', message });
  });

  it('refuses SKUs that cover each other, naming both', () => {
    const catalog = {
      ...CATALOG,
      'A-SUP': supportOf('A-SUP', '10', { scope: 'SKU', skus: ['B-SUP'] }),
      'B-SUP': supportOf('B-SUP', '10', { scope: 'SKU', skus: ['A-SUP'] }),
    };
    const errors = errorsOf(
      quote([line('A', 'A-SUP', [1]), line('B', 'B-SUP', [1]), line('HW', 'BX200-HW', [1])], {
        catalog,
      }),
    );
    const message = M.coverCycle(['A-SUP', 'B-SUP']);
    expect(errors).toEqual([
      { line_id: 'A', field: 'sku', message },
      { line_id: 'B', field: 'sku', message },
    ]);
  });
});

describe('block pricing', () => {
  it.each([
    [1, 299500],
    [5, 299500],
    [6, 899500],
    [25, 899500],
    [100, 2499500],
  ])('prices %i GB/day at its band’s flat price', (quantity, list) => {
    const result = priced(quote([line('L', 'LA-VM-GB', [quantity])]));
    expect(lineOf(result, 'L').list_minor).toBe(list);
    expect(lineOf(result, 'L').pricing_method?.block?.price_minor).toBe(list);
  });

  it('prorates an annual block by the contract’s months and takes the term discount', () => {
    const result = priced(quote([line('L', 'LA-VM-GB', [10])], { contract_length: 24 }));
    expect(lineOf(result, 'L').list_minor).toBe(2 * 899500);
    expect(lineOf(result, 'L').net_minor).toBe(2 * 899500 - 53970);
  });

  it('refuses a quantity no band holds, and a typed unit list price', () => {
    expect(errorsOf(quote([line('L', 'LA-VM-GB', [101])]))).toEqual([
      { line_id: 'L', field: 'quantities', message: M.noBlockFor('LA-VM-GB', 'USD', 101) },
    ]);
    expect(
      errorsOf(quote([{ ...line('L', 'LA-VM-GB', [5]), adjusted_unit_list_minor: 100 }])),
    ).toEqual([{ line_id: 'L', field: 'adjusted_unit_list_minor', message: M.blockTypedPrice }]);
  });

  it.each([
    [
      'overlapping bands',
      [
        { min_quantity: 1, max_quantity: 5, price_minor: 1 },
        { min_quantity: 5, max_quantity: null, price_minor: 2 },
      ],
      M.overlappingBlocks('X', 'USD', '1–5', 'from 5'),
    ],
    ['no bands', [], M.noBlocks('X', 'USD')],
    [
      'a band ending before it starts',
      [{ min_quantity: 5, max_quantity: 1, price_minor: 1 }],
      M.badBlock('X', 'USD'),
    ],
  ])('refuses %s', (_case, blocks, message) => {
    const entry = sku('X', 'SUBSCRIPTION', 'ANNUAL', null, {
      pricing_method: { method: 'BLOCK', blocks },
    });
    const errors = errorsOf(quote([line('L', 'X', [1])], { catalog: { X: entry } }));
    expect(errors).toEqual([{ line_id: 'L', field: 'sku', message }]);
  });
});

describe('cost plus', () => {
  it.each([
    ['USD', {}, 2_240_000],
    // 14,000.00 USD is 12,880.00 EUR; plus 60 % is 20,608.00.
    ['EUR', { currency_code: 'EUR' }, 2_060_800],
  ] as const)(
    'prices a service at its cost plus the markup, in %s',
    (_currency, overrides, unit) => {
      const catalog = {
        'PS-ENG': { ...CATALOG['PS-ENG'], prices: [] } as CatalogSku,
      };
      const result = priced(quote([line('L', 'PS-ENG', [1])], { ...overrides, catalog }));
      expect(lineOf(result, 'L').unit_list_price_minor).toBe(unit);
      expect(lineOf(result, 'L').pricing_method?.percent_bp).toBe(6000);
    },
  );

  it('refuses a cost-plus SKU whose cost is unknown', () => {
    const catalog = {
      X: sku('X', 'SERVICE', 'ONE_TIME', null, {
        unit_cost_usd_minor: null,
        pricing_method: { method: 'COST_PLUS', markup_percent: '10' },
      }),
    };
    expect(errorsOf(quote([line('L', 'X', [1])], { catalog }))).toEqual([
      { line_id: 'L', field: 'sku', message: M.costPlusWithoutCost('X') },
    ]);
  });
});

describe('discount schedules', () => {
  it('prices two lines of a SKU as one: its tiers read the quote’s units', () => {
    const result = priced(quote([line('A', 'EP-DEV', [300]), line('B', 'EP-DEV', [300])]));
    expect(stepOf(result, 'A', 'VOLUME')?.percent_bp).toBe(500);
    expect(lineOf(result, 'A').years[0]?.volume_quantity).toBe(600);
  });

  it.each([
    // [quantity, weighted rate in bp]: units 1–1,000 at 0, 1,001–5,000 at 10 %, beyond at 20 %.
    [1000, 0],
    [2000, 500],
    [6000, 1000],
  ])('blends a slab schedule over %i users', (quantity, bp) => {
    const result = priced(quote([line('L', 'ES-USR', [quantity])]));
    expect(stepOf(result, 'L', 'VOLUME')).toMatchObject({
      percent_bp: bp,
      amount_minor: 0 - Math.round((quantity * 3000 * bp) / 10000),
    });
    expect(lineOf(result, 'L').volume_schedule).toBe('SLAB');
    expect(lineOf(result, 'L').years[0]?.volume_quantity).toBe(quantity);
  });

  it('counts every SKU of the family on a family schedule', () => {
    const result = priced(quote([line('U', 'ES-USR', [1500]), line('E', 'ES-ENC', [500])]));
    // 2,000 units together: 1,000 at 10 % of 2,000 is 5 %.
    expect(stepOf(result, 'U', 'VOLUME')?.percent_bp).toBe(500);
    expect(stepOf(result, 'E', 'VOLUME')?.percent_bp).toBe(500);
  });

  it.each([
    ['RANGE', 2000, 1000],
    // Units 4,001–6,000: 1,000 at 10 %, 1,000 at 20 %.
    ['SLAB', 2000, 1500],
  ] as const)('counts the installed base first on a %s schedule', (type, quantity, bp) => {
    const catalog = {
      X: sku('X', 'SUBSCRIPTION', 'ANNUAL', 100, {
        discount_schedule: {
          id: 'S',
          type,
          aggregate: 'SKU',
          include_installed_base: true,
          tiers: [
            { min_quantity: 1001, percent: '10' },
            { min_quantity: 5001, percent: '20' },
          ],
        },
      }),
    };
    const result = priced(
      quote([line('L', 'X', [quantity])], { catalog, installed_base: { X: 4000 } }),
    );
    expect(stepOf(result, 'L', 'VOLUME')?.percent_bp).toBe(type === 'RANGE' ? 2000 : bp);
  });
});

describe('term discounts', () => {
  it('nets a 36-month subscription at 94 % of three 12-month ones', () => {
    const net = (contract_length: number) =>
      priced(quote([line('L', 'EP-DEV', [100])], { contract_length })).totals.net_minor;
    expect(net(36)).toBe(Math.round(3 * net(12) * 0.94));
    expect(net(36)).toBe(1_269_000);
  });

  it.each([
    [12, 0],
    [23, 0],
    [24, 300],
    [47, 600],
    [48, 800],
    [60, 1000],
  ])('gives a %i-month contract %i bp', (contract_length, bp) => {
    const result = priced(quote([line('L', 'EP-DEV', [1])], { contract_length }));
    expect(stepOf(result, 'L', 'TERM')?.percent_bp).toBe(bp);
  });

  it('gives hardware and contract-priced lines none', () => {
    const result = priced(
      quote(
        [
          line('HW', 'BX200-HW', [1]),
          { ...line('C', 'EP-DEV', [1]), contract_price: { unit_net_minor: 4000 } },
        ],
        { contract_length: 60 },
      ),
    );
    expect(stepOf(result, 'HW', 'TERM')?.percent_bp).toBe(0);
    expect(stepOf(result, 'C', 'TERM')?.percent_bp).toBe(0);
  });

  it('refuses a term discount beyond 60 months or 100 %', () => {
    const errors = errorsOf(
      quote([line('L', 'EP-DEV', [1])], {
        term_discounts: [{ product_kind: 'SUPPORT', min_months: 61, percent: '5' }],
      }),
    );
    expect(errors).toEqual([{ field: 'term_discounts', message: M.badTermDiscount('SUPPORT') }]);
  });
});
