import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { crmOpportunities } from '@bastion/db/schema/crm';
import { crmDemoId } from '@bastion/db/seed/crm-demo-accounts';
import { CrmUnavailableError, type CrmAdapter } from '../../integrations/crm/crm-adapter.ts';
import { createAppOver } from '../../test/test-app.ts';
import { signInAccounts, useTestBed } from '../../test/test-bed.ts';
import { crmCalls } from './crm.test-harness.ts';
import { listFieldMappings } from './field-mapping.ts';

// The connection status and the sync: crm-sync.test.ts.

const { ctx, cookies } = useTestBed({
  root: 'ROOT_ADMIN',
  itAdmin: 'IT_ADMIN',
  seller: 'SALES_USER',
  approver: 'FINANCE_APPROVER',
});

const { get, post, fakeAdapter } = crmCalls(ctx);

const appWith = (adapter: CrmAdapter) => createAppOver(ctx.db, { crmAdapter: adapter });

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
      'crm_opportunity_line_items.product_code',
    ]);
  });

  it('names Salesforce fields by the API names its adapter reads', () => {
    const mappings = listFieldMappings({ kind: 'salesforce' });
    const byQuote = new Map(mappings.map((m) => [m.quote_fields.join(', '), m.crm_fields]));
    expect(byQuote.get('quote_name')).toEqual(['Opportunity.Name']);
    // The primary quote's lines, as opportunity products keyed by the field the org adds.
    expect(byQuote.get('lines (sku, quantities, net per year)')).toContain(
      'OpportunityLineItem.Bastion_Line_Key__c',
    );
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
