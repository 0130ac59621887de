import { randomUUID } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { productFamilies, productHierarchyNodes, skus } from '@bastion/db/schema/catalog';
import { skuPriceBlocks, skuPricingMethods } from '@bastion/db/schema/pricing';
import type { SkuPricingView } from '@bastion/domain/pricing/methods-views';
import { unique, useCatalogTestBed } from './catalog-admin.test-harness.ts';
import { isoDayOf as dayOf } from '../../lib/clock.ts';

const { bed, api } = useCatalogTestBed();

const today = dayOf(new Date());
const addDays = (days: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** This file's SKUs, its product lines and its family go when it ends: the database is shared. */
afterAll(async () => {
  const { db } = bed.ctx;
  await db.delete(skus).where(eq(skus.familyId, bed.family));
  await db.delete(productHierarchyNodes).where(eq(productHierarchyNodes.familyId, bed.family));
  await db.delete(productFamilies).where(eq(productFamilies.id, bed.family));
});

/** A support SKU of the file's family, of a model of its own unless told. */
const supportSku = (model: string | null = `M-${unique()}`) =>
  api.createSku({
    kind: 'SUPPORT',
    billing: 'ANNUAL',
    is_shippable: false,
    ...(model ? { attributes: { model } } : {}),
  });

const pricingOf = (sku: string) => api.dataOf<SkuPricingView>('pricing-methods/get', { sku });

/** A percent-of-total change, from today unless told. */
const share = (sku: string, covers: unknown, extra: Record<string, unknown> = {}) => ({
  sku,
  method: 'PERCENT_OF_TOTAL',
  percent: '20',
  covers,
  effective_from: today,
  ...extra,
});

const schedule = (body: unknown, cookie?: string) =>
  api.post('pricing-methods/schedule', body, cookie);

/** The stored method rows of a SKU, to prove a refused change changed nothing. */
const storedMethods = (sku: string) =>
  bed.ctx.db
    .select()
    .from(skuPricingMethods)
    .where(eq(skuPricingMethods.sku, sku))
    .orderBy(asc(skuPricingMethods.effectiveFrom));

/** The answer's status and its field messages. */
function refusalOf(response: Awaited<ReturnType<typeof schedule>>) {
  const body = response.json<{ errors?: { path: string; message: string }[] }>();
  return {
    status: response.statusCode,
    errors: (body.errors ?? []).map((e) => [e.path, e.message]),
  };
}

describe('who may read and change pricing methods', () => {
  it('lets catalogue readers read, admins change, and refuses sellers', async () => {
    const sku = await supportSku();
    const reads: [string, unknown][] = [
      ['pricing-methods/get', { sku }],
      ['discount-schedules/list', {}],
      ['term-discounts/list', {}],
    ];
    const changes: [string, unknown][] = [
      ['pricing-methods/schedule', { sku, method: 'LIST', effective_from: today }],
      ['pricing-methods/cancel-scheduled', { id: randomUUID() }],
      ['pricing-methods/save-blocks', { sku, currency_code: 'USD', bands: [] }],
      [
        'discount-schedules/save',
        { is_new: true, id: 'NOPE-1', name: 'Nope', schedule_type: 'RANGE', tiers: [] },
      ],
      ['discount-schedules/delete', { id: 'NOPE-1' }],
      ['discount-schedules/assign', { sku, schedule_id: null }],
      ['term-discounts/save', { product_kind: 'SERVICE', min_months: 59, percent: '1' }],
      ['term-discounts/delete', { product_kind: 'SERVICE', min_months: 59 }],
    ];
    for (const [path, body] of [...reads, ...changes]) {
      const response = await api.post(path, body, bed.cookies.sales);
      expect(response.statusCode, path).toBe(403);
      expect(response.json(), path).toMatchObject({ error: 'FORBIDDEN' });
    }
    for (const [path, body] of reads) {
      expect((await api.post(path, body, bed.cookies.catalogUser)).statusCode, path).toBe(200);
    }
    for (const [path, body] of changes) {
      expect((await api.post(path, body, bed.cookies.catalogUser)).statusCode, path).toBe(403);
    }
    expect(await storedMethods(sku)).toEqual([]);
  });
});

describe('a SKU’s pricing method', () => {
  it('is LIST until one is scheduled', async () => {
    const sku = await supportSku();
    expect(await pricingOf(sku)).toMatchObject({
      sku,
      kind: 'SUPPORT',
      family_id: bed.family,
      today,
      method_today: 'LIST',
      rows: [],
      blocks: [],
      discount_schedule_id: null,
    });
    expect((await api.post('pricing-methods/get', { sku: 'NO-SUCH-SKU' })).statusCode).toBe(404);
  });

  it('schedules, closes, replaces and cancels methods over time, audited', async () => {
    const model = `M-${unique()}`;
    const [hardware, support] = await Promise.all([
      api.createSku({ attributes: { model } }),
      supportSku(model),
    ]);
    const first = await api.dataOf<SkuPricingView & { change: unknown }>(
      'pricing-methods/schedule',
      share(
        support,
        { scope: 'MODEL', kinds: ['HARDWARE'] },
        {
          percent: '20.00',
          floor_usd: '150',
          ceiling_usd: '1500.50',
        },
      ),
    );
    expect(first.change).toEqual({
      method: 'PERCENT_OF_TOTAL',
      effective_from: today,
      is_replacement: false,
    });
    expect(first.method_today).toBe('PERCENT_OF_TOTAL');
    expect(first.model).toBe(model);
    expect(first.rows).toEqual([
      expect.objectContaining({
        method: 'PERCENT_OF_TOTAL',
        percent: '20',
        covers: { scope: 'MODEL', kinds: ['HARDWARE'] },
        floor_usd_minor: 15_000,
        ceiling_usd_minor: 150_050,
        effective_from: today,
        effective_to: null,
        status: 'in_effect',
        created_by_email: bed.users.admin.email,
      }),
    ]);

    // A later change ends the method in effect on its day.
    const later = addDays(10);
    const second = await api.dataOf<SkuPricingView>('pricing-methods/schedule', {
      sku: support,
      method: 'COST_PLUS',
      percent: '35',
      effective_from: later,
    });
    expect(second.method_today).toBe('PERCENT_OF_TOTAL');
    expect(second.rows.map((r) => [r.method, r.effective_from, r.effective_to, r.status])).toEqual([
      ['COST_PLUS', later, null, 'scheduled'],
      ['PERCENT_OF_TOTAL', today, later, 'in_effect'],
    ]);

    // The same day again replaces it; an earlier day is refused while it is scheduled.
    const replaced = await api.dataOf<SkuPricingView & { change: { is_replacement: boolean } }>(
      'pricing-methods/schedule',
      { sku: support, method: 'LIST', effective_from: later },
    );
    expect(replaced.change.is_replacement).toBe(true);
    expect(replaced.rows.map((r) => [r.method, r.percent])).toEqual([
      ['LIST', null],
      ['PERCENT_OF_TOTAL', '20'],
    ]);
    const refused = await schedule(
      share(support, { scope: 'SKU', skus: [hardware] }, { effective_from: addDays(5) }),
    );
    expect(refusalOf(refused)).toEqual({
      status: 409,
      errors: [
        [
          'effective_from',
          `A later pricing method is already scheduled from ${later}. Cancel it first, or schedule this change from ${later} or later.`,
        ],
      ],
    });

    // Cancelling the scheduled one gives the one before its open end back.
    const scheduledRow = replaced.rows.find((r) => r.status === 'scheduled');
    const cancelled = await api.dataOf<SkuPricingView>('pricing-methods/cancel-scheduled', {
      id: scheduledRow?.id,
    });
    expect(cancelled.rows.map((r) => [r.method, r.effective_to])).toEqual([
      ['PERCENT_OF_TOTAL', null],
    ]);
    const inEffect = cancelled.rows[0];
    const refusedCancel = await api.post('pricing-methods/cancel-scheduled', { id: inEffect?.id });
    expect(refusedCancel.statusCode).toBe(409);
    expect(refusedCancel.json()).toMatchObject({
      message: `This pricing method has applied since ${today}, so it is history now. Schedule a new change instead.`,
    });
    expect(
      (await api.post('pricing-methods/cancel-scheduled', { id: scheduledRow?.id })).statusCode,
    ).toBe(404);

    const actions = (await api.auditActions(support)).map((entry) => entry.action);
    expect(actions).toEqual([
      'catalog.sku.created',
      'catalog.pricing_method.scheduled',
      'catalog.pricing_method.scheduled',
      'catalog.pricing_method.scheduled',
      'catalog.pricing_method.cancelled',
    ]);
    const [, scheduled] = await api.auditActions(support);
    expect(scheduled?.details).toMatchObject({
      method: 'PERCENT_OF_TOTAL',
      percent: '20',
      floor_usd_minor: 15_000,
      replaced: null,
    });
  });

  it.each<[string, (own: string, other: string) => unknown, number, [string, string][]]>([
    [
      'a share without a percentage',
      (own, other) => share(own, { scope: 'SKU', skus: [other] }, { percent: null }),
      400,
      [['percent', 'Enter the share of the covered net unit price, such as 20.']],
    ],
    [
      'a markup above 1000 %',
      (own) => ({ sku: own, method: 'COST_PLUS', percent: '1000.5', effective_from: today }),
      400,
      [['percent', 'The markup must be from 0 to 1000 %.']],
    ],
    [
      'a SKU covering itself',
      (own, other) => share(own, { scope: 'SKU', skus: [other, own.toLowerCase()] }),
      400,
      [['covers.skus', 'OWN cannot cover itself.']],
    ],
    [
      'a floor above the ceiling',
      (own, other) =>
        share(own, { scope: 'SKU', skus: [other] }, { floor_usd: '200', ceiling_usd: '100' }),
      400,
      [['floor_usd', 'The floor cannot be above the ceiling.']],
    ],
    [
      'a start in the past',
      (own, other) => share(own, { scope: 'SKU', skus: [other] }, { effective_from: addDays(-1) }),
      400,
      [
        [
          'effective_from',
          `A pricing method change starts today (${today}) or later: quotes priced before keep the method of their own date.`,
        ],
      ],
    ],
    [
      'a SKU that does not exist',
      (own, other) => share(own, { scope: 'SKU', skus: [other, 'NO-SUCH-SKU-1'] }),
      400,
      [['covers.skus', 'There is no SKU NO-SUCH-SKU-1.']],
    ],
    [
      'a cover by model of a SKU without one',
      (own) => share(own, { scope: 'MODEL', kinds: ['HARDWARE'] }),
      400,
      [
        [
          'covers.scope',
          'OWN has no model attribute, so a cover by model takes in nothing: set its model on the SKU panel, or cover by family or by SKU.',
        ],
      ],
    ],
    [
      'a family cover of a kind the family does not sell',
      (own) => share(own, { scope: 'FAMILY', kinds: ['SERVICE'] }),
      400,
      [
        [
          'covers.kinds',
          'No other SKU of the kind SERVICE is in the family FAMILY: OWN would cover nothing.',
        ],
      ],
    ],
  ])('refuses %s on its field, changing nothing', async (_name, body, status, expected) => {
    const [own, other] = await Promise.all([supportSku(null), api.createSku()]);
    const response = await schedule(body(own, other));
    const fill = (text: string) => text.replaceAll('OWN', own).replaceAll('FAMILY', bed.family);
    expect(refusalOf(response)).toEqual({
      status,
      errors: expected.map(([path, message]) => [path, fill(message)]),
    });
    expect(await storedMethods(own)).toEqual([]);
  });

  it('refuses anything but LIST on a bundle', async () => {
    const bundle = await api.createSku({ kind: 'BUNDLE', is_shippable: false });
    const response = await schedule({
      sku: bundle,
      method: 'COST_PLUS',
      percent: '10',
      effective_from: today,
    });
    expect(refusalOf(response)).toEqual({
      status: 400,
      errors: [
        [
          'method',
          `${bundle} is a bundle: it has no price of its own, so its components are priced instead. Only LIST applies.`,
        ],
      ],
    });
  });
});

describe('cycles among percent-of-total SKUs', () => {
  it('refuses two support tiers covering each other by model, and allows them on the hardware', async () => {
    const model = `M-${unique()}`;
    const [, premium, standard] = await Promise.all([
      api.createSku({ attributes: { model } }),
      supportSku(model),
      supportSku(model),
    ]);
    await api.dataOf('pricing-methods/schedule', share(premium, { scope: 'MODEL' }));
    const refused = await schedule(
      share(standard, { scope: 'MODEL', kinds: ['SUPPORT', 'HARDWARE'] }),
    );
    expect(refusalOf(refused)).toEqual({
      status: 400,
      errors: [['covers.kinds', `${standard} and ${premium} cover each other.`]],
    });
    expect(await storedMethods(standard)).toEqual([]);
    await api.dataOf(
      'pricing-methods/schedule',
      share(standard, { scope: 'MODEL', kinds: ['HARDWARE'] }),
    );
  });

  it('refuses a circle of SKUs named, but not one that never runs at the same time', async () => {
    const [a, b, c] = await Promise.all([supportSku(), supportSku(), supportSku()]);
    await api.dataOf('pricing-methods/schedule', share(a, { scope: 'SKU', skus: [b] }));
    await api.dataOf('pricing-methods/schedule', share(b, { scope: 'SKU', skus: [c] }));
    const refused = await schedule(share(c, { scope: 'SKU', skus: [a] }));
    expect(refusalOf(refused)).toEqual({
      status: 400,
      errors: [
        [
          'covers.skus',
          `${c}, ${a} and ${b} cover each other in a circle: ${c} covers ${a}, ${a} covers ${b}, ${b} covers ${c}.`,
        ],
      ],
    });
    // Once A is back on its list price, C may cover it from that day on.
    await api.dataOf('pricing-methods/schedule', {
      sku: a,
      method: 'LIST',
      effective_from: addDays(20),
    });
    await api.dataOf(
      'pricing-methods/schedule',
      share(c, { scope: 'SKU', skus: [a] }, { effective_from: addDays(20) }),
    );
    // Cancelling A's return to its list price would close the circle again.
    const aRows = (await pricingOf(a)).rows;
    const scheduled = aRows.find((row) => row.status === 'scheduled');
    const refusedCancel = await api.post('pricing-methods/cancel-scheduled', { id: scheduled?.id });
    expect(refusedCancel.statusCode).toBe(409);
    expect(refusedCancel.json()).toMatchObject({
      message: `Cancelling it would let the method before it run on, and then ${a}, ${b} and ${c} cover each other in a circle: ${a} covers ${b}, ${b} covers ${c}, ${c} covers ${a}. Schedule another method instead.`,
    });
    expect((await pricingOf(a)).rows).toEqual(aRows);
  });
});

describe('block bands', () => {
  const bands = (sku: string, currency: string, rows: unknown[]) => ({
    sku,
    currency_code: currency,
    bands: rows,
  });

  it('saves a currency’s bands whole, keeps the others, and removes them with an empty list', async () => {
    const sku = await api.createSku({
      kind: 'SUBSCRIPTION',
      billing: 'ANNUAL',
      is_shippable: false,
    });
    await api.dataOf(
      'pricing-methods/save-blocks',
      bands(sku, 'EUR', [{ min_quantity: 1, max_quantity: null, price: '99' }]),
    );
    const saved = await api.dataOf<SkuPricingView>(
      'pricing-methods/save-blocks',
      bands(sku, 'usd', [
        { min_quantity: 26, max_quantity: 100, price: '24995' },
        { min_quantity: 1, max_quantity: 5, price: '2995.00' },
        { min_quantity: 6, max_quantity: 25, price: '8995.5' },
      ]),
    );
    expect(saved.blocks).toEqual([
      { currency_code: 'EUR', min_quantity: 1, max_quantity: null, price_minor: 9_900 },
      { currency_code: 'USD', min_quantity: 1, max_quantity: 5, price_minor: 299_500 },
      { currency_code: 'USD', min_quantity: 6, max_quantity: 25, price_minor: 899_550 },
      { currency_code: 'USD', min_quantity: 26, max_quantity: 100, price_minor: 2_499_500 },
    ]);
    const emptied = await api.dataOf<SkuPricingView>(
      'pricing-methods/save-blocks',
      bands(sku, 'EUR', []),
    );
    expect(emptied.blocks.map((b) => b.currency_code)).toEqual(['USD', 'USD', 'USD']);
    const [, , second] = await api.auditActions(sku);
    expect(second).toMatchObject({
      action: 'catalog.price_blocks.saved',
      details: { currency_code: 'USD', before: [] },
    });
  });

  it.each<[string, unknown[], string, [string, string][]]>([
    [
      'overlapping bands',
      [
        { min_quantity: 1, max_quantity: 5, price: '10' },
        { min_quantity: 5, max_quantity: 25, price: '20' },
      ],
      'USD',
      [['bands.1.min_quantity', 'Bands 1–5 and 5–25 overlap.']],
    ],
    [
      'a band ending before it starts',
      [{ min_quantity: 10, max_quantity: 5, price: '10' }],
      'USD',
      [
        [
          'bands.0.max_quantity',
          'A band ends at a whole number at least its start (leave it empty for no end).',
        ],
      ],
    ],
    [
      'a fractional quantity',
      [{ min_quantity: 1.5, max_quantity: null, price: '10' }],
      'USD',
      [['bands.0.min_quantity', 'A band starts at a whole number from 0 to 1,000,000,000.']],
    ],
    [
      'a price with three decimals',
      [{ min_quantity: 1, max_quantity: null, price: '10.001' }],
      'USD',
      [['bands.0.price', 'Prices have at most 2 decimals in USD.']],
    ],
    [
      'a currency without a rate',
      [{ min_quantity: 1, max_quantity: null, price: '10' }],
      'XTS',
      [['currency_code', 'There is no exchange rate for XTS']],
    ],
  ])('refuses %s on its field, changing nothing', async (_name, rows, currency, expected) => {
    const sku = await api.createSku();
    const response = await api.post('pricing-methods/save-blocks', bands(sku, currency, rows));
    const { status, errors } = refusalOf(response);
    expect(status).toBe(400);
    expect(
      errors.map(([path, message]) => [path, message?.slice(0, expected[0]?.[1].length)]),
    ).toEqual(expected);
    expect(
      await bed.ctx.db
        .select()
        .from(skuPriceBlocks)
        .where(inArray(skuPriceBlocks.sku, [sku])),
    ).toEqual([]);
  });
});
