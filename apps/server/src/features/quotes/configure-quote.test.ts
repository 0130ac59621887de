import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleComponents, mcHwSkuCosts } from '@bastion/db/schema/catalog';
import {
  discountSchedules,
  discountScheduleTiers,
  skuDiscountSchedules,
} from '@bastion/db/schema/pricing';
import { quoteHistory } from '@bastion/db/schema/quote-history';
import { contracts, entitlements, quoteLines, quotes } from '@bastion/db/schema/quotes';
import {
  createTestApp,
  createUser,
  signedIn,
  signedInAs,
  type TestContext,
} from '../../test/test-app.ts';
import { createTestQuote, insertTestSkus, unique } from '../../test/quote-fixtures.ts';
import { decimalAsMinor } from '@bastion/domain/pricing/slim-result';
import type { SlimPricing } from './slim-pricing.test-harness.ts';
import { STALE_QUOTE_MESSAGE } from './update-quote-header.ts';

let ctx: TestContext;
let tag: string;
let seller: { id: string; cookie: string };
let desk: { id: string; cookie: string };

/** A small catalogue of our own, so the figures below do not move with the demo seed. */
const sku = (name: string) => `T-${name}-${tag}`;

beforeAll(async () => {
  ctx = await createTestApp();
  tag = unique().slice(0, 6).toUpperCase();
  await insertTestSkus(ctx.db, [
    {
      sku: sku('HW'),
      name: 'Test appliance',
      kind: 'HARDWARE',
      billing: 'ONE_TIME',
      prices: { EUR: 92_000, USD: 100_000 },
    },
    {
      sku: sku('SUB'),
      name: 'Test threat feed',
      kind: 'SUBSCRIPTION',
      billing: 'ANNUAL',
      prices: { EUR: 11_040, USD: 12_000 },
    },
    {
      sku: sku('USD'),
      name: 'Dollar-only item',
      kind: 'SERVICE',
      billing: 'ONE_TIME',
      prices: { USD: 50_000 },
    },
    {
      sku: sku('OLD'),
      name: 'Retired appliance',
      kind: 'HARDWARE',
      billing: 'ONE_TIME',
      isActive: false,
      prices: { EUR: 10_000 },
    },
    {
      sku: sku('BUN'),
      name: 'Test bundle',
      kind: 'BUNDLE',
      billing: 'ONE_TIME',
      prices: { EUR: 0 },
    },
  ]);
  await ctx.db.insert(bundleComponents).values([
    { bundleSku: sku('BUN'), componentSku: sku('HW'), quantity: 1 },
    { bundleSku: sku('BUN'), componentSku: sku('SUB'), quantity: 1 },
  ]);
  await ctx.db.insert(mcHwSkuCosts).values({ sku: sku('HW'), unitCostUsdMinor: 40_000 });

  const sellerUser = await createUser(ctx.db, {
    roles: [{ role: 'SALES_USER', assignment: 'REGION', assignmentValue: ['EMEA'] }],
  });
  const deskUser = await createUser(ctx.db, { roles: [{ role: 'DEAL_DESK' }] });
  seller = { id: sellerUser.id, cookie: await signedIn(ctx.app, sellerUser) };
  desk = { id: deskUser.id, cookie: await signedIn(ctx.app, deskUser) };
});

const post = (url: string, payload: object, cookie: string) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: { cookie } });

interface Configuration {
  quote: { id: string; version: number; status_id: string; target_path: string };
  lines: { id: string; sku: string; quantities: number[]; manual_discount_percent: string }[];
  is_read_only: boolean;
  pricing: { ok: boolean; result?: SlimPricing } | null;
}

const newQuote = (values: Record<string, unknown> = {}) =>
  createTestQuote(ctx, seller.cookie, values);

const save = (
  id: string,
  version: number,
  lines: object[],
  cookie = seller.cookie,
  advance = false,
) => post('/api/dx/save-quote-configuration', { id, version, lines, advance }, cookie);

describe('configuring a quote', () => {
  it('records a line swapped for a new one of the same SKU as removed, then added', async () => {
    const id = await newQuote();
    const first = await save(id, 1, [{ key: 'a', sku: sku('SUB'), quantities: [101] }]);
    expect(first.statusCode, first.body).toBe(200);
    // No id: a new line of the same SKU, so the stored one goes.
    const second = await save(id, 2, [{ key: 'b', sku: sku('SUB'), quantities: [7] }]);
    expect(second.statusCode, second.body).toBe(200);
    const history = await ctx.db.select().from(quoteHistory).where(eq(quoteHistory.quoteId, id));
    const swap = history.find((h) => h.version === 3);
    const lineChanges = (swap?.changes ?? []).filter((c) => c.field === `line ${sku('SUB')}`);
    // Replayed in order, SKU by SKU, each change starts from what the one before left.
    expect(lineChanges.map((c) => [c.before === null, c.after === null])).toEqual([
      [false, true],
      [true, false],
    ]);
  });

  it('saves lines, prices them exactly and records the change', async () => {
    const id = await newQuote();
    const response = await save(id, 1, [
      { key: 'a', sku: sku('HW'), quantities: [2], manual_discount_percent: '10' },
      { key: 'b', sku: sku('SUB'), quantities: [3] },
    ]);
    expect(response.statusCode).toBe(200);
    const data = response.json<{ data: Configuration }>().data;
    // 2 × €920.00 less 10 % = €1,656.00; 3 × €110.40 for 12 months = €331.20.
    expect(data.pricing?.result?.totals).toMatchObject({ list: '2171.20', net: '1987.20' });
    expect(data.quote.version).toBe(2);
    expect(data.lines.map((l) => [l.sku, l.quantities, l.manual_discount_percent])).toEqual([
      [sku('HW'), [2], '10'],
      [sku('SUB'), [3], '0'],
    ]);
    const [row] = await ctx.db.select().from(quotes).where(eq(quotes.id, id));
    expect(row?.totalAmountMinor).toBe(198_720);
    const history = await ctx.db.select().from(quoteHistory).where(eq(quoteHistory.quoteId, id));
    const saved = history.find((h) => h.action === 'products_saved');
    expect(saved?.changes).toEqual(
      expect.arrayContaining([
        {
          field: `line ${sku('HW')}`,
          before: null,
          after: expect.objectContaining({ discount: '10' }),
        },
        { field: 'total', before: 0, after: 198_720 },
      ]),
    );

    // Changing one line keeps the other's id; removing a line deletes it.
    const [hw] = data.lines;
    const again = await save(id, 2, [
      { id: hw?.id, key: 'a', sku: sku('HW'), quantities: [1], manual_discount_percent: '10' },
    ]);
    const next = again.json<{ data: Configuration }>().data;
    expect(next.lines.map((l) => l.id)).toEqual([hw?.id]);
    expect(next.pricing?.result?.totals.net).toBe('828.00');
  });

  it('refuses a stale version with 409 and changes nothing', async () => {
    const id = await newQuote();
    await save(id, 1, [{ key: 'a', sku: sku('HW'), quantities: [1] }]);
    const stale = await save(id, 1, [{ key: 'a', sku: sku('HW'), quantities: [5] }]);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: STALE_QUOTE_MESSAGE });
    const lines = await ctx.db.select().from(quoteLines).where(eq(quoteLines.quoteId, id));
    expect(lines.map((l) => l.y1)).toEqual([1]);
  });

  it.each([
    [
      [{ key: 'a', sku: 'HW', quantities: [-1] }],
      'lines.0.quantities.0',
      'Quantity must be a whole number of 0 or more.',
    ],
    [
      [{ key: 'a', sku: 'HW', quantities: [1.5] }],
      'lines.0.quantities.0',
      'Quantity must be a whole number of 0 or more.',
    ],
    [
      [{ key: 'a', sku: 'HW', quantities: [1], manual_discount_percent: '120' }],
      'lines.0.manual_discount_percent',
      'Discount must be between 0 and 100 %.',
    ],
    [
      [{ key: 'a', sku: 'HW', quantities: [1], manual_discount_percent: '12.345' }],
      'lines.0.manual_discount_percent',
      null,
    ],
    [[{ key: 'a', sku: 'USD', quantities: [1] }], 'lines.0.sku', 'is not sold in EUR'],
    [[{ key: 'a', sku: 'OLD', quantities: [1] }], 'lines.0.sku', 'is no longer sold'],
    [[{ key: 'a', sku: 'NOPE', quantities: [1] }], 'lines.0.sku', 'is not in the catalog'],
    [[{ key: 'a', sku: 'HW', quantities: [1, 1] }], 'lines.0.quantities', null],
    [
      [{ key: 'a', sku: 'HW', quantities: [1], parent_key: 'zz' }],
      'lines.0.parent_key',
      'The bundle this line belongs to is not on the quote.',
    ],
  ])('refuses %j (%s) and saves nothing', async (lines, path, message) => {
    const id = await newQuote();
    const named = (lines as { sku: string }[]).map((l) => ({ ...l, sku: sku(l.sku) }));
    const response = await save(id, 1, named);
    expect(response.statusCode).toBe(400);
    const body = response.json<{ errors: { path: string; message: string }[] }>();
    const error = body.errors.find((e) => e.path === path);
    expect(error, JSON.stringify(body.errors)).toBeDefined();
    if (message) expect(error?.message).toContain(message);
    expect(await ctx.db.select().from(quoteLines).where(eq(quoteLines.quoteId, id))).toEqual([]);
    const [row] = await ctx.db.select().from(quotes).where(eq(quotes.id, id));
    expect(row?.version).toBe(1);
  });

  it('shows margin to the deal desk and never sends it to a seller', async () => {
    const id = await newQuote();
    await save(id, 1, [{ key: 'a', sku: sku('HW'), quantities: [1] }]);
    const forSeller = (await post('/api/dx/quote-configuration', { id }, seller.cookie)).json<{
      data: Configuration;
    }>().data;
    expect(forSeller.pricing?.result?.shows_margin).toBe(false);
    // Not emptied: left out.
    expect(forSeller.pricing?.result?.totals).not.toHaveProperty('margin');
    expect(forSeller.pricing?.result?.totals).not.toHaveProperty('cost');
    const lines = [{ id: forSeller.lines[0]?.id, key: 'a', sku: sku('HW'), quantities: [1] }];
    const explainedForSeller = (
      await post('/api/dx/pricing/explain-line', { id, lines, line_key: 'a' }, seller.cookie)
    ).json<{ data: { shows_margin: boolean; line: { cost_minor: number | null } } }>().data;
    expect(explainedForSeller.shows_margin).toBe(false);
    expect(explainedForSeller.line.cost_minor).toBeNull();

    const forDesk = (await post('/api/dx/quote-configuration', { id }, desk.cookie)).json<{
      data: Configuration;
    }>().data;
    expect(forDesk.pricing?.result?.shows_margin).toBe(true);
    // Cost $400.00 at 0.92 = €368.00 (no hardware markup on this test family's kind unless
    // seeded); the margin is what is left of €920.00.
    const line = (
      await post('/api/dx/pricing/explain-line', { id, lines, line_key: 'a' }, desk.cookie)
    ).json<{ data: { line: { cost_minor: number | null } } }>().data.line;
    expect(line.cost_minor).toBeGreaterThan(0);
    expect(decimalAsMinor(forDesk.pricing?.result?.totals.margin ?? '')).toBe(
      92_000 - (line.cost_minor ?? 0),
    );
  });

  it('prices a draft without saving it', async () => {
    const id = await newQuote();
    const response = await post(
      '/api/dx/pricing/execute',
      { id, lines: [{ key: 'x', sku: sku('SUB'), quantities: [10] }] },
      seller.cookie,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: SlimPricing }>().data.totals.net).toBe('1104.00');
    expect(await ctx.db.select().from(quoteLines).where(eq(quoteLines.quoteId, id))).toEqual([]);
  });

  it('prices an ELA per year, with a partial last year', async () => {
    const id = await newQuote({ quote_type: 'ELA', contract_length: '36' });
    // The form offers whole years; a co-termed ELA can end mid-year.
    const shortened = await post(
      '/api/dx/update-quote',
      { id, version: 1, contract_length: 30 },
      seller.cookie,
    );
    expect(shortened.statusCode).toBe(200);
    const response = await save(id, 2, [{ key: 's', sku: sku('SUB'), quantities: [10, 20, 20] }]);
    expect(response.statusCode).toBe(200);
    const result = response.json<{ data: { pricing: { result: SlimPricing } } }>().data.pricing
      .result;
    // €110.40 a year: 10 for 12 months, 20 for 12 months, 20 for the last 6 months; a
    // subscription on 30 months takes the demo's 3 % term discount (from 24 months).
    expect(result.totals.years).toEqual({
      list: ['1104.00', '2208.00', '1104.00'],
      net: ['1070.88', '2141.76', '1070.88'],
    });
  });

  it('keeps a bundle with its components and moves on to shipping with Next', async () => {
    const id = await newQuote();
    const response = await save(
      id,
      1,
      [
        { key: 'b', sku: sku('BUN'), quantities: [1] },
        { key: 'b1', sku: sku('HW'), quantities: [1], parent_key: 'b' },
        { key: 'b2', sku: sku('SUB'), quantities: [1], parent_key: 'b' },
      ],
      seller.cookie,
      true,
    );
    expect(response.statusCode).toBe(200);
    const data = response.json<{ data: Configuration }>().data;
    expect(data.quote.status_id).toBe('SH_HW_CONFIG');
    expect(data.quote.target_path).toBe(`/cpq/configure-sh-hw/${id}/STANDARD`);
    const stored = await ctx.db.select().from(quoteLines).where(eq(quoteLines.quoteId, id));
    const bundle = stored.find((l) => l.sku === sku('BUN'));
    expect(stored.filter((l) => l.parentLineId === bundle?.id)).toHaveLength(2);
  });

  it('will not move on with no products', async () => {
    const id = await newQuote();
    const response = await save(id, 1, [], seller.cookie, true);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'Add at least one product before moving on.',
    });
  });

  it('answers 404 for a quote outside the caller’s scope', async () => {
    const id = await newQuote();
    const apj = await createUser(ctx.db, {
      roles: [{ role: 'SALES_USER', assignment: 'REGION', assignmentValue: ['APJ'] }],
    });
    const response = await save(id, 1, [], await signedIn(ctx.app, apj));
    expect(response.statusCode).toBe(404);
  });

  it('is refused to users who only view quotes', async () => {
    const id = await newQuote();
    const response = await save(id, 1, [], await signedInAs(ctx, 'CFO'));
    expect(response.statusCode).toBe(403);
  });

  describe('secure access sizing', () => {
    const size = (id: string, version: number, config: object, cookie = seller.cookie) =>
      post('/api/dx/save-secure-access', { id, version, config }, cookie);

    it('becomes the quote’s secure-access lines, next to the others, and is stored', async () => {
      const id = await newQuote();
      await save(id, 1, [{ key: 'a', sku: sku('HW'), quantities: [1] }]);
      const response = await size(id, 2, {
        pricing_model: 'Device Based',
        number_of_local_access_points_xs_1: 40,
        number_of_local_access_points_m_1: 120,
      });
      expect(response.statusCode, response.body).toBe(200);
      const data = response.json<{ data: Configuration & { secure_access: object } }>().data;
      expect(data.lines.map((l) => [l.sku, l.quantities])).toEqual([
        [sku('HW'), [1]],
        ['SA-DB-ESS-XS', [40]],
        ['SA-DB-ESS-M', [120]],
      ]);
      expect(data.secure_access).toMatchObject({ pricing_model: 'Device Based' });
      expect(data.pricing?.ok).toBe(true);

      // Sizing again by access points replaces the sized lines and nothing else.
      const again = await size(id, 3, {
        pricing_model: 'Local Access Point Based',
        number_of_access_points_1: 8,
        number_of_devices_per_lap_1: 300,
      });
      expect(again.statusCode, again.body).toBe(200);
      const next = again.json<{ data: Configuration }>().data;
      expect(next.lines.map((l) => [l.sku, l.quantities])).toEqual([
        [sku('HW'), [1]],
        ['SA-LAP-ESS-M', [8]],
      ]);
      const history = await ctx.db.select().from(quoteHistory).where(eq(quoteHistory.quoteId, id));
      expect(history.filter((h) => h.action === 'secure_access_sized')).toHaveLength(2);
    });

    it('keeps sized quantities to the sizing', async () => {
      const id = await newQuote();
      const sized = await size(id, 1, {
        pricing_model: 'Device Based',
        number_of_local_access_points_s_1: 200,
      });
      const line = sized.json<{ data: Configuration }>().data.lines[0];
      const changed = await save(id, 2, [
        { id: line?.id, key: 'x', sku: 'SA-DB-ESS-S', quantities: [250] },
      ]);
      expect(changed.statusCode).toBe(400);
      expect(changed.json()).toMatchObject({
        message: 'Secure-access quantities come from the sizing: change them there.',
      });
      const discounted = await save(id, 2, [
        {
          id: line?.id,
          key: 'x',
          sku: 'SA-DB-ESS-S',
          quantities: [200],
          manual_discount_percent: '5',
        },
      ]);
      expect(discounted.statusCode).toBe(200);
    });

    it.each([
      [{}, 'secure_access.pricing_model', 'Please select Pricing Model'],
      [
        { pricing_model: 'Device Based', number_of_local_access_points_s_1: 30 },
        'secure_access.number_of_local_access_points_1',
        'Minimum 50 allowed per configuration.',
      ],
      [
        { pricing_model: 'Device Based', number_of_local_access_points_l_1: 20_001 },
        'secure_access.number_of_local_access_points_1',
        'Maximum 20000 allowed per configuration.',
      ],
      [
        { pricing_model: 'Local Access Point Based', number_of_access_points_1: 5 },
        'secure_access.number_of_devices_per_lap_1',
        'Please enter value',
      ],
    ])('refuses %j with the spec’s message and saves nothing', async (config, path, message) => {
      const id = await newQuote();
      const response = await size(id, 1, config);
      expect(response.statusCode).toBe(400);
      const errors = response.json<{ errors: { path: string; message: string }[] }>().errors;
      expect(errors).toContainEqual({ path, message });
      const [row] = await ctx.db.select().from(quotes).where(eq(quotes.id, id));
      expect(row?.version).toBe(1);
      expect(row?.secureAccess).toBeNull();
    });

    it('refuses a setting it does not know', async () => {
      const id = await newQuote();
      const response = await size(id, 1, { pricing_model: 'Device Based', hack: 1 });
      expect(response.statusCode).toBe(400);
    });
  });
});

describe('volume tiers across lines (issue 35)', () => {
  it('prices two lines of 300 EP-ADV-DEV as 600: each nets 95 % of what a line of 300 alone does', async () => {
    const id = await newQuote();
    const nets = async (lines: object[]) => {
      const response = await post('/api/dx/pricing/execute', { id, lines }, seller.cookie);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: SlimPricing }>().data.lines.net;
    };
    const seats = (key: string) => ({ key, sku: 'EP-ADV-DEV', quantities: [300] });
    const [alone = ''] = await nets([seats('a')]);
    const both = await nets([seats('a'), seats('b')]);
    // In cents, exactly: 95 % of the line alone (the 5 % tier from 500 seats).
    const cents = (text: string) => Math.round(Number(text) * 100);
    expect(both.map(cents)).toEqual([
      Math.round(cents(alone) * 0.95),
      Math.round(cents(alone) * 0.95),
    ]);
  });
});

describe('pricing depth through the configure page’s API (issue 35)', () => {
  const cents = (text: string) => Math.round(Number(text) * 100);
  const execute = async (id: string, lines: object[]) => {
    const response = await post('/api/dx/pricing/execute', { id, lines }, seller.cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: SlimPricing }>().data;
  };

  it('prices Premium support at 20 % of the appliance’s net unit price, the seller’s discount included', async () => {
    const id = await newQuote();
    const lines = [
      { key: 'hw', sku: 'BX-200F-HW', quantities: [4], manual_discount_percent: '10' },
      { key: 'sup', sku: 'BX-200F-SUP-PRM', quantities: [4] },
    ];
    const priced = await execute(id, lines);
    const [applianceNet = '', supportNet = ''] = priced.lines.net;
    // To the cent: 20 % of the appliance line's net per unit.
    const expected = Math.round((cents(applianceNet) / 4) * 0.2);
    expect(cents(priced.lines.unit_list[1] ?? '')).toBe(expected);
    expect(cents(supportNet)).toBeLessThanOrEqual(4 * expected);

    const explained = await post(
      '/api/dx/pricing/explain-line',
      { id, lines, line_key: 'sup' },
      seller.cookie,
    );
    expect(explained.statusCode, explained.body).toBe(200);
    const line = explained.json<{
      data: { line: { unit_list_price_minor: number; pricing_method: { percent_bp: number } } };
    }>().data.line;
    expect(line.unit_list_price_minor).toBe(expected);
    expect(line.pricing_method.percent_bp).toBe(2000);
  });

  it('counts the account’s installed base on a schedule that says so', async () => {
    const id = await newQuote();
    const [quote] = await ctx.db.select().from(quotes).where(eq(quotes.id, id));
    const accountId = quote?.accountId ?? '';
    const scheduleId = `IB-${tag}`;
    await ctx.db.insert(discountSchedules).values({
      id: scheduleId,
      name: `Installed base ${tag}`,
      scheduleType: 'RANGE',
      aggregate: 'SKU',
      includeInstalledBase: true,
    });
    await ctx.db.insert(discountScheduleTiers).values([
      { scheduleId, minQuantity: 1001, percent: '10' },
      { scheduleId, minQuantity: 5001, percent: '20' },
    ]);
    await ctx.db.insert(skuDiscountSchedules).values({ sku: sku('SUB'), scheduleId });
    const [contract] = await ctx.db
      .insert(contracts)
      .values({
        contractNumber: `C-IB-${tag}`,
        accountId,
        accountName: 'Installed base',
        region: 'EMEA',
        currencyCode: 'EUR',
        startDate: '2020-01-01',
        endDate: '2099-12-31',
        origin: 'IMPORT',
      })
      .returning();
    await ctx.db.insert(entitlements).values({
      contractId: contract?.id ?? '',
      accountId,
      sku: sku('SUB'),
      quantity: 4000,
      startDate: '2020-01-01',
      endDate: '2099-12-31',
      unitNetMinor: 10_000,
      currencyCode: 'EUR',
    });
    try {
      const lines = [{ key: 'a', sku: sku('SUB'), quantities: [2000] }];
      const explained = await post(
        '/api/dx/pricing/explain-line',
        { id, lines, line_key: 'a' },
        seller.cookie,
      );
      expect(explained.statusCode, explained.body).toBe(200);
      const [year] = explained.json<{
        data: {
          line: {
            years: { volume_quantity: number; waterfall: { step: string; percent_bp: number }[] }[];
          };
        };
      }>().data.line.years;
      // 4,000 installed and 2,000 quoted reach the 20 % tier from 5,001.
      expect(year?.volume_quantity).toBe(6000);
      expect(year?.waterfall.find((step) => step.step === 'VOLUME')?.percent_bp).toBe(2000);
    } finally {
      // The other tests of this file price the SKU on its own tiers.
      await ctx.db.delete(skuDiscountSchedules).where(eq(skuDiscountSchedules.sku, sku('SUB')));
    }
  });

  it('nets EP-ADV-DEV × 100 on 36 months at 94 % of three 12-month nets (term discount)', async () => {
    const seats = [{ key: 'a', sku: 'EP-ADV-DEV', quantities: [100] }];
    const yearly = await execute(await newQuote(), seats);
    const threeYears = await execute(
      await newQuote({ contract_length: '36', contract_end_date: '2029-12-31' }),
      seats,
    );
    expect(cents(threeYears.totals.net)).toBe(Math.round(3 * cents(yearly.totals.net) * 0.94));
  });
});
