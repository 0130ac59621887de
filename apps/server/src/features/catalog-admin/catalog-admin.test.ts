import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '@bastion/db/schema/audit';
import { productFamilies, skuPrices, skus } from '@bastion/db/schema/catalog';
import { quoteLines, quotes } from '@bastion/db/schema/quotes';
import { auditActionsOf } from '../../test/audit.ts';
import { postCalls, useTestBed } from '../../test/test-bed.ts';
import { A, unique } from './catalog-admin.test-harness.ts';
import { parseCsv } from '../../lib/csv.ts';
import { isoDayOf as dayOf } from '../../lib/clock.ts';

const { ctx, users, cookies } = useTestBed({
  admin: 'CATALOG_ADMIN',
  root: 'ROOT_ADMIN',
  catalogUser: 'CATALOG_USER',
  sales: 'SALES_USER',
});
/** Product families of this file's own, so counts never depend on the demo catalogue. */
const family = `FAM_${unique()}`;
const otherFamily = `FAM_${unique()}`;

beforeAll(async () => {
  await ctx.db.insert(productFamilies).values([
    { id: family, name: `Test family ${family}`, sortOrder: 90 },
    { id: otherFamily, name: `Other family ${otherFamily}`, sortOrder: 91 },
  ]);
});

afterAll(async () => {
  await ctx.app.close();
});

const today = dayOf(new Date());
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const { post, dataOf } = postCalls({ ctx, cookies }, 'admin');

interface Node {
  id: string;
  parent_id: string | null;
  name: string;
  family_id: string | null;
  sku_count: number;
  active_sku_count: number;
  child_count: number;
}
interface Sku {
  sku: string;
  name: string;
  kind: string;
  family_id: string;
  hierarchy_node_id: string | null;
  hierarchy_path: string;
  is_active: boolean;
  quote_line_count: number;
  prices_today: { currency_code: string; unit_price_minor: number }[];
  attributes: Record<string, unknown>;
}
interface PriceRowAnswer {
  id: string;
  currency_code: string;
  unit_price_minor: number;
  effective_from: string;
  effective_to: string | null;
  status: string;
  created_by_email: string | null;
}
interface History {
  sku: string;
  today: string;
  currency_codes: string[];
  rows: PriceRowAnswer[];
}

const addNode = (name: string, parentId: string | null = null, extra = {}) =>
  dataOf<Node>(`${A}/hierarchy/add`, { name, parent_id: parentId, ...extra });

/** A product line of this file's family, to hang SKUs from. */
async function freshLine() {
  return addNode(`Line ${unique()}`, null, { family_id: family });
}

function skuBody(code: string, nodeId: string, extra: Record<string, unknown> = {}) {
  return {
    is_new: true,
    sku: code,
    name: `Test appliance ${code}`,
    description: 'A test SKU.',
    kind: 'HARDWARE',
    billing: 'ONE_TIME',
    family_id: family,
    hierarchy_node_id: nodeId,
    is_shippable: true,
    is_active: true,
    ...extra,
  };
}

const createSku = (code: string, nodeId: string, extra: Record<string, unknown> = {}) =>
  dataOf<Sku>(`${A}/skus/save`, skuBody(code, nodeId, extra));

/** A new SKU with a price of 100.00 in USD and EUR since 2025-01-01, open-ended. */
async function pricedSku(extra: Record<string, unknown> = {}) {
  const line = await freshLine();
  const code = `T-${unique()}`;
  await createSku(code, line.id, extra);
  await ctx.db.insert(skuPrices).values(
    ['USD', 'EUR'].map((currencyCode) => ({
      sku: code,
      currencyCode,
      unitPriceMinor: 10_000,
      effectiveFrom: '2025-01-01',
    })),
  );
  return { code, line };
}

/** The stored price rows of some SKUs, to prove a refused change changed nothing. */
async function priceRowsOf(...codes: string[]) {
  return ctx.db
    .select()
    .from(skuPrices)
    .where(inArray(skuPrices.sku, codes))
    .orderBy(asc(skuPrices.sku), asc(skuPrices.currencyCode), asc(skuPrices.effectiveFrom));
}

/** The price a quote priced on `day` would read, straight from sku_prices. */
async function priceOn(code: string, currencyCode: string, day: string) {
  const rows = (await priceRowsOf(code)).filter(
    (row) =>
      row.currencyCode === currencyCode &&
      row.effectiveFrom <= day &&
      (row.effectiveTo === null || row.effectiveTo > day),
  );
  expect(rows.length).toBeLessThanOrEqual(1);
  return rows[0]?.unitPriceMinor ?? null;
}

/** The body of a price change. */
const priceChange = (sku: string, currency: string, unitPrice: string, from: string) => ({
  sku,
  currency_code: currency,
  unit_price: unitPrice,
  effective_from: from,
});

/** A quote stored as it is, with one line of this SKU: the SKU has been quoted. */
async function quoteWithLine(
  name: string,
  sku: string,
  quantity: number,
  extra: Partial<typeof quotes.$inferInsert> = {},
) {
  const [quote] = await ctx.db
    .insert(quotes)
    .values({
      quoteNumber: `Q-T-${unique()}`,
      quoteName: name,
      quoteType: 'STANDARD',
      dealType: 'NB',
      contractLength: 12,
      salesChannel: 'DIRECT',
      ...extra,
    })
    .returning({ id: quotes.id, priceDate: quotes.priceDate });
  await ctx.db
    .insert(quoteLines)
    .values({ quoteId: quote?.id ?? '', position: 1, sku, y1: quantity });
  return quote;
}

const auditActions = (entityId: string) => auditActionsOf(ctx.db, entityId);

describe('who may use the catalogue administration', () => {
  const adminOnly: [string, unknown][] = [
    ['hierarchy/list', {}],
    ['hierarchy/add', { name: 'Nope' }],
    ['hierarchy/rename', { id: randomUUID(), name: 'Nope' }],
    ['hierarchy/move', { id: randomUUID(), parent_id: null }],
    ['hierarchy/delete', { id: randomUUID() }],
    ['hierarchy/reorder', { id: randomUUID(), direction: 'up' }],
    ['prices/history', { sku: 'BX-1' }],
    [
      'prices/change',
      { sku: 'BX-1', currency_code: 'USD', unit_price: '1', effective_from: today },
    ],
    ['prices/cancel-scheduled', { id: randomUUID() }],
    ['prices/export', {}],
    ['prices/import', { csv: 'sku,currency,unit_price,effective_from\r\n' }],
    ['skus/save', { is_new: true, sku: 'NOPE-1' }],
    ['skus/save-components', { sku: 'BX-1', components: [{ sku: 'BX-2', quantity: 1 }] }],
  ];

  it.each(adminOnly)('refuses %s to a catalog user and to a seller (403)', async (path, body) => {
    for (const cookie of [cookies.catalogUser, cookies.sales]) {
      const response = await post(`${A}/${path}`, body, cookie);
      expect(response.statusCode, path).toBe(403);
      const answer = response.json();
      expect(answer).toMatchObject({ code: 403, error: 'FORBIDDEN' });
      expect(answer).not.toHaveProperty('data');
      expect(response.body).not.toMatch(/at .*\.ts:\d+/);
    }
  });

  it('lets a catalog user read the grid, but not a seller', async () => {
    const line = await freshLine();
    const code = `T-${unique()}`;
    await createSku(code, line.id);
    for (const path of ['skus/list', 'families/list']) {
      expect((await post(`${A}/${path}`, {}, cookies.catalogUser)).statusCode).toBe(200);
      expect((await post(`${A}/${path}`, {}, cookies.sales)).statusCode).toBe(403);
    }
    const sku = await dataOf<Sku>(`${A}/skus/get`, { sku: code }, cookies.catalogUser);
    expect(sku.sku).toBe(code);
    expect((await post(`${A}/skus/get`, { sku: code }, cookies.sales)).statusCode).toBe(403);
  });

  it('lets catalog admins and root admins do everything', async () => {
    const { code } = await pricedSku();
    for (const cookie of [cookies.admin, cookies.root]) {
      expect((await post(`${A}/hierarchy/list`, {}, cookie)).statusCode).toBe(200);
      expect((await post(`${A}/prices/history`, { sku: code }, cookie)).statusCode).toBe(200);
      expect((await post(`${A}/skus/list`, {}, cookie)).statusCode).toBe(200);
      expect((await post(`${A}/prices/export`, { on: today }, cookie)).statusCode).toBe(200);
    }
    const node = await addNode(`Root line ${unique()}`, null, {});
    expect((await post(`${A}/hierarchy/delete`, { id: node.id }, cookies.root)).statusCode).toBe(
      200,
    );
  });

  it('asks for a session before anything else', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: `${A}/skus/list`, payload: {} });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: 'SESSION_REQUIRED' });
  });
});

describe('SKUs', () => {
  it('creates, finds, reads and changes a SKU, with audits', async () => {
    const parent = await freshLine();
    const child = await addNode(`Child ${unique()}`, parent.id);
    expect(child.family_id).toBe(family);
    const tag = unique();
    const code = `t-${tag}-hw`;
    const created = await createSku(code, child.id, { name: `  Gateway ${tag} ` });
    expect(created).toMatchObject({
      sku: code.toUpperCase(),
      name: `Gateway ${tag}`,
      kind: 'HARDWARE',
      family_id: family,
      hierarchy_node_id: child.id,
      hierarchy_path: `${parent.name} › ${child.name}`,
      is_active: true,
      quote_line_count: 0,
      prices_today: [],
    });
    await createSku(`T-${tag}-SUB`, parent.id, {
      name: `Gateway subscription ${tag}`,
      kind: 'SUBSCRIPTION',
      billing: 'ANNUAL',
      is_shippable: false,
      is_active: false,
    });

    type Page = { total: number; rows: Sku[]; page: number; page_size: number };
    const list = (body: Record<string, unknown>) => dataOf<Page>(`${A}/skus/list`, body);
    expect((await list({ search: tag })).total).toBe(2);
    expect(
      (await list({ search: tag.toLowerCase(), status: 'active' })).rows.map((r) => r.sku),
    ).toEqual([`T-${tag}-HW`]);
    expect((await list({ search: tag, status: 'inactive' })).rows.map((r) => r.sku)).toEqual([
      `T-${tag}-SUB`,
    ]);
    expect((await list({ search: tag, kind: 'SUBSCRIPTION' })).total).toBe(1);
    expect((await list({ search: tag, family_id: otherFamily })).total).toBe(0);
    // A line's subtree: the parent holds the child's SKU too; the child only its own.
    expect((await list({ node_id: parent.id })).total).toBe(2);
    expect((await list({ node_id: child.id })).rows.map((r) => r.sku)).toEqual([`T-${tag}-HW`]);
    const byNameDesc = await list({ search: tag, sort: 'name', direction: 'desc', page_size: 1 });
    expect(byNameDesc).toMatchObject({ total: 2, page: 1, page_size: 1 });
    expect(byNameDesc.rows.map((r) => r.name)).toEqual([`Gateway subscription ${tag}`]);
    const secondPage = await list({
      search: tag,
      sort: 'name',
      direction: 'desc',
      page_size: 1,
      page: 2,
    });
    expect(secondPage.rows.map((r) => r.name)).toEqual([`Gateway ${tag}`]);
    // LIKE wildcards are plain characters.
    expect((await list({ search: '%_%' })).total).toBe(0);

    const changed = await dataOf<Sku>(`${A}/skus/save`, {
      ...skuBody(`T-${tag}-HW`, parent.id),
      is_new: false,
      name: `Gateway ${tag} rev B`,
      is_active: false,
    });
    expect(changed).toMatchObject({ name: `Gateway ${tag} rev B`, is_active: false });
    expect(await dataOf<Sku>(`${A}/skus/get`, { sku: `T-${tag}-HW` })).toEqual(changed);
    const audits = await auditActions(`T-${tag}-HW`);
    expect(audits.map((a) => a.action)).toEqual(['catalog.sku.created', 'catalog.sku.updated']);
    expect(audits[1]?.actor).toBe(users.admin.id);
    expect(audits[1]?.details).toMatchObject({
      changed: expect.arrayContaining(['name', 'isActive', 'hierarchyNodeId']),
    });
  });

  it('filters by several product lines, each with the lines below it', async () => {
    const [first, second, third] = await Promise.all([freshLine(), freshLine(), freshLine()]);
    const below = await addNode(`Below ${unique()}`, first.id);
    const codes = {
      first: `T-${unique()}`,
      below: `T-${unique()}`,
      second: `T-${unique()}`,
      third: `T-${unique()}`,
    };
    await createSku(codes.first, first.id);
    await createSku(codes.below, below.id);
    await createSku(codes.second, second.id);
    await createSku(codes.third, third.id);
    type Page = { total: number; rows: Sku[] };
    const list = (body: Record<string, unknown>) => dataOf<Page>(`${A}/skus/list`, body);
    const both = await list({ node_ids: [first.id, second.id], page_size: 100 });
    expect(both.rows.map((r) => r.sku).sort()).toEqual(
      [codes.first, codes.below, codes.second].sort(),
    );
    // With node_id too, and a line named twice counts once.
    const all = await list({ node_id: third.id, node_ids: [first.id, first.id, second.id] });
    expect(all.total).toBe(4);
    // Other filters narrow the lines' SKUs further.
    expect((await list({ node_ids: [first.id], search: codes.below })).total).toBe(1);
    expect((await list({ node_ids: [] })).total).toBeGreaterThan(4);
    expect((await list({ node_ids: [randomUUID()] })).total).toBe(0);

    const bad = await post(`${A}/skus/list`, { node_ids: ['not-a-line'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { path: 'node_ids.0', message: 'That is not a product line.' },
    ]);
    const tooMany = await post(`${A}/skus/list`, {
      node_ids: Array.from({ length: 51 }, () => randomUUID()),
    });
    expect(tooMany.json().errors).toEqual([
      { path: 'node_ids', message: 'Filter by at most 50 product lines.' },
    ]);
    const notList = await post(`${A}/skus/list`, { node_ids: first.id });
    expect(notList.json().errors).toEqual([
      { path: 'node_ids', message: 'The product lines are a list of ids.' },
    ]);
  });

  it.each([
    [{ sku: 'x' }, 'sku', 'A SKU code is 2 to 40'],
    [{ sku: '-BAD' }, 'sku', 'A SKU code is 2 to 40'],
    [{ sku: 'BAD CODE' }, 'sku', 'A SKU code is 2 to 40'],
    [{ sku: `A${'B'.repeat(40)}` }, 'sku', 'A SKU code is 2 to 40'],
    [{ name: ' ' }, 'name', 'Enter the SKU name.'],
    [{ kind: 'GADGET' }, 'kind', 'Choose the kind'],
    [{ billing: 'MONTHLY' }, 'billing', 'Choose the billing'],
    [{ family_id: 'NO_SUCH_FAMILY' }, 'family_id', 'There is no product family NO_SUCH_FAMILY.'],
    [{ hierarchy_node_id: randomUUID() }, 'hierarchy_node_id', 'no longer exists'],
    [{ hierarchy_node_id: 'abc' }, 'hierarchy_node_id', 'Choose where the SKU sits'],
    [{ size: 'm' }, 'size', 'Only secure-access SKUs have a size'],
    [{ pricing_model: 'Device Based', size: 'm' }, 'pricing_model', 'Only Secure Access SKUs'],
    [
      { family_id: 'SECURE_ACCESS', pricing_model: 'Device Based' },
      'size',
      'A secure-access SKU needs a size',
    ],
    [{ size: 'xxl' }, 'size', 'The size is xs, s, m or l.'],
  ])('refuses %j with 400 on %s and changes nothing', async (change, path, message) => {
    const line = await freshLine();
    const body = { ...skuBody(`T-${unique()}`, line.id), ...change };
    const response = await post(`${A}/skus/save`, body);
    expect(response.statusCode, response.body).toBe(400);
    const answer = response.json();
    expect(answer.errors).toEqual(
      expect.arrayContaining([{ path, message: expect.stringContaining(message) }]),
    );
    const stored = await ctx.db
      .select()
      .from(skus)
      .where(eq(skus.sku, String(body.sku).toUpperCase()));
    expect(stored).toEqual([]);
  });

  it('keeps a line of one family for that family’s SKUs', async () => {
    const line = await freshLine();
    const response = await post(`${A}/skus/save`, {
      ...skuBody(`T-${unique()}`, line.id),
      family_id: otherFamily,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({
      path: 'hierarchy_node_id',
      message: expect.stringContaining(`${line.name} holds Test family`),
    });
  });

  it('keeps the attributes product rules read, and leaves them alone when a change does not send them', async () => {
    const line = await freshLine();
    const code = `T-${unique()}-HW`;
    const attributes = {
      model: 'BX-9',
      form_factor: '1U',
      segment: 'campus',
      port_types: ['SFP+', 'SFP28'],
      ha_capable: true,
    };
    const created = await createSku(code, line.id, { attributes });
    expect(created.attributes).toEqual(attributes);
    const renamed = await dataOf<Sku>(`${A}/skus/save`, {
      ...skuBody(code, line.id),
      is_new: false,
      name: 'Renamed',
    });
    expect(renamed.attributes).toEqual(attributes);
    const changed = await dataOf<Sku>(`${A}/skus/save`, {
      ...skuBody(code, line.id),
      is_new: false,
      name: 'Renamed',
      attributes: { model: 'BX-9', form_factor: 'desktop' },
    });
    expect(changed.attributes).toEqual({ model: 'BX-9', form_factor: 'desktop' });
    const audits = await auditActions(code);
    expect(audits.at(-1)?.details).toMatchObject({ changed: ['attributes'] });

    const refused = await post(`${A}/skus/save`, {
      ...skuBody(code, line.id),
      is_new: false,
      attributes: { form_factor: 'tower', colour: 'red' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ errors: { path: string; message: string }[] }>().errors).toEqual(
      expect.arrayContaining([
        {
          path: 'attributes',
          message:
            'Attributes are model, form_factor, segment, port_types, support_tier and ha_capable.',
        },
      ]),
    );
  });

  it('accepts a secure-access SKU with its model and size', async () => {
    const line = await addNode(`SA line ${unique()}`, null, { family_id: 'SECURE_ACCESS' });
    const sku = await createSku(`SA-T-${unique()}`, line.id, {
      family_id: 'SECURE_ACCESS',
      kind: 'SUBSCRIPTION',
      billing: 'ANNUAL',
      pricing_model: 'Local Access Point Based',
      size: 'l',
    });
    expect(sku).toMatchObject({ size: 'l', pricing_model: 'Local Access Point Based' });
  });

  it('refuses a second SKU with the same code (409) and a change to a missing one (404)', async () => {
    const line = await freshLine();
    const code = `T-${unique()}`;
    await createSku(code, line.id);
    const again = await post(`${A}/skus/save`, skuBody(code, line.id, { name: 'Other' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain(`There is already a SKU ${code}`);
    expect((await dataOf<Sku>(`${A}/skus/get`, { sku: code })).name).toBe(`Test appliance ${code}`);

    const missing = await post(`${A}/skus/save`, {
      ...skuBody(`T-${unique()}`, line.id),
      is_new: false,
    });
    expect(missing.statusCode).toBe(404);
    expect((await post(`${A}/skus/get`, { sku: 'NO-SUCH-SKU' })).statusCode).toBe(404);
  });

  it('fixes the kind of a SKU once a quote line uses it (409)', async () => {
    const line = await freshLine();
    const code = `T-${unique()}`;
    await createSku(code, line.id);
    // Without quote lines the kind may still change.
    await dataOf(`${A}/skus/save`, {
      ...skuBody(code, line.id),
      is_new: false,
      kind: 'ACCESS_POINT',
    });

    await quoteWithLine('Kind lock test', code, 2);

    const response = await post(`${A}/skus/save`, {
      ...skuBody(code, line.id),
      is_new: false,
      kind: 'HARDWARE',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: 'CONFLICT',
      message: `${code} is on 1 quote line, so its kind stays ACCESS_POINT.`,
    });
    const stored = await dataOf<Sku>(`${A}/skus/get`, { sku: code });
    expect(stored).toMatchObject({ kind: 'ACCESS_POINT', quote_line_count: 1 });
    // Everything else may still change.
    await dataOf(`${A}/skus/save`, {
      ...skuBody(code, line.id),
      is_new: false,
      kind: 'ACCESS_POINT',
      name: 'Renamed while quoted',
    });
  });
});

describe('the product hierarchy', () => {
  it('adds, renames and lists lines with their SKU counts', async () => {
    const top = await addNode(`Top ${unique()}`, null, { family_id: family });
    const child = await addNode('Branch', top.id);
    await addNode('Campus', top.id);
    await createSku(`T-${unique()}`, child.id);
    await createSku(`T-${unique()}`, child.id, { is_active: false });

    const { nodes, families } = await dataOf<{ nodes: Node[]; families: { id: string }[] }>(
      `${A}/hierarchy/list`,
      {},
    );
    expect(families.map((f) => f.id)).toContain(family);
    expect(nodes.find((n) => n.id === top.id)).toMatchObject({ child_count: 2, sku_count: 0 });
    expect(nodes.find((n) => n.id === child.id)).toMatchObject({
      parent_id: top.id,
      family_id: family,
      sku_count: 2,
      active_sku_count: 1,
      child_count: 0,
    });

    const renamed = await dataOf<Node>(`${A}/hierarchy/rename`, {
      id: child.id,
      name: ' Branch office ',
    });
    expect(renamed).toMatchObject({ name: 'Branch office', sku_count: 2 });
    expect((await auditActions(child.id)).map((a) => a.action)).toEqual([
      'catalog.hierarchy.added',
      'catalog.hierarchy.renamed',
    ]);
  });

  it('keeps sibling names distinct whatever their case', async () => {
    const top = await addNode(`Top ${unique()}`);
    const branch = await addNode('Branch', top.id);
    await addNode('Campus', top.id);
    const duplicate = await post(`${A}/hierarchy/add`, { name: 'BRANCH', parent_id: top.id });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      message: `There is already a product line called “Branch” under ${top.name}. Sibling lines need different names.`,
      errors: [{ path: 'name' }],
    });
    const rename = await post(`${A}/hierarchy/rename`, { id: branch.id, name: 'campus' });
    expect(rename.statusCode).toBe(409);
    // Renaming to itself in another case is fine; so is the same name elsewhere.
    await dataOf(`${A}/hierarchy/rename`, { id: branch.id, name: 'BRANCH' });
    const other = await addNode(`Other ${unique()}`);
    await addNode('Branch', other.id);
    const topClash = await post(`${A}/hierarchy/add`, { name: top.name.toUpperCase() });
    expect(topClash.statusCode).toBe(409);
    expect(topClash.json().message).toContain('at the top level');
  });

  it('moves a line, never under itself or its descendants', async () => {
    const a = await addNode(`A ${unique()}`);
    const b = await addNode('B', a.id);
    const c = await addNode('C', b.id);
    for (const parentId of [a.id, b.id, c.id]) {
      const response = await post(`${A}/hierarchy/move`, { id: a.id, parent_id: parentId });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: 'A product line cannot move under itself.',
        errors: [{ path: 'parent_id', message: 'A product line cannot move under itself.' }],
      });
    }
    const moved = await dataOf<Node>(`${A}/hierarchy/move`, { id: c.id, parent_id: a.id });
    expect(moved.parent_id).toBe(a.id);
    const toTop = await dataOf<Node>(`${A}/hierarchy/move`, { id: b.id, parent_id: null });
    expect(toTop.parent_id).toBeNull();
    // b is now at the top level, so c may go under it again (no loop: a is not below b).
    await dataOf(`${A}/hierarchy/move`, { id: c.id, parent_id: b.id });

    // A clash of names at the destination is refused.
    const clash = await addNode('C', a.id);
    const response = await post(`${A}/hierarchy/move`, { id: clash.id, parent_id: b.id });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain('There is already a product line called “C” under B');
    expect((await auditActions(c.id)).map((x) => x.action)).toContain('catalog.hierarchy.moved');
  });

  it('deletes only an empty line', async () => {
    const top = await addNode(`Top ${unique()}`, null, { family_id: family });
    const child = await addNode('Child', top.id);
    await createSku(`T-${unique()}`, top.id);
    await createSku(`T-${unique()}`, top.id, { is_active: false });
    const response = await post(`${A}/hierarchy/delete`, { id: top.id });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      `${top.name} still holds 1 product line and 2 SKUs. Move or delete them first; only an empty product line can be deleted.`,
    );
    const deleted = await dataOf(`${A}/hierarchy/delete`, { id: child.id });
    expect(deleted).toEqual({ id: child.id, name: 'Child', is_deleted: true });
    expect((await post(`${A}/hierarchy/delete`, { id: child.id })).statusCode).toBe(404);
  });
});

describe('prices', () => {
  it('schedules a change: the price in effect ends on its day, and older quotes keep theirs', async () => {
    const { code } = await pricedSku();
    // A quote made today, with a line of this SKU: its price date is today.
    const quote = await quoteWithLine('Priced before the change', code, 1, { priceDate: today });
    const from = addDays(today, 30);
    const result = await dataOf<History & { change: Record<string, unknown> }>(
      `${A}/prices/change`,
      priceChange(code, 'usd', '123.4', from),
    );
    expect(result.change).toEqual({
      currency_code: 'USD',
      unit_price_minor: 12_340,
      effective_from: from,
      is_replacement: false,
    });
    const usd = result.rows.filter((r) => r.currency_code === 'USD');
    expect(usd).toEqual([
      expect.objectContaining({
        unit_price_minor: 12_340,
        effective_from: from,
        effective_to: null,
        status: 'scheduled',
        created_by_email: users.admin.email,
      }),
      expect.objectContaining({
        unit_price_minor: 10_000,
        effective_from: '2025-01-01',
        effective_to: from,
        status: 'in_effect',
        created_by_email: null,
      }),
    ]);
    // The quote priced before, and any day before the change, still reads the old price.
    expect(await priceOn(code, 'USD', quote?.priceDate ?? '')).toBe(10_000);
    expect(await priceOn(code, 'USD', addDays(from, -1))).toBe(10_000);
    expect(await priceOn(code, 'USD', from)).toBe(12_340);
    expect(await priceOn(code, 'EUR', from)).toBe(10_000);

    // The same day again replaces that price rather than adding a row.
    const replaced = await dataOf<History & { change: { is_replacement: boolean } }>(
      `${A}/prices/change`,
      priceChange(code, 'USD', '125', from),
    );
    expect(replaced.change.is_replacement).toBe(true);
    expect(replaced.rows.filter((r) => r.currency_code === 'USD')).toHaveLength(2);
    expect(await priceOn(code, 'USD', from)).toBe(12_500);

    // An earlier change under a scheduled one is refused, naming the scheduled day.
    const before = await priceRowsOf(code);
    const earlier = await post(
      `${A}/prices/change`,
      priceChange(code, 'USD', '110', addDays(today, 10)),
    );
    expect(earlier.statusCode).toBe(409);
    expect(earlier.json().message).toContain(`A later price is already scheduled from ${from}.`);
    // A change later than the scheduled one closes that one.
    await dataOf(`${A}/prices/change`, priceChange(code, 'USD', '130', addDays(from, 30)));
    expect(await priceOn(code, 'USD', addDays(from, 29))).toBe(12_500);
    expect(await priceOn(code, 'USD', addDays(from, 30))).toBe(13_000);
    expect(before).toHaveLength(3);
    expect(
      (await auditActions(code)).filter((a) => a.action === 'catalog.price.changed'),
    ).toHaveLength(3);
  });

  it('starts a currency the SKU had no price in', async () => {
    const { code } = await pricedSku();
    await dataOf(`${A}/prices/change`, priceChange(code, 'GBP', '80', today));
    expect(await priceOn(code, 'GBP', today)).toBe(8000);
    expect(await priceOn(code, 'GBP', addDays(today, -1))).toBeNull();
  });

  it.each([
    [{ unit_price: '10.005' }, 'unit_price', 'Prices have at most 2 decimals in USD.'],
    [{ unit_price: '-5' }, 'unit_price', 'A price cannot be negative.'],
    [{ unit_price: 'ten' }, 'unit_price', 'The unit price must be a number such as 1234.50.'],
    [{ unit_price: '1,234.50' }, 'unit_price', 'The unit price must be a number such as 1234.50.'],
    [{ unit_price: '' }, 'unit_price', 'Enter the unit price.'],
    [{ unit_price: 12 }, 'unit_price', 'Enter the unit price as text'],
    [{ currency_code: 'US' }, 'currency_code', 'three-letter ISO code'],
    [{ currency_code: 'CHF' }, 'currency_code', 'There is no exchange rate for CHF'],
    [{ effective_from: '2026-02-30' }, 'effective_from', 'dates look like 2027-01-01'],
    [{ effective_from: addDays(today, -1) }, 'effective_from', `starts today (${today}) or later`],
  ])('refuses %j with 400 on %s and changes nothing', async (change, path, message) => {
    const { code } = await pricedSku();
    const before = await priceRowsOf(code);
    const response = await post(`${A}/prices/change`, {
      ...priceChange(code, 'USD', '99.99', addDays(today, 5)),
      ...change,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors).toEqual([{ path, message: expect.stringContaining(message) }]);
    expect(await priceRowsOf(code)).toEqual(before);
  });

  it('answers 404 for a SKU that does not exist', async () => {
    const response = await post(
      `${A}/prices/change`,
      priceChange('NO-SUCH-SKU', 'USD', '1', today),
    );
    expect(response.statusCode).toBe(404);
    expect((await post(`${A}/prices/history`, { sku: 'NO-SUCH-SKU' })).statusCode).toBe(404);
  });

  it('cancels a scheduled price and reopens the one before it', async () => {
    const { code } = await pricedSku();
    const first = addDays(today, 20);
    const second = addDays(today, 40);
    await dataOf(`${A}/prices/change`, priceChange(code, 'USD', '110', first));
    const history = await dataOf<History>(
      `${A}/prices/change`,
      priceChange(code, 'USD', '120', second),
    );
    const firstRow = history.rows.find((r) => r.effective_from === first);
    const afterCancel = await dataOf<History>(`${A}/prices/cancel-scheduled`, { id: firstRow?.id });
    expect(
      afterCancel.rows
        .filter((r) => r.currency_code === 'USD')
        .map((r) => [r.effective_from, r.effective_to, r.unit_price_minor, r.status]),
    ).toEqual([
      [second, null, 12_000, 'scheduled'],
      ['2025-01-01', second, 10_000, 'in_effect'],
    ]);
    const secondRow = afterCancel.rows.find((r) => r.effective_from === second);
    const last = await dataOf<History>(`${A}/prices/cancel-scheduled`, { id: secondRow?.id });
    expect(last.rows.filter((r) => r.currency_code === 'USD')).toEqual([
      expect.objectContaining({ effective_from: '2025-01-01', effective_to: null }),
    ]);
    expect((await post(`${A}/prices/cancel-scheduled`, { id: secondRow?.id })).statusCode).toBe(
      404,
    );

    // A price in effect is history: it cannot be cancelled.
    const inEffect = last.rows[0];
    const refused = await post(`${A}/prices/cancel-scheduled`, { id: inEffect?.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('Schedule a new change instead.');
    expect((await auditActions(code)).map((a) => a.action)).toContain('catalog.price.cancelled');
  });
});

interface ImportRefusal {
  code: number;
  error: string;
  message: string;
  errors: { row: number; column: string | null; path: string; message: string }[];
}

describe('price export and import', () => {
  const header = 'sku,currency,unit_price,effective_from';

  async function importCsv(csv: string) {
    return post(`${A}/prices/import`, { csv });
  }

  it('imports nothing when one row is bad, and says which row and column', async () => {
    const { code } = await pricedSku();
    const { code: other } = await pricedSku({ is_active: false });
    const scheduled = addDays(today, 60);
    await dataOf(`${A}/prices/change`, priceChange(other, 'USD', '150', scheduled));
    const before = await priceRowsOf(code, other);
    const from = addDays(today, 30);
    const csv = [
      header,
      `${code},USD,110.00,${from}`, // 2 good
      `"${code}","EUR","1,100.50",${from}`, // 3 price with a comma
      `NO-SUCH-${unique()},USD,1,${from}`, // 4 unknown SKU
      `${code},XYZ,1,${from}`, // 5 unknown currency
      `${code},GBP,12.345,${from}`, // 6 three decimals
      `${code},GBP,-1,${addDays(from, 1)}`, // 7 negative
      `${code},GBP,abc,${addDays(from, 2)}`, // 8 not a number
      `${code},GBP,1,31/12/2027`, // 9 not a date
      `${code},GBP,1,${addDays(today, -1)}`, // 10 in the past
      `${code.toLowerCase()},usd,111,${from}`, // 11 same as row 2
      `${other},USD,140,${addDays(today, 10)}`, // 12 under a later scheduled price
      `${code},USD`, // 13 too few values
      '', // 14 blank: skipped
      `"${code}",GBP,"9.5","${from}"`, // 15 good, quoted
    ].join('\r\n');
    const response = await importCsv(csv);
    expect(response.statusCode, response.body).toBe(400);
    const answer = response.json<ImportRefusal>();
    expect(answer).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
    expect(answer.message).toBe(
      'Nothing was imported: 11 problems in 11 rows of the file. Correct the file and import it again.',
    );
    expect(answer.errors.map((e) => [e.row, e.column])).toEqual([
      [3, 'unit_price'],
      [4, 'sku'],
      [5, 'currency'],
      [6, 'unit_price'],
      [7, 'unit_price'],
      [8, 'unit_price'],
      [9, 'effective_from'],
      [10, 'effective_from'],
      [11, 'effective_from'],
      [12, 'effective_from'],
      [13, null],
    ]);
    const byRow = new Map(answer.errors.map((e) => [e.row, e]));
    expect(byRow.get(3)).toEqual(
      expect.objectContaining({
        path: 'row.3.unit_price',
        message: 'The unit price must be a number such as 1234.50.',
      }),
    );
    expect(byRow.get(4)?.message).toMatch(/^There is no SKU NO-SUCH-/);
    expect(byRow.get(5)?.message).toContain('There is no exchange rate for XYZ');
    expect(byRow.get(6)?.message).toBe('Prices have at most 2 decimals in GBP.');
    expect(byRow.get(7)?.message).toBe('A price cannot be negative.');
    expect(byRow.get(9)?.message).toBe('“31/12/2027” is not a date: dates look like 2027-01-01.');
    expect(byRow.get(10)?.message).toContain(`starts today (${today}) or later`);
    expect(byRow.get(11)?.message).toBe(
      `Row 2 already sets the USD price of ${code} from ${from}.`,
    );
    expect(byRow.get(12)?.message).toContain(
      `A later price is already scheduled from ${scheduled}.`,
    );
    expect(byRow.get(13)?.message).toContain('This row has 2 values; the header names 4 columns.');
    expect(await priceRowsOf(code, other)).toEqual(before);
  });

  it('applies a good file in one go, as price changes, inactive SKUs included', async () => {
    const { code } = await pricedSku();
    const { code: retired } = await pricedSku({ is_active: false });
    const from = addDays(today, 30);
    const later = addDays(today, 90);
    const csv =
      '\uFEFF' +
      [
        ' SKU , Currency ,Unit_Price,effective_from',
        `${code},USD,110,${from}`,
        `${code},USD,"120.50",${later}`,
        `"${retired}",EUR,0,${from}`,
        `${code},EUR,"95.5",${today}`,
      ].join('\n') +
      '\n';
    const answer = await dataOf<{ imported: number }>(`${A}/prices/import`, { csv });
    expect(answer).toEqual({ imported: 4 });
    expect(await priceOn(code, 'USD', addDays(from, -1))).toBe(10_000);
    expect(await priceOn(code, 'USD', from)).toBe(11_000);
    expect(await priceOn(code, 'USD', later)).toBe(12_050);
    expect(await priceOn(retired, 'EUR', from)).toBe(0);
    expect(await priceOn(code, 'EUR', addDays(today, -1))).toBe(10_000);
    expect(await priceOn(code, 'EUR', today)).toBe(9550);
    const rows = (await priceRowsOf(code)).filter((r) => r.currencyCode === 'USD');
    expect(rows.map((r) => [r.effectiveFrom, r.effectiveTo, r.createdBy])).toEqual([
      ['2025-01-01', from, null],
      [from, later, users.admin.id],
      [later, null, users.admin.id],
    ]);
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'catalog.prices.imported'),
          eq(auditLog.actorUserId, users.admin.id),
        ),
      );
    expect(audits.at(-1)?.details).toMatchObject({ imported: 4, sku_count: 2 });
  });

  it.each([
    ['', 'The file is empty'],
    ['\r\n\r\n', 'The file is empty'],
    ['sku,currency,price,effective_from\r\nX,USD,1,2030-01-01', 'unit_price is missing'],
    [`${header},colour\r\nX,USD,1,2030-01-01,red`, 'Unknown column “colour”'],
    [`${header}\r\n`, 'The file has no price rows under its header.'],
    [`${header}\r\n"BX-1,USD,1,2030-01-01`, 'A quoted value is not closed'],
  ])('refuses the file %j', async (csv, message) => {
    const response = await importCsv(csv);
    expect(response.statusCode, response.body).toBe(400);
    const messages = response.json<ImportRefusal>().errors.map((e) => e.message);
    expect(messages.join('\n')).toContain(message);
  });

  it('refuses a file over 5 MB', async () => {
    const row = `BX-1,USD,1,${addDays(today, 1)}\r\n`;
    const csv = header + '\r\n' + row.repeat(Math.ceil((5 * 1024 * 1024) / row.length));
    const response = await importCsv(csv);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].message).toContain('The file is larger than 5 MB');
  });

  it('exports every price row, or those in effect on a day, and reads the export back', async () => {
    const { code } = await pricedSku();
    const from = addDays(today, 30);
    await dataOf(`${A}/prices/import`, {
      csv: `${header}\r\n${code},USD,110.10,${from}\r\n${code},EUR,99,${from}\r\n`,
    });

    type Export = { file_name: string; csv: string; row_count: number };
    const all = await dataOf<Export>(`${A}/prices/export`, {});
    expect(all.file_name).toBe(`sku-prices-${today}.csv`);
    const allRecords = parseCsv(all.csv).records;
    expect(allRecords[0]?.fields).toEqual([
      'sku',
      'currency',
      'unit_price',
      'effective_from',
      'effective_to',
    ]);
    expect(allRecords).toHaveLength(all.row_count + 1);
    expect(all.csv.endsWith('\r\n')).toBe(true);
    expect(allRecords.filter((r) => r.fields[0] === code).map((r) => r.fields)).toEqual([
      [code, 'EUR', '100.00', '2025-01-01', from],
      [code, 'EUR', '99.00', from, ''],
      [code, 'USD', '100.00', '2025-01-01', from],
      [code, 'USD', '110.10', from, ''],
    ]);

    const onDay = await dataOf<Export>(`${A}/prices/export`, { on: from });
    expect(onDay.file_name).toBe(`sku-prices-in-effect-${from}.csv`);
    const mine = parseCsv(onDay.csv).records.filter((r) => r.fields[0] === code);
    expect(mine.map((r) => r.fields)).toEqual([
      [code, 'EUR', '99.00', from, ''],
      [code, 'USD', '110.10', from, ''],
    ]);
    const today0 = parseCsv(
      (await dataOf<Export>(`${A}/prices/export`, { on: today })).csv,
    ).records;
    expect(today0.filter((r) => r.fields[0] === code).map((r) => r.fields[2])).toEqual([
      '100.00',
      '100.00',
    ]);

    // The export imports back as it is: the same prices on the same days, nothing else moves.
    const before = await priceRowsOf(code);
    const roundTrip = `${header},effective_to\r\n${mine.map((r) => r.fields.join(',')).join('\r\n')}\r\n`;
    expect(await dataOf(`${A}/prices/import`, { csv: roundTrip })).toEqual({ imported: 2 });
    const after = await priceRowsOf(code);
    const shape = (rows: typeof before) =>
      rows.map((r) => [r.id, r.currencyCode, r.unitPriceMinor, r.effectiveFrom, r.effectiveTo]);
    expect(shape(after)).toEqual(shape(before));

    // And an edited export schedules the edited prices.
    const edited = roundTrip.replace('110.10', '115.00').replaceAll(from, addDays(from, 30));
    expect(await dataOf(`${A}/prices/import`, { csv: edited })).toEqual({ imported: 2 });
    expect(await priceOn(code, 'USD', addDays(from, 30))).toBe(11_500);
    expect(await priceOn(code, 'EUR', addDays(from, 30))).toBe(9900);
  });

  it('handles a large file in one transaction', async () => {
    const line = await freshLine();
    const prefix = `TB-${unique()}`;
    await ctx.db.insert(skus).values(
      Array.from({ length: 300 }, (_, i) => ({
        sku: `${prefix}-${i}`,
        name: `Bulk ${i}`,
        kind: 'SERVICE' as const,
        billing: 'ONE_TIME' as const,
        familyId: family,
        hierarchyNodeId: line.id,
      })),
    );
    const from = addDays(today, 7);
    const rows = Array.from({ length: 300 }, (_, i) =>
      ['USD', 'EUR', 'GBP'].map(
        (c) => `${prefix}-${i},${c},${i}.${String(i % 100).padStart(2, '0')},${from}`,
      ),
    ).flat();
    const started = Date.now();
    expect(await dataOf(`${A}/prices/import`, { csv: `${header}\n${rows.join('\n')}` })).toEqual({
      imported: 900,
    });
    expect(Date.now() - started).toBeLessThan(20_000);
    const stored = await ctx.db
      .select()
      .from(skuPrices)
      .where(like(skuPrices.sku, `${prefix}-%`));
    expect(stored).toHaveLength(900);
  });
});
