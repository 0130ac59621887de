import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { formRecipes } from '@bastion/db/schema/forms';
import { DEMO_PASSWORD } from '@bastion/db/seed/demo-data';
import { createTestApp, createUser, signedIn, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ctx = await createTestApp();
  cookie = await signedIn(ctx.app, await createUser(ctx.db));
});

const post = (url: string, payload: unknown, as = cookie) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie: as } });

const VALID = {
  quote_name: 'Acme renewal 2027',
  quote_type: 'STANDARD',
  contract_length: '12',
  deal_type: 'NB',
  sales_channel: 'T1',
  partner_type: 'AUTHORIZED',
  partner_contact_email: 'pat@partner.example',
  contract_start_date: '2027-01-01',
  contract_end_date: '2027-12-31',
  sla: '24/7',
  products_evaluated: ['FIREWALL'],
};

describe('POST /api/dx/get-form-recipe', () => {
  it('answers the recipe with the lookup lists its fields offer', async () => {
    const response = await post('/api/dx/get-form-recipe', { name: 'quote_details' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{
      data: { lookups: Record<string, { value: string; label: string; family?: string }[]> };
    }>();
    expect(data).toMatchObject({ name: 'quote_details', title: 'Quote details', version: 1 });
    expect(Object.keys(data.lookups).sort()).toEqual(
      [
        'contract_lengths',
        'deal_types',
        'partner_types',
        'product_families',
        'quote_types',
        'sales_channels',
        'slas',
      ].sort(),
    );
    expect(data.lookups.contract_lengths?.[0]).toEqual({
      value: '12',
      label: '12 months',
      family: 'ANNUAL',
    });
  });

  it('answers an unknown form with 404, and needs a session', async () => {
    const unknown = await post('/api/dx/get-form-recipe', { name: 'no_such_form' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'There is no form named "no_such_form".' });
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/dx/get-form-recipe',
      payload: { name: 'quote_details' },
    });
    expect(anonymous.statusCode).toBe(403);
  });
});

describe('POST /api/dx/validate-form', () => {
  it('accepts valid values and answers the payload the rules leave', async () => {
    const response = await post('/api/dx/validate-form', {
      name: 'quote_details',
      values: { ...VALID, sales_channel: 'DIRECT', stray_key: 'dropped' },
    });
    expect(response.statusCode).toBe(200);
    const { payload } = response.json().data;
    // A direct deal hides the partner fields, so their values are dropped; unknown keys too.
    expect(payload).not.toHaveProperty('partner_type');
    expect(payload).not.toHaveProperty('partner_contact_email');
    expect(payload).not.toHaveProperty('stray_key');
    expect(payload).toMatchObject({ quote_name: 'Acme renewal 2027', can_nofity_partner: false });
  });

  it.each([
    [
      'an invalid partner e-mail',
      { partner_contact_email: 'not-an-email' },
      [{ path: 'partner_contact_email', message: 'Please enter a valid Partner Contact Email.' }],
    ],
    [
      'a partner deal without partner type',
      { partner_type: undefined },
      [{ path: 'partner_type', message: 'Please select Partner Type' }],
    ],
    [
      'a missing quote name and contract end',
      { quote_name: '  ', contract_end_date: undefined },
      [
        { path: 'quote_name', message: 'Please enter Quote Name' },
        { path: 'contract_period', message: 'Please select Contract Start and End Dates' },
      ],
    ],
    [
      'a deal type the list does not offer',
      { deal_type: 'XYZ' },
      [{ path: 'deal_type', message: 'Please select Deal Type' }],
    ],
    [
      'a 12-month ELA (the lookup offers multi-year terms only)',
      { quote_type: 'ELA' },
      [{ path: 'contract_length', message: 'Please select Contract Length' }],
    ],
  ])('refuses %s with the same messages as the browser', async (_label, change, errors) => {
    const response = await post('/api/dx/validate-form', {
      name: 'quote_details',
      values: { ...VALID, ...change },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
    expect(body).not.toHaveProperty('data');
    expect(body.errors).toEqual(errors);
  });

  it('answers malformed values with 400', async () => {
    const response = await post('/api/dx/validate-form', { name: 'quote_details', values: [] });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'values', message: 'Send the form values as an object.' },
    ]);
  });

  it('keeps working when an admin saved a broken rule: the rule is skipped', async () => {
    const [row] = await ctx.db
      .select()
      .from(formRecipes)
      .where(eq(formRecipes.name, 'quote_details'));
    const recipe = structuredClone(row!.recipe);
    recipe.rules.push({
      type: 'expression',
      op: 'quote_type string-equals (',
      target: 'sla',
      effect: 'SHOW',
    });
    await ctx.db.insert(formRecipes).values({ name: 'broken_details', title: 'Broken', recipe });
    const response = await post('/api/dx/validate-form', { name: 'broken_details', values: VALID });
    expect(response.statusCode).toBe(200);
  });
});

describe('composite fields on the server', () => {
  it('checks an ELA deployment schedule with the shared messages', async () => {
    const response = await post('/api/dx/validate-form', {
      name: 'hardware_shipping',
      values: {
        quote_type: 'ELA',
        contract_length: '36',
        shipping: {
          products: [{ id: 'FW-200', y1: 20, y2: 10, y3: 5 }],
          shipping_quantities: [
            {
              sh_prod_id: 'FW-200',
              region: 'EMEA',
              incoterm: 'DAP',
              year1: 20,
              year2: 4,
              year3: 5,
            },
          ],
        },
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      {
        path: 'shipping.products.FW-200.year2',
        message: 'Shipping Quantity does not match with sum of Deployment Schedule for Year 2.',
      },
    ]);
  });

  it.each([
    [20_001, 'Maximum 20000 allowed per configuration.'],
    [49, 'Minimum 50 allowed per configuration.'],
  ])('refuses %i devices for New Business: %s', async (count, message) => {
    const response = await post('/api/dx/validate-form', {
      name: 'secure_access_sizing',
      values: {
        quote_type: 'STANDARD',
        contract_length: '12',
        deal_type: 'NB',
        secure_access: { pricing_model: 'Device Based', number_of_local_access_points_xs_1: count },
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'secure_access.number_of_local_access_points_1', message },
    ]);
  });

  it('asks a deal-desk user for the SKU type of a renewal, and nobody else', async () => {
    const desk = await signedIn(
      ctx.app,
      await createUser(ctx.db, { roles: [{ role: 'DEAL_DESK' }] }),
    );
    const values = {
      quote_type: 'STANDARD',
      contract_length: '12',
      deal_type: 'R',
      secure_access: { pricing_model: 'Device Based', number_of_local_access_points_s_1: 80 },
    };
    const asDesk = await post(
      '/api/dx/validate-form',
      { name: 'secure_access_sizing', values },
      desk,
    );
    expect(asDesk.json().errors).toEqual([
      { path: 'secure_access.sku_type', message: 'Please select SKU Type' },
    ]);
    // Claiming to be the deal desk in the values changes nothing: the session says who you are.
    const asSeller = await post('/api/dx/validate-form', {
      name: 'secure_access_sizing',
      values: { ...values, is_deal_desk_user: true },
    });
    expect(asSeller.statusCode).toBe(200);
  });
});

describe('POST /api/admin/list-form-recipes', () => {
  it('lists the recipes for configuration admins only', async () => {
    const root = await signedIn(ctx.app, { email: 'root@bastion.test', password: DEMO_PASSWORD });
    const listed = await post('/api/admin/list-form-recipes', {}, root);
    expect(listed.statusCode).toBe(200);
    const names = listed.json<{ data: { name: string }[] }>().data.map((r) => r.name);
    expect(names).toEqual(
      expect.arrayContaining(['quote_details', 'hardware_shipping', 'secure_access_sizing']),
    );

    const refused = await post('/api/admin/list-form-recipes', {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'FORBIDDEN' });
  });
});
