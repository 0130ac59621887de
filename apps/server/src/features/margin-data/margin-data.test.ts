import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { auditLog } from '@bastion/db/schema/audit';
import {
  approvalSkus,
  mcCostLookups,
  mcDurationDepreciation,
  mcHwSkuCosts,
  mcMarkups,
  mcSupportCases,
  productFamilies,
  skuPrices,
  skus,
} from '@bastion/db/schema/catalog';
import { auditActionsOf } from '../../test/audit.ts';
import { headerValues, insertOpportunity, unique } from '../../test/quote-fixtures.ts';
import { postCallsAs, useTestBed, type Account } from '../../test/test-bed.ts';
import { decimalAsMinor } from '@bastion/domain/pricing/slim-result';
import type { SupportCase, ZSupportCasesResponse } from '@bastion/domain/margin-data/api';

const tag = unique().slice(0, 8).toUpperCase();
const family = `TF_${tag}`;
const emptyFamily = `TE_${tag}`;

/** Markups and depreciation are one table for the whole catalogue: put them back afterwards. */
let savedMarkups: (typeof mcMarkups.$inferSelect)[] = [];
let savedDepreciation: (typeof mcDurationDepreciation.$inferSelect)[] = [];

const sku = (name: string) => `T-${name}-${tag}`;

const ROLES = [
  'ROOT_ADMIN',
  'DEAL_DESK',
  'DEAL_DESK_ADMIN',
  'MARGIN_USER',
  'MARGIN_CONTRIBUTOE',
  'CATALOG_ADMIN',
  'CATALOG_USER',
  'SALES_USER',
] as const;
type Role = (typeof ROLES)[number];

const { ctx, users, cookies } = useTestBed(
  Object.fromEntries(
    ROLES.map((role) => [
      role,
      role === 'SALES_USER'
        ? { roles: [{ role, assignment: 'REGION' as const, assignmentValue: ['EMEA'] }] }
        : role,
    ]),
  ) as Record<Role, Account>,
);
const { post, dataOf } = postCallsAs({ ctx, cookies }, 'ROOT_ADMIN');

beforeAll(async () => {
  savedMarkups = await ctx.db.select().from(mcMarkups);
  savedDepreciation = await ctx.db.select().from(mcDurationDepreciation);

  await ctx.db.insert(productFamilies).values([
    { id: family, name: `Test family ${tag}` },
    { id: emptyFamily, name: `Empty family ${tag}` },
  ]);
  const base = { familyId: family, description: '' };
  await ctx.db.insert(skus).values([
    { ...base, sku: sku('HW'), name: 'Test appliance', kind: 'HARDWARE', billing: 'ONE_TIME' },
    {
      ...base,
      sku: sku('AP'),
      name: 'Test access point',
      kind: 'ACCESS_POINT',
      billing: 'ONE_TIME',
    },
    {
      ...base,
      sku: sku('NOPRICE'),
      name: 'Unpriced sensor',
      kind: 'HARDWARE',
      billing: 'ONE_TIME',
    },
    {
      ...base,
      sku: sku('OLD'),
      name: 'Retired appliance',
      kind: 'HARDWARE',
      billing: 'ONE_TIME',
      isActive: false,
    },
    { ...base, sku: sku('SUB'), name: 'Test threat feed', kind: 'SUBSCRIPTION', billing: 'ANNUAL' },
  ]);
  const price = (
    code: string,
    currencyCode: string,
    unitPriceMinor: number,
    from = '2020-01-01',
  ) => ({
    sku: sku(code),
    currencyCode,
    unitPriceMinor,
    effectiveFrom: from,
  });
  await ctx.db.insert(skuPrices).values([
    price('HW', 'USD', 100_000),
    price('HW', 'EUR', 92_000),
    // A future price is not today's.
    price('HW', 'USD', 200_000, '2999-01-01'),
    price('AP', 'USD', 30_000),
    price('OLD', 'USD', 50_000),
    price('SUB', 'USD', 12_000),
    price('SUB', 'EUR', 11_040),
  ]);
  await ctx.db.insert(mcHwSkuCosts).values({ sku: sku('AP'), unitCostUsdMinor: 12_345 });
});

afterAll(async () => {
  if (!ctx.db) return;
  await ctx.db.delete(mcMarkups);
  if (savedMarkups.length) await ctx.db.insert(mcMarkups).values(savedMarkups);
  await ctx.db.delete(mcDurationDepreciation);
  if (savedDepreciation.length) {
    await ctx.db.insert(mcDurationDepreciation).values(savedDepreciation);
  }
});

/** What the margin contributor's save at `url` answers. */
const savedByContributor = <T = Record<string, unknown>>(url: string, body: object) =>
  dataOf<T>(`${url}/save`, body, 'MARGIN_CONTRIBUTOE');

interface ErrorBody {
  error: string;
  message: string;
  errors?: { path: string; message: string }[];
}

/** Every row a margin-data change could touch, and the audit trail. */
async function fingerprint() {
  const [lookups, markups, depreciation, hwCosts, approvals, supportCases, [audits]] =
    await Promise.all([
      ctx.db
        .select()
        .from(mcCostLookups)
        .orderBy(asc(mcCostLookups.familyId), asc(mcCostLookups.productKind)),
      ctx.db.select().from(mcMarkups).orderBy(asc(mcMarkups.productKind)),
      ctx.db
        .select()
        .from(mcDurationDepreciation)
        .orderBy(asc(mcDurationDepreciation.productKind), asc(mcDurationDepreciation.year)),
      ctx.db.select().from(mcHwSkuCosts).orderBy(asc(mcHwSkuCosts.sku)),
      ctx.db.select().from(approvalSkus).orderBy(asc(approvalSkus.sku)),
      ctx.db.select().from(mcSupportCases).orderBy(asc(mcSupportCases.familyId)),
      ctx.db.select({ n: count() }).from(auditLog),
    ]);
  return JSON.stringify({
    lookups,
    markups,
    depreciation,
    hwCosts,
    approvals,
    supportCases,
    audits,
  });
}

const auditOf = (entityId: string) => auditActionsOf(ctx.db, entityId);

/** Expects a 400 on `path` whose message contains `message`, and that nothing changed. */
async function expectRefused(url: string, body: unknown, path: string, message: string) {
  const before = await fingerprint();
  const response = await post(url, body);
  expect(response.statusCode, response.body).toBe(400);
  const answer = response.json<ErrorBody>();
  expect(answer.error).toBe('VALIDATION_FAILED');
  expect(answer.errors, response.body).toContainEqual({
    path,
    message: expect.stringContaining(message),
  });
  expect(await fingerprint()).toEqual(before);
}

describe('who may read and change margin data and approval SKUs', () => {
  // Writes are sent with a body the schema refuses: the guard answers first, so a 403 says
  // "not allowed" and a 400 says "allowed, but fix the input", and nothing is changed either way.
  const MARGIN_READS = [
    '/api/admin/margin/cost-lookups/list',
    '/api/admin/margin/markups/list',
    '/api/admin/margin/duration-depreciation/list',
    '/api/admin/margin/hw-sku-costs/list',
    '/api/admin/margin/support-cases/list',
  ];
  const MARGIN_WRITES = [
    '/api/admin/margin/cost-lookups/save',
    '/api/admin/margin/cost-lookups/delete',
    '/api/admin/margin/markups/save',
    '/api/admin/margin/duration-depreciation/save',
    '/api/admin/margin/hw-sku-costs/save',
    '/api/admin/margin/hw-sku-costs/delete',
    '/api/admin/margin/support-cases/save',
    '/api/admin/margin/support-cases/delete',
  ];
  const APPROVAL_READS = ['/api/admin/approval-skus/list'];
  const REFUSED_BODY = { search: 5, percents: 'none' };
  const APPROVAL_WRITES = [
    '/api/admin/approval-skus/save',
    '/api/admin/approval-skus/delete',
    '/api/admin/approval-skus/sku-options',
  ];

  it.each<
    [Role, { marginRead: boolean; marginWrite: boolean; skuRead: boolean; skuWrite: boolean }]
  >([
    ['SALES_USER', { marginRead: false, marginWrite: false, skuRead: false, skuWrite: false }],
    ['CATALOG_USER', { marginRead: false, marginWrite: false, skuRead: false, skuWrite: false }],
    ['MARGIN_USER', { marginRead: true, marginWrite: false, skuRead: false, skuWrite: false }],
    [
      'MARGIN_CONTRIBUTOE',
      { marginRead: true, marginWrite: true, skuRead: false, skuWrite: false },
    ],
    ['DEAL_DESK', { marginRead: true, marginWrite: true, skuRead: true, skuWrite: false }],
    ['DEAL_DESK_ADMIN', { marginRead: false, marginWrite: false, skuRead: true, skuWrite: true }],
    ['CATALOG_ADMIN', { marginRead: true, marginWrite: true, skuRead: true, skuWrite: true }],
    ['ROOT_ADMIN', { marginRead: true, marginWrite: true, skuRead: true, skuWrite: true }],
  ])('%s: %j', async (role, may) => {
    const before = await fingerprint();
    const expectations: [string[], boolean, boolean][] = [
      [MARGIN_READS, may.marginRead, true],
      [MARGIN_WRITES, may.marginWrite, false],
      [APPROVAL_READS, may.skuRead, true],
      [APPROVAL_WRITES, may.skuWrite, false],
    ];
    for (const [urls, isAllowed, isRead] of expectations) {
      for (const url of urls) {
        const response = await post(url, isRead ? {} : REFUSED_BODY, role);
        const expected = isAllowed ? (isRead ? 200 : 400) : 403;
        expect(response.statusCode, `${role} ${url}: ${response.body}`).toBe(expected);
        if (!isAllowed) expect(response.json<ErrorBody>().error).toBe('FORBIDDEN');
      }
    }
    expect(await fingerprint()).toEqual(before);
  });

  it('tells each reader whether it may edit', async () => {
    const canEdit = async (url: string, role: Role) =>
      (await dataOf<{ can_edit: boolean }>(url, {}, role)).can_edit;
    expect(await canEdit('/api/admin/margin/markups/list', 'MARGIN_USER')).toBe(false);
    expect(await canEdit('/api/admin/margin/markups/list', 'MARGIN_CONTRIBUTOE')).toBe(true);
    expect(await canEdit('/api/admin/margin/hw-sku-costs/list', 'DEAL_DESK')).toBe(true);
    expect(await canEdit('/api/admin/margin/support-cases/list', 'MARGIN_USER')).toBe(false);
    expect(await canEdit('/api/admin/margin/support-cases/list', 'CATALOG_ADMIN')).toBe(true);
    expect(await canEdit('/api/admin/approval-skus/list', 'DEAL_DESK')).toBe(false);
    expect(await canEdit('/api/admin/approval-skus/list', 'DEAL_DESK_ADMIN')).toBe(true);
    expect(await canEdit('/api/admin/approval-skus/list', 'CATALOG_ADMIN')).toBe(true);
  });

  it('asks for a session first', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/margin/markups/list',
      payload: {},
    });
    expect(response.statusCode).toBe(403);
    expect(response.json<ErrorBody>().error).toBe('SESSION_REQUIRED');
  });
});

interface CostLookupList {
  rows: { family_id: string; family_name: string; product_kind: string; cost_percent: string }[];
  families: { id: string; sku_count: number; has_default: boolean }[];
}

describe('cost lookups', () => {
  const URL = '/api/admin/margin/cost-lookups';
  const ours = async () =>
    (await dataOf<CostLookupList>(`${URL}/list`, {}, 'MARGIN_USER')).rows.filter(
      (r) => r.family_id === family,
    );

  it('adds, changes and removes a family kind row, the ANY default first', async () => {
    const families = (await dataOf<CostLookupList>(`${URL}/list`, {})).families;
    expect(families.find((f) => f.id === family)).toMatchObject({
      sku_count: 5,
      has_default: false,
    });

    const saved = await savedByContributor(URL, {
      family_id: family,
      product_kind: 'SERVICE',
      cost_percent: '55.5',
    });
    expect(saved).toEqual({
      family_id: family,
      family_name: `Test family ${tag}`,
      product_kind: 'SERVICE',
      cost_percent: '55.50',
    });
    await dataOf(`${URL}/save`, { family_id: family, product_kind: 'ANY', cost_percent: '30' });
    await savedByContributor(URL, {
      family_id: family,
      product_kind: 'SERVICE',
      cost_percent: '60.25',
    });
    expect((await ours()).map((r) => [r.product_kind, r.cost_percent])).toEqual([
      ['ANY', '30.00'],
      ['SERVICE', '60.25'],
    ]);
    const listed = await dataOf<CostLookupList>(`${URL}/list`, {});
    expect(listed.families.find((f) => f.id === family)?.has_default).toBe(true);

    expect(await auditOf(`${family}/SERVICE`)).toEqual([
      {
        action: 'margin.cost_lookup.saved',
        actor: users.MARGIN_CONTRIBUTOE.id,
        details: { before: null, after: '55.50' },
      },
      {
        action: 'margin.cost_lookup.saved',
        actor: users.MARGIN_CONTRIBUTOE.id,
        details: { before: '55.50', after: '60.25' },
      },
    ]);

    const deleted = await dataOf(`${URL}/delete`, { family_id: family, product_kind: 'SERVICE' });
    expect(deleted).toEqual({ family_id: family, product_kind: 'SERVICE', is_deleted: true });
    expect((await ours()).map((r) => r.product_kind)).toEqual(['ANY']);
    const again = await post(`${URL}/delete`, { family_id: family, product_kind: 'SERVICE' });
    expect(again.statusCode).toBe(404);
    expect(again.json<ErrorBody>().message).toBe(
      `There is no cost lookup for services in ${family}.`,
    );
  });

  it("keeps a family's ANY row while the family has SKUs, and says why", async () => {
    await dataOf(`${URL}/save`, { family_id: family, product_kind: 'ANY', cost_percent: '30' });
    const before = await fingerprint();
    const refused = await post(`${URL}/delete`, { family_id: family, product_kind: 'ANY' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorBody>()).toMatchObject({
      error: 'CONFLICT',
      message: expect.stringMatching(
        new RegExp(`^Test family ${tag} has 5 SKUs\\. Its ANY row is the default cost`),
      ),
    });
    expect(await fingerprint()).toEqual(before);

    // A family without SKUs may lose its default.
    await dataOf(`${URL}/save`, { family_id: emptyFamily, product_kind: 'ANY', cost_percent: '1' });
    await dataOf(`${URL}/delete`, { family_id: emptyFamily, product_kind: 'ANY' });
  });

  it.each([
    [
      { family_id: 'NO_SUCH_FAMILY', product_kind: 'ANY', cost_percent: '10' },
      'family_id',
      'There is no product family NO_SUCH_FAMILY.',
    ],
    [
      { family_id: '', product_kind: 'ANY', cost_percent: '10' },
      'family_id',
      'Choose a product family.',
    ],
    [
      { family_id: undefined, product_kind: 'ANY', cost_percent: '10' },
      'family_id',
      'Choose a product family.',
    ],
    [{ product_kind: 'GADGET', cost_percent: '10' }, 'product_kind', 'ANY or one of HARDWARE'],
    [{ product_kind: 'HARDWARE', cost_percent: '10' }, 'product_kind', 'under Hardware SKU costs'],
    [{ product_kind: 'ACCESS_POINT', cost_percent: '10' }, 'product_kind', 'costed per SKU'],
    [{ product_kind: 'BUNDLE', cost_percent: '10' }, 'product_kind', 'A bundle has no cost'],
    [{ product_kind: 'ANY', cost_percent: '100.01' }, 'cost_percent', 'between 0 and 100 %'],
    [{ product_kind: 'ANY', cost_percent: '-1' }, 'cost_percent', 'between 0 and 100 %'],
    [{ product_kind: 'ANY', cost_percent: '12.345' }, 'cost_percent', 'at most 2 decimals'],
    [{ product_kind: 'ANY', cost_percent: '12,5' }, 'cost_percent', 'a number such as 12.5'],
    [{ product_kind: 'ANY', cost_percent: '12 %' }, 'cost_percent', 'no % sign'],
    [{ product_kind: 'ANY', cost_percent: '1e2' }, 'cost_percent', 'a number such as 12.5'],
    [{ product_kind: 'ANY', cost_percent: '.5' }, 'cost_percent', 'a number such as 12.5'],
    [{ product_kind: 'ANY', cost_percent: '' }, 'cost_percent', 'is required'],
    [{ product_kind: 'ANY' }, 'cost_percent', 'is required'],
    [{ product_kind: 'ANY', cost_percent: 12.5 }, 'cost_percent', 'sent as text'],
  ])('refuses %j on %s and changes nothing', async (body, path, message) => {
    await expectRefused(`${URL}/save`, { family_id: family, ...body }, path, message);
  });
});

interface MarkupList {
  rows: { product_kind: string; percent: string; is_set: boolean }[];
}

describe('markups', () => {
  const URL = '/api/admin/margin/markups';

  it('lists every kind with a cost, 0 where none is set, and saves one', async () => {
    await ctx.db.delete(mcMarkups).where(eq(mcMarkups.productKind, 'SUPPORT'));
    const listed = await dataOf<MarkupList>(`${URL}/list`, {}, 'MARGIN_USER');
    expect(listed.rows.map((r) => r.product_kind)).toEqual([
      'HARDWARE',
      'ACCESS_POINT',
      'SUBSCRIPTION',
      'SUPPORT',
      'SERVICE',
    ]);
    expect(listed.rows.find((r) => r.product_kind === 'SUPPORT')).toEqual({
      product_kind: 'SUPPORT',
      percent: '0.00',
      is_set: false,
    });

    const saved = await dataOf(
      `${URL}/save`,
      { product_kind: 'SUPPORT', percent: '7.5' },
      'DEAL_DESK',
    );
    expect(saved).toEqual({ product_kind: 'SUPPORT', percent: '7.50', is_set: true });
    const again = await dataOf<MarkupList>(`${URL}/list`, {});
    expect(again.rows.find((r) => r.product_kind === 'SUPPORT')?.percent).toBe('7.50');
    const [audit] = (await auditOf('SUPPORT')).filter((a) => a.action === 'margin.markup.saved');
    expect(audit?.details).toEqual({ before: null, after: '7.50' });
  });

  it.each([
    [{ product_kind: 'BUNDLE', percent: '5' }, 'product_kind', 'A bundle has no cost of its own.'],
    [{ product_kind: 'ANY', percent: '5' }, 'product_kind', 'The kind of product is one of'],
    [{ product_kind: 'HARDWARE', percent: '101' }, 'percent', 'between 0 and 100 %'],
    [{ product_kind: 'HARDWARE', percent: '0.001' }, 'percent', 'at most 2 decimals'],
    [{ product_kind: 'HARDWARE', percent: 'five' }, 'percent', 'a number such as 12.5'],
    [{ product_kind: 'HARDWARE' }, 'percent', 'The markup is required'],
  ])('refuses %j on %s and changes nothing', async (body, path, message) => {
    await expectRefused(`${URL}/save`, body, path, message);
  });
});

interface DepreciationList {
  rows: { product_kind: string; percents: string[]; is_set: boolean }[];
}

describe('duration depreciation', () => {
  const URL = '/api/admin/margin/duration-depreciation';

  it('lists five years per kind and saves a kind at once', async () => {
    await ctx.db
      .delete(mcDurationDepreciation)
      .where(eq(mcDurationDepreciation.productKind, 'SERVICE'));
    const listed = await dataOf<DepreciationList>(`${URL}/list`, {}, 'MARGIN_USER');
    expect(listed.rows).toHaveLength(5);
    for (const row of listed.rows) expect(row.percents).toHaveLength(5);
    expect(listed.rows.find((r) => r.product_kind === 'SERVICE')).toEqual({
      product_kind: 'SERVICE',
      percents: ['100.00', '100.00', '100.00', '100.00', '100.00'],
      is_set: false,
    });

    const saved = await savedByContributor(URL, {
      product_kind: 'SERVICE',
      percents: ['100', '95', '90.5', '85.25', '0'],
    });
    expect(saved).toEqual({
      product_kind: 'SERVICE',
      percents: ['100.00', '95.00', '90.50', '85.25', '0.00'],
      is_set: true,
    });
    const rows = await ctx.db
      .select({ year: mcDurationDepreciation.year })
      .from(mcDurationDepreciation)
      .where(eq(mcDurationDepreciation.productKind, 'SERVICE'));
    expect(rows.map((r) => r.year).sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it.each([
    [{ percents: ['100', '90', '80', '70'] }, 'percents', 'years 1 to 5'],
    [{ percents: ['100', '90', '80', '70', '60', '50'] }, 'percents', 'years 1 to 5'],
    [
      { percents: ['100', '90', '80', '201', '60'] },
      'percents.3',
      'Year 4 must be between 0 and 200 %.',
    ],
    [{ percents: ['100', '90', '-80', '70', '60'] }, 'percents.2', 'Year 3 must be between'],
    [
      { percents: ['100', '90.125', '80', '70', '60'] },
      'percents.1',
      'Year 2 can have at most 2 decimals.',
    ],
    [{ percents: ['', '90', '80', '70', '60'] }, 'percents.0', 'Year 1 is required'],
    [{ percents: [100, '90', '80', '70', '60'] }, 'percents.0', 'percentage such as 90'],
    [{ product_kind: 'BUNDLE', percents: ['1', '1', '1', '1', '1'] }, 'product_kind', 'A bundle'],
  ])('refuses %j on %s and changes nothing', async (body, path, message) => {
    await expectRefused(`${URL}/save`, { product_kind: 'SUBSCRIPTION', ...body }, path, message);
  });
});

interface HwPage {
  rows: {
    sku: string;
    name: string;
    kind: string;
    family_id: string;
    is_active: boolean;
    unit_cost_usd_minor: number | null;
    updated_at: string | null;
    usd_list_price_minor: number | null;
    implied_cost_percent: string | null;
  }[];
  total: number;
  price_date: string;
  missing_cost_count: number;
  markups: { HARDWARE: string; ACCESS_POINT: string };
}

describe('hardware SKU costs', () => {
  const URL = '/api/admin/margin/hw-sku-costs';
  const page = (body: object, role: Role = 'MARGIN_USER') =>
    dataOf<HwPage>(`${URL}/list`, { search: tag, ...body }, role);

  it('lists hardware and access points with today’s USD list price and the implied cost %', async () => {
    const listed = await page({});
    expect(listed.price_date).toBe(new Date().toISOString().slice(0, 10));
    expect(listed.rows.map((r) => r.sku)).toEqual([sku('AP'), sku('HW'), sku('NOPRICE')]);
    expect(listed.rows[0]).toMatchObject({
      sku: sku('AP'),
      kind: 'ACCESS_POINT',
      family_id: family,
      unit_cost_usd_minor: 12_345,
      usd_list_price_minor: 30_000,
      // 123.45 / 300.00 = 41.15 %
      implied_cost_percent: '41.15',
    });
    expect(listed.rows[1]).toMatchObject({
      unit_cost_usd_minor: null,
      usd_list_price_minor: 100_000,
      implied_cost_percent: null,
    });
    expect(listed.rows[2]).toMatchObject({ usd_list_price_minor: null });

    const retired = await page({ include_retired: true });
    expect(retired.rows.map((r) => r.sku)).toContain(sku('OLD'));
    const missing = await page({ missing_cost: true });
    expect(missing.rows.map((r) => r.sku)).toEqual([sku('HW'), sku('NOPRICE')]);
    const accessPoints = await page({ kind: 'ACCESS_POINT' });
    expect(accessPoints.rows.map((r) => r.sku)).toEqual([sku('AP')]);
    const paged = await page({ page: 2, page_size: 2 });
    expect(paged).toMatchObject({ total: 3 });
    expect(paged.rows.map((r) => r.sku)).toEqual([sku('NOPRICE')]);
    // The page's {id}: one SKU alone, retired or not; not a subscription.
    const focused = await page({ search: '', focus_sku: sku('OLD') });
    expect(focused.rows.map((r) => r.sku)).toEqual([sku('OLD')]);
    expect((await page({ search: '', focus_sku: sku('SUB') })).total).toBe(0);
    expect(listed.missing_cost_count).toBeGreaterThanOrEqual(2);
  });

  it('saves a cost in exact cents, and removes it', async () => {
    const saved = await savedByContributor<HwPage['rows'][number]>(URL, {
      sku: sku('HW'),
      unit_cost_usd: '333.33',
    });
    expect(saved).toMatchObject({
      sku: sku('HW'),
      unit_cost_usd_minor: 33_333,
      usd_list_price_minor: 100_000,
      implied_cost_percent: '33.33',
    });
    expect(saved.updated_at).not.toBeNull();
    await dataOf(`${URL}/save`, { sku: sku('HW'), unit_cost_usd: '400' }, 'MARGIN_CONTRIBUTOE');
    expect((await page({ focus_sku: sku('HW'), search: '' })).rows[0]).toMatchObject({
      unit_cost_usd_minor: 40_000,
      implied_cost_percent: '40.00',
    });
    expect((await auditOf(sku('HW'))).map((a) => a.details)).toEqual([
      { before_usd_minor: null, after_usd_minor: 33_333 },
      { before_usd_minor: 33_333, after_usd_minor: 40_000 },
    ]);

    // A retired SKU keeps its cost for the quotes that still hold it.
    await dataOf(`${URL}/save`, { sku: sku('OLD'), unit_cost_usd: '0' });
    expect(await dataOf(`${URL}/delete`, { sku: sku('OLD') })).toEqual({
      sku: sku('OLD'),
      is_deleted: true,
    });
    const again = await post(`${URL}/delete`, { sku: sku('OLD') });
    expect(again.statusCode).toBe(404);
    expect(again.json<ErrorBody>().message).toBe(
      `SKU ${sku('OLD')} has no hardware cost to remove.`,
    );
  });

  it.each([
    ['SUB', '10', 'sku', 'its cost is a percentage of its list price, set under Cost lookup'],
    ['NOPE', '10', 'sku', 'is not in the catalog.'],
    ['AP', '12.345', 'unit_cost_usd', 'at most 2 decimals (cents)'],
    ['AP', '-5', 'unit_cost_usd', 'cannot be negative'],
    ['AP', '$400', 'unit_cost_usd', 'no $ or commas'],
    ['AP', '1,000', 'unit_cost_usd', 'no $ or commas'],
    ['AP', '10000000.01', 'unit_cost_usd', 'at most 10,000,000.00 USD'],
    ['AP', '', 'unit_cost_usd', 'is required'],
    ['AP', 400, 'unit_cost_usd', 'sent as text'],
  ])('refuses %s at %j on %s and changes nothing', async (code, cost, path, message) => {
    await expectRefused(`${URL}/save`, { sku: sku(code), unit_cost_usd: cost }, path, message);
  });
});

type SupportCaseList = z.infer<typeof ZSupportCasesResponse>['data'];

describe('support cases', () => {
  const URL = '/api/admin/margin/support-cases';
  const list = (role: Role = 'MARGIN_USER') => dataOf<SupportCaseList>(`${URL}/list`, {}, role);

  it('lists the demo rows and which families sell support', async () => {
    const listed = await list();
    expect(listed.can_edit).toBe(false);
    expect(listed.support_markup).toMatch(/^\d+\.\d\d$/);
    // The demo seed: 0.4 cases a firewall a year at $85.00 a case is $34.00 a unit-year.
    expect(listed.rows.find((r) => r.family_id === 'FIREWALL')).toMatchObject({
      family_name: expect.any(String),
      cases_per_unit_year: '0.400',
      cost_per_case_usd_minor: 8_500,
      cost_per_unit_year_usd_minor: 3_400,
    });
    const firewall = listed.families.find((f) => f.id === 'FIREWALL');
    expect(firewall?.support_sku_count).toBeGreaterThan(0);
    expect(firewall?.has_row).toBe(true);
    expect(listed.families.find((f) => f.id === family)).toMatchObject({
      support_sku_count: 0,
      has_row: false,
    });
  });

  it('adds, changes and removes a family row, audited with what it replaced', async () => {
    await ctx.db.insert(skus).values({
      sku: sku('SUPLIST'),
      name: 'Test support',
      kind: 'SUPPORT',
      billing: 'ANNUAL',
      familyId: family,
      description: '',
    });
    expect((await list()).families.find((f) => f.id === family)).toMatchObject({
      support_sku_count: 1,
      has_row: false,
    });

    const saved = await savedByContributor<SupportCase>(URL, {
      family_id: family,
      cases_per_unit_year: '0.4',
      cost_per_case_usd: '85',
    });
    expect(saved).toEqual({
      family_id: family,
      family_name: `Test family ${tag}`,
      cases_per_unit_year: '0.400',
      cost_per_case_usd_minor: 8_500,
      cost_per_unit_year_usd_minor: 3_400,
      updated_at: expect.any(String),
    });
    // 0.125 × $0.99 = 12.375 cents, rounded once to 12.
    const changed = await savedByContributor<SupportCase>(URL, {
      family_id: family,
      cases_per_unit_year: '0.125',
      cost_per_case_usd: '0.99',
    });
    expect(changed).toMatchObject({
      cases_per_unit_year: '0.125',
      cost_per_case_usd_minor: 99,
      cost_per_unit_year_usd_minor: 12,
    });
    const listed = await list();
    expect(listed.rows.filter((r) => r.family_id === family)).toEqual([changed]);
    expect(listed.families.find((f) => f.id === family)?.has_row).toBe(true);

    // A margin user reads the row but cannot change it.
    const before = await fingerprint();
    const refused = await post(
      `${URL}/save`,
      { family_id: family, cases_per_unit_year: '1', cost_per_case_usd: '1' },
      'MARGIN_USER',
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorBody>().error).toBe('FORBIDDEN');
    expect((await post(`${URL}/list`, {}, 'SALES_USER')).statusCode).toBe(403);
    expect(await fingerprint()).toEqual(before);

    expect(await dataOf(`${URL}/delete`, { family_id: family })).toEqual({
      family_id: family,
      is_deleted: true,
    });
    expect((await list()).rows.some((r) => r.family_id === family)).toBe(false);
    const again = await post(`${URL}/delete`, { family_id: family });
    expect(again.statusCode).toBe(404);
    expect(again.json<ErrorBody>().message).toBe(`There is no support-case cost for ${family}.`);

    expect(await auditOf(family)).toEqual([
      {
        action: 'margin.support_case.saved',
        actor: users.MARGIN_CONTRIBUTOE.id,
        details: {
          before: null,
          after: { cases_per_unit_year: '0.400', cost_per_case_usd_minor: 8_500 },
        },
      },
      {
        action: 'margin.support_case.saved',
        actor: users.MARGIN_CONTRIBUTOE.id,
        details: {
          before: { cases_per_unit_year: '0.400', cost_per_case_usd_minor: 8_500 },
          after: { cases_per_unit_year: '0.125', cost_per_case_usd_minor: 99 },
        },
      },
      {
        action: 'margin.support_case.deleted',
        actor: expect.any(String),
        details: { before: { cases_per_unit_year: '0.125', cost_per_case_usd_minor: 99 } },
      },
    ]);
  });

  it.each([
    [{ family_id: 'NO_SUCH_FAMILY' }, 'family_id', 'There is no product family NO_SUCH_FAMILY.'],
    [{ family_id: '' }, 'family_id', 'Choose a product family.'],
    [{ family_id: undefined }, 'family_id', 'Choose a product family.'],
    [{ cases_per_unit_year: '1000.001' }, 'cases_per_unit_year', 'between 0 and 1,000'],
    [{ cases_per_unit_year: '-0.5' }, 'cases_per_unit_year', 'between 0 and 1,000'],
    [{ cases_per_unit_year: '0.1234' }, 'cases_per_unit_year', 'at most 3 decimals'],
    [{ cases_per_unit_year: '1,5' }, 'cases_per_unit_year', 'a number such as 0.25'],
    [{ cases_per_unit_year: '.5' }, 'cases_per_unit_year', 'a number such as 0.25'],
    [{ cases_per_unit_year: '' }, 'cases_per_unit_year', 'is required'],
    [{ cases_per_unit_year: undefined }, 'cases_per_unit_year', 'is required'],
    [{ cases_per_unit_year: 0.4 }, 'cases_per_unit_year', 'sent as text'],
    [{ cost_per_case_usd: '-5' }, 'cost_per_case_usd', 'cannot be negative'],
    [{ cost_per_case_usd: '85.001' }, 'cost_per_case_usd', 'at most 2 decimals (cents)'],
    [{ cost_per_case_usd: '$85' }, 'cost_per_case_usd', 'no $ or commas'],
    [{ cost_per_case_usd: '10000000.01' }, 'cost_per_case_usd', 'at most 10,000,000.00 USD'],
    [{ cost_per_case_usd: undefined }, 'cost_per_case_usd', 'is required'],
    [{ cost_per_case_usd: 85 }, 'cost_per_case_usd', 'sent as text'],
  ])('refuses %j on %s and changes nothing', async (body, path, message) => {
    await expectRefused(
      `${URL}/save`,
      { family_id: family, cases_per_unit_year: '0.4', cost_per_case_usd: '85', ...body },
      path,
      message,
    );
  });
});

interface ApprovalList {
  rows: {
    sku: string;
    name: string;
    kind: string;
    is_sku_active: boolean;
    reason: string;
    is_active: boolean;
  }[];
}

describe('approval SKUs', () => {
  const URL = '/api/admin/approval-skus';

  it('adds a SKU with its reason, changes it, and removes it', async () => {
    const options = await dataOf<{ rows: { sku: string; is_listed: boolean }[] }>(
      `${URL}/sku-options`,
      { search: tag },
      'DEAL_DESK_ADMIN',
    );
    expect(options.rows.map((r) => r.sku)).toContain(sku('SUB'));

    const saved = await dataOf(
      `${URL}/save`,
      { sku: sku('SUB'), reason: '  Needs a feed licence check.  ' },
      'DEAL_DESK_ADMIN',
    );
    expect(saved).toEqual({
      sku: sku('SUB'),
      name: 'Test threat feed',
      kind: 'SUBSCRIPTION',
      is_sku_active: true,
      reason: 'Needs a feed licence check.',
      is_active: true,
    });
    await dataOf(
      `${URL}/save`,
      { sku: sku('OLD'), reason: 'Retired: only with Product approval.', is_active: false },
      'CATALOG_ADMIN',
    );
    const listed = await dataOf<ApprovalList>(`${URL}/list`, {}, 'DEAL_DESK');
    expect(listed.rows.filter((r) => r.sku.endsWith(tag))).toEqual([
      expect.objectContaining({ sku: sku('OLD'), is_sku_active: false, is_active: false }),
      expect.objectContaining({ sku: sku('SUB'), name: 'Test threat feed' }),
    ]);
    const listedOption = await dataOf<{ rows: { sku: string; is_listed: boolean }[] }>(
      `${URL}/sku-options`,
      { search: sku('SUB') },
    );
    expect(listedOption.rows).toEqual([expect.objectContaining({ is_listed: true })]);

    await dataOf(`${URL}/save`, { sku: sku('SUB'), reason: 'Changed.', is_active: false });
    expect((await auditOf(sku('SUB'))).map((a) => a.action)).toEqual([
      'approval_sku.created',
      'approval_sku.updated',
    ]);
    expect(await dataOf(`${URL}/delete`, { sku: sku('SUB') })).toEqual({
      sku: sku('SUB'),
      is_deleted: true,
    });
    expect((await post(`${URL}/delete`, { sku: sku('SUB') })).statusCode).toBe(404);
    await dataOf(`${URL}/delete`, { sku: sku('OLD') });
  });

  it.each([
    [{ sku: 'NOPE', reason: 'x' }, 'sku', 'is not in the catalog.'],
    [{ sku: '', reason: 'x' }, 'sku', 'Say which SKU.'],
    [{ sku: 'SUB', reason: '   ' }, 'reason', 'Please enter why this SKU needs approval.'],
    [{ sku: 'SUB' }, 'reason', 'Please enter why this SKU needs approval.'],
    [{ sku: 'SUB', reason: 'x'.repeat(301) }, 'reason', 'at most 300 characters'],
    [{ sku: 'SUB', reason: 'x', is_active: 'yes' }, 'is_active', 'Active is true or false.'],
  ])('refuses %j on %s and changes nothing', async (body, path, message) => {
    const code = body.sku === 'NOPE' || body.sku === '' ? body.sku : sku(body.sku);
    await expectRefused(`${URL}/save`, { ...body, sku: code }, path, message);
  });
});

describe('a cost change reaches the margin of a quote', () => {
  interface Priced {
    shows_margin: boolean;
    totals: { net_minor: number; cost_minor: number | null; margin_minor: number | null };
    lines: { cost_minor: number | null }[];
  }

  /** A new EMEA quote of a seller's, and how two units of `code` on it price as `role` sees it. */
  async function pricingOfNewQuote(code: string) {
    const opportunityId = await insertOpportunity(ctx.db, { region: 'EMEA' });
    const made = await post(
      '/api/dx/create-quote',
      { opportunity_id: opportunityId, values: headerValues() },
      'SALES_USER',
    );
    expect(made.statusCode, made.body).toBe(200);
    const quoteId = made.json<{ data: { id: string } }>().data.id;
    const request = { id: quoteId, lines: [{ key: 'a', sku: code, quantities: [2] }] };
    // The configure page's totals (slim: decimal text, margin only for who sees it), and the
    // line's own cost from its explanation.
    return async (role: Role): Promise<Priced> => {
      const slim = await dataOf<{
        shows_margin: boolean;
        totals: { net: string; cost?: string | null; margin?: string | null };
      }>('/api/dx/pricing/execute', request, role);
      const explained = await dataOf<{ line: { cost_minor: number | null } }>(
        '/api/dx/pricing/explain-line',
        { ...request, line_key: 'a' },
        role,
      );
      const minor = (text: string | null | undefined) =>
        text === null || text === undefined ? null : decimalAsMinor(text);
      return {
        shows_margin: slim.shows_margin,
        totals: {
          net_minor: minor(slim.totals.net) ?? 0,
          cost_minor: minor(slim.totals.cost),
          margin_minor: minor(slim.totals.margin),
        },
        lines: [{ cost_minor: explained.line.cost_minor }],
      };
    };
  }

  it('shows the deal desk a lower margin after a hardware cost is raised', async () => {
    const price = await pricingOfNewQuote(sku('EFFECT'));

    await ctx.db.insert(skus).values({
      sku: sku('EFFECT'),
      name: 'Margin test appliance',
      kind: 'HARDWARE',
      billing: 'ONE_TIME',
      familyId: family,
    });
    await ctx.db.insert(skuPrices).values({
      sku: sku('EFFECT'),
      currencyCode: 'EUR',
      unitPriceMinor: 92_000,
      effectiveFrom: '2020-01-01',
    });
    await dataOf(`/api/admin/margin/hw-sku-costs/save`, {
      sku: sku('EFFECT'),
      unit_cost_usd: '400.00',
    });
    const before = await price('DEAL_DESK');
    expect(before.shows_margin).toBe(true);
    expect(before.totals.net_minor).toBe(184_000);

    await dataOf(
      '/api/admin/margin/hw-sku-costs/save',
      { sku: sku('EFFECT'), unit_cost_usd: '600.00' },
      'MARGIN_CONTRIBUTOE',
    );
    const after = await price('DEAL_DESK');
    const markup = (await dataOf<HwPage>('/api/admin/margin/hw-sku-costs/list', {})).markups
      .HARDWARE;
    // 2 units × $600.00 plus the hardware markup, at 0.92 EUR per USD, rounded once.
    const markupBp = Math.round(Number(markup) * 100);
    const unitCost = 60_000 + Math.round((60_000 * markupBp) / 10_000);
    expect(after.lines[0]?.cost_minor).toBe(Math.round(unitCost * 2 * 0.92));
    expect(after.totals.net_minor).toBe(before.totals.net_minor);
    expect(after.totals.margin_minor).toBeLessThan(before.totals.margin_minor ?? 0);
    expect((before.totals.margin_minor ?? 0) - (after.totals.margin_minor ?? 0)).toBe(
      (after.totals.cost_minor ?? 0) - (before.totals.cost_minor ?? 0),
    );

    // A seller still sees no cost or margin at all.
    const forSeller = await price('SALES_USER');
    expect(forSeller.shows_margin).toBe(false);
    expect(forSeller.totals.margin_minor).toBeNull();
  });

  it("adds the family's support-case cost to a support line's cost, before the markup", async () => {
    const price = await pricingOfNewQuote(sku('SUPCASE'));

    await ctx.db.insert(skus).values({
      sku: sku('SUPCASE'),
      name: 'Margin test support',
      kind: 'SUPPORT',
      billing: 'ANNUAL',
      familyId: family,
    });
    await ctx.db.insert(skuPrices).values([
      {
        sku: sku('SUPCASE'),
        currencyCode: 'USD',
        unitPriceMinor: 10_000,
        effectiveFrom: '2020-01-01',
      },
      {
        sku: sku('SUPCASE'),
        currencyCode: 'EUR',
        unitPriceMinor: 9_200,
        effectiveFrom: '2020-01-01',
      },
    ]);
    // Support costs 20 % of its $100.00 list, marked up 10 %, at full cost in year one.
    await dataOf('/api/admin/margin/cost-lookups/save', {
      family_id: family,
      product_kind: 'SUPPORT',
      cost_percent: '20',
    });
    await dataOf('/api/admin/margin/markups/save', { product_kind: 'SUPPORT', percent: '10' });
    await dataOf('/api/admin/margin/duration-depreciation/save', {
      product_kind: 'SUPPORT',
      percents: ['100', '95', '90', '85', '80'],
    });
    await ctx.db.delete(mcSupportCases).where(eq(mcSupportCases.familyId, family));

    // Without a row: ($20.00 + 10 %) × 2 units × 12/12, at 0.92 EUR per USD.
    const without = await price('DEAL_DESK');
    expect(without.shows_margin).toBe(true);
    expect(without.lines[0]?.cost_minor).toBe(4_048);

    // With 0.4 cases a year at $85.00: ($20.00 + $34.00 + 10 %) × 2 × 0.92 = €109.296.
    await dataOf(
      '/api/admin/margin/support-cases/save',
      { family_id: family, cases_per_unit_year: '0.4', cost_per_case_usd: '85' },
      'DEAL_DESK',
    );
    const withCases = await price('DEAL_DESK');
    expect(withCases.lines[0]?.cost_minor).toBe(10_930);
    expect(withCases.totals.net_minor).toBe(without.totals.net_minor);
    expect((without.totals.margin_minor ?? 0) - (withCases.totals.margin_minor ?? 0)).toBe(
      10_930 - 4_048,
    );
    // A seller is sent no cost at all.
    expect((await price('SALES_USER')).lines[0]?.cost_minor).toBeNull();

    await dataOf('/api/admin/margin/support-cases/delete', { family_id: family });
    expect((await price('DEAL_DESK')).lines[0]?.cost_minor).toBe(4_048);
  });
});
