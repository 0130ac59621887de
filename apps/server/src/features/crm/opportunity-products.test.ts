import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { crmOpportunityLineItems } from '@bastion/db/schema/crm';
import { quotes } from '@bastion/db/schema/quotes';
import type { ConnectionStatus, OpportunityRecord } from '@bastion/domain/crm/api';
import { settleProductWrites } from '../../core/crm-products/products-due.ts';
import { CrmUnavailableError } from '../../integrations/crm/crm-adapter.ts';
import { dataOfSuccess } from '../../test/answers.ts';
import {
  headerValues,
  insertOpportunity,
  insertPricedTestSkus,
  testSkuNames,
} from '../../test/quote-fixtures.ts';
import { createAppOver } from '../../test/test-app.ts';
import { postCalls, useTestBed } from '../../test/test-bed.ts';
import { crmCalls } from './crm.test-harness.ts';

/*
 * Issue 37 (part 6, decision 044): the primary quote's lines reach its opportunity as products,
 * written again when the quote changes or another option becomes primary, never touching the
 * products typed in the CRM; a write the CRM refuses is listed on the CRM page and written by the
 * next sync.
 */

const { ctx, cookies } = useTestBed({ desk: 'DEAL_DESK', admin: 'IT_ADMIN' });
const { dataOf } = postCalls({ ctx, cookies }, 'desk');
const { get, fakeAdapter } = crmCalls(ctx);
const sku = testSkuNames('OP');

beforeAll(() => insertPricedTestSkus(ctx.db, sku, ['FW', 'SUB']));

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** A new opportunity holding one product typed in the CRM. */
async function opportunityWithTypedProduct() {
  const opportunityId = await insertOpportunity(ctx.db, { region: 'EMEA' });
  await ctx.db.insert(crmOpportunityLineItems).values({
    id: `typed-${opportunityId}`,
    opportunityId,
    productCode: 'SVC-INSTALL',
    name: 'Installation',
    quantity: 1,
    unitPriceMinor: 199_990,
    isManual: true,
  });
  return opportunityId;
}

async function quoteOn(opportunityId: string, app: FastifyInstance = ctx.app) {
  const made = await app.inject({
    method: 'POST',
    url: '/api/dx/create-quote',
    payload: { opportunity_id: opportunityId, values: headerValues() },
    headers: { cookie: cookies.desk },
  });
  return dataOfSuccess<{ id: string; quote_number: string }>(made);
}

async function configure(
  quoteId: string,
  lines: { sku: string; quantities: number[] }[],
  app: FastifyInstance = ctx.app,
) {
  const [row] = await ctx.db.select().from(quotes).where(eq(quotes.id, quoteId));
  const saved = await app.inject({
    method: 'POST',
    url: '/api/dx/save-quote-configuration',
    payload: {
      id: quoteId,
      version: row?.version,
      advance: false,
      lines: lines.map((l, i) => ({ key: String(i), sku: sku(l.sku), quantities: l.quantities })),
    },
    headers: { cookie: cookies.desk },
  });
  dataOfSuccess(saved);
  await settleProductWrites(ctx.db);
}

/** The products Bastion wrote on the opportunity: code, quantity, total, key. */
async function writtenProducts(opportunityId: string) {
  const line = crmOpportunityLineItems;
  return ctx.db
    .select({
      id: line.id,
      code: line.productCode,
      quantity: line.quantity,
      total: line.totalPriceMinor,
      key: line.bastionLineKey,
    })
    .from(line)
    .where(and(eq(line.opportunityId, opportunityId), isNotNull(line.bastionLineKey)))
    .orderBy(asc(line.bastionLineKey));
}

/** What the CRM page lists of the opportunity (other files' opportunities share the database). */
async function owedOf(opportunityId: string, app: FastifyInstance = ctx.app) {
  const response = await get('/api/sfdc/connection-status', cookies.admin, app);
  const { owed_products } = response.json<{ data: ConnectionStatus }>().data;
  return owed_products.filter((row) => row.opportunity_id === opportunityId);
}

describe("the primary quote's lines as opportunity products", () => {
  it('writes them on every change, shows them on the opportunity, and leaves typed products alone', async () => {
    const opportunityId = await opportunityWithTypedProduct();
    const quote = await quoteOn(opportunityId);
    await configure(quote.id, [
      { sku: 'FW', quantities: [2] },
      { sku: 'SUB', quantities: [3] },
    ]);

    const first = await writtenProducts(opportunityId);
    expect(first.map((p) => [p.code, p.quantity, p.total])).toEqual([
      [sku('FW'), 2, 20_000],
      [sku('SUB'), 3, 30_000],
    ]);
    const [row] = await ctx.db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(first.reduce((sum, p) => sum + (p.total ?? 0), 0)).toBe(row?.totalAmountMinor);

    // Saved again as it was: the CRM's records stay as they are.
    await configure(quote.id, [
      { sku: 'FW', quantities: [2] },
      { sku: 'SUB', quantities: [3] },
    ]);
    expect(await writtenProducts(opportunityId)).toEqual(first);

    // A quantity changes: that product follows, the other keeps its record.
    await configure(quote.id, [
      { sku: 'FW', quantities: [4] },
      { sku: 'SUB', quantities: [3] },
    ]);
    const changed = await writtenProducts(opportunityId);
    expect(changed.map((p) => [p.id, p.quantity, p.total])).toEqual([
      [first[0]?.id, 4, 40_000],
      [first[1]?.id, 3, 30_000],
    ]);

    const record = await dataOf<OpportunityRecord>(
      '/api/sfdc/opportunities/get',
      { id: opportunityId },
      cookies.admin,
    );
    expect(
      record.products.map((p) => [p.product_code, p.quantity, p.total_minor, p.source]),
    ).toEqual([
      ['SVC-INSTALL', 1, 199_990, 'crm'],
      [sku('FW'), 4, 40_000, 'quote'],
      [sku('SUB'), 3, 30_000, 'quote'],
    ]);
    expect(record.products[1]).toMatchObject({
      unit_price_minor: 10_000,
      description: quote.quote_number,
    });
    expect(await owedOf(opportunityId)).toEqual([]);
  });

  it("replaces them with another option's lines when it becomes primary", async () => {
    const opportunityId = await opportunityWithTypedProduct();
    const good = await quoteOn(opportunityId);
    await configure(good.id, [{ sku: 'FW', quantities: [2] }]);
    const better = await quoteOn(opportunityId);
    // Not primary: its lines stay out of the CRM.
    await configure(better.id, [{ sku: 'SUB', quantities: [5] }]);
    expect((await writtenProducts(opportunityId)).map((p) => p.code)).toEqual([sku('FW')]);

    await dataOf('/api/dx/make-quote-primary', { quote_id: better.id });
    await settleProductWrites(ctx.db);

    const products = await writtenProducts(opportunityId);
    expect(products.map((p) => [p.code, p.quantity, p.key?.startsWith(better.id)])).toEqual([
      [sku('SUB'), 5, true],
    ]);
    const typed = await ctx.db
      .select()
      .from(crmOpportunityLineItems)
      .where(eq(crmOpportunityLineItems.id, `typed-${opportunityId}`));
    expect(typed).toHaveLength(1);
  });

  it('lists a write the CRM refused on the CRM page, and the next sync writes it', async () => {
    const refusing = await createAppOver(ctx.db, {
      crmAdapter: fakeAdapter({
        writeOpportunityProducts: () =>
          Promise.reject(
            new CrmUnavailableError(
              'Salesforce refused the creation of the products of Opportunity 006: FIELD_INTEGRITY_EXCEPTION: field integrity exception: PricebookEntryId.',
            ),
          ),
      }),
    });
    apps.push(refusing);
    const opportunityId = await opportunityWithTypedProduct();
    const quote = await quoteOn(opportunityId, refusing);
    await configure(quote.id, [{ sku: 'FW', quantities: [1] }], refusing);

    expect(await writtenProducts(opportunityId)).toEqual([]);
    const owed = await owedOf(opportunityId, refusing);
    expect(owed).toEqual([
      expect.objectContaining({
        opportunity_id: opportunityId,
        quote_number: quote.quote_number,
        state: 'failed',
        message: expect.stringContaining('FIELD_INTEGRITY_EXCEPTION') as string,
      }),
    ]);
    expect(owed[0]?.failures).toBeGreaterThanOrEqual(1);
    await refusing.close();

    // The CRM takes writes again: a sync writes what it was owed.
    const synced = await ctx.app.inject({
      method: 'POST',
      url: '/api/sfdc/sync',
      payload: {},
      headers: { cookie: cookies.admin },
    });
    expect(synced.statusCode).toBe(200);
    await expect.poll(() => owedOf(opportunityId), { timeout: 20_000 }).toEqual([]);
    expect((await writtenProducts(opportunityId)).map((p) => [p.code, p.quantity])).toEqual([
      [sku('FW'), 1],
    ]);
  });
});
