import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '@bastion/db/schema/audit';
import { productRuleColumns, productRules, skuPrices, skus } from '@bastion/db/schema/catalog';
import type { ProductRule } from '@bastion/domain/product-rules/model';
import { storedRuleOf } from '@bastion/domain/product-rules/stored-rule';
import { randomUUID } from 'node:crypto';
import { quoteLines, quotes } from '@bastion/db/schema/quotes';
import type {
  ProductRulePreview,
  ProductRuleView,
} from '@bastion/domain/product-rules/admin-schemas';
import type { RuleMessageView } from '@bastion/domain/product-rules/schemas';
import { createUser, signedIn } from '../../test/test-app.ts';
import { postCalls, useTestBed } from '../../test/test-bed.ts';
import { ensureTestFamily, headerValues, insertOpportunity } from '../../test/quote-fixtures.ts';
import { A, unique } from './catalog-admin.test-harness.ts';

/*
 * Issue 34: catalogue admins define product rules, checked against the catalogue when saved,
 * tested against a quote before saving, audited; a saved rule is in the next pricing pass.
 */

const { ctx, cookies } = useTestBed({
  admin: 'CATALOG_ADMIN',
  catalogUser: 'CATALOG_USER',
});
const { post, dataOf } = postCalls({ ctx, cookies }, 'admin');
const R = `${A}/product-rules`;

const tag = unique().toUpperCase();
/** This file's own SKUs, so its rules never speak of another file's quotes. */
const gadget = `T-GADGET-${tag}`;
const cable = `T-CABLE-${tag}`;
const savedIds: string[] = [];

beforeAll(async () => {
  await ensureTestFamily(ctx.db);
  await ctx.db.insert(skus).values(
    [gadget, cable].map((sku) => ({
      sku,
      name: `Test ${sku}`,
      description: '',
      kind: 'HARDWARE' as const,
      billing: 'ONE_TIME' as const,
      familyId: 'TEST_FAMILY',
    })),
  );
  await ctx.db.insert(skuPrices).values(
    [gadget, cable].flatMap((sku) =>
      ['EUR', 'USD'].map((currencyCode) => ({
        sku,
        currencyCode,
        unitPriceMinor: 10_000,
        effectiveFrom: '2020-01-01',
      })),
    ),
  );
});

afterAll(async () => {
  // The worker's database is shared: this file's rules go with it.
  const list = await dataOf<{ rules: ProductRuleView[] }>(`${R}/list`, {});
  for (const rule of list.rules.filter((r) => savedIds.includes(r.id)))
    await post(`${R}/delete`, { id: rule.id, version: rule.version });
  await ctx.app.close();
});

/** A warning whenever the quote has the gadget and not the cable. */
const gadgetRule = (name = `Gadget needs a cable ${tag}`) => ({
  name,
  description: 'Every gadget ships without its cable.',
  kind: 'validation',
  severity: 'warning',
  priority: 500,
  scope: 'quote',
  condition: {
    kind: 'group',
    combinator: 'AND',
    children: [
      { kind: 'predicate', fact: `quantity:sku:${gadget}`, op: 'gt', value: 0 },
      { kind: 'predicate', fact: `quantity:sku:${cable}`, op: 'eq', value: 0 },
    ],
  },
  message: `${gadget} needs ${cable}: add one per gadget.`,
  actions: [{ op: 'add', sku: cable, quantity: `{quantity:sku:${gadget}}` }],
});

async function saveRule(body: object) {
  const saved = await dataOf<ProductRuleView>(`${R}/save`, body);
  savedIds.push(saved.id);
  return saved;
}

const refusal = async (path: string, body: object, status = 400) => {
  const response = await post(path, body);
  expect(response.statusCode, response.body).toBe(status);
  return response.json<{ message: string; errors?: { path: string; message: string }[] }>();
};

/** A seller of EMEA signed in, and a new quote of theirs. */
async function sellerWithQuote() {
  const user = await createUser(ctx.db, {
    roles: [{ role: 'SALES_USER', assignment: 'REGION', assignmentValue: ['EMEA'] }],
  });
  const seller = await signedIn(ctx.app, user);
  const opportunityId = await insertOpportunity(ctx.db, { region: 'EMEA' });
  const made = await post(
    '/api/dx/create-quote',
    { opportunity_id: opportunityId, values: headerValues() },
    seller,
  );
  return { seller, id: made.json<{ data: { id: string } }>().data.id };
}

describe('product rules, administered', () => {
  it('lists the demo rules, each sound against the catalogue', async () => {
    const { rules } = await dataOf<{ rules: ProductRuleView[] }>(`${R}/list`, {});
    const demo = rules.filter((rule) => rule.name === 'Appliances need support');
    expect(demo).toEqual([
      expect.objectContaining({
        kind: 'validation',
        severity: 'error',
        scope: 'appliance_model',
        is_active: true,
        problem: null,
      }),
    ]);
    expect(rules.filter((rule) => rule.problem !== null)).toEqual([]);
    // Catalogue users see the catalogue, not its rules.
    expect((await post(`${R}/list`, {}, cookies.catalogUser)).statusCode).toBe(403);
  });

  it('creates, changes and deletes a rule at the version opened, with audits', async () => {
    const created = await saveRule(gadgetRule());
    expect(created).toMatchObject({ version: 1, kind: 'validation', problem: null, priority: 500 });

    const changed = await dataOf<ProductRuleView>(`${R}/save`, {
      ...gadgetRule(),
      id: created.id,
      version: 1,
      is_active: false,
    });
    expect(changed).toMatchObject({ version: 2, is_active: false });
    const stale = await refusal(`${R}/save`, { ...gadgetRule(), id: created.id, version: 1 }, 409);
    expect(stale.message).toMatch(/^Someone changed this product rule after you opened it/);
    const taken = await refusal(`${R}/save`, gadgetRule(changed.name.toUpperCase()));
    expect(taken.errors).toEqual([
      { path: 'name', message: `Another product rule is called "${changed.name.toUpperCase()}".` },
    ]);

    const audits = await ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'product_rule'), eq(auditLog.entityId, created.id)));
    expect(audits.map((a) => a.action)).toEqual([
      'catalog.product_rule.created',
      'catalog.product_rule.updated',
    ]);

    await dataOf(`${R}/delete`, { id: created.id, version: 2 });
    await refusal(`${R}/delete`, { id: created.id, version: 2 }, 404);
  });

  it('refuses a rule whose condition does not parse, names an unknown SKU or attribute, or would loop', async () => {
    const unparsed = await refusal(`${R}/save`, { ...gadgetRule(), condition: { kind: 'maybe' } });
    expect(unparsed.errors?.[0]?.path).toBe('condition');

    const unknownSku = await refusal(`${R}/save`, {
      ...gadgetRule(),
      condition: { kind: 'predicate', fact: 'quantity:sku:NO-SUCH-SKU', op: 'gt', value: 0 },
    });
    expect(unknownSku.errors?.[0]).toMatchObject({ path: 'condition' });
    expect(unknownSku.message).toContain('NO-SUCH-SKU');

    const unknownAttribute = await refusal(`${R}/save`, {
      ...gadgetRule(),
      condition: { kind: 'predicate', fact: 'quantity:attribute:colour=red', op: 'gt', value: 0 },
    });
    expect(unknownAttribute.message).toContain('colour');

    const unknownAction = await refusal(`${R}/save`, {
      ...gadgetRule(),
      actions: [{ op: 'add', sku: 'NO-SUCH-SKU', quantity: '1' }],
    });
    expect(unknownAction.errors?.[0]).toMatchObject({ path: 'actions' });

    // Two automatic selections, one adding what the other removes.
    const adds = await saveRule({
      ...gadgetRule(`Add the cable ${tag}`),
      kind: 'selection',
      apply: 'automatic',
      message: '',
      is_active: false,
    });
    expect(adds.problem).toBeNull();
    const loop = await refusal(`${R}/save`, {
      ...gadgetRule(`Remove the cable ${tag}`),
      kind: 'selection',
      apply: 'automatic',
      message: '',
      condition: { kind: 'predicate', fact: `quantity:sku:${cable}`, op: 'gt', value: 0 },
      actions: [{ op: 'remove', sku: cable }],
    });
    expect(loop.errors?.[0]?.path).toBe('actions');
    await dataOf(`${R}/delete`, { id: adds.id, version: adds.version });
  });

  it('tests a rule against a quote number before it is saved', async () => {
    const [quote] = await ctx.db
      .insert(quotes)
      .values({
        quoteNumber: `Q-T-${tag}`,
        quoteName: 'Rule preview',
        quoteType: 'STANDARD',
        dealType: 'NB',
        contractLength: 12,
        salesChannel: 'DIRECT',
      })
      .returning({ id: quotes.id });
    await ctx.db.insert(quoteLines).values([
      { quoteId: quote?.id ?? '', position: 1, sku: gadget, y1: 3 },
      { quoteId: quote?.id ?? '', position: 2, sku: 'BX-200F-HW', y1: 2 },
    ]);
    const preview = await dataOf<ProductRulePreview>(`${R}/preview`, {
      ...gadgetRule(),
      is_active: false,
      quote_number: `q-t-${tag.toLowerCase()}`,
    });
    const gadgetLine = preview.quote.lines.find((line) => line.sku === gadget);
    expect(preview.messages).toEqual([
      expect.objectContaining({
        severity: 'warning',
        message: `${gadget} needs ${cable}: add one per gadget.`,
      }),
    ]);
    expect(preview.actions).toEqual([
      expect.objectContaining({
        label: `Add ${cable}`,
        changes: [expect.objectContaining({ op: 'add', sku: cable, quantities: [3] })],
      }),
    ]);
    expect(preview.broken).toBeNull();
    expect(gadgetLine).toBeDefined();

    const missing = await refusal(
      `${R}/preview`,
      { ...gadgetRule(), quote_number: 'Q-NONE-1' },
      404,
    );
    expect(missing.errors).toEqual([
      { path: 'quote_number', message: 'There is no quote Q-NONE-1.' },
    ]);
  });

  it('hides what a filter says from the product finder of the quotes it applies to', async () => {
    const user = await createUser(ctx.db, {
      roles: [{ role: 'SALES_USER', assignment: 'REGION', assignmentValue: ['EMEA'] }],
    });
    const seller = await signedIn(ctx.app, user);
    const quoteFor = async (dealType: string) => {
      const opportunityId = await insertOpportunity(ctx.db, { region: 'EMEA' });
      const made = await post(
        '/api/dx/create-quote',
        { opportunity_id: opportunityId, values: headerValues({ deal_type: dealType }) },
        seller,
      );
      expect(made.statusCode, made.body).toBe(200);
      return made.json<{ data: { id: string } }>().data.id;
    };
    const [newBusiness, expansion] = [await quoteFor('NB'), await quoteFor('U')];
    const found = async (quoteId?: string) => {
      const response = await post(
        '/api/dx/catalog/search-skus',
        { search: tag, ...(quoteId ? { quote_id: quoteId } : {}) },
        seller,
      );
      expect(response.statusCode, response.body).toBe(200);
      return response
        .json<{ data: { rows: { sku: string }[] } }>()
        .data.rows.map((row) => row.sku)
        .sort();
    };
    const rule = await saveRule({
      name: `No gadgets for new business ${tag}`,
      kind: 'filter',
      scope: 'quote',
      condition: { kind: 'predicate', fact: 'deal_type', op: 'eq', value: 'NB' },
      actions: [{ op: 'hide', select: { skus: [gadget] } }],
    });
    expect(await found(newBusiness)).toEqual([cable]);
    expect(await found(expansion)).toEqual([cable, gadget].sort());
    expect(await found()).toEqual([cable, gadget].sort());
    // A quote the seller may not see is not one to search for.
    const elsewhere = await post(
      '/api/dx/catalog/search-skus',
      { search: tag, quote_id: '00000000-0000-4000-8000-000000000000' },
      seller,
    );
    expect(elsewhere.statusCode).toBe(404);
    await dataOf(`${R}/delete`, { id: rule.id, version: rule.version });
    expect(await found(newBusiness)).toEqual([cable, gadget].sort());
  });

  it('puts a saved rule in the next pricing pass, and a changed one too', async () => {
    const { seller, id } = await sellerWithQuote();
    const price = async () => {
      const response = await post(
        '/api/dx/pricing/execute',
        { id, lines: [{ key: 'g', sku: gadget, quantities: [2] }] },
        seller,
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: { rule_messages: RuleMessageView[] } }>().data.rule_messages;
    };
    expect(await price()).toEqual([]);
    const rule = await saveRule(gadgetRule(`Priced gadget ${tag}`));
    expect((await price()).map((m) => [m.severity, m.line_keys])).toEqual([['warning', ['g']]]);
    await dataOf(`${R}/save`, {
      ...gadgetRule(rule.name),
      id: rule.id,
      version: 1,
      severity: 'error',
    });
    expect((await price()).map((m) => m.severity)).toEqual(['error']);
    await dataOf(`${R}/delete`, { id: rule.id, version: 2 });
    expect(await price()).toEqual([]);
  });

  it('skips a rule that fails while pricing, and shows it to the admins as broken until it is saved again', async () => {
    // Two automatic rules that undo each other: each passes its own check; the pair would be
    // refused when saved, so they are written straight to the table, as an import might.
    const tug = (name: string, op: 'add' | 'remove'): ProductRule => ({
      id: randomUUID(),
      name: `${name} ${tag}`,
      kind: 'selection',
      apply: 'automatic',
      is_active: true,
      priority: 900,
      effective_from: null,
      effective_to: null,
      scope: 'quote',
      condition: { kind: 'predicate', fact: `quantity:sku:${gadget}`, op: 'gt', value: 0 },
      message: '',
      actions:
        op === 'add' ? [{ op: 'add', sku: cable, quantity: '1' }] : [{ op: 'remove', sku: cable }],
    });
    const adds = tug('Adds the cable', 'add');
    const removes = tug('Takes the cable off', 'remove');
    const lastWeek = new Date(Date.now() - 7 * 86_400_000);
    await ctx.db.insert(productRules).values(
      [adds, removes].map((rule) => ({
        id: rule.id,
        ...productRuleColumns(storedRuleOf(rule)),
        createdAt: lastWeek,
        updatedAt: lastWeek,
      })),
    );
    savedIds.push(adds.id, removes.id);

    const { seller, id } = await sellerWithQuote();
    const priced = await post(
      '/api/dx/pricing/execute',
      { id, lines: [{ key: 'g', sku: gadget, quantities: [1] }] },
      seller,
    );
    // The quote is priced; the rules that failed are skipped.
    expect(priced.statusCode, priced.body).toBe(200);

    const stopped = 'still changed the quote after 3 passes; skipped.';
    const listed = async () =>
      new Map(
        (await dataOf<{ rules: ProductRuleView[] }>(`${R}/list`, {})).rules.map((r) => [r.id, r]),
      );
    let rules = await listed();
    expect(rules.get(adds.id)?.failure).toEqual({
      message: stopped,
      failed_at: expect.any(String),
    });
    expect(rules.get(removes.id)?.failure?.message).toBe(stopped);

    // The admin takes one out and saves the other: it is tried afresh, and holds.
    await dataOf(`${R}/delete`, { id: removes.id, version: 1 });
    const view = rules.get(adds.id);
    await dataOf(`${R}/save`, {
      id: adds.id,
      version: 1,
      name: view?.name,
      kind: 'selection',
      apply: 'automatic',
      priority: 900,
      scope: 'quote',
      condition: view?.condition,
      actions: view?.actions,
    });
    rules = await listed();
    expect(rules.get(adds.id)?.failure).toBeNull();
    const again = await post(
      '/api/dx/pricing/execute',
      { id, lines: [{ key: 'g', sku: gadget, quantities: [1] }] },
      seller,
    );
    expect(again.statusCode, again.body).toBe(200);
    expect((await listed()).get(adds.id)?.failure).toBeNull();
  });
});
