import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '@bastion/db/schema/audit';
import {
  crmAccounts,
  crmConnection,
  crmContacts,
  crmOpportunities,
  crmOpportunityTeamMembers,
} from '@bastion/db/schema/crm';
import { createEmbeddedAdapter } from '../../integrations/crm/embedded-adapter.repository.ts';
import { createAppOver } from '../../test/test-app.ts';
import { postCalls, useTestBed } from '../../test/test-bed.ts';
import { EDITED_IN_SALESFORCE_MESSAGE } from './require-embedded-crm.ts';

const { ctx, users, cookies } = useTestBed({
  admin: 'IT_ADMIN',
  root: 'ROOT_ADMIN',
  seller: 'SALES_USER',
  desk: 'DEAL_DESK',
});
const { post, dataOf } = postCalls({ ctx, cookies }, 'admin');

const unique = () => randomUUID().replaceAll('-', '').slice(0, 10);

interface Account {
  id: string;
  name: string;
  kind: string;
  contacts: Contact[];
  [key: string]: unknown;
}
interface Contact {
  id: string;
  account_id: string;
  first_name: string;
  last_name: string;
  email: string;
}
interface Opportunity {
  id: string;
  name: string;
  amount_minor: number;
  amount: string;
  modified_on: string;
  modified_by: string;
  created_by: string;
  removed_at: string | null;
  team: { email: string; name: string; role: string }[];
  [key: string]: unknown;
}

const saveAccount = (body: Record<string, unknown>) =>
  dataOf<Account>('/api/sfdc/accounts/save', body);
const saveContact = (body: Record<string, unknown>) =>
  dataOf<Contact>('/api/sfdc/contacts/save', body);
const saveOpportunity = (body: Record<string, unknown>) =>
  dataOf<Opportunity>('/api/sfdc/opportunities/save', body);

/** A customer, a partner with two contacts, another partner and a distributor, all new. */
async function parties() {
  const tag = unique();
  const customer = await saveAccount({ name: `Customer ${tag}`, kind: 'CUSTOMER' });
  const partner = await saveAccount({ name: `Partner ${tag}`, kind: 'PARTNER' });
  const otherPartner = await saveAccount({ name: `Other partner ${tag}`, kind: 'PARTNER' });
  const distributor = await saveAccount({ name: `Distributor ${tag}`, kind: 'DISTRIBUTOR' });
  const contact = await saveContact({
    account_id: partner.id,
    first_name: 'Pat',
    last_name: 'Morgan',
    email: `pat.${tag}@partner.example`,
  });
  const otherContact = await saveContact({
    account_id: otherPartner.id,
    first_name: 'Jordan',
    last_name: 'Reyes',
  });
  return { tag, customer, partner, otherPartner, distributor, contact, otherContact };
}

function opportunityBody(p: Awaited<ReturnType<typeof parties>>, extra = {}) {
  return {
    name: `Firewall refresh ${p.tag}`,
    account_id: p.customer.id,
    partner_account_id: p.partner.id,
    partner_contact_id: p.contact.id,
    distributor_account_id: p.distributor.id,
    region: 'EMEA',
    deal_type: 'NB',
    stage: 'Proposal',
    currency_code: 'EUR',
    amount: '12500.5',
    close_date: '2027-03-31',
    contract_start_date: '2027-04-01',
    payment_term_days: 45,
    payment_term_name: 'Net 45',
    sla: '24/7',
    is_registered_deal: true,
    deal_reg: `DR-${p.tag}`,
    products_evaluated: 'Network Firewall;  Secure Access ;;Network Firewall',
    owner_email: `owner.${p.tag}@bastion.test`,
    owner_name: 'Olive Owner',
    csm_name: 'Casey Success',
    csm_email: `csm.${p.tag}@bastion.test`,
    team: [{ email: `se.${p.tag}@bastion.test`, name: 'Sam Engineer', role: 'Sales Engineer' }],
    ...extra,
  };
}

/** Everything an edit could change, to prove a refused one changed nothing. */
async function fingerprint() {
  const result = await ctx.db.execute(sql`
    select
      (select count(*) from ${crmAccounts})::int as accounts,
      (select max(${crmAccounts.updatedAt})::text from ${crmAccounts}) as accounts_updated,
      (select count(*) from ${crmContacts})::int as contacts,
      (select md5(coalesce(string_agg(${crmContacts.id} || ${crmContacts.email}, ',' order by ${crmContacts.id}), '')) from ${crmContacts}) as contact_sum,
      (select count(*) from ${crmOpportunities})::int as opportunities,
      (select max(${crmOpportunities.modifiedOn})::text from ${crmOpportunities}) as modified,
      (select count(*) from ${crmOpportunityTeamMembers})::int as team
  `);
  return (result as { rows: Record<string, unknown>[] }).rows[0];
}

async function auditActions(entityId: string) {
  const rows = await ctx.db
    .select({ action: auditLog.action, actor: auditLog.actorUserId })
    .from(auditLog)
    .where(eq(auditLog.entityId, entityId))
    .orderBy(auditLog.id);
  return rows;
}

describe('accounts of the built-in CRM', () => {
  it('creates an account with a new id, changes it, and finds it by name or kind', async () => {
    const tag = unique();
    const created = await saveAccount({
      name: `  Harbour Freight ${tag} `,
      kind: 'PARTNER',
      region: 'APJ',
      country: 'au',
      billing_street: '1 Macquarie Place',
      billing_city: 'Sydney',
      billing_country: 'Australia',
      payment_term_days: 30,
      payment_term_name: 'Net 30',
      partner_type: 'PREMIER',
    });
    expect(created.id).toMatch(/^ACC-[0-9A-F]{12}$/);
    expect(created).toMatchObject({
      name: `Harbour Freight ${tag}`,
      kind: 'PARTNER',
      region: 'APJ',
      country: 'AU',
      billing_city: 'Sydney',
      shipping_city: '',
      payment_term_days: 30,
      payment_term_name: 'Net 30',
      partner_type: 'PREMIER',
      is_public_sector: false,
      segment: '',
      contacts: [],
    });

    const changed = await saveAccount({
      id: created.id,
      name: `Harbour Freight Pty ${tag}`,
      kind: 'CUSTOMER',
      is_public_sector: true,
      segment: '  Public sector ',
      payment_term_name: '',
    });
    expect(changed).toMatchObject({
      id: created.id,
      name: `Harbour Freight Pty ${tag}`,
      kind: 'CUSTOMER',
      partner_type: null,
      payment_term_days: null,
      payment_term_name: null,
      is_public_sector: true,
      // Issue 35: the segment price books match on, trimmed.
      segment: 'Public sector',
      region: '',
    });
    expect(await auditActions(created.id)).toEqual([
      { action: 'crm.account.created', actor: users.admin.id },
      { action: 'crm.account.updated', actor: users.admin.id },
    ]);

    const listed = await dataOf<{ rows: { id: string; kind: string }[]; total: number }>(
      '/api/sfdc/accounts/list',
      { search: tag, kind: 'CUSTOMER' },
    );
    expect(listed).toMatchObject({ total: 1, page: 1, page_size: 25 });
    expect(listed.rows[0]).toMatchObject({ id: created.id, contact_count: 0 });
    const partners = await dataOf<{ total: number }>('/api/sfdc/accounts/list', {
      search: tag,
      kind: 'PARTNER',
    });
    expect(partners.total).toBe(0);
    // LIKE wildcards are plain characters.
    expect(
      (await dataOf<{ total: number }>('/api/sfdc/accounts/list', { search: '%_%' })).total,
    ).toBe(0);

    const fetched = await dataOf<Account>('/api/sfdc/accounts/get', { id: created.id });
    expect(fetched).toEqual(changed);
  });

  it.each([
    [{ kind: 'CUSTOMER' }, 'name', 'Please enter the account name.'],
    [{ name: 'X', kind: 'VENDOR' }, 'kind', 'Choose the kind of account'],
    [{ name: 'X', kind: 'CUSTOMER', partner_type: 'PREMIER' }, 'partner_type', 'Only a partner'],
    [{ name: 'X', kind: 'PARTNER', partner_type: 'GOLD' }, 'partner_type', 'partner type is one'],
    [{ name: 'X', kind: 'CUSTOMER', country: 'Germany' }, 'country', 'two-letter ISO code'],
    [{ name: 'X', kind: 'CUSTOMER', region: 'Mars' }, 'region', 'The region is one of'],
    [{ name: 'X', kind: 'CUSTOMER', payment_term_days: -1 }, 'payment_term_days', 'negative'],
    [{ name: 'X', kind: 'CUSTOMER', payment_term_days: 2.5 }, 'payment_term_days', 'whole'],
    [{ name: 'x'.repeat(256), kind: 'CUSTOMER' }, 'name', 'too long'],
  ])('refuses %j with 400 on %s and changes nothing', async (body, path, message) => {
    const before = await fingerprint();
    const response = await post('/api/sfdc/accounts/save', body);
    expect(response.statusCode).toBe(400);
    const errors = response.json<{ errors: { path: string; message: string }[] }>().errors;
    expect(errors).toContainEqual({ path, message: expect.stringContaining(message) });
    expect(await fingerprint()).toEqual(before);
  });

  it('answers 404 for an account it does not hold', async () => {
    for (const url of ['/api/sfdc/accounts/get', '/api/sfdc/accounts/save']) {
      const response = await post(url, { id: 'ACC-NOPE', name: 'X', kind: 'CUSTOMER' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        error: 'NOT_FOUND',
        message: 'There is no account with the id ACC-NOPE.',
      });
    }
  });

  it('keeps an account in the part opportunities give it', async () => {
    const p = await parties();
    await saveOpportunity(opportunityBody(p));
    const before = await fingerprint();
    const response = await post('/api/sfdc/accounts/save', {
      id: p.customer.id,
      name: p.customer.name,
      kind: 'PARTNER',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'VALIDATION_FAILED',
      message: `${p.customer.name} is the customer of 1 opportunity, so it stays a customer account.`,
      errors: [{ path: 'kind' }],
    });
    expect(await fingerprint()).toEqual(before);
  });
});

describe('contacts of an account', () => {
  it('adds, changes and deletes a contact', async () => {
    const { partner, contact } = await parties();
    expect(contact.id).toMatch(/^CON-[0-9A-F]{12}$/);
    const fields = {
      id: contact.id,
      account_id: partner.id,
      first_name: 'Patricia',
      last_name: 'Morgan',
      email: 'patricia@partner.example',
      phone: '+1 (617) 555-0100',
      title: 'Channel Manager',
    };
    const changed = await saveContact(fields);
    expect(changed).toEqual(fields);
    const account = await dataOf<Account>('/api/sfdc/accounts/get', { id: partner.id });
    expect(account.contacts).toEqual([changed]);
    const listed = await dataOf<{ rows: unknown[] }>('/api/sfdc/accounts/list', {
      search: partner.name,
    });
    expect(listed.rows).toContainEqual(
      expect.objectContaining({ id: partner.id, contact_count: 1 }),
    );

    const deleted = await dataOf('/api/sfdc/contacts/delete', { id: contact.id });
    expect(deleted).toEqual({ id: contact.id, account_id: partner.id, is_deleted: true });
    expect((await dataOf<Account>('/api/sfdc/accounts/get', { id: partner.id })).contacts).toEqual(
      [],
    );
    expect((await auditActions(contact.id)).map((a) => a.action)).toEqual([
      'crm.contact.created',
      'crm.contact.updated',
      'crm.contact.deleted',
    ]);
  });

  it.each([
    [{ last_name: 'Doe', email: 'not-an-address' }, 'email', 'The e-mail address is not valid.'],
    [{ last_name: 'Doe', email: 'a@b' }, 'email', 'The e-mail address is not valid.'],
    [{ last_name: '  ' }, 'last_name', 'Please enter the last name.'],
    [
      { last_name: 'Doe', phone: 'call me' },
      'phone',
      'A phone number has digits, spaces and + ( ) - . / only.',
    ],
  ])('refuses %j with 400 and changes nothing', async (body, path, message) => {
    const { partner } = await parties();
    const before = await fingerprint();
    const response = await post('/api/sfdc/contacts/save', { account_id: partner.id, ...body });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: unknown[] }>().errors).toContainEqual({ path, message });
    expect(await fingerprint()).toEqual(before);
  });

  it('keeps a contact with its account, and answers 404 for unknown ones', async () => {
    const { partner, otherPartner, contact } = await parties();
    const moved = await post('/api/sfdc/contacts/save', {
      id: contact.id,
      account_id: otherPartner.id,
      last_name: 'Morgan',
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toMatchObject({ errors: [{ path: 'account_id' }] });

    const noContact = await post('/api/sfdc/contacts/save', {
      id: 'CON-NOPE',
      account_id: partner.id,
      last_name: 'Doe',
    });
    expect(noContact.statusCode).toBe(404);
    expect(noContact.json()).toMatchObject({
      message: 'There is no contact with the id CON-NOPE.',
    });
    const noAccount = await post('/api/sfdc/contacts/save', {
      account_id: 'ACC-NOPE',
      last_name: 'Doe',
    });
    expect(noAccount.statusCode).toBe(404);
    expect(noAccount.json()).toMatchObject({
      message: 'There is no account with the id ACC-NOPE.',
    });
    const deleteUnknown = await post('/api/sfdc/contacts/delete', { id: 'CON-NOPE' });
    expect(deleteUnknown.statusCode).toBe(404);
  });

  it('refuses to delete the partner contact of an opportunity, saying where it is used', async () => {
    const p = await parties();
    const opportunity = await saveOpportunity(opportunityBody(p));
    // Removed opportunities still count: their quotes show the contact.
    await dataOf('/api/sfdc/opportunities/remove', { id: opportunity.id });
    const before = await fingerprint();
    const response = await post('/api/sfdc/contacts/delete', { id: p.contact.id });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: 'CONFLICT',
      message: `Pat Morgan is the partner contact of the opportunity “Firewall refresh ${p.tag}”. Choose another partner contact there before deleting this contact.`,
    });
    expect(await fingerprint()).toEqual(before);

    await saveOpportunity(opportunityBody(p, { name: `Second ${p.tag}` }));
    const twice = await post('/api/sfdc/contacts/delete', { id: p.contact.id });
    expect(twice.json()).toMatchObject({
      message: `Pat Morgan is the partner contact of 2 opportunities: “Firewall refresh ${p.tag}”, “Second ${p.tag}”. Choose another partner contact there before deleting this contact.`,
    });
  });
});

describe('opportunities of the built-in CRM', () => {
  it('creates one with its parties and team, stamped with the admin and the time', async () => {
    const p = await parties();
    const startedAt = Date.now();
    const created = await saveOpportunity(opportunityBody(p));
    expect(created.id).toMatch(/^OPP-[0-9A-F]{12}$/);
    expect(created).toMatchObject({
      name: `Firewall refresh ${p.tag}`,
      account_id: p.customer.id,
      account_name: p.customer.name,
      partner_account_id: p.partner.id,
      partner_name: p.partner.name,
      partner_contact_id: p.contact.id,
      partner_contact_name: 'Pat Morgan',
      distributor_account_id: p.distributor.id,
      distributor_name: p.distributor.name,
      region: 'EMEA',
      deal_type: 'NB',
      currency_code: 'EUR',
      amount_minor: 1_250_050,
      amount: '12500.50',
      close_date: '2027-03-31',
      contract_start_date: '2027-04-01',
      payment_term_days: 45,
      partner_payment_term_days: null,
      products_evaluated: 'Network Firewall; Secure Access',
      is_registered_deal: true,
      created_by: users.admin.email,
      modified_by: users.admin.email,
      removed_at: null,
      quote_number: null,
      team: [{ email: `se.${p.tag}@bastion.test`, name: 'Sam Engineer', role: 'Sales Engineer' }],
    });
    expect(Date.parse(created.modified_on)).toBeGreaterThanOrEqual(startedAt - 1000);

    // The same record through get, and the quote grids see it.
    expect(await dataOf('/api/sfdc/opportunities/get', { id: created.id })).toEqual(created);
    const grid = await dataOf<{ rows: { id: string }[] }>(
      '/api/dx/grid',
      { module_name: 'opportunities', search: p.tag },
      cookies.desk,
    );
    expect(grid.rows.map((row) => row.id)).toEqual([created.id]);
  });

  it('changes one: every save stamps modified_on and modified_by, the team is replaced', async () => {
    const p = await parties();
    const created = await saveOpportunity(opportunityBody(p));
    await ctx.db
      .update(crmOpportunities)
      .set({ modifiedOn: new Date('2026-01-01T00:00:00Z'), modifiedBy: 'Someone Else' })
      .where(eq(crmOpportunities.id, created.id));

    const changed = await saveOpportunity(
      opportunityBody(p, {
        id: created.id,
        name: `Renamed ${p.tag}`,
        partner_account_id: null,
        partner_contact_id: null,
        distributor_account_id: '',
        amount: '99',
        currency_code: 'GBP',
        deal_type: 'R',
        close_date: null,
        team: [
          { email: `ae.${p.tag}@bastion.test`, name: 'Alex Exec', role: 'Account Executive' },
          { email: `csm.${p.tag}@bastion.test` },
        ],
      }),
    );
    expect(changed).toMatchObject({
      id: created.id,
      name: `Renamed ${p.tag}`,
      partner_account_id: null,
      partner_contact_id: null,
      distributor_account_id: null,
      amount_minor: 9900,
      amount: '99.00',
      currency_code: 'GBP',
      deal_type: 'R',
      close_date: null,
      created_by: users.admin.email,
      modified_by: users.admin.email,
    });
    expect(Date.parse(changed.modified_on)).toBeGreaterThan(Date.parse('2026-06-01'));
    expect(changed.team.map((m) => m.email).sort()).toEqual([
      `ae.${p.tag}@bastion.test`,
      `csm.${p.tag}@bastion.test`,
    ]);
    expect((await auditActions(created.id)).map((a) => a.action)).toEqual([
      'crm.opportunity.created',
      'crm.opportunity.updated',
    ]);

    // The embedded CRM hands the change to the next sync.
    const changedSince = await createEmbeddedAdapter(ctx.db).fetchChangedOpportunities(
      new Date(Date.parse(changed.modified_on)),
    );
    expect(changedSince.map((s) => s.opportunity.id)).toContain(created.id);
  });

  it('removes one from lists and restores it, keeping the row', async () => {
    const p = await parties();
    const created = await saveOpportunity(opportunityBody(p));
    const removed = await dataOf<Opportunity>('/api/sfdc/opportunities/remove', {
      id: created.id,
    });
    expect(removed.removed_at).not.toBeNull();
    expect(removed.modified_by).toBe(users.admin.email);
    // Removing twice keeps the first time.
    const again = await dataOf<Opportunity>('/api/sfdc/opportunities/remove', { id: created.id });
    expect(again.removed_at).toBe(removed.removed_at);

    const list = (status: string) =>
      dataOf<{ rows: { id: string; removed_at: string | null }[] }>(
        '/api/sfdc/opportunities/list',
        { search: p.tag, status },
      );
    expect((await list('live')).rows).toEqual([]);
    expect((await list('removed')).rows).toMatchObject([
      { id: created.id, removed_at: removed.removed_at },
    ]);
    expect((await list('all')).rows).toHaveLength(1);
    const grid = await dataOf<{ rows: unknown[] }>(
      '/api/dx/grid',
      { module_name: 'opportunities', search: p.tag },
      cookies.desk,
    );
    expect(grid.rows).toEqual([]);

    const restored = await dataOf<Opportunity>('/api/sfdc/opportunities/restore', {
      id: created.id,
    });
    expect(restored.removed_at).toBeNull();
    expect((await list('live')).rows).toMatchObject([{ id: created.id }]);
    expect((await auditActions(created.id)).map((a) => a.action)).toEqual([
      'crm.opportunity.created',
      'crm.opportunity.removed',
      'crm.opportunity.removed',
      'crm.opportunity.restored',
    ]);
  });

  it('lists opportunities last changed first, paged', async () => {
    const p = await parties();
    const first = await saveOpportunity(opportunityBody(p, { name: `First ${p.tag}` }));
    const second = await saveOpportunity(opportunityBody(p, { name: `Second ${p.tag}` }));
    const page = await dataOf<{ rows: { id: string; account_name: string }[]; total: number }>(
      '/api/sfdc/opportunities/list',
      { search: p.tag, page: 2, page_size: 1 },
    );
    expect(page).toMatchObject({ total: 2, page: 2, page_size: 1 });
    expect(page.rows).toMatchObject([{ id: first.id, account_name: p.customer.name }]);
    expect(second.id).not.toBe(first.id);
  });

  it('takes the partner contact only from the partner’s own contacts', async () => {
    const p = await parties();
    const before = await fingerprint();
    const foreign = await post(
      '/api/sfdc/opportunities/save',
      opportunityBody(p, { partner_contact_id: p.otherContact.id }),
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({
      error: 'VALIDATION_FAILED',
      errors: [
        {
          path: 'partner_contact_id',
          message: `Jordan Reyes is not a contact of ${p.partner.name}: the partner contact must be one of the partner’s contacts.`,
        },
      ],
    });
    const withoutPartner = await post(
      '/api/sfdc/opportunities/save',
      opportunityBody(p, { partner_account_id: null }),
    );
    expect(withoutPartner.statusCode).toBe(400);
    expect(withoutPartner.json()).toMatchObject({
      errors: [{ path: 'partner_contact_id', message: 'Choose the partner before its contact.' }],
    });
    expect(await fingerprint()).toEqual(before);

    // The other partner with its own contact is fine.
    const ok = await saveOpportunity(
      opportunityBody(p, {
        partner_account_id: p.otherPartner.id,
        partner_contact_id: p.otherContact.id,
      }),
    );
    expect(ok).toMatchObject({ partner_contact_name: 'Jordan Reyes' });
  });

  it('takes accounts only in their own part', async () => {
    const p = await parties();
    const response = await post(
      '/api/sfdc/opportunities/save',
      opportunityBody(p, {
        account_id: p.partner.id,
        partner_account_id: p.distributor.id,
        partner_contact_id: null,
        distributor_account_id: 'ACC-NOPE',
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: unknown[] }>().errors).toEqual([
      {
        path: 'account_id',
        message: `${p.partner.name} is a partner account, not a customer account.`,
      },
      {
        path: 'partner_account_id',
        message: `${p.distributor.name} is a distributor account, not a partner account.`,
      },
      { path: 'distributor_account_id', message: 'There is no account with the id ACC-NOPE.' },
    ]);
  });

  it.each([
    [{ name: ' ' }, 'name', 'Please enter the opportunity name.'],
    [
      { region: 'Europe' },
      'region',
      'Choose the region: EMEA, North America, Americas, LATAM, APJ.',
    ],
    [{ deal_type: 'X' }, 'deal_type', 'Choose the deal type: NB, U, R, TU, S, E, C.'],
    [{ currency_code: 'JPY' }, 'currency_code', 'The currency is one of USD, EUR, GBP.'],
    [{ amount: '12.345' }, 'amount', 'Enter the amount as a number with at most 2 decimals'],
    [{ amount: '1,000' }, 'amount', 'Enter the amount as a number with at most 2 decimals'],
    [{ amount: '-5' }, 'amount', 'Enter the amount as a number with at most 2 decimals'],
    [{ amount: 12.5 }, 'amount', 'Enter the amount as a number with at most 2 decimals'],
    [{ close_date: '31/03/2027' }, 'close_date', 'dates look like 2026-03-31'],
    [{ owner_email: 'owner@' }, 'owner_email', 'The owner’s e-mail address is not valid.'],
    [{ owner_email: '' }, 'owner_email', 'Please enter the owner’s e-mail address.'],
    [{ cam_email: 'cam at example' }, 'cam_email', 'The CAM’s e-mail address is not valid.'],
    [{ team: [{ email: 'x' }] }, 'team.0.email', 'The team member’s e-mail address is not valid.'],
    [
      { team: [{ email: 'a@b.example' }, { email: 'A@b.example' }] },
      'team.1.email',
      'A@b.example is already on the team.',
    ],
    [{ is_registered_deal: false }, 'deal_reg', 'A deal registration number needs'],
    [{ payment_term_days: 400 }, 'payment_term_days', 'at most 365 days'],
  ])('refuses %j with 400 on %s and changes nothing', async (change, path, message) => {
    const p = await parties();
    const existing = await saveOpportunity(opportunityBody(p));
    const before = await fingerprint();
    for (const body of [
      opportunityBody(p, change),
      opportunityBody(p, { ...change, id: existing.id }),
    ]) {
      const response = await post('/api/sfdc/opportunities/save', body);
      expect(response.statusCode).toBe(400);
      const errors = response.json<{ errors: { path: string; message: string }[] }>().errors;
      expect(errors).toContainEqual({ path, message: expect.stringContaining(message) });
    }
    expect(await fingerprint()).toEqual(before);
    expect(await dataOf('/api/sfdc/opportunities/get', { id: existing.id })).toEqual(existing);
  });

  it('answers 404 for an opportunity it does not hold', async () => {
    const p = await parties();
    for (const [url, body] of [
      ['/api/sfdc/opportunities/get', { id: 'OPP-NOPE' }],
      ['/api/sfdc/opportunities/save', opportunityBody(p, { id: 'OPP-NOPE' })],
      ['/api/sfdc/opportunities/remove', { id: 'OPP-NOPE' }],
      ['/api/sfdc/opportunities/restore', { id: 'OPP-NOPE' }],
    ] as const) {
      const response = await post(url, body);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        error: 'NOT_FOUND',
        message: 'There is no opportunity with the id OPP-NOPE.',
      });
    }
    const [row] = await ctx.db
      .select()
      .from(crmOpportunities)
      .where(eq(crmOpportunities.id, 'OPP-NOPE'));
    expect(row).toBeUndefined();
  });
});

const WRITE_ROUTES = [
  '/api/sfdc/accounts/save',
  '/api/sfdc/contacts/save',
  '/api/sfdc/contacts/delete',
  '/api/sfdc/opportunities/save',
  '/api/sfdc/opportunities/remove',
  '/api/sfdc/opportunities/restore',
];
const READ_ROUTES = [
  '/api/sfdc/accounts/list',
  '/api/sfdc/accounts/get',
  '/api/sfdc/opportunities/list',
  '/api/sfdc/opportunities/get',
];

describe('who may edit the built-in CRM', () => {
  it('is root and IT admins only', async () => {
    const p = await parties();
    const saved = await saveOpportunity(opportunityBody(p));
    expect(
      (await post('/api/sfdc/opportunities/get', { id: saved.id }, cookies.root)).statusCode,
    ).toBe(200);
    const before = await fingerprint();
    for (const url of [...WRITE_ROUTES, ...READ_ROUTES]) {
      const response = await post(url, opportunityBody(p, { id: saved.id }), cookies.seller);
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toMatchObject({ error: 'FORBIDDEN' });
    }
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/sfdc/accounts/save',
      payload: { name: 'X', kind: 'CUSTOMER' },
    });
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json()).toMatchObject({ error: 'SESSION_REQUIRED' });
    expect(await fingerprint()).toEqual(before);
  });
});

describe('with Salesforce as the CRM', () => {
  const salesforce = {} as { app: FastifyInstance };
  const inSalesforce = postCalls({ ctx: salesforce, cookies }, 'admin');
  let connection: (typeof crmConnection.$inferSelect)[];
  beforeAll(async () => {
    // Starting an app with another adapter resets the connection row: put it back afterwards.
    connection = await ctx.db.select().from(crmConnection);
    salesforce.app = await createAppOver(ctx.db, {
      crmAdapter: { ...createEmbeddedAdapter(ctx.db), kind: 'salesforce' },
    });
  });
  afterAll(async () => {
    await salesforce.app.close();
    for (const row of connection) {
      await ctx.db.update(crmConnection).set(row).where(eq(crmConnection.id, row.id));
    }
  });

  it('refuses every edit with 409, whatever is sent, and changes nothing', async () => {
    const p = await parties();
    const saved = await saveOpportunity(opportunityBody(p));
    const before = await fingerprint();
    for (const url of WRITE_ROUTES) {
      for (const body of [opportunityBody(p, { id: saved.id }), { id: p.contact.id }, {}]) {
        const response = await inSalesforce.post(url, body);
        expect(response.statusCode, url).toBe(409);
        expect(response.json()).toMatchObject({
          error: 'CONFLICT',
          message: EDITED_IN_SALESFORCE_MESSAGE,
        });
      }
    }
    expect(await fingerprint()).toEqual(before);
    const [row] = await ctx.db
      .select({ removed: crmOpportunities.removedFromCrmAt })
      .from(crmOpportunities)
      .where(and(eq(crmOpportunities.id, saved.id)));
    expect(row?.removed).toBeNull();
  });

  it('still lets admins read the copy, and still refuses sales users with 403', async () => {
    const p = await parties();
    const saved = await saveOpportunity(opportunityBody(p));
    const response = await inSalesforce.post('/api/sfdc/opportunities/get', { id: saved.id });
    expect(response.statusCode).toBe(200);
    const refused = await inSalesforce.post('/api/sfdc/accounts/save', {}, cookies.seller);
    expect(refused.statusCode).toBe(403);
  });
});
