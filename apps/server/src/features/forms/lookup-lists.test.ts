import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lookupValues } from '@bastion/db/schema/forms';
import { DEMO_PASSWORD } from '@bastion/db/seed/demo-data';
import { auditEntriesOf } from '../../test/audit.ts';
import { postCalls, useTestBed } from '../../test/test-bed.ts';
import { saveLookupValue } from './save-lookup-value.ts';

const { ctx, cookies } = useTestBed({
  root: { email: 'root@bastion.test', password: DEMO_PASSWORD },
  itAdmin: 'IT_ADMIN',
  seller: 'SALES_USER',
});
const { post } = postCalls({ ctx, cookies }, 'root');

/** Saves a value of a list, with the other fields given. */
const saveValue = (lookup: string, value: string, label: string, fields: object) =>
  post('/api/admin/lookups/save', { lookup, value, label, ...fields });

/** A code no other test (in this worker's shared database) uses. */
const uniqueCode = (prefix: string) => `${prefix}${randomUUID().slice(0, 6).toUpperCase()}`;

interface Value {
  value: string;
  label: string;
  family: string | null;
  sort_order: number;
  is_active: boolean;
}

async function listOf(lookup: string): Promise<Value[]> {
  const response = await post('/api/admin/lookups/list', {});
  expect(response.statusCode).toBe(200);
  const lists = response.json<{ data: { lookup: string; values: Value[] }[] }>().data;
  return lists.find((list) => list.lookup === lookup)?.values ?? [];
}

const rowsOf = (lookup: string) =>
  ctx.db
    .select()
    .from(lookupValues)
    .where(eq(lookupValues.lookup, lookup))
    .orderBy(asc(lookupValues.value));

async function offeredRegions(): Promise<string[]> {
  const response = await post(
    '/api/dx/get-form-recipe',
    { name: 'hardware_shipping' },
    cookies.seller,
  );
  expect(response.statusCode).toBe(200);
  const { lookups } = response.json<{ data: { lookups: Record<string, { value: string }[]> } }>()
    .data;
  return (lookups.shipping_regions ?? []).map((option) => option.value);
}

describe('POST /api/admin/lookups/list', () => {
  it('answers every list with all its values in display order', async () => {
    const response = await post('/api/admin/lookups/list', {}, cookies.itAdmin);
    expect(response.statusCode).toBe(200);
    const lists = response.json<{ data: { lookup: string; values: Value[] }[] }>().data;
    expect(lists.map((list) => list.lookup)).toEqual(
      expect.arrayContaining(['shipping_regions', 'incoterms', 'slas', 'product_families']),
    );
    const lengths = lists.find((list) => list.lookup === 'contract_lengths')!.values;
    expect(lengths[0]).toEqual({
      value: '12',
      label: '12 months',
      family: 'ANNUAL',
      sort_order: 1,
      is_active: true,
    });
    for (const { values } of lists) {
      const orders = values.map((v) => v.sort_order);
      expect(orders).toEqual([...orders].sort((a, b) => a - b));
    }
  });

  it('lists retired values too, which forms no longer offer', async () => {
    const code = uniqueCode('OLD');
    await ctx.db
      .insert(lookupValues)
      .values({ lookup: 'incoterms', value: code, label: 'Retired', isActive: false });
    expect(await listOf('incoterms')).toContainEqual(
      expect.objectContaining({ value: code, is_active: false }),
    );
  });
});

describe('POST /api/admin/lookups/save', () => {
  it('adds a region at the end of the list, offered by the shipping form at once', async () => {
    const code = uniqueCode('ME');
    const before = await listOf('shipping_regions');
    const response = await post('/api/admin/lookups/save', {
      lookup: 'shipping_regions',
      value: `  ${code} `,
      label: ' Middle East ',
      is_active: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      lookup: 'shipping_regions',
      value: code,
      label: 'Middle East',
      family: null,
      sort_order: Math.max(...before.map((v) => v.sort_order)) + 1,
      is_active: true,
      is_created: true,
    });
    expect((await listOf('shipping_regions')).at(-1)?.value).toBe(code);
    expect(await offeredRegions()).toContain(code);

    const [entry] = await auditEntriesOf(
      ctx.db,
      `shipping_regions:${code}`,
      'lookup_value.created',
    );
    expect(entry?.details).toMatchObject({ lookup: 'shipping_regions', value: code, before: null });
  });

  it('renames a value by its label; the code stays, and the change is audited', async () => {
    const code = uniqueCode('R');
    await post('/api/admin/lookups/save', {
      lookup: 'shipping_regions',
      value: code,
      label: 'Nordics',
      sort_order: 40,
      is_active: true,
    });
    const response = await post(
      '/api/admin/lookups/save',
      { lookup: 'shipping_regions', value: code, label: 'Nordic countries', is_active: true },
      cookies.itAdmin,
    );
    expect(response.statusCode).toBe(200);
    // Order and family left out stay as they were.
    expect(response.json().data).toMatchObject({
      value: code,
      label: 'Nordic countries',
      sort_order: 40,
      is_created: false,
    });
    const [entry] = await auditEntriesOf(
      ctx.db,
      `shipping_regions:${code}`,
      'lookup_value.updated',
    );
    expect(entry?.details).toMatchObject({
      before: { label: 'Nordics' },
      after: { label: 'Nordic countries' },
    });
  });

  it('retires a value: the row stays, the shipping form no longer offers it', async () => {
    const code = uniqueCode('X');
    const save = (isActive: boolean) =>
      saveValue('shipping_regions', code, 'Short-lived', { is_active: isActive });
    expect((await save(true)).statusCode).toBe(200);
    expect(await offeredRegions()).toContain(code);

    expect((await save(false)).statusCode).toBe(200);
    expect(await offeredRegions()).not.toContain(code);
    expect(await listOf('shipping_regions')).toContainEqual(
      expect.objectContaining({ value: code, is_active: false }),
    );
    // The seeded regions are still offered.
    expect(await offeredRegions()).toEqual(expect.arrayContaining(['NA', 'EMEA', 'APJ']));
  });

  it('keeps the family of a value, and sets or clears it when asked', async () => {
    const code = uniqueCode('7');
    const save = (fields: object) =>
      saveValue('contract_lengths', code, '72 months', { is_active: false, ...fields });
    expect((await save({ family: 'MULTI_YEAR' })).json().data.family).toBe('MULTI_YEAR');
    expect((await save({})).json().data.family).toBe('MULTI_YEAR');
    expect((await save({ family: '' })).json().data.family).toBeNull();
  });

  it('refuses to retire the last value people can choose', async () => {
    const lookup = `test_list_${randomUUID().slice(0, 8)}`;
    await ctx.db.insert(lookupValues).values([
      { lookup, value: 'A', label: 'A', sortOrder: 1 },
      { lookup, value: 'B', label: 'B', sortOrder: 2, isActive: false },
    ]);
    const retireA = () => saveValue(lookup, 'A', 'A', { is_active: false });
    const response = await retireA();
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'VALIDATION_FAILED',
      errors: [
        { path: 'is_active', message: 'A list needs at least one value people can choose.' },
      ],
    });
    expect((await rowsOf(lookup)).map((row) => row.isActive)).toEqual([true, false]);

    // With another value active again, A can go.
    await saveValue(lookup, 'B', 'B', { is_active: true });
    expect((await retireA()).statusCode).toBe(200);
  });

  it('lets one of two simultaneous retirements of the last two active values through', async () => {
    // Called directly, the two transactions overlap on PostgreSQL: without the list's lock both
    // would see the other value still active and retire it.
    for (let round = 0; round < 5; round += 1) {
      const lookup = `test_list_${randomUUID().slice(0, 8)}`;
      await ctx.db.insert(lookupValues).values([
        { lookup, value: 'A', label: 'A', sortOrder: 1 },
        { lookup, value: 'B', label: 'B', sortOrder: 2 },
      ]);
      const outcomes = await Promise.allSettled(
        ['A', 'B'].map((value) =>
          saveLookupValue(ctx.db, { lookup, value, label: value, is_active: false }),
        ),
      );
      expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect((await rowsOf(lookup)).filter((row) => row.isActive)).toHaveLength(1);
    }
  });

  it.each([
    ['a list name outside the pattern', { lookup: 'Shipping-Regions' }, 'lookup', /list name/],
    [
      'a list that does not exist',
      { lookup: 'no_such_list' },
      'lookup',
      /There is no list named "no_such_list"/,
    ],
    ['a code outside the pattern', { value: '-ME' }, 'value', /A code has/],
    ['a code too long', { value: 'M'.repeat(41) }, 'value', /A code has/],
    ['a blank code', { value: '   ' }, 'value', /Enter a code/],
    ['a blank label', { label: '  ' }, 'label', /Enter a label/],
    ['a label too long', { label: 'L'.repeat(121) }, 'label', /at most 120/],
    ['an order out of range', { sort_order: 10_001 }, 'sort_order', /0 to 10000/],
    ['an order that is not whole', { sort_order: 1.5 }, 'sort_order', /0 to 10000/],
    ['a missing is_active', { is_active: undefined }, 'is_active', /is_active/],
    ['a code differing only in capitals', { value: 'emea' }, 'value', /"EMEA"/],
  ])('refuses %s and changes nothing', async (_label, change, path, message) => {
    const before = await rowsOf('shipping_regions');
    const response = await post('/api/admin/lookups/save', {
      lookup: 'shipping_regions',
      value: uniqueCode('B'),
      label: 'Bad input',
      is_active: true,
      ...change,
    });
    expect(response.statusCode).toBe(400);
    const { errors } = response.json<{ errors: { path: string; message: string }[] }>();
    expect(errors).toContainEqual({ path, message: expect.stringMatching(message) });
    expect(await rowsOf('shipping_regions')).toEqual(before);
  });

  it('is refused to users who are not configuration admins, whatever they send', async () => {
    const before = await rowsOf('shipping_regions');
    for (const [url, body] of [
      ['/api/admin/lookups/list', {}],
      [
        '/api/admin/lookups/save',
        { lookup: 'shipping_regions', value: 'ME', label: 'Middle East', is_active: true },
      ],
      ['/api/admin/lookups/save', { lookup: 'nope' }],
      ['/api/admin/lookups/move', { lookup: 'shipping_regions', value: 'NA', direction: 'down' }],
    ] as const) {
      const response = await post(url, body, cookies.seller);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: 'FORBIDDEN' });
    }
    expect(await rowsOf('shipping_regions')).toEqual(before);
  });
});

describe('POST /api/admin/lookups/move', () => {
  it('swaps a value with its neighbour and numbers the list again', async () => {
    const lookup = `test_list_${randomUUID().slice(0, 8)}`;
    // Ties in the order sort by code: A, B, C.
    await ctx.db.insert(lookupValues).values([
      { lookup, value: 'C', label: 'C', sortOrder: 5 },
      { lookup, value: 'A', label: 'A', sortOrder: 5 },
      { lookup, value: 'B', label: 'B', sortOrder: 5, isActive: false },
    ]);
    const move = (value: string, direction: string) =>
      post('/api/admin/lookups/move', { lookup, value, direction });
    const codes = (response: Awaited<ReturnType<typeof move>>) =>
      response
        .json<{ data: { values: Value[] } }>()
        .data.values.map((v) => `${v.value}${v.sort_order}`);

    expect(codes(await move('C', 'up'))).toEqual(['A1', 'C2', 'B3']);
    expect(codes(await move('A', 'down'))).toEqual(['C1', 'A2', 'B3']);
    // At the ends nothing moves.
    expect(codes(await move('C', 'up'))).toEqual(['C1', 'A2', 'B3']);
    expect(codes(await move('B', 'down'))).toEqual(['C1', 'A2', 'B3']);
    expect((await listOf(lookup)).map((v) => v.value)).toEqual(['C', 'A', 'B']);

    const unknown = await move('Z', 'up');
    expect(unknown.statusCode).toBe(404);
    const sideways = await move('A', 'left');
    expect(sideways.statusCode).toBe(400);
    expect(sideways.json().errors).toEqual([
      { path: 'direction', message: 'Say which way to move the value: up or down.' },
    ]);
  });
});
