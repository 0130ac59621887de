/**
 * npx tsx packages/domain/src/pricing/pricing.bench.ts — prices synthetic 5-year ELA quotes of
 * 10, 100, 1,000 and 5,000 lines and prints the median time per quote and lines per second.
 * Target: under 10 ms median for 1,000 lines (issue 35). Then evaluates the demo product rules over quotes
 * of the demo catalogue's SKUs (issue 34): at most 5 ms for 1,000 lines.
 *
 * The lines mix every product kind and both billing types over 200 SKUs with tiers, partner
 * discounts, manual discounts and costs, so every step of the waterfall does real work. Issue 35:
 * every method and schedule too — support SKUs at a percent of the hardware before them, one
 * SKU in twenty block priced, services at cost plus, a family's subscriptions on a slab
 * schedule, and term discounts (the target for 1,000 lines is now 10 ms).
 */
import { priceQuote } from './engine.ts';
import type { CatalogSku, PricingInput, PricingLine } from './model.ts';
import type { ProductKind } from './product-kinds.ts';
import { DEMO_PRODUCT_RULES, DEMO_RULE_CATALOG } from '../product-rules/demo-rules.ts';
import { evaluateProductRules } from '../product-rules/evaluate.ts';

// packages/domain carries no Node types: declare the two globals a script needs.
declare const console: { log(...values: unknown[]): void };
declare const performance: { now(): number };

const LINE_COUNTS = [10, 100, 1_000, 5_000];
const YEARS = 5;
const SKU_COUNT = 200;
const KINDS: ProductKind[] = ['HARDWARE', 'ACCESS_POINT', 'SUBSCRIPTION', 'SUPPORT', 'SERVICE'];

/** A small deterministic generator, so every run prices the same quotes. */
function generator(seed: number) {
  let state = seed >>> 0;
  return (max: number) => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state % max;
  };
}

const SLAB: CatalogSku['discount_schedule'] = {
  id: 'SLAB',
  type: 'SLAB',
  aggregate: 'FAMILY',
  tiers: [
    { min_quantity: 1, percent: '0' },
    { min_quantity: 500, percent: '5' },
    { min_quantity: 2500, percent: '10' },
  ],
};

/** Support covers its model's hardware; services cost plus; one SKU in twenty block priced. */
function methodOf(kind: ProductKind, index: number): CatalogSku['pricing_method'] {
  if (kind === 'SUPPORT') {
    return {
      method: 'PERCENT_OF_TOTAL',
      percent: '20',
      covers: { scope: 'MODEL', kinds: ['HARDWARE', 'ACCESS_POINT'] },
    };
  }
  if (kind === 'SERVICE') return { method: 'COST_PLUS', markup_percent: '60' };
  if (index % 20 === 2) {
    return {
      method: 'BLOCK',
      blocks: [
        { min_quantity: 0, max_quantity: 99, price_minor: 500_000 },
        { min_quantity: 100, max_quantity: null, price_minor: 2_000_000 },
      ],
    };
  }
  return null;
}

function syntheticQuote(lineCount: number): PricingInput {
  const next = generator(lineCount);
  const catalog: Record<string, CatalogSku> = {};
  for (let index = 0; index < SKU_COUNT; index++) {
    const sku = `SKU-${index}`;
    const kind = KINDS[index % KINDS.length] ?? 'HARDWARE';
    catalog[sku] = {
      sku,
      name: `Product ${index}`,
      kind,
      active: true,
      billing: kind === 'SUBSCRIPTION' || kind === 'SUPPORT' ? 'ANNUAL' : 'ONE_TIME',
      prices: [
        {
          currency_code: 'EUR',
          unit_price_minor: 1_000 + next(500_000),
          effective_from: '2024-01-01',
          effective_to: '2025-01-01',
        },
        {
          currency_code: 'EUR',
          unit_price_minor: 1_000 + next(500_000),
          effective_from: '2025-01-01',
          effective_to: null,
        },
        {
          currency_code: 'USD',
          unit_price_minor: 1_000 + next(500_000),
          effective_from: '2024-01-01',
          effective_to: null,
        },
      ],
      volume_tiers: [
        { min_quantity: 10, percent: '2.5' },
        { min_quantity: 100, percent: '5' },
        { min_quantity: 500, percent: '7.75' },
      ],
      unit_cost_usd_minor: 500 + next(200_000),
      cost_year_factors_percent: ['100', '95', '90', '85', '80'],
      family: `FAMILY-${index % 4}`,
      model: `MODEL-${Math.floor(index / KINDS.length)}`,
      pricing_method: methodOf(kind, index),
      discount_schedule: kind === 'SUBSCRIPTION' && index % 2 === 0 ? SLAB : null,
    };
  }
  const lines: PricingLine[] = Array.from({ length: lineCount }, (_, index) => ({
    line_id: `line-${index}`,
    sku: `SKU-${next(SKU_COUNT)}`,
    quantities: Array.from({ length: YEARS }, () => next(1_000)),
    manual_discount_percent: `${next(40)}.${next(100)}`,
  }));
  return {
    currency_code: 'EUR',
    price_date: '2025-06-30',
    quote_type: 'ELA',
    contract_length: YEARS * 12,
    sales_channel: 'T2',
    partner_type: 'GOLD',
    price_adjustment_percent: '2.5',
    usd_rates: { EUR: '0.921500' },
    partner_discounts: KINDS.map((kind, index) => ({
      sales_channel: 'T2',
      partner_type: 'GOLD',
      product_kind: kind,
      percent: `${10 + index}.5`,
    })),
    term_discounts: KINDS.flatMap((kind) => [
      { product_kind: kind, min_months: 24, percent: '3' },
      { product_kind: kind, min_months: 60, percent: '10' },
    ]),
    lines,
    catalog,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

console.log(`Pricing ${YEARS}-year ELA quotes (median of timed runs after warm-up)`);
console.log('lines   runs   median ms/quote   lines/s');
for (const lineCount of LINE_COUNTS) {
  const input = syntheticQuote(lineCount);
  const runs = Math.max(30, Math.min(200, Math.round(20_000 / lineCount)));
  for (let warmUp = 0; warmUp < 3; warmUp++) priceQuote(input);
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const outcome = priceQuote(input);
    times.push(performance.now() - started);
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors.slice(0, 3)));
  }
  const ms = median(times);
  console.log(
    [
      String(lineCount).padStart(5),
      String(runs).padStart(6),
      ms.toFixed(2).padStart(17),
      Math.round((lineCount / ms) * 1000)
        .toLocaleString('en-US')
        .padStart(9),
    ].join(' '),
  );
}

// Issue 34: the product rules in the same pass. The demo rules over a 1,000-line five-year quote
// of the demo catalogue's firewalls, their support, accessories and access points.
const ruleSkus = Object.keys(DEMO_RULE_CATALOG);
const ruleLines = (count: number) => {
  const next = generator(count + 7);
  return Array.from({ length: count }, (_, index) => ({
    key: `line-${index}`,
    sku: ruleSkus[next(ruleSkus.length)] ?? 'BX-60-HW',
    quantities: Array.from({ length: YEARS }, () => next(50)),
    attributes: { high_availability: next(4) === 0 },
  }));
};
console.log('');
console.log(
  `Product rules (the ${DEMO_PRODUCT_RULES.length} demo rules; target 5 ms at 1,000 lines)`,
);
console.log('lines   runs   median ms/quote   messages');
for (const lineCount of [100, 1_000, 5_000]) {
  const input = {
    quote: {
      quote_type: 'ELA' as const,
      deal_type: 'NB',
      sales_channel: 'T2' as const,
      region: 'EMEA',
      currency: 'EUR',
      is_renewal: false,
    },
    lines: ruleLines(lineCount),
    catalog: DEMO_RULE_CATALOG,
  };
  for (let warmUp = 0; warmUp < 3; warmUp++)
    evaluateProductRules(input, DEMO_PRODUCT_RULES, '2026-12-01');
  const times: number[] = [];
  let messages = 0;
  for (let run = 0; run < 50; run++) {
    const started = performance.now();
    const result = evaluateProductRules(input, DEMO_PRODUCT_RULES, '2026-12-01');
    times.push(performance.now() - started);
    messages = result.messages.length;
    if (result.broken.length > 0) throw new Error(JSON.stringify(result.broken));
  }
  console.log(
    [
      String(lineCount).padStart(5),
      '50'.padStart(6),
      median(times).toFixed(2).padStart(17),
      String(messages).padStart(10),
    ].join(' '),
  );
}
