import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mcHwSkuCosts, skuVolumeTiers } from '@bastion/db/schema/catalog';
import { quoteLines, quotes, quoteSkuDiscounts } from '@bastion/db/schema/quotes';
import { parsePercentBp } from '@bastion/domain/pricing/decimal';
import { priceQuote } from '@bastion/domain/pricing/engine';
import type { LineResult, PricingLine } from '@bastion/domain/pricing/model';
import { decimalAsMinor, slimPricingResult } from '@bastion/domain/pricing/slim-result';
import { loadPricingInput } from '../../core/pricing/pricing-inputs.repository.ts';
import { useAppSetting } from '../../test/app-settings.ts';
import {
  createTestQuote,
  insertApplianceFeedBundle,
  testSkuNames,
} from '../../test/quote-fixtures.ts';
import { createUser, signedIn } from '../../test/test-app.ts';
import { postCalls, useTestBed } from '../../test/test-bed.ts';
import { slimLine, type SlimPricing } from './slim-pricing.test-harness.ts';

/*
 * Issue 20: the configure page's slim pricing answer carries the engine's figures exactly, one
 * line's waterfall comes on demand, and a large configuration saves in one statement.
 */

const { ctx, cookies } = useTestBed({
  seller: { roles: [{ role: 'SALES_USER', assignment: 'REGION', assignmentValue: ['EMEA'] }] },
  desk: 'DEAL_DESK',
});
const { post, dataOf } = postCalls({ ctx, cookies }, 'seller');
const sku = testSkuNames('T');
useAppSetting(ctx, 'price_adjustment', 'enable');

beforeAll(async () => {
  await insertApplianceFeedBundle(ctx.db, sku, 'Slim', 'EUR', { HW: 92_005, SUB: 11_041 });
  await ctx.db.insert(skuVolumeTiers).values({ sku: sku('SUB'), minQuantity: 10, percent: '5' });
  await ctx.db.insert(mcHwSkuCosts).values({ sku: sku('HW'), unitCostUsdMinor: 40_000 });
});

const newQuote = (values: Record<string, unknown> = {}) =>
  createTestQuote(ctx, cookies.seller, values);

interface Draft {
  id?: string;
  key: string;
  sku: string;
  quantities: number[];
  manual_discount_percent?: string;
  parent_key?: string;
  adjusted_unit_list_minor?: number;
}

/** What the engine itself makes of the drafts, on the quote as stored. */
async function enginePricing(quoteId: string, drafts: readonly Draft[]) {
  const [quote] = await ctx.db.select().from(quotes).where(eq(quotes.id, quoteId));
  if (!quote) throw new Error('no quote');
  const lines: PricingLine[] = drafts.map((draft) => ({
    line_id: draft.key,
    sku: draft.sku,
    quantities: draft.quantities,
    manual_discount_percent: draft.manual_discount_percent ?? null,
    parent_line_id: draft.parent_key ?? null,
    adjusted_unit_list_minor: draft.adjusted_unit_list_minor ?? null,
  }));
  const outcome = priceQuote(await loadPricingInput(ctx.db, quote, lines));
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
  return outcome.result;
}

const CASES: [string, Record<string, unknown>, () => Draft[]][] = [
  [
    'STANDARD',
    {},
    () => [
      { key: 'hw', sku: sku('HW'), quantities: [3], manual_discount_percent: '12.5' },
      { key: 'sub', sku: sku('SUB'), quantities: [12], adjusted_unit_list_minor: 12_345 },
      { key: 'bun', sku: sku('BUN'), quantities: [1] },
      { key: 'bun-hw', sku: sku('HW'), quantities: [1], parent_key: 'bun' },
      { key: 'bun-sub', sku: sku('SUB'), quantities: [2], parent_key: 'bun' },
    ],
  ],
  [
    'ELA, five years',
    { quote_type: 'ELA', contract_length: '60' },
    () => [
      {
        key: 'sub',
        sku: sku('SUB'),
        quantities: [5, 10, 20, 20, 0],
        manual_discount_percent: '7.25',
      },
      {
        key: 'hw',
        sku: sku('HW'),
        quantities: [2, 0, 1, 0, 0],
        adjusted_unit_list_minor: 99_999,
      },
      { key: 'bun', sku: sku('BUN'), quantities: [1, 0, 0, 0, 0] },
      { key: 'bun-sub', sku: sku('SUB'), quantities: [1, 1, 1, 1, 1], parent_key: 'bun' },
    ],
  ],
];

describe('the slim pricing answer of pricing/execute', () => {
  it.each(CASES)('carries the engine’s figures exactly: %s', async (_, values, drafts) => {
    const id = await newQuote(values);
    const lines = drafts();
    const engine = await enginePricing(id, lines);
    const slim = await dataOf<SlimPricing>('/api/dx/pricing/execute', { id, lines }, cookies.desk);
    // Beside the prices, what the product rules say: nothing of this file's own SKUs.
    expect(slim).toEqual({
      ...slimPricingResult(engine, { showsMargin: true }),
      rule_messages: [],
      rule_actions: [],
      rule_applied: [],
    });
    // And figure by figure, back in minor units.
    for (const line of engine.lines) {
      const shown = slimLine(slim, line.line_id);
      const own = line.is_bundle ? line.rollup : line;
      expect(decimalAsMinor(shown.net ?? '')).toBe(own?.net_minor);
      expect(decimalAsMinor(shown.unit_list ?? '')).toBe(line.unit_list_price_minor);
      expect(shown.year_nets?.map(decimalAsMinor)).toEqual(line.years.map((y) => y.net_minor));
      expect(shown.quantities).toEqual(line.years.map((y) => y.quantity));
    }
    expect(decimalAsMinor(slim.totals.net)).toBe(engine.totals.net_minor);
    expect(decimalAsMinor(slim.totals.margin ?? '')).toBe(engine.totals.margin_minor);
    expect(JSON.stringify(slim)).not.toContain('waterfall');
  });

  it('leaves cost and margin out for a viewer who may not see margin', async () => {
    const id = await newQuote();
    const lines = CASES[0]![2]();
    const slim = await dataOf<SlimPricing>(
      '/api/dx/pricing/execute',
      { id, lines },
      cookies.seller,
    );
    expect(slim.shows_margin).toBe(false);
    for (const field of ['cost', 'margin', 'margin_percent']) {
      expect(slim.totals).not.toHaveProperty(field);
    }
    expect(JSON.stringify(slim)).not.toMatch(/"(cost|margin|margin_percent)"/);
    const explained = await dataOf<{ shows_margin: boolean; line: LineResult }>(
      '/api/dx/pricing/explain-line',
      { id, lines, line_key: 'hw' },
      cookies.seller,
    );
    expect(explained.shows_margin).toBe(false);
    expect(explained.line).toMatchObject({
      cost_minor: null,
      margin_minor: null,
      margin_percent_bp: null,
    });
    expect(explained.line.years.every((year) => year.cost_minor === null)).toBe(true);

    // The deal desk (can_see_margin) gets each line's cost, margin and margin % beside them.
    const forDesk = await dataOf<SlimPricing>(
      '/api/dx/pricing/execute',
      { id, lines },
      cookies.desk,
    );
    const engine = await enginePricing(id, lines);
    const hw = engine.lines.find((line) => line.line_id === 'hw');
    const at = forDesk.lines.line_id.indexOf('hw');
    expect(hw?.cost_minor).toBeGreaterThan(0);
    expect({
      cost: decimalAsMinor(forDesk.lines.cost?.[at] ?? ''),
      margin: decimalAsMinor(forDesk.lines.margin?.[at] ?? ''),
      margin_percent: forDesk.lines.margin_percent?.[at],
    }).toEqual({
      cost: hw?.cost_minor,
      margin: hw?.margin_minor,
      margin_percent: String((hw?.margin_percent_bp ?? 0) / 100),
    });
  });

  it('is what the configuration answer carries for the stored lines', async () => {
    const id = await newQuote();
    const saved = await dataOf<{
      lines: { id: string }[];
      needs_shipping_realignment: boolean;
      pricing: { result: SlimPricing };
    }>(
      '/api/dx/save-quote-configuration',
      { id, version: 1, lines: CASES[0]![2](), advance: false },
      cookies.desk,
    );
    const opened = await dataOf<typeof saved>('/api/dx/quote-configuration', { id }, cookies.desk);
    // The save answers from what it priced and wrote; reopening reads and prices them anew.
    expect(saved.pricing.result).toEqual(opened.pricing.result);
    expect(saved.lines).toEqual(opened.lines);
    expect(saved.needs_shipping_realignment).toBe(opened.needs_shipping_realignment);
    expect(opened.pricing.result.lines.line_id).toEqual(saved.lines.map((line) => line.id));
  });
});

describe('pricing/explain-line', () => {
  it.each(CASES)('returns the engine’s line with its waterfall: %s', async (_, values, drafts) => {
    const id = await newQuote(values);
    const lines = drafts();
    const engine = await enginePricing(id, lines);
    for (const line of engine.lines) {
      const explained = await dataOf<{ currency_code: string; line: LineResult }>(
        '/api/dx/pricing/explain-line',
        { id, lines, line_key: line.line_id },
        cookies.desk,
      );
      expect(explained.currency_code).toBe('EUR');
      expect(explained.line).toEqual(line);
    }
    const withSteps = engine.lines.find((line) => !line.is_bundle);
    expect(withSteps?.years[0]?.waterfall.map((step) => step.step)).toEqual([
      'LIST',
      'PRICE_ADJUSTMENT',
      'VOLUME',
      'TERM',
      'PARTNER',
      'MANUAL',
      'NET',
    ]);
  });

  it('is refused for a quote the caller cannot see, and for a line not on the draft', async () => {
    const id = await newQuote();
    const lines = CASES[0]![2]();
    const apj = await signedIn(
      ctx.app,
      await createUser(ctx.db, {
        roles: [{ role: 'SALES_USER', assignment: 'REGION', assignmentValue: ['APJ'] }],
      }),
    );
    const hidden = await post('/api/dx/pricing/explain-line', { id, lines, line_key: 'hw' }, apj);
    expect(hidden.statusCode).toBe(404);
    const missing = await post(
      '/api/dx/pricing/explain-line',
      { id, lines, line_key: 'nope' },
      cookies.seller,
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      errors: [{ path: 'line_key', message: 'That line is not among the lines sent.' }],
    });
  });
});

describe('saving a large configuration', () => {
  it('round-trips 1,000 lines: positions, quantities and discounts kept, removed lines gone', async () => {
    const id = await newQuote({ quote_type: 'ELA', contract_length: '60' });
    const codes = [sku('HW'), sku('SUB')];
    const first: Draft[] = Array.from({ length: 1000 }, (_, i) => ({
      key: `k${i}`,
      sku: codes[Math.floor(i / 2) % 2] ?? '',
      quantities: [1 + (i % 7), i % 3, 0, 2, 1],
      ...(i % 4 === 0 ? { manual_discount_percent: String(i % 50) } : {}),
    }));
    const saved = await dataOf<{ quote: { version: number }; lines: { id: string }[] }>(
      '/api/dx/save-quote-configuration',
      { id, version: 1, lines: first, advance: false },
      cookies.seller,
    );
    expect(saved.lines).toHaveLength(1000);

    // Keep every other line, in reverse order, with new quantities and discounts; add 10.
    const kept = first
      .map((draft, i) => ({ ...draft, id: saved.lines[i]?.id }))
      .filter((_, i) => i % 2 === 0)
      .reverse()
      .map((draft, i) => ({
        ...draft,
        quantities: [i % 5, 1, 2, 3, 4],
        manual_discount_percent: i % 3 === 0 ? '33.33' : '0',
      }));
    const added: Draft[] = Array.from({ length: 10 }, (_, i) => ({
      key: `new${i}`,
      sku: sku('SUB'),
      quantities: [9, 9, 9, 9, 9],
    }));
    const second = [...kept, ...added];
    await dataOf(
      '/api/dx/save-quote-configuration',
      {
        id,
        version: saved.quote.version,
        lines: second,
        advance: false,
      },
      cookies.seller,
    );

    const rows = await ctx.db
      .select()
      .from(quoteLines)
      .where(eq(quoteLines.quoteId, id))
      .orderBy(asc(quoteLines.position));
    expect(rows).toHaveLength(second.length);
    rows.forEach((row, position) => {
      const draft = second[position]!;
      expect(row.position).toBe(position);
      if (draft.id) expect(row.id).toBe(draft.id);
      expect(row.sku).toBe(draft.sku);
      expect([row.y1, row.y2, row.y3, row.y4, row.y5]).toEqual(draft.quantities);
      expect(parsePercentBp(row.manualDiscountPercent)).toEqual(
        parsePercentBp(draft.manual_discount_percent ?? '0'),
      );
    });
    const removed = new Set(saved.lines.filter((_, i) => i % 2 === 1).map((line) => line.id));
    expect(rows.some((row) => removed.has(row.id))).toBe(false);
    // The discount report's rows follow the lines, in the same transaction.
    const rollups = await ctx.db
      .select()
      .from(quoteSkuDiscounts)
      .where(eq(quoteSkuDiscounts.quoteId, id));
    expect(rollups.reduce((sum, row) => sum + row.lineCount, 0)).toBe(second.length);
    // The total is the lines' net.
    const [quote] = await ctx.db.select().from(quotes).where(eq(quotes.id, id));
    expect(quote?.totalAmountMinor).toBe((await enginePricing(id, second)).totals.net_minor);
  });
});
