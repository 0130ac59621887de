import { eq, gte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import {
  crmAccounts,
  crmConnection,
  crmOpportunities,
  crmOpportunityLineItems,
  crmOpportunityTeamMembers,
} from '@bastion/db/schema/crm';
import { crmDemoId } from '@bastion/db/seed/crm-demo-data';
import {
  CrmUnavailableError,
  type CrmAdapter,
  type CrmOpportunitySnapshot,
} from '../../lib/crm/crm-adapter.ts';
import { createEmbeddedAdapter } from '../../lib/crm/embedded-adapter.ts';
import { createAppOver } from '../../test/test-app.ts';
import { signInAccounts, useTestBed } from '../../test/test-bed.ts';
import { listFieldMappings } from './field-mapping.ts';
import { INTERRUPTED_SYNC_MESSAGE } from './start-crm-connection.ts';

const { ctx, cookies } = useTestBed({
  root: 'ROOT_ADMIN',
  itAdmin: 'IT_ADMIN',
  seller: 'SALES_USER',
  approver: 'FINANCE_APPROVER',
});

const get = (url: string, cookie: string, app: FastifyInstance = ctx.app) =>
  app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, payload: unknown, cookie: string, app: FastifyInstance = ctx.app) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie } });

interface Status {
  adapter: string;
  endpoint: string | null;
  status: string;
  last_synced_at: string | null;
  synced_count: number;
  last_error: string;
  opportunity_count: number;
}

async function status(app: FastifyInstance = ctx.app): Promise<Status> {
  const response = await get('/api/sfdc/connection-status', cookies.root, app);
  expect(response.statusCode).toBe(200);
  return response.json<{ data: Status }>().data;
}

/** Everything a sync could change, to prove a failed one changed nothing. */
async function fingerprint() {
  const result = await ctx.db.execute(sql`
    select
      (select count(*) from ${crmAccounts})::int as accounts,
      (select count(*) from ${crmOpportunities})::int as opportunities,
      (select coalesce(sum(${crmOpportunities.amountMinor}), 0)::text from ${crmOpportunities}) as amounts,
      (select max(${crmOpportunities.modifiedOn})::text from ${crmOpportunities}) as modified,
      (select count(*) from ${crmOpportunityTeamMembers})::int as team,
      (select count(*) from ${crmOpportunityLineItems})::int as lines
  `);
  // Both engines answer a result with `rows`.
  const [row] = (result as { rows: Record<string, unknown>[] }).rows;
  return row;
}

/** An adapter that behaves like the embedded one except where a test says otherwise. */
function fakeAdapter(overrides: Partial<CrmAdapter>): CrmAdapter {
  return { ...createEmbeddedAdapter(ctx.db), ...overrides };
}

const appWith = (adapter: CrmAdapter) => createAppOver(ctx.db, { crmAdapter: adapter });

describe('GET /api/sfdc/connection-status', () => {
  it('says which CRM is in use and how the last sync went', async () => {
    const data = await status();
    expect(data).toMatchObject({ adapter: 'embedded', endpoint: null });
    expect(['idle', 'synced', 'failed']).toContain(data.status);
    // The demo CRM has 64 opportunities; other tests may add their own.
    expect(data.opportunity_count).toBeGreaterThanOrEqual(64);
  });

  it('is for root and IT admins only', async () => {
    expect((await get('/api/sfdc/connection-status', cookies.itAdmin)).statusCode).toBe(200);
    for (const url of ['/api/sfdc/connection-status', '/api/sfdc/field-mapping']) {
      const refused = await get(url, cookies.seller);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ error: 'FORBIDDEN' });
    }
    const sync = await post('/api/sfdc/sync', {}, cookies.seller);
    expect(sync.statusCode).toBe(403);
    expect(sync.json()).toMatchObject({ error: 'FORBIDDEN' });
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/sfdc/connection-status' });
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json()).toMatchObject({ error: 'SESSION_REQUIRED' });
  });
});

describe('POST /api/sfdc/sync with the embedded CRM', () => {
  it('copies the opportunities changed since the last sync and records when', async () => {
    const before = await status();
    const since = before.last_synced_at ? new Date(before.last_synced_at) : null;
    const [changed] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(crmOpportunities)
      .where(since ? gte(crmOpportunities.modifiedOn, since) : undefined);

    const startedAt = Date.now();
    const response = await post('/api/sfdc/sync', {}, cookies.itAdmin);
    expect(response.statusCode).toBe(200);
    const data = response.json<{ data: Status }>().data;
    expect(data).toMatchObject({
      adapter: 'embedded',
      status: 'synced',
      synced_count: changed?.n,
      last_error: '',
    });
    const syncedAt = Date.parse(data.last_synced_at ?? '');
    expect(syncedAt).toBeGreaterThanOrEqual(startedAt);
    expect(syncedAt).toBeLessThanOrEqual(Date.now());
    expect(await status()).toEqual(data);
  });

  it('brings only what changed next time, keeping what Bastion wrote back', async () => {
    await post('/api/sfdc/sync', null, cookies.root);
    const id = crmDemoId('006', 5);
    await createEmbeddedAdapter(ctx.db).writeBackQuote(id, {
      quoteNumber: 'Q-2026-000777',
      status: 'PENDING_APPROVAL',
      amountMinor: 1_234_500,
      currencyCode: 'USD',
    });
    const response = await post('/api/sfdc/sync', {}, cookies.root);
    expect(response.json()).toMatchObject({ data: { status: 'synced', synced_count: 1 } });
    const [row] = await ctx.db.select().from(crmOpportunities).where(eq(crmOpportunities.id, id));
    expect(row).toMatchObject({
      quoteNumber: 'Q-2026-000777',
      quoteStatus: 'PENDING_APPROVAL',
      quoteAmountMinor: 1_234_500,
    });
    // Leave the demo opportunity as other tests expect it.
    await ctx.db
      .update(crmOpportunities)
      .set({ quoteNumber: null, quoteStatus: null, quoteAmountMinor: null })
      .where(eq(crmOpportunities.id, id));
  });

  it('refuses a body with fields', async () => {
    const response = await post('/api/sfdc/sync', { full: true }, cookies.root);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'VALIDATION_FAILED' });
  });
});

describe('a sync that fails', () => {
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  it('reports an unreachable CRM as 502, changes nothing and shows why', async () => {
    const app = await appWith(
      fakeAdapter({
        fetchChangedOpportunities: async () => {
          throw new CrmUnavailableError('Salesforce refused the credentials (invalid_client).');
        },
      }),
    );
    apps.push(app);
    const before = await fingerprint();
    const response = await post('/api/sfdc/sync', {}, cookies.root, app);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({
      code: 502,
      error: 'CRM_UNAVAILABLE',
      message:
        'Salesforce refused the credentials (invalid_client). Check that the CRM is up and that the SALESFORCE_* settings are right, then sync again.',
    });
    expect(await fingerprint()).toEqual(before);
    expect(await status(app)).toMatchObject({
      status: 'failed',
      last_error: 'Salesforce refused the credentials (invalid_client).',
    });

    // The next good sync clears the error.
    await post('/api/sfdc/sync', {}, cookies.root);
    expect(await status()).toMatchObject({ status: 'synced', last_error: '' });
  });

  it('writes nothing when one record cannot be saved', async () => {
    const good = await createEmbeddedAdapter(ctx.db).getOpportunity(crmDemoId('006', 1));
    if (!good) throw new Error('demo opportunity missing');
    const newAccount = { ...good.accounts[0]!, id: '001Bq0000000900AAA', name: 'New Account Ltd' };
    const snapshots: CrmOpportunitySnapshot[] = [
      { ...good, accounts: [...good.accounts, newAccount] },
      // Its customer account is in neither the snapshot nor the database.
      {
        ...good,
        opportunity: { ...good.opportunity, id: '006Bq0000000900AAA', accountId: '001NOPE' },
        accounts: [],
        contacts: [],
        team: [],
        lineItems: [],
      },
    ];
    const app = await appWith(fakeAdapter({ fetchChangedOpportunities: async () => snapshots }));
    apps.push(app);
    const before = await fingerprint();
    const response = await post('/api/sfdc/sync', {}, cookies.root, app);
    expect(response.statusCode).toBe(500);
    expect(await fingerprint()).toEqual(before);
    const [account] = await ctx.db
      .select()
      .from(crmAccounts)
      .where(eq(crmAccounts.id, newAccount.id));
    expect(account).toBeUndefined();
    expect(await status(app)).toMatchObject({
      status: 'failed',
      last_error: 'The sync failed unexpectedly; the server log has the details.',
    });
  });

  it('runs one sync at a time', async () => {
    let release: (snapshots: CrmOpportunitySnapshot[]) => void = () => undefined;
    const app = await appWith(
      fakeAdapter({
        fetchChangedOpportunities: () =>
          new Promise<CrmOpportunitySnapshot[]>((resolve) => {
            release = resolve;
          }),
      }),
    );
    apps.push(app);
    const first = post('/api/sfdc/sync', {}, cookies.root, app);
    await expect.poll(async () => (await status(app)).status).toBe('syncing');
    const second = await post('/api/sfdc/sync', {}, cookies.root, app);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      error: 'CONFLICT',
      message: 'A sync is already running. Wait for it to finish.',
    });
    release([]);
    expect((await first).json()).toMatchObject({ data: { status: 'synced', synced_count: 0 } });
  });

  it('is marked failed when the server stopped during it', async () => {
    await ctx.db.update(crmConnection).set({ status: 'syncing' }).where(eq(crmConnection.id, 1));
    const app = await appWith(createEmbeddedAdapter(ctx.db));
    apps.push(app);
    expect(await status(app)).toMatchObject({
      status: 'failed',
      last_error: INTERRUPTED_SYNC_MESSAGE,
    });
  });
});

describe('opportunities deleted in the CRM', () => {
  it('are marked removed by the next sync, and kept for their quotes', async () => {
    const id = crmDemoId('006', 7);
    const app = await appWith(fakeAdapter({ fetchRemovedOpportunityIds: async () => [id] }));
    const response = await post('/api/sfdc/sync', {}, cookies.root, app);
    await app.close();
    expect(response.statusCode).toBe(200);
    const [row] = await ctx.db.select().from(crmOpportunities).where(eq(crmOpportunities.id, id));
    expect(row?.removedFromCrmAt).toBeInstanceOf(Date);
    const grid = await post(
      '/api/dx/grid',
      { module_name: 'opportunities', search: id },
      cookies.root,
    );
    expect(grid.json<{ data: { total: number } }>().data.total).toBe(0);

    // A later sync in which the CRM has it again (restored from its recycle bin) brings it back.
    const restored = await createEmbeddedAdapter(ctx.db).fetchChangedOpportunities(null);
    const snapshot = restored.find((s) => s.opportunity.id === id);
    if (!snapshot) throw new Error('the demo opportunity is missing');
    // Salesforce's records carry no removal mark.
    const live = { ...snapshot.opportunity, removedFromCrmAt: undefined };
    const again = await appWith(
      fakeAdapter({
        fetchChangedOpportunities: async () => [{ ...snapshot, opportunity: live }],
        fetchRemovedOpportunityIds: async () => [],
      }),
    );
    await post('/api/sfdc/sync', {}, cookies.root, again);
    await again.close();
    const [back] = await ctx.db.select().from(crmOpportunities).where(eq(crmOpportunities.id, id));
    expect(back?.removedFromCrmAt).toBeNull();
  });
});

describe('POST /api/sfdc/has_manual_product_lines', () => {
  const call = (payload: unknown, cookie = cookies.root) =>
    post('/api/sfdc/has_manual_product_lines', payload, cookie);

  it.each([
    // The demo data enters the first line of every ninth opportunity by hand.
    [crmDemoId('006', 1), true],
    [crmDemoId('006', 10), true],
    [crmDemoId('006', 2), false],
    [crmDemoId('006', 4), false],
  ])('answers for %s: %s', async (id, expected) => {
    const response = await call({ opportunity_id: id });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: 200,
      data: { opportunity_id: id, has_manual_product_lines: expected },
    });
  });

  it('answers 404 for an opportunity Bastion does not hold', async () => {
    const response = await call({ opportunity_id: '006Bq0000009999AAA' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      error: 'NOT_FOUND',
      message: 'There is no opportunity 006Bq0000009999AAA you can see.',
    });
  });

  it('answers 404 for an opportunity outside the seller’s regions, as the grids do', async () => {
    const [outside] = await ctx.db
      .select({ id: crmOpportunities.id })
      .from(crmOpportunities)
      .where(eq(crmOpportunities.region, 'APJ'))
      .limit(1);
    const sellerIn = (region: string) => ({
      roles: [{ role: 'SALES_USER', assignment: 'REGION' as const, assignmentValue: [region] }],
    });
    const { cookies: sellers } = await signInAccounts(ctx, {
      apj: sellerIn('APJ'),
      emea: sellerIn('EMEA'),
    });
    expect((await call({ opportunity_id: outside?.id }, sellers.apj)).statusCode).toBe(200);
    expect((await call({ opportunity_id: outside?.id }, sellers.emea)).statusCode).toBe(404);
  });

  it.each([
    [{}, 'opportunity_id: Say which opportunity (opportunity_id).'],
    [{ opportunity_id: '  ' }, 'opportunity_id: Say which opportunity (opportunity_id).'],
    [
      { opportunity_id: "006' or 1=1" },
      'opportunity_id: An opportunity id has letters, digits, "-" and "_" only.',
    ],
    [null, 'Send the request body as a JSON object.'],
  ])('refuses %j with 400', async (payload, message) => {
    const response = await call(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(message);
  });

  it('is for users who can see quotes', async () => {
    const response = await call({ opportunity_id: crmDemoId('006', 1) }, cookies.approver);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: 'FORBIDDEN' });
  });

  it('reports an unreachable CRM as 502', async () => {
    const app = await appWith(
      fakeAdapter({
        hasManualProductLines: async () => {
          throw new CrmUnavailableError('Salesforce did not answer (ETIMEDOUT).');
        },
      }),
    );
    const response = await post(
      '/api/sfdc/has_manual_product_lines',
      { opportunity_id: crmDemoId('006', 1) },
      cookies.root,
      app,
    );
    await app.close();
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ error: 'CRM_UNAVAILABLE' });
  });
});

describe('GET /api/sfdc/field-mapping', () => {
  interface Mapping {
    section: string;
    crm_fields: string[];
    quote_fields: string[];
    direction: string;
    rule: string;
  }

  it('lists the embedded columns each quote field comes from', async () => {
    const response = await get('/api/sfdc/field-mapping', cookies.itAdmin);
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: { adapter: string; mappings: Mapping[] } }>();
    expect(data.adapter).toBe('embedded');
    expect(data.mappings).toContainEqual({
      section: 'Opportunity',
      crm_fields: ['crm_opportunities.name'],
      quote_fields: ['quote_name'],
      direction: 'read',
      rule: 'The opportunity name; "Quote for <customer>" when it is blank.',
    });
    expect(data.mappings).toContainEqual(
      expect.objectContaining({
        section: 'Partner',
        crm_fields: ['crm_accounts.name (partner)'],
        quote_fields: ['reseller_name'],
      }),
    );
    expect(data.mappings).toContainEqual(
      expect.objectContaining({
        crm_fields: ['crm_accounts.billing_street … billing_country (customer)'],
        quote_fields: ['account_billing_address'],
      }),
    );
    const writtenBack = data.mappings.filter((m) => m.direction === 'write_back');
    expect(writtenBack.map((m) => m.crm_fields[0])).toEqual([
      'crm_opportunities.quote_number',
      'crm_opportunities.quote_status',
      'crm_opportunities.quote_amount_minor',
    ]);
  });

  it('names Salesforce fields by the API names its adapter reads', () => {
    const mappings = listFieldMappings({ kind: 'salesforce' });
    const byQuote = new Map(mappings.map((m) => [m.quote_fields.join(', '), m.crm_fields]));
    expect(byQuote.get('quote_name')).toEqual(['Opportunity.Name']);
    expect(byQuote.get('end_customer_name')).toEqual(['Opportunity.Account.Name']);
    expect(byQuote.get('reseller_name')).toEqual(['Opportunity.Partner_Account__r.Name']);
    expect(byQuote.get('partner_contact_name, partner_contact_email')).toEqual([
      'Opportunity.Partner_Contact__r.FirstName',
      'Opportunity.Partner_Contact__r.LastName',
      'Opportunity.Partner_Contact__r.Email',
    ]);
    expect(byQuote.get('account_shipping_address')).toEqual([
      'Opportunity.Account.ShippingStreet … ShippingCountry',
    ]);
    expect(byQuote.get('sla, sla_name')).toEqual(['Opportunity.SLA__c']);
    expect(byQuote.get('quote_number')).toEqual(['Opportunity.Bastion_Quote_Number__c']);
  });
});
