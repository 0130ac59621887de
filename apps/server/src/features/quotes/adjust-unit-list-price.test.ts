import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { quoteHistory } from '@bastion/db/schema/quote-history';
import { quoteLines, quotes } from '@bastion/db/schema/quotes';
import { PRICING_MESSAGES } from '@bastion/domain/pricing/pricing-messages';
import { loadApprovalFacts } from '../../core/approvals/approval-facts.repository.ts';
import { useAppSetting, writeAppSetting } from '../../test/app-settings.ts';
import {
  createTestQuote,
  insertApplianceFeedBundle,
  testSkuNames,
} from '../../test/quote-fixtures.ts';
import { postCalls, useTestBed } from '../../test/test-bed.ts';
import { PRICE_ADJUSTMENT_OFF_MESSAGE } from './configure-lines.ts';
import { slimLine, type SlimPricing } from './slim-pricing.test-harness.ts';

/** Issue 19: a unit list price typed per line on the configure page (app setting price_adjustment). */

const { ctx, cookies } = useTestBed({
  seller: { roles: [{ role: 'SALES_USER', assignment: 'REGION', assignmentValue: ['EMEA'] }] },
});
const { post } = postCalls({ ctx, cookies }, 'seller');
const sku = testSkuNames('T');
useAppSetting(ctx, 'price_adjustment', 'enable');

const setPriceAdjustment = (value: string) => writeAppSetting(ctx.db, 'price_adjustment', value);

beforeAll(() =>
  insertApplianceFeedBundle(ctx.db, sku, 'Adjustable', 'USD', { HW: 100_000, SUB: 12_000 }),
);

interface PricedLine {
  line_id: string;
  unit_list_price_minor: number;
  adjusted_unit_list_minor: number | null;
  list_minor: number;
  adjustment_minor: number;
  net_minor: number;
  years: { waterfall: { step: string; percent_bp: number | null; amount_minor: number }[] }[];
}

interface Configuration {
  quote: { id: string; version: number };
  can_adjust_unit_list_price: boolean;
  lines: { id: string; sku: string; adjusted_unit_list_minor: number | null }[];
  pricing: { ok: boolean; result?: SlimPricing } | null;
}

interface Problem {
  code: number;
  message: string;
  errors: { path: string; message: string }[];
}

const newQuote = () => createTestQuote(ctx, cookies.seller, {}, { currencyCode: 'USD' });

const save = (id: string, version: number, lines: object[]) =>
  post('/api/dx/save-quote-configuration', { id, version, lines });

const configurationOf = async (id: string) => {
  const response = await post('/api/dx/quote-configuration', { id });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Configuration }>().data;
};

const storedLines = (id: string) =>
  ctx.db.select().from(quoteLines).where(eq(quoteLines.quoteId, id));

describe('a unit list price typed on the configure page', () => {
  it('prices a draft at it: the list stays the catalogue’s, the difference is the adjustment', async () => {
    const id = await newQuote();
    const lines = [
      { key: 'a', sku: sku('HW'), quantities: [3], adjusted_unit_list_minor: 90_000 },
      { key: 'b', sku: sku('SUB'), quantities: [2] },
    ];
    const response = await post('/api/dx/pricing/execute', { id, lines });
    expect(response.statusCode, response.body).toBe(200);
    const slim = response.json<{ data: SlimPricing }>().data;
    expect(slimLine(slim, 'a')).toMatchObject({
      unit_list: '1000.00',
      adjusted_unit_list: '900.00',
      list: '3000.00',
      net: '2700.00',
    });
    expect(slimLine(slim, 'b')).toMatchObject({ adjusted_unit_list: null });
    // The adjustment and the waterfall: the line explained.
    const explain = async (key: string) => {
      const answer = await post('/api/dx/pricing/explain-line', { id, lines, line_key: key });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<{ data: { line: PricedLine } }>().data.line;
    };
    const [hw, sub] = [await explain('a'), await explain('b')];
    expect(hw).toMatchObject({
      unit_list_price_minor: 100_000,
      adjusted_unit_list_minor: 90_000,
      list_minor: 300_000,
      adjustment_minor: -30_000,
      net_minor: 270_000,
    });
    expect(hw?.years[0]?.waterfall[1]).toEqual({
      step: 'PRICE_ADJUSTMENT',
      percent_bp: null,
      amount_minor: -30_000,
      subtotal_minor: 270_000,
    });
    expect(sub).toMatchObject({ adjusted_unit_list_minor: null, adjustment_minor: 0 });
  });

  it('is saved, reopened, priced the same for approvals, and recorded in the history', async () => {
    const id = await newQuote();
    const response = await save(id, 1, [
      { key: 'a', sku: sku('HW'), quantities: [2], adjusted_unit_list_minor: 125_050 },
      { key: 'b', sku: sku('SUB'), quantities: [1] },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json<{ data: Configuration }>().data;
    expect(saved.can_adjust_unit_list_price).toBe(true);
    // 2 × $1,250.50 + 1 × $120.00.
    expect(saved.pricing?.result?.totals.net).toBe('2621.00');

    const reopened = await configurationOf(id);
    expect(reopened.lines.map((l) => [l.sku, l.adjusted_unit_list_minor])).toEqual([
      [sku('HW'), 125_050],
      [sku('SUB'), null],
    ]);
    expect(slimLine(reopened.pricing!.result!, reopened.lines[0]!.id)).toMatchObject({
      unit_list: '1000.00',
      adjusted_unit_list: '1250.50',
      net: '2501.00',
    });
    const [quote] = await ctx.db.select().from(quotes).where(eq(quotes.id, id));
    expect(quote?.totalAmountMinor).toBe(262_100);
    const { facts } = await loadApprovalFacts(ctx.db, id);
    expect(facts.net_total_usd).toBe(2621);

    const history = await ctx.db.select().from(quoteHistory).where(eq(quoteHistory.quoteId, id));
    expect(history.find((h) => h.action === 'products_saved')?.changes).toEqual(
      expect.arrayContaining([
        {
          field: `line ${sku('HW')}`,
          before: null,
          after: {
            sku: sku('HW'),
            quantities: [2, 0, 0, 0, 0],
            discount: '0',
            unit_list_minor: 125_050,
          },
        },
        // A line at the catalogue price reads as it always has.
        {
          field: `line ${sku('SUB')}`,
          before: null,
          after: { sku: sku('SUB'), quantities: [1, 0, 0, 0, 0], discount: '0' },
        },
      ]),
    );

    // Reset to the catalogue: the column is cleared.
    const hw = reopened.lines[0];
    const reset = await save(id, 2, [
      { id: hw?.id, key: 'a', sku: sku('HW'), quantities: [2], adjusted_unit_list_minor: null },
    ]);
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await storedLines(id)).map((l) => l.adjustedUnitListMinor)).toEqual([null]);
  });

  it('counts a price typed below the catalogue as a discount for approvals', async () => {
    const id = await newQuote();
    // $1,000.00 typed down to $600.00, then 10 % off: 46 % below the catalogue list.
    const response = await save(id, 1, [
      {
        key: 'a',
        sku: sku('HW'),
        quantities: [1],
        adjusted_unit_list_minor: 60_000,
        manual_discount_percent: '10',
      },
      { key: 'b', sku: sku('SUB'), quantities: [1] },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const { facts } = await loadApprovalFacts(ctx.db, id);
    expect(facts.max_line_discount_percent).toBe(46);
    // On a direct quote there is no standard pricing: all of it is the seller's.
    expect(facts.max_seller_discount_percent).toBe(46);
    // ($400 + $60) of ($1,000 + $120).
    expect(facts.total_discount_percent).toBe(41.07);

    // A raised price is not a discount: 10 % off $1,250.00 is 10 %.
    const raised = await save(id, 2, [
      {
        id: (await configurationOf(id)).lines[0]?.id,
        key: 'a',
        sku: sku('HW'),
        quantities: [1],
        adjusted_unit_list_minor: 125_000,
        manual_discount_percent: '10',
      },
    ]);
    expect(raised.statusCode, raised.body).toBe(200);
    const raisedFacts = (await loadApprovalFacts(ctx.db, id)).facts;
    expect([
      raisedFacts.max_line_discount_percent,
      raisedFacts.max_seller_discount_percent,
    ]).toEqual([10, 10]);
  });

  it('is refused while the setting is off, and nothing is saved', async () => {
    const id = await newQuote();
    await setPriceAdjustment('disabled');
    expect((await configurationOf(id)).can_adjust_unit_list_price).toBe(false);
    const lines = [
      { key: 'a', sku: sku('SUB'), quantities: [1] },
      { key: 'b', sku: sku('HW'), quantities: [1], adjusted_unit_list_minor: 50_000 },
    ];
    for (const response of [
      await save(id, 1, lines),
      await post('/api/dx/pricing/execute', { id, lines }),
    ]) {
      expect(response.statusCode).toBe(400);
      const problem = response.json<Problem>();
      expect(problem.message).toBe(PRICE_ADJUSTMENT_OFF_MESSAGE);
      expect(problem.errors).toEqual([
        { path: 'lines.1.adjusted_unit_list_minor', message: PRICE_ADJUSTMENT_OFF_MESSAGE },
      ]);
    }
    expect(await storedLines(id)).toEqual([]);
    const [quote] = await ctx.db.select().from(quotes).where(eq(quotes.id, id));
    expect(quote?.version).toBe(1);
    // Lines at the catalogue price still save.
    const plain = await save(id, 1, [{ key: 'a', sku: sku('SUB'), quantities: [1] }]);
    expect(plain.statusCode, plain.body).toBe(200);
  });

  it('typed before the setting went off keeps pricing its line, may be reset, not changed', async () => {
    const id = await newQuote();
    const first = await save(id, 1, [
      { key: 'a', sku: sku('HW'), quantities: [1], adjusted_unit_list_minor: 80_000 },
    ]);
    expect(first.statusCode, first.body).toBe(200);
    const lineId = first.json<{ data: Configuration }>().data.lines[0]?.id;
    await setPriceAdjustment('disabled');

    const reopened = await configurationOf(id);
    expect(reopened.pricing?.result?.totals.net).toBe('800.00');
    const kept = { id: lineId, key: 'a', sku: sku('HW'), quantities: [2] };
    const unchanged = await save(id, 2, [{ ...kept, adjusted_unit_list_minor: 80_000 }]);
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect(unchanged.json<{ data: Configuration }>().data.pricing?.result?.totals.net).toBe(
      '1600.00',
    );

    const changed = await save(id, 3, [{ ...kept, adjusted_unit_list_minor: 70_000 }]);
    expect(changed.statusCode).toBe(400);
    expect(changed.json<Problem>().message).toBe(PRICE_ADJUSTMENT_OFF_MESSAGE);
    // The same price on a new line of the same SKU is a new adjustment.
    const copied = await save(id, 3, [
      { ...kept, adjusted_unit_list_minor: 80_000 },
      { key: 'new', sku: sku('HW'), quantities: [1], adjusted_unit_list_minor: 80_000 },
    ]);
    expect(copied.statusCode).toBe(400);
    expect(copied.json<Problem>().errors.map((e) => e.path)).toEqual([
      'lines.1.adjusted_unit_list_minor',
    ]);
    expect((await storedLines(id)).map((l) => l.adjustedUnitListMinor)).toEqual([80_000]);

    const reset = await save(id, 3, [kept]);
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await storedLines(id)).map((l) => l.adjustedUnitListMinor)).toEqual([null]);
  });

  it.each<[string, unknown]>([
    ['negative', -1],
    ['a fraction of a cent', 100.5],
    ['above the maximum', 100_000_000_001],
    ['text', '900.00'],
  ])('refuses a price that is %s with 400', async (_, typed) => {
    const id = await newQuote();
    const response = await save(id, 1, [
      { key: 'a', sku: sku('HW'), quantities: [1], adjusted_unit_list_minor: typed },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json<Problem>().errors).toEqual([
      { path: 'lines.0.adjusted_unit_list_minor', message: PRICING_MESSAGES.adjustedUnitList },
    ]);
    expect(await storedLines(id)).toEqual([]);
  });

  it('refuses one on a bundle, whose components carry its price', async () => {
    const id = await newQuote();
    const response = await save(id, 1, [
      { key: 'b', sku: sku('BUN'), quantities: [1], adjusted_unit_list_minor: 5_000 },
      {
        key: 'c',
        sku: sku('HW'),
        quantities: [1],
        parent_key: 'b',
        adjusted_unit_list_minor: 5_000,
      },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json<Problem>().errors).toEqual([
      {
        path: 'lines.0.adjusted_unit_list_minor',
        message: PRICING_MESSAGES.adjustedUnitListBundle,
      },
    ]);
    expect(await storedLines(id)).toEqual([]);
  });
});
