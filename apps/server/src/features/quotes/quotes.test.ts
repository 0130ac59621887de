import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { crmOpportunities } from '@bastion/db/schema/crm';
import { quoteHistory } from '@bastion/db/schema/quote-history';
import { quotes } from '@bastion/db/schema/quotes';
import { CrmUnavailableError, type CrmAdapter } from '../../integrations/crm/crm-adapter.ts';
import { createAppOver, createUser, signedIn } from '../../test/test-app.ts';
import { useTestApp } from '../../test/test-bed.ts';
import { testDatabase } from '../../test/test-database.ts';
import {
  headerValues,
  insertOpportunity,
  unique,
  type OpportunityOptions,
} from '../../test/quote-fixtures.ts';
import { STALE_QUOTE_MESSAGE } from './update-quote-header.ts';

const ctx = useTestApp();

const opportunity = (options: OpportunityOptions) => insertOpportunity(ctx.db, options);

const post = (url: string, payload: object, cookie: string) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: { cookie } });

async function userWith(role: string, region?: string, emailDomain?: string) {
  const user = await createUser(ctx.db, {
    roles: [region ? { role, assignment: 'REGION', assignmentValue: [region] } : { role }],
    emailDomain,
  });
  return { ...user, cookie: await signedIn(ctx.app, user) };
}

describe('POST /api/dx/create-quote', () => {
  it('makes an INCOMPLETE quote with a readable number and sends the user to configure it', async () => {
    const seller = await userWith('SALES_USER', 'NA');
    const oppId = await opportunity({ region: 'North America', partner: true });
    const response = await post(
      '/api/dx/create-quote',
      { opportunity_id: oppId, values: headerValues({ quote_type: 'ELA', contract_length: '36' }) },
      seller.cookie,
    );
    expect(response.statusCode).toBe(200);
    const created = response.json<{
      data: { id: string; quote_number: string; target_path: string };
    }>().data;
    expect(created.quote_number).toMatch(/^Q-\d{4}-\d{6}$/);
    expect(created).toMatchObject({ status_id: 'INCOMPLETE', quote_type: 'ELA', version: 1 });
    expect(created.target_path).toBe(`/cpq/configure-quote/${created.id}/ELA`);

    const [row] = await ctx.db.select().from(quotes).where(eq(quotes.id, created.id));
    // The channel is the opportunity's (a partner, no distributor), not the form's.
    expect(row).toMatchObject({
      salesChannel: 'T1',
      partnerType: 'PREMIER',
      region: 'North America',
      currencyCode: 'EUR',
      contractLength: 36,
      ownerUserId: seller.id,
    });
    const [written] = await ctx.db
      .select()
      .from(crmOpportunities)
      .where(eq(crmOpportunities.id, oppId));
    expect(written).toMatchObject({ quoteNumber: created.quote_number, quoteStatus: 'INCOMPLETE' });
  });

  it('numbers 20 quotes made at once without a duplicate', async () => {
    const desk = await userWith('DEAL_DESK');
    const oppId = await opportunity({ region: 'EMEA' });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(
          '/api/dx/create-quote',
          { opportunity_id: oppId, values: headerValues() },
          desk.cookie,
        ),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const numbers = responses.map((r) => r.json().data.quote_number as string);
    expect(new Set(numbers).size).toBe(20);
  });

  it.each<
    [string, string, string | undefined, { partner: boolean; region: string }, number, string]
  >([
    [
      'a CAM, for a direct deal',
      'CAM',
      'NA',
      { partner: false, region: 'North America' },
      403,
      'You can create quotes for partner deals only, and this opportunity has no partner.',
    ],
    [
      'a user admin',
      'USER_ADMIN',
      undefined,
      { partner: false, region: 'North America' },
      403,
      'You do not have permission to do this.',
    ],
    [
      'a seller, for another region',
      'SALES_USER',
      'EMEA',
      { partner: false, region: 'North America' },
      404,
      '',
    ],
  ])('refuses %s', async (_label, role, region, opp, status, message) => {
    const user = await userWith(role, region);
    const oppId = await opportunity(opp);
    const response = await post(
      '/api/dx/create-quote',
      { opportunity_id: oppId, values: headerValues() },
      user.cookie,
    );
    expect(response.statusCode).toBe(status);
    if (message) expect(response.json().message).toBe(message);
    expect(await ctx.db.select().from(quotes).where(eq(quotes.opportunityId, oppId))).toEqual([]);
  });

  it('lets a CAM quote a partner deal of their region', async () => {
    const cam = await userWith('CAM', 'NA');
    const oppId = await opportunity({ region: 'North America', partner: true });
    const response = await post(
      '/api/dx/create-quote',
      { opportunity_id: oppId, values: headerValues() },
      cam.cookie,
    );
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['LEGACY', { quote_type: 'LEGACY' }, 403, 'Only the deal desk records legacy quotes.'],
    ['co-term', { is_coterm: true }, 403, 'You may not create co-term quotes.'],
    ['an unknown contract length', { contract_length: '99' }, 400, 'Please select Contract Length'],
    [
      'a 12-month ELA',
      { quote_type: 'ELA', contract_length: '12' },
      400,
      'Please select Contract Length',
    ],
  ])('refuses a seller %s', async (_label, changes, status, message) => {
    const seller = await userWith('SALES_USER', 'NA');
    const oppId = await opportunity({ region: 'North America' });
    const response = await post(
      '/api/dx/create-quote',
      { opportunity_id: oppId, values: headerValues(changes) },
      seller.cookie,
    );
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toBe(message);
  });

  it('answers an unknown opportunity with 404 and bad input with 400', async () => {
    const seller = await userWith('SALES_USER', 'NA');
    const unknown = await post(
      '/api/dx/create-quote',
      { opportunity_id: '006DOESNOTEXIST', values: headerValues() },
      seller.cookie,
    );
    expect(unknown.statusCode).toBe(404);
    const bad = await post(
      '/api/dx/create-quote',
      { opportunity_id: 'x y', values: [] },
      seller.cookie,
    );
    expect(bad.statusCode).toBe(400);
  });

  it('writes nothing when the CRM cannot be reached', async () => {
    const down: CrmAdapter = {
      kind: 'salesforce',
      ping: () => Promise.reject(new CrmUnavailableError('connection refused')),
      fetchChangedOpportunities: () =>
        Promise.reject(new CrmUnavailableError('connection refused')),
      fetchRemovedOpportunityIds: () =>
        Promise.reject(new CrmUnavailableError('connection refused')),
      getOpportunity: () => Promise.reject(new CrmUnavailableError('connection refused')),
      hasManualProductLines: () => Promise.reject(new CrmUnavailableError('connection refused')),
      writeBackQuote: () => Promise.reject(new CrmUnavailableError('connection refused')),
      writeOpportunityProducts: () => Promise.reject(new CrmUnavailableError('connection refused')),
    };
    const { db } = await testDatabase();
    const app = await createAppOver(db, { crmAdapter: down });
    const seller = await createUser(db, { roles: [{ role: 'DEAL_DESK' }] });
    const cookie = await signedIn(app, seller);
    const oppId = await opportunity({ region: 'APJ' });
    const response = await app.inject({
      method: 'POST',
      url: '/api/dx/create-quote',
      payload: { opportunity_id: oppId, values: headerValues() },
      headers: { cookie },
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ error: 'CRM_UNAVAILABLE' });
    expect(await db.select().from(quotes).where(eq(quotes.opportunityId, oppId))).toEqual([]);
  });
});

describe('visibility', () => {
  it('shows a seller the quotes of their region and their own, and 404 for the others', async () => {
    const desk = await userWith('DEAL_DESK');
    const emea = await opportunity({ region: 'EMEA' });
    const apj = await opportunity({ region: 'APJ' });
    const create = async (oppId: string) =>
      (
        await post(
          '/api/dx/create-quote',
          { opportunity_id: oppId, values: headerValues() },
          desk.cookie,
        )
      ).json<{ data: { id: string } }>().data.id;
    const emeaQuote = await create(emea);
    const apjQuote = await create(apj);

    const emeaSeller = await userWith('SALES_USER', 'EMEA');
    expect((await post('/api/dx/get-quote', { id: emeaQuote }, emeaSeller.cookie)).statusCode).toBe(
      200,
    );
    const hidden = await post('/api/dx/get-quote', { id: apjQuote }, emeaSeller.cookie);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).not.toHaveProperty('data');

    const grid = await post(
      '/api/dx/grid',
      { module_name: 'quotes', filters: { region: ['APJ', 'EMEA'] }, page_size: 100 },
      emeaSeller.cookie,
    );
    const gridRows = grid.json<{ data: { rows: { region: string }[] } }>().data.rows;
    const regions = new Set(gridRows.map((r) => r.region));
    expect([...regions]).toEqual(['EMEA']);

    // The deal desk sees both.
    const all = await post(
      '/api/dx/grid',
      { module_name: 'quotes', filters: { region: ['APJ'] } },
      desk.cookie,
    );
    expect(all.json().data.total).toBeGreaterThan(0);
  });

  it('lists only the opportunities of the seller’s region, or theirs', async () => {
    const seller = await userWith('SALES_USER', 'LATAM');
    const own = await opportunity({ region: 'APJ', ownerEmail: seller.email });
    await opportunity({ region: 'LATAM' });
    await opportunity({ region: 'EMEA' });
    const grid = await post(
      '/api/dx/grid',
      { module_name: 'opportunities', page_size: 100 },
      seller.cookie,
    );
    const rows = grid.json().data.rows as { id: string; region: string }[];
    expect(rows.every((r) => r.region === 'LATAM' || r.id === own)).toBe(true);
    expect(rows.map((r) => r.id)).toContain(own);
  });
});

describe('the quote grid', () => {
  it('filters, sorts and pages on the server, with status badges', async () => {
    const desk = await userWith('DEAL_DESK');
    const oppId = await opportunity({ region: 'LATAM' });
    const tag = unique();
    for (const name of ['Alpha', 'Bravo', 'Charlie']) {
      await post(
        '/api/dx/create-quote',
        { opportunity_id: oppId, values: headerValues({ quote_name: `${name} ${tag}` }) },
        desk.cookie,
      );
    }
    const page = await post(
      '/api/dx/grid',
      {
        module_name: 'quotes',
        search: tag,
        sort: { field: 'quote_name', direction: 'asc' },
        page: 2,
        page_size: 2,
      },
      desk.cookie,
    );
    const data = page.json<{
      data: {
        total: number;
        rows: Record<string, unknown>[];
        columns: { key: string }[];
      };
    }>().data;
    expect(data.total).toBe(3);
    expect(data.rows.map((r) => r.quote_name)).toEqual([`Charlie ${tag}`]);
    expect(data.rows[0]).toMatchObject({ status: 'Incomplete', status_tone: 'blue' });
    expect(data.columns.map((c) => c.key)).toContain('status');
  });

  it('filters by owner, offering only the owners of quotes the viewer can see', async () => {
    const emeaSeller = await userWith('SALES_USER', 'EMEA');
    const apjSeller = await userWith('SALES_USER', 'APJ');
    const emea = await opportunity({ region: 'EMEA' });
    const apj = await opportunity({ region: 'APJ' });
    const tag = unique();
    for (const [seller, oppId] of [
      [emeaSeller, emea],
      [apjSeller, apj],
    ] as const) {
      const made = await post(
        '/api/dx/create-quote',
        { opportunity_id: oppId, values: headerValues({ quote_name: `Owned ${tag}` }) },
        seller.cookie,
      );
      expect(made.statusCode).toBe(200);
    }
    type Grid = {
      data: {
        total: number;
        rows: { owner_id: string }[];
        filters: { key: string; options: { value: string; label: string }[] }[];
      };
    };
    const desk = await userWith('DEAL_DESK');
    const byOwner = await post(
      '/api/dx/grid',
      { module_name: 'quotes', search: tag, filters: { owner: [apjSeller.id] } },
      desk.cookie,
    );
    const data = byOwner.json<Grid>().data;
    expect(data.rows.map((r) => r.owner_id)).toEqual([apjSeller.id]);
    const deskOwners = data.filters.find((f) => f.key === 'owner')?.options.map((o) => o.value);
    expect(deskOwners).toEqual(expect.arrayContaining([emeaSeller.id, apjSeller.id]));

    // The EMEA seller is not offered the APJ seller, whose quotes they cannot see.
    const own = await post('/api/dx/grid', { module_name: 'quotes' }, emeaSeller.cookie);
    const offered = own.json<Grid>().data.filters.find((f) => f.key === 'owner')?.options ?? [];
    expect(offered.map((o) => o.value)).toContain(emeaSeller.id);
    expect(offered.map((o) => o.value)).not.toContain(apjSeller.id);

    const bad = await post(
      '/api/dx/grid',
      { module_name: 'quotes', filters: { owner: ['someone'] } },
      desk.cookie,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      message: 'The owner filter names someone who is not a user.',
    });
  });

  it('filters opportunities by owner e-mail, in any case', async () => {
    const desk = await userWith('DEAL_DESK');
    const owner = `Owner.${unique()}@Bastion.test`;
    const oppId = await opportunity({ region: 'APJ', ownerEmail: owner });
    const grid = await post(
      '/api/dx/grid',
      { module_name: 'opportunities', filters: { owner: [owner.toLowerCase()] } },
      desk.cookie,
    );
    const data = grid.json<{ data: { rows: { id: string }[] } }>().data;
    expect(data.rows.map((r) => r.id)).toEqual([oppId]);
  });

  it('treats LIKE wildcards in a search as plain characters', async () => {
    const desk = await userWith('DEAL_DESK');
    const grid = await post('/api/dx/grid', { module_name: 'quotes', search: '%_%' }, desk.cookie);
    expect(grid.json().data.total).toBe(0);
  });

  it.each([
    [{ module_name: 'nope' }, 'module_name'],
    [{ module_name: 'quotes', page: 0 }, 'page'],
    [{ module_name: 'quotes', page_size: 1000 }, 'page_size'],
    [{ module_name: 'quotes', filters: { date_from: '31/12/2026' } }, 'filters.date_from'],
  ])('answers %j with 400 naming %s', async (payload, path) => {
    const desk = await userWith('DEAL_DESK');
    const response = await post('/api/dx/grid', payload, desk.cookie);
    expect(response.statusCode).toBe(400);
    const errors = response.json<{ errors: { path: string }[] }>().errors;
    expect(errors.map((e) => e.path)).toContain(path);
  });

  it('is refused to users who cannot see quotes', async () => {
    const admin = await userWith('USER_ADMIN');
    expect((await post('/api/dx/grid', { module_name: 'quotes' }, admin.cookie)).statusCode).toBe(
      403,
    );
  });
});

describe('opportunities deleted in the CRM', () => {
  it('leave lists and take no new quote, while their quotes stay', async () => {
    const desk = await userWith('DEAL_DESK');
    const oppId = await opportunity({ region: 'EMEA' });
    const made = await post(
      '/api/dx/create-quote',
      { opportunity_id: oppId, values: headerValues() },
      desk.cookie,
    );
    const quoteId = made.json<{ data: { id: string } }>().data.id;
    await ctx.db
      .update(crmOpportunities)
      .set({ removedFromCrmAt: new Date() })
      .where(eq(crmOpportunities.id, oppId));

    const grid = await post(
      '/api/dx/grid',
      { module_name: 'opportunities', search: oppId },
      desk.cookie,
    );
    expect(grid.json<{ data: { total: number } }>().data.total).toBe(0);
    const again = await post(
      '/api/dx/create-quote',
      { opportunity_id: oppId, values: headerValues() },
      desk.cookie,
    );
    expect(again.statusCode).toBe(404);
    expect((await post('/api/dx/get-opportunity', { id: oppId }, desk.cookie)).statusCode).toBe(
      404,
    );
    expect((await post('/api/dx/get-quote', { id: quoteId }, desk.cookie)).statusCode).toBe(200);
  });
});

describe('history and concurrency', () => {
  it('records each change with its before and after, and refuses a stale version', async () => {
    // Quote history is for internal test accounts (spec §6 can_see_history).
    const desk = await userWith('DEAL_DESK', undefined, 'bastion.test');
    const oppId = await opportunity({ region: 'EMEA' });
    const { id } = (
      await post(
        '/api/dx/create-quote',
        { opportunity_id: oppId, values: headerValues() },
        desk.cookie,
      )
    ).json<{ data: { id: string } }>().data;

    const renamed = await post(
      '/api/dx/update-quote',
      { id, version: 1, quote_name: 'Renamed quote' },
      desk.cookie,
    );
    expect(renamed.json().data).toMatchObject({ quote_name: 'Renamed quote', version: 2 });

    const stale = await post(
      '/api/dx/update-quote',
      { id, version: 1, quote_name: 'Someone else’s name' },
      desk.cookie,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 409, message: STALE_QUOTE_MESSAGE });
    const [row] = await ctx.db.select().from(quotes).where(eq(quotes.id, id));
    expect(row).toMatchObject({ quoteName: 'Renamed quote', version: 2 });

    const history = await post('/api/dx/quote-history', { id }, desk.cookie);
    const entries = history.json<{
      data: { entries: { action: string; changes: unknown[]; actor: { email: string } }[] };
    }>().data.entries;
    expect(entries.map((e) => e.action)).toEqual(['updated', 'created']);
    expect(entries[0]?.changes).toEqual([
      { field: 'quote_name', before: 'Acme firewall refresh', after: 'Renamed quote' },
    ]);
    expect(entries[0]?.actor.email).toBe(desk.email);
    expect(
      await ctx.db.select().from(quoteHistory).where(eq(quoteHistory.quoteId, id)),
    ).toHaveLength(2);
  });

  it('names the administrator who changed a quote while acting as its owner', async () => {
    const seller = await userWith('SALES_USER', 'EMEA', 'bastion.test');
    const admin = await userWith('ROOT_ADMIN', undefined, 'bastion.test');
    const oppId = await opportunity({ region: 'EMEA' });
    const { id } = (
      await post(
        '/api/dx/create-quote',
        { opportunity_id: oppId, values: headerValues() },
        seller.cookie,
      )
    ).json<{ data: { id: string } }>().data;
    expect(
      (await post('/api/security/impersonate', { email: seller.email }, admin.cookie)).statusCode,
    ).toBe(200);
    const renamed = await post(
      '/api/dx/update-quote',
      { id, version: 1, quote_name: 'Renamed on their behalf' },
      admin.cookie,
    );
    expect(renamed.statusCode, renamed.body).toBe(200);

    const entries = (await post('/api/dx/quote-history', { id }, seller.cookie)).json<{
      data: {
        entries: { action: string; actor: { email: string }; impersonated_by: string | null }[];
      };
    }>().data.entries;
    expect(entries.map((e) => [e.action, e.actor.email, e.impersonated_by])).toEqual([
      ['updated', seller.email, admin.email],
      ['created', seller.email, null],
    ]);
  });

  it('shows history only to users allowed to see it', async () => {
    const desk = await createUser(ctx.db, {
      roles: [{ role: 'DEAL_DESK' }],
      emailDomain: 'bastion.test',
    });
    const outsider = await createUser(ctx.db, {
      roles: [{ role: 'DEAL_DESK' }],
      emailDomain: 'example.com',
    });
    const oppId = await opportunity({ region: 'EMEA' });
    const deskCookie = await signedIn(ctx.app, desk);
    const { id } = (
      await post(
        '/api/dx/create-quote',
        { opportunity_id: oppId, values: headerValues() },
        deskCookie,
      )
    ).json<{ data: { id: string } }>().data;
    expect((await post('/api/dx/quote-history', { id }, deskCookie)).statusCode).toBe(200);
    const refused = await post('/api/dx/quote-history', { id }, await signedIn(ctx.app, outsider));
    expect(refused.statusCode).toBe(403);
  });
});
