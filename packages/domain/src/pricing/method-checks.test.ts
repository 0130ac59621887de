import { describe, expect, it } from 'vitest';
import { coveredSkus, findCoverCycle, type SkuCoverFacts } from './cover-checks.ts';
import { pricingMethodProblems, type PricingMethodRow } from './method-checks.ts';
import { METHOD_MESSAGES, readUsdText } from './method-messages.ts';
import {
  blockBandProblems,
  scheduleTierProblems,
  termDiscountProblems,
} from './schedule-checks.ts';
import type { PercentOfTotalCover } from './methods.ts';

const SUP = 'BX-200F-SUP-PRM';

const row = (change: Partial<PricingMethodRow>): PricingMethodRow => ({
  sku: SUP,
  method: 'PERCENT_OF_TOTAL',
  percent: '20',
  covers: { scope: 'MODEL', kinds: ['HARDWARE'] },
  floor_usd_minor: null,
  ceiling_usd_minor: null,
  ...change,
});

const fieldsOf = (problems: { field: string; message: string }[]) =>
  problems.map((p) => [p.field, p.message]);

describe('a pricing method', () => {
  it.each<[string, Partial<PricingMethodRow>]>([
    ['support at 15 % of its model', { percent: '15' }],
    ['support at 28 % with 2 decimals', { percent: '28.25' }],
    ['a share of 0 %', { percent: '0' }],
    ['a share of 1000 %', { percent: '1000.00' }],
    ['a cover by SKU', { covers: { scope: 'SKU', skus: ['BX-200F-HW', 'BX-200F-SUB'] } }],
    ['a cover of the whole quote, every kind', { covers: { scope: 'QUOTE' } }],
    [
      'a family cover of two kinds',
      { covers: { scope: 'FAMILY', kinds: ['HARDWARE', 'SERVICE'] } },
    ],
    ['a floor and a ceiling', { floor_usd_minor: 15_000, ceiling_usd_minor: 150_000 }],
    ['a floor equal to the ceiling', { floor_usd_minor: 15_000, ceiling_usd_minor: 15_000 }],
    ['a floor alone', { floor_usd_minor: 0 }],
    ['a list price', { method: 'LIST', percent: null, covers: null }],
    ['block bands', { method: 'BLOCK', percent: null, covers: null }],
    ['cost plus 35 %', { method: 'COST_PLUS', percent: '35', covers: null }],
    ['cost plus 0 %', { method: 'COST_PLUS', percent: '0', covers: null }],
  ])('accepts %s', (_name, change) => {
    expect(pricingMethodProblems(row(change))).toEqual([]);
  });

  it.each<[string, Partial<PricingMethodRow>, [string, string][]]>([
    [
      'a share without a percentage',
      { percent: null },
      [['percent', METHOD_MESSAGES.percentRequired.PERCENT_OF_TOTAL]],
    ],
    [
      'a markup without a percentage',
      { method: 'COST_PLUS', percent: ' ', covers: null },
      [['percent', 'Enter the markup on cost, such as 25.']],
    ],
    [
      'a share above 1000 %',
      { percent: '1000.01' },
      [['percent', 'The share must be from 0 to 1000 %.']],
    ],
    ['a negative share', { percent: '-5' }, [['percent', 'The share must be from 0 to 1000 %.']]],
    [
      'a markup above 1000 %',
      { method: 'COST_PLUS', percent: '1200', covers: null },
      [['percent', 'The markup must be from 0 to 1000 %.']],
    ],
    [
      'three decimals',
      { percent: '20.125' },
      [['percent', 'The share can have at most 2 decimals.']],
    ],
    [
      'a % sign',
      { percent: '20%' },
      [['percent', 'The share must be a number such as 20 (no % sign).']],
    ],
    [
      'a percentage on a list price',
      { method: 'LIST', percent: '5', covers: null },
      [['percent', METHOD_MESSAGES.percentNotUsed]],
    ],
    ['no cover', { covers: null }, [['covers.scope', METHOD_MESSAGES.coversRequired]]],
    [
      'a cover on cost plus',
      { method: 'COST_PLUS', percent: '10' },
      [['covers.scope', METHOD_MESSAGES.coversNotUsed]],
    ],
    [
      'a cover by SKU naming none',
      { covers: { scope: 'SKU', skus: [] } },
      [['covers.skus', 'Name at least one SKU it covers.']],
    ],
    [
      'a SKU covering itself',
      { covers: { scope: 'SKU', skus: ['BX-200F-HW', SUP] } },
      [['covers.skus', 'BX-200F-SUP-PRM cannot cover itself.']],
    ],
    [
      'a SKU named twice',
      { covers: { scope: 'SKU', skus: ['BX-200F-HW', 'BX-200F-HW'] } },
      [['covers.skus', 'BX-200F-HW is named twice.']],
    ],
    [
      'kinds on a cover by SKU',
      { covers: { scope: 'SKU', skus: ['BX-200F-HW'], kinds: ['HARDWARE'] } },
      [['covers.kinds', METHOD_MESSAGES.kindsNotForSkuScope]],
    ],
    [
      'SKUs on a cover by family',
      { covers: { scope: 'FAMILY', skus: ['BX-200F-HW'] } },
      [['covers.skus', METHOD_MESSAGES.skusNotForScope]],
    ],
    [
      'a bundle kind',
      { covers: { scope: 'QUOTE', kinds: ['BUNDLE'] } },
      [['covers.kinds', METHOD_MESSAGES.bundleKind]],
    ],
    [
      'a kind named twice',
      { covers: { scope: 'QUOTE', kinds: ['SUPPORT', 'SUPPORT'] } },
      [['covers.kinds', 'SUPPORT is named twice.']],
    ],
    [
      'an unknown scope',
      { covers: { scope: 'REGION' } as unknown as PercentOfTotalCover },
      [['covers.scope', METHOD_MESSAGES.unknownScope]],
    ],
    [
      'a floor above the ceiling',
      { floor_usd_minor: 20_000, ceiling_usd_minor: 10_000 },
      [['floor_usd', 'The floor cannot be above the ceiling.']],
    ],
    [
      'a floor in part of a cent',
      { floor_usd_minor: 10.5 },
      [['floor_usd', METHOD_MESSAGES.moneyNotWholeCents('The floor')]],
    ],
    [
      'a negative ceiling',
      { ceiling_usd_minor: -1 },
      [['ceiling_usd', METHOD_MESSAGES.moneyNotWholeCents('The ceiling')]],
    ],
    [
      'a floor on cost plus',
      { method: 'COST_PLUS', percent: '10', covers: null, floor_usd_minor: 100 },
      [['floor_usd', METHOD_MESSAGES.floorCeilingNotUsed]],
    ],
    [
      'an unknown method',
      { method: 'TIERED' as PricingMethodRow['method'] },
      [['method', METHOD_MESSAGES.unknownMethod]],
    ],
  ])('refuses %s', (_name, change, expected) => {
    expect(fieldsOf(pricingMethodProblems(row(change)))).toEqual(expected);
  });
});

describe('US dollars as typed', () => {
  it.each<[string, ReturnType<typeof readUsdText>]>([
    ['150', { ok: true, minor: 15_000 }],
    ['150.5', { ok: true, minor: 15_050 }],
    ['0.00', { ok: true, minor: 0 }],
    ['150.555', { ok: false, message: 'The floor can have at most 2 decimals (cents).' }],
    ['$150', { ok: false, message: METHOD_MESSAGES.moneyFormat('The floor') }],
    ['1,500', { ok: false, message: METHOD_MESSAGES.moneyFormat('The floor') }],
    ['-1', { ok: false, message: METHOD_MESSAGES.moneyNotWholeCents('The floor') }],
    ['1000000000.01', { ok: false, message: METHOD_MESSAGES.moneyNotWholeCents('The floor') }],
  ])('%s', (text, expected) => {
    expect(readUsdText(text, 'The floor')).toEqual(expected);
  });
});

describe('block bands', () => {
  const band = (min: number, max: number | null, price = 100_00) => ({
    min_quantity: min,
    max_quantity: max,
    price_minor: price,
  });

  it.each<[string, ReturnType<typeof band>[]]>([
    ['none', []],
    ['bands that touch without sharing a quantity', [band(1, 5), band(6, 25), band(26, null)]],
    ['bands with gaps, in any order', [band(101, null), band(1, 5), band(26, 100)]],
    ['a band of one quantity', [band(5, 5)]],
    ['a band from 0 at no price', [band(0, 4, 0)]],
  ])('accepts %s', (_name, bands) => {
    expect(blockBandProblems(bands)).toEqual([]);
  });

  it.each<[string, ReturnType<typeof band>[], [string, string][]]>([
    [
      'bands sharing their edge',
      [band(1, 5), band(5, 25)],
      [['bands.1.min_quantity', 'Bands 1–5 and 5–25 overlap.']],
    ],
    [
      'a band inside an open one',
      [band(50, 100), band(25, null)],
      [['bands.0.min_quantity', 'Bands 25+ and 50–100 overlap.']],
    ],
    [
      'two bands from one quantity',
      [band(10, 20), band(10, 30)],
      [['bands.1.min_quantity', 'Bands 10–20 and 10–30 overlap.']],
    ],
    ['an end before the start', [band(10, 5)], [['bands.0.max_quantity', METHOD_MESSAGES.bandMax]]],
    ['a fractional start', [band(1.5, 5)], [['bands.0.min_quantity', METHOD_MESSAGES.bandMin]]],
    ['a negative start', [band(-1, 5)], [['bands.0.min_quantity', METHOD_MESSAGES.bandMin]]],
    [
      'a price in part of a cent',
      [band(1, 5, 10.5)],
      [['bands.0.price', METHOD_MESSAGES.bandPrice]],
    ],
  ])('refuses %s', (_name, bands, expected) => {
    expect(fieldsOf(blockBandProblems(bands))).toEqual(expected);
  });
});

describe('discount schedule tiers', () => {
  it('accepts tiers in any order, from 0 units, up to 100 %', () => {
    expect(
      scheduleTierProblems([
        { min_quantity: 100, percent: '10' },
        { min_quantity: 0, percent: '0' },
        { min_quantity: 1000, percent: '100.00' },
      ]),
    ).toEqual([]);
  });

  it.each<[string, { min_quantity: number; percent: string }[], [string, string][]]>([
    ['no tier', [], [['tiers', METHOD_MESSAGES.tiersRequired]]],
    [
      'two tiers from one quantity',
      [
        { min_quantity: 100, percent: '5' },
        { min_quantity: 100, percent: '8' },
      ],
      [['tiers.1.min_quantity', 'Two tiers start at 100 units: keep one.']],
    ],
    [
      'a discount above 100 %',
      [{ min_quantity: 1, percent: '100.5' }],
      [['tiers.0.percent', METHOD_MESSAGES.tierPercentRange]],
    ],
    [
      'a negative discount',
      [{ min_quantity: 1, percent: '-1' }],
      [['tiers.0.percent', METHOD_MESSAGES.tierPercentRange]],
    ],
    [
      'three decimals',
      [{ min_quantity: 1, percent: '1.125' }],
      [['tiers.0.percent', METHOD_MESSAGES.tierPercentDecimals]],
    ],
    [
      'no discount',
      [{ min_quantity: 1, percent: '' }],
      [['tiers.0.percent', METHOD_MESSAGES.tierPercentRequired]],
    ],
    [
      'a fractional quantity',
      [{ min_quantity: 2.5, percent: '1' }],
      [['tiers.0.min_quantity', METHOD_MESSAGES.tierMin]],
    ],
  ])('refuses %s', (_name, tiers, expected) => {
    expect(fieldsOf(scheduleTierProblems(tiers))).toEqual(expected);
  });
});

describe('term discounts', () => {
  it.each([
    [{ product_kind: 'SUBSCRIPTION' as const, min_months: 36, percent: '5' }, []],
    [{ product_kind: 'SUPPORT' as const, min_months: 1, percent: '0' }, []],
    [{ product_kind: 'HARDWARE' as const, min_months: 60, percent: '100' }, []],
    [
      { product_kind: 'BUNDLE' as const, min_months: 12, percent: '5' },
      [['product_kind', METHOD_MESSAGES.termKindBundle]],
    ],
    [
      { product_kind: 'SERVICE' as const, min_months: 0, percent: '5' },
      [['min_months', METHOD_MESSAGES.termMonths]],
    ],
    [
      { product_kind: 'SERVICE' as const, min_months: 61, percent: '5' },
      [['min_months', METHOD_MESSAGES.termMonths]],
    ],
    [
      { product_kind: 'SERVICE' as const, min_months: 12.5, percent: '5' },
      [['min_months', METHOD_MESSAGES.termMonths]],
    ],
    [
      { product_kind: 'SERVICE' as const, min_months: 12, percent: '101' },
      [['percent', METHOD_MESSAGES.tierPercentRange]],
    ],
  ])('%o', (discount, expected) => {
    expect(fieldsOf(termDiscountProblems(discount))).toEqual(expected);
  });
});

describe('what a percent-of-total SKU covers', () => {
  const facts = (sku: string, change: Partial<SkuCoverFacts> = {}): SkuCoverFacts => ({
    sku,
    family_id: 'FIREWALL',
    kind: 'HARDWARE',
    model: 'BX-200F',
    ...change,
  });
  const catalogue = [
    facts('BX-200F-HW'),
    facts('BX-200F-SUB', { kind: 'SUBSCRIPTION' }),
    facts(SUP, { kind: 'SUPPORT' }),
    facts('BX-200F-SUP-STD', { kind: 'SUPPORT' }),
    facts('BX-400F-HW', { model: 'BX-400F' }),
    facts('EP-ADV', { family_id: 'ENDPOINT', kind: 'SUBSCRIPTION', model: null }),
  ];
  const subject = facts(SUP, { kind: 'SUPPORT' });

  it.each<[string, PercentOfTotalCover, SkuCoverFacts, string[]]>([
    [
      'by SKU: those named',
      { scope: 'SKU', skus: ['BX-400F-HW', 'NOPE'] },
      subject,
      ['BX-400F-HW'],
    ],
    [
      'by model: its model, itself left out',
      { scope: 'MODEL' },
      subject,
      ['BX-200F-HW', 'BX-200F-SUB', 'BX-200F-SUP-STD'],
    ],
    ['by model, of a kind', { scope: 'MODEL', kinds: ['HARDWARE'] }, subject, ['BX-200F-HW']],
    ['by model without a model: nothing', { scope: 'MODEL' }, facts('X', { model: null }), []],
    [
      'by family, of two kinds',
      { scope: 'FAMILY', kinds: ['HARDWARE', 'SUBSCRIPTION'] },
      subject,
      ['BX-200F-HW', 'BX-200F-SUB', 'BX-400F-HW'],
    ],
    [
      'the whole quote, of a kind',
      { scope: 'QUOTE', kinds: ['SUBSCRIPTION'] },
      subject,
      ['BX-200F-SUB', 'EP-ADV'],
    ],
  ])('%s', (_name, cover, who, expected) => {
    expect(coveredSkus(who, cover, catalogue)).toEqual(expected);
  });
});

describe('cycles among percent-of-total SKUs', () => {
  const facts = new Map<string, SkuCoverFacts>(
    [
      { sku: 'BX-200F-HW', family_id: 'FIREWALL', kind: 'HARDWARE', model: 'BX-200F' },
      { sku: SUP, family_id: 'FIREWALL', kind: 'SUPPORT', model: 'BX-200F' },
      { sku: 'BX-200F-SUP-STD', family_id: 'FIREWALL', kind: 'SUPPORT', model: 'BX-200F' },
      { sku: 'PS-DEPLOY', family_id: 'SERVICES', kind: 'SERVICE', model: null },
      { sku: 'PS-TRAIN', family_id: 'SERVICES', kind: 'SERVICE', model: null },
    ].map((f) => [f.sku, f as SkuCoverFacts]),
  );
  const methods = (entries: [string, PercentOfTotalCover][]) => new Map(entries);

  it.each<[string, [string, PercentOfTotalCover][], string | undefined, string[] | null]>([
    [
      'two support tiers covering their model’s hardware only: no cycle',
      [
        [SUP, { scope: 'MODEL', kinds: ['HARDWARE'] }],
        ['BX-200F-SUP-STD', { scope: 'MODEL', kinds: ['HARDWARE'] }],
      ],
      SUP,
      null,
    ],
    [
      'two support tiers covering every kind of their model',
      [
        [SUP, { scope: 'MODEL' }],
        ['BX-200F-SUP-STD', { scope: 'MODEL', kinds: ['SUPPORT'] }],
      ],
      SUP,
      [SUP, 'BX-200F-SUP-STD'],
    ],
    [
      'by SKU, directly',
      [
        ['PS-DEPLOY', { scope: 'SKU', skus: ['PS-TRAIN'] }],
        ['PS-TRAIN', { scope: 'SKU', skus: ['PS-DEPLOY'] }],
      ],
      'PS-TRAIN',
      ['PS-TRAIN', 'PS-DEPLOY'],
    ],
    [
      'through three SKUs, one by family and one by quote',
      [
        ['PS-DEPLOY', { scope: 'SKU', skus: [SUP] }],
        [SUP, { scope: 'FAMILY', kinds: ['SUPPORT'] }],
        ['BX-200F-SUP-STD', { scope: 'QUOTE', kinds: ['SERVICE'] }],
      ],
      'PS-DEPLOY',
      ['PS-DEPLOY', SUP, 'BX-200F-SUP-STD'],
    ],
    [
      'a cycle elsewhere is not the changed SKU’s',
      [
        ['PS-DEPLOY', { scope: 'SKU', skus: ['PS-TRAIN'] }],
        ['PS-TRAIN', { scope: 'SKU', skus: ['PS-DEPLOY'] }],
        [SUP, { scope: 'SKU', skus: ['PS-DEPLOY'] }],
      ],
      SUP,
      null,
    ],
    [
      'any cycle, when no SKU is named',
      [
        [SUP, { scope: 'SKU', skus: ['PS-DEPLOY'] }],
        ['PS-DEPLOY', { scope: 'SKU', skus: ['PS-TRAIN'] }],
        ['PS-TRAIN', { scope: 'SKU', skus: ['PS-DEPLOY'] }],
      ],
      undefined,
      ['PS-DEPLOY', 'PS-TRAIN'],
    ],
    [
      'covering a SKU that is not percent-of-total ends the chain',
      [[SUP, { scope: 'SKU', skus: ['BX-200F-HW'] }]],
      SUP,
      null,
    ],
  ])('%s', (_name, entries, through, expected) => {
    expect(findCoverCycle(methods(entries), facts, through)).toEqual(expected);
  });

  it('words a cycle', () => {
    expect(METHOD_MESSAGES.coverCycle([SUP, 'BX-200F-SUP-STD'])).toBe(
      'BX-200F-SUP-PRM and BX-200F-SUP-STD cover each other.',
    );
    expect(METHOD_MESSAGES.coverCycle(['A-1', 'B-2', 'C-3'])).toBe(
      'A-1, B-2 and C-3 cover each other in a circle: A-1 covers B-2, B-2 covers C-3, C-3 covers A-1.',
    );
  });
});
