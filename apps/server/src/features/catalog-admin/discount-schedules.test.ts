import { and, eq, like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { productFamilies, productHierarchyNodes, skus } from '@bastion/db/schema/catalog';
import {
  discountSchedules,
  discountScheduleTiers,
  termDiscounts,
} from '@bastion/db/schema/pricing';
import type {
  DiscountSchedulesView,
  DiscountScheduleView,
  SkuPricingView,
  TermDiscountsView,
} from '@bastion/domain/pricing/methods-views';
import { auditEntriesOf } from '../../test/audit.ts';
import { unique, useCatalogTestBed } from './catalog-admin.test-harness.ts';

const { bed, api } = useCatalogTestBed();

/** This file's schedules start so; its SKUs are of its family. */
const PREFIX = `T-${unique()}`;
/** A term discount nobody else prices: services on contracts of 59 months or more. */
const TERM = { product_kind: 'SERVICE', min_months: 59 } as const;

afterAll(async () => {
  const { db } = bed.ctx;
  await db.delete(discountSchedules).where(like(discountSchedules.id, `${PREFIX}%`));
  await db
    .delete(termDiscounts)
    .where(
      and(
        eq(termDiscounts.productKind, TERM.product_kind),
        eq(termDiscounts.minMonths, TERM.min_months),
      ),
    );
  await db.delete(skus).where(eq(skus.familyId, bed.family));
  await db.delete(productHierarchyNodes).where(eq(productHierarchyNodes.familyId, bed.family));
  await db.delete(productFamilies).where(eq(productFamilies.id, bed.family));
});

let count = 0;
/** A new schedule's body, with a code and a name of its own. */
function newSchedule(extra: Record<string, unknown> = {}) {
  count += 1;
  return {
    is_new: true,
    id: `${PREFIX}-${count}`,
    name: `Test schedule ${PREFIX} ${count}`,
    schedule_type: 'RANGE',
    tiers: [
      { min_quantity: 100, percent: '5' },
      { min_quantity: 500, percent: '10' },
    ],
    ...extra,
  };
}

const saveSchedule = (body: unknown) =>
  api.dataOf<DiscountScheduleView>('discount-schedules/save', body);

function refusalOf(response: Awaited<ReturnType<typeof api.post>>) {
  const body = response.json<{ errors?: { path: string; message: string }[] }>();
  return {
    status: response.statusCode,
    errors: (body.errors ?? []).map((e) => [e.path, e.message]),
  };
}

const storedTiers = (id: string) =>
  bed.ctx.db
    .select()
    .from(discountScheduleTiers)
    .where(eq(discountScheduleTiers.scheduleId, id))
    .orderBy(discountScheduleTiers.minQuantity);

describe('discount schedules', () => {
  it('creates a schedule, lists it, and changes it as opened, audited', async () => {
    const body = newSchedule({ id: `${PREFIX}-ep`.toLowerCase(), schedule_type: 'SLAB' });
    const created = await saveSchedule(body);
    expect(created).toMatchObject({
      id: `${PREFIX}-EP`,
      name: body.name,
      schedule_type: 'SLAB',
      aggregate: 'SKU',
      include_installed_base: false,
      tiers: [
        { min_quantity: 100, percent: '5' },
        { min_quantity: 500, percent: '10' },
      ],
      skus: [],
    });
    const list = await api.dataOf<DiscountSchedulesView>('discount-schedules/list', {});
    expect(list.schedules.find((s) => s.id === created.id)).toEqual(created);

    const changed = await saveSchedule({
      ...body,
      is_new: false,
      id: created.id,
      aggregate: 'FAMILY',
      include_installed_base: true,
      tiers: [
        { min_quantity: 1000, percent: '12.50' },
        { min_quantity: 0, percent: '0' },
      ],
      updated_at: created.updated_at,
    });
    expect(changed).toMatchObject({
      aggregate: 'FAMILY',
      include_installed_base: true,
      tiers: [
        { min_quantity: 0, percent: '0' },
        { min_quantity: 1000, percent: '12.5' },
      ],
    });
    // The version opened before that change is refused now.
    const stale = await api.post('discount-schedules/save', {
      ...body,
      is_new: false,
      id: created.id,
      updated_at: created.updated_at,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      message:
        'Someone saved this schedule after you opened it: reload it to see their change, then make yours again.',
    });
    const [update] = await auditEntriesOf(
      bed.ctx.db,
      created.id,
      'catalog.discount_schedule.updated',
    );
    expect(update?.details).toMatchObject({
      aggregate: 'FAMILY',
      tiers_before: [
        { min_quantity: 100, percent: '5' },
        { min_quantity: 500, percent: '10' },
      ],
    });
  });

  it.each<[string, () => Promise<Record<string, unknown>>, number, [string, string][]]>([
    [
      'two tiers from one quantity',
      async () =>
        newSchedule({
          tiers: [
            { min_quantity: 100, percent: '5' },
            { min_quantity: 100, percent: '8' },
          ],
        }),
      400,
      [['tiers.1.min_quantity', 'Two tiers start at 100 units: keep one.']],
    ],
    [
      'a discount above 100 %',
      async () => newSchedule({ tiers: [{ min_quantity: 1, percent: '100.01' }] }),
      400,
      [['tiers.0.percent', 'The discount must be from 0 to 100 %.']],
    ],
    [
      'a schedule without tiers',
      async () => newSchedule({ tiers: [] }),
      400,
      [['tiers', 'A discount schedule needs at least one tier.']],
    ],
    [
      'a code taken',
      async () => {
        const taken = await saveSchedule(newSchedule());
        return newSchedule({ id: taken.id });
      },
      409,
      [
        [
          'id',
          'There is already a discount schedule ID (NAME). Choose another code, or open it to change it.',
        ],
      ],
    ],
    [
      'a name taken, in another case',
      async () => {
        const taken = await saveSchedule(newSchedule());
        return newSchedule({ name: taken.name.toUpperCase() });
      },
      409,
      [['name', 'The discount schedule ID is already called NAME: choose another name.']],
    ],
  ])('refuses %s on its field, saving nothing', async (_name, bodyOf, status, expected) => {
    const before = count;
    const body = await bodyOf();
    const response = await api.post('discount-schedules/save', body);
    const takenId = `${PREFIX}-${before + 1}`;
    const taken = await bed.ctx.db
      .select()
      .from(discountSchedules)
      .where(eq(discountSchedules.id, takenId));
    const fill = (text: string) =>
      text.replace('ID', takenId).replace('NAME', taken[0]?.name ?? '');
    expect(refusalOf(response)).toEqual({
      status,
      errors: expected.map(([path, message]) => [path, fill(message)]),
    });
    if (status === 400) expect(taken).toEqual([]);
    else expect(await storedTiers(takenId)).toHaveLength(2);
  });

  it('puts a SKU on a schedule and off it, refuses unknown schedules and bundles, and deletes only unused schedules', async () => {
    const schedule = await saveSchedule(newSchedule());
    const [sku, bundle] = await Promise.all([
      api.createSku({ kind: 'SUBSCRIPTION', billing: 'ANNUAL', is_shippable: false }),
      api.createSku({ kind: 'BUNDLE', is_shippable: false }),
    ]);
    expect(
      await api.dataOf('discount-schedules/assign', {
        sku,
        schedule_id: schedule.id.toLowerCase(),
      }),
    ).toEqual({ sku, discount_schedule_id: schedule.id });
    expect(
      (await api.dataOf<SkuPricingView>('pricing-methods/get', { sku })).discount_schedule_id,
    ).toBe(schedule.id);
    const list = await api.dataOf<DiscountSchedulesView>('discount-schedules/list', {});
    expect(list.schedules.find((s) => s.id === schedule.id)?.skus).toEqual([sku]);

    expect(
      refusalOf(
        await api.post('discount-schedules/assign', { sku, schedule_id: `${PREFIX}-NONE` }),
      ),
    ).toEqual({
      status: 400,
      errors: [['schedule_id', `There is no discount schedule ${PREFIX}-NONE.`]],
    });
    expect(
      refusalOf(
        await api.post('discount-schedules/assign', { sku: bundle, schedule_id: schedule.id }),
      ),
    ).toEqual({
      status: 400,
      errors: [
        [
          'schedule_id',
          `${bundle} is a bundle: it has no price of its own, so no discount schedule. Put its components on one.`,
        ],
      ],
    });

    const inUse = await api.post('discount-schedules/delete', { id: schedule.id });
    expect(refusalOf(inUse)).toEqual({
      status: 409,
      errors: [
        [
          'id',
          `1 SKU follows ${schedule.name} (${sku}): give it another schedule, or none, first.`,
        ],
      ],
    });
    expect(await api.dataOf('discount-schedules/assign', { sku, schedule_id: null })).toEqual({
      sku,
      discount_schedule_id: null,
    });
    expect(await api.dataOf('discount-schedules/delete', { id: schedule.id })).toEqual({
      id: schedule.id,
      name: schedule.name,
      is_deleted: true,
    });
    expect(await storedTiers(schedule.id)).toEqual([]);
    expect((await api.auditActions(sku)).map((entry) => entry.action)).toEqual([
      'catalog.sku.created',
      'catalog.sku.discount_schedule_assigned',
      'catalog.sku.discount_schedule_assigned',
    ]);
  });
});

describe('term discounts', () => {
  const rowOf = (list: TermDiscountsView) =>
    list.rows.find(
      (row) => row.product_kind === TERM.product_kind && row.min_months === TERM.min_months,
    );

  it('adds, changes and removes a kind’s discount from a number of months, audited', async () => {
    const added = await api.dataOf<TermDiscountsView>('term-discounts/save', {
      ...TERM,
      percent: '1.50',
    });
    expect(rowOf(added)).toEqual({ ...TERM, percent: '1.5' });
    const changed = await api.dataOf<TermDiscountsView>('term-discounts/save', {
      ...TERM,
      percent: '2',
    });
    expect(rowOf(changed)).toEqual({ ...TERM, percent: '2' });
    expect(rowOf(await api.dataOf<TermDiscountsView>('term-discounts/list', {}))).toEqual({
      ...TERM,
      percent: '2',
    });
    const removed = await api.dataOf<TermDiscountsView>('term-discounts/delete', TERM);
    expect(rowOf(removed)).toBeUndefined();
    expect((await api.post('term-discounts/delete', TERM)).statusCode).toBe(404);
    const [, second] = await auditEntriesOf(
      bed.ctx.db,
      'SERVICE:59',
      'catalog.term_discount.saved',
    );
    expect(second?.details).toMatchObject({ percent: '2', percent_before: '1.5' });
  });

  it.each<[string, Record<string, unknown>, [string, string][]]>([
    [
      'more than 60 months',
      { product_kind: 'SERVICE', min_months: 61, percent: '2' },
      [['min_months', 'A term discount starts at a whole number of months from 1 to 60.']],
    ],
    [
      'a discount with three decimals',
      { ...TERM, percent: '2.125' },
      [['percent', 'The discount can have at most 2 decimals.']],
    ],
    [
      'a bundle',
      { product_kind: 'BUNDLE', min_months: 59, percent: '2' },
      [
        [
          'product_kind',
          'A bundle has no price of its own: give its components’ kinds a term discount.',
        ],
      ],
    ],
  ])('refuses %s on its field, saving nothing', async (_name, body, expected) => {
    expect(refusalOf(await api.post('term-discounts/save', body))).toEqual({
      status: 400,
      errors: expected,
    });
    expect(rowOf(await api.dataOf<TermDiscountsView>('term-discounts/list', {}))).toBeUndefined();
  });
});
