import { describe, expect, it } from 'vitest';
import {
  canNotifyPartner,
  mapOpportunityToQuote,
  splitProductsEvaluated,
  type OpportunityContact,
  type OpportunityFacts,
  type OpportunityMappingOptions,
  type OpportunityParty,
  type OpportunityQuoteFields,
  type PaymentTerm,
} from './opportunity-mapping.ts';
import type { SalesChannel } from './sales-channel.ts';

const address = (city: string, country: string) => ({
  street: `1 Main Street`,
  city,
  state: '',
  postal_code: '10001',
  country,
});

const party = (id: string, name: string, overrides: Partial<OpportunityParty> = {}) => ({
  id,
  name,
  legal_entity_name: '',
  billing_address: address(`${name} billing city`, 'United States'),
  shipping_address: address(`${name} shipping city`, 'United States'),
  payment_term: null,
  partner_type: null,
  ...overrides,
});

const ACCOUNT = party('001A', 'Northwind Health', {
  legal_entity_name: 'Northwind Health Systems LLC',
  payment_term: { days: 30, name: 'Net 30' },
});
const PARTNER = party('001P', 'Redline Integrators', {
  payment_term: { days: 45, name: 'Net 45' },
  partner_type: 'PREMIER',
});
const DISTRIBUTOR = party('001D', 'Globex Distribution', {
  payment_term: { days: 60, name: 'Net 60' },
});
const CONTACT: OpportunityContact = {
  id: '003C',
  name: 'Pat Partner',
  email: 'pat@redline.example',
};

const BASE: OpportunityFacts = {
  opportunity_id: '006X',
  opportunity_name: '  Northwind – Network Firewall refresh  ',
  region: 'North America',
  sales_country: 'United States',
  is_named_account: true,
  stage: 'Proposal',
  deal_type: 'NB',
  currency_code: 'usd',
  amount_minor: 12_500_000,
  amount_to_be_renewed_minor: null,
  close_date: '2026-09-30',
  contract_start_date: '2026-10-01',
  contract_sign_date: '2026-09-28',
  agreement_name: 'MSA 2024',
  opp_payment_term: null,
  partner_payment_term: null,
  sla: '12/5',
  is_registered_deal: false,
  deal_reg: '',
  is_public_sector: false,
  m_s_percentage: '12.50',
  pod: 'NA-East',
  products_evaluated: 'Network Firewall; Secure Access',
  champion: 'Chris Champion',
  sales_director: { name: 'Dee Director', email: 'dee@bastion.test', phone: '+1 555 0100' },
  se_name: 'Sol Engineer',
  csm: { id: '005S', name: 'Rene Renewals', email: 'renewals@bastion.test' },
  cam: null,
  account_owner: { name: 'Sam Seller', email: 'sales@bastion.test' },
  opp_team_members: [
    { email: 'sales@bastion.test', name: 'Sam Seller', role: 'Account Executive' },
  ],
  created_by: 'Sam Seller',
  created_on: '2026-02-01T10:00:00.000Z',
  modified_by: 'Sam Seller',
  modified_on: '2026-03-01T10:00:00.000Z',
  account: ACCOUNT,
  partner: null,
  partner_contact: null,
  distributor: null,
  shipping_country: { id: 'US', name: 'United States' },
  contracting_entity: null,
};

const OPTIONS: OpportunityMappingOptions = {
  known_slas: ['24/7', '12/5', '8/5'],
  sla_labels: { '24/7': '24/7', '12/5': '12/5 business hours', '8/5': '8/5 business hours' },
  product_families: [
    { value: 'SECURE_ACCESS', label: 'Secure Access' },
    { value: 'FIREWALL', label: 'Network Firewall' },
    { value: 'ENDPOINT', label: 'Endpoint Protection' },
  ],
};

const map = (change: Partial<OpportunityFacts> = {}, options = OPTIONS) =>
  mapOpportunityToQuote({ ...BASE, ...change }, options);

const T1 = { partner: PARTNER, partner_contact: CONTACT };
const T2 = { ...T1, distributor: DISTRIBUTOR };

describe('mapOpportunityToQuote: names and parties', () => {
  it('maps a direct opportunity', () => {
    expect(map()).toMatchObject({
      quote_name: 'Northwind – Network Firewall refresh',
      sales_channel: 'DIRECT',
      partner_type: null,
      end_customer_name: 'Northwind Health',
      account_legal_entity_name: 'Northwind Health Systems LLC',
      reseller_name: null,
      distributor_name: null,
      partner_account_id: null,
      partner_billing_address: null,
      distributor_shipping_address: null,
      account_billing_address: ACCOUNT.billing_address,
      account_shipping_address: ACCOUNT.shipping_address,
      csm_id: '005S',
      csm_email: 'renewals@bastion.test',
      cam_id: null,
      cam_email: '',
      currency_code: 'USD',
      opp_currency_code: 'usd',
      account_owner: 'Sam Seller',
      account_owner_email: 'sales@bastion.test',
      m_s_percentage: '12.50',
      opportunity_region: 'North America',
    } satisfies Partial<OpportunityQuoteFields>);
  });

  it.each<[string, Partial<OpportunityFacts>, Partial<OpportunityQuoteFields>]>([
    [
      'a partner alone: T1, the partner is the reseller',
      T1,
      {
        sales_channel: 'T1',
        partner_type: 'PREMIER',
        reseller_name: 'Redline Integrators',
        partner_legal_entity_name: 'Redline Integrators',
        partner_account_id: '001P',
        partner_contact_id: '003C',
        partner_billing_address: PARTNER.billing_address,
        distributor_name: null,
        distributor_billing_address: null,
      },
    ],
    [
      'a partner and a distributor: T2 with both addresses',
      T2,
      {
        sales_channel: 'T2',
        reseller_name: 'Redline Integrators',
        distributor_name: 'Globex Distribution',
        distributor_legal_entity_name: 'Globex Distribution',
        distributor_billing_address: DISTRIBUTOR.billing_address,
        distributor_shipping_address: DISTRIBUTOR.shipping_address,
      },
    ],
    [
      'a distributor alone: direct (spec §4), the distributor plays no part',
      { distributor: DISTRIBUTOR },
      { sales_channel: 'DIRECT', distributor_name: null, distributor_billing_address: null },
    ],
    [
      'a partner without a programme level: AUTHORIZED',
      { partner: { ...PARTNER, partner_type: ' ' } },
      { sales_channel: 'T1', partner_type: 'AUTHORIZED' },
    ],
    [
      'a partner with a blank id and name: direct',
      { partner: { ...PARTNER, id: ' ', name: '' }, partner_contact: CONTACT },
      { sales_channel: 'DIRECT', partner_contact_id: null, can_nofity_partner: false },
    ],
    [
      'a blank opportunity name: named after the customer',
      { opportunity_name: '   ' },
      { quote_name: 'Quote for Northwind Health' },
    ],
  ])('%s', (_label, change, expected) => {
    expect(map(change)).toMatchObject(expected);
  });
});

describe('can_nofity_partner: a channel deal whose partner contact has a valid e-mail', () => {
  it.each<[SalesChannel, OpportunityContact | null, boolean]>([
    ['T1', CONTACT, true],
    ['T2', CONTACT, true],
    ['T1', { ...CONTACT, email: ' pat@redline.example ' }, true],
    ['T1', { ...CONTACT, email: '' }, false],
    ['T1', { ...CONTACT, email: 'not an e-mail' }, false],
    ['T1', null, false],
    ['DIRECT', CONTACT, false],
  ])('%s, %j → %j', (channel, contact, expected) => {
    expect(canNotifyPartner(channel, contact)).toBe(expected);
  });

  it('is worked out from the mapped channel', () => {
    expect(map(T1).can_nofity_partner).toBe(true);
    expect(map({ partner_contact: CONTACT }).can_nofity_partner).toBe(false);
  });
});

describe('contracting entity by region unless the CRM names one (spec §9)', () => {
  it.each<[string, string | null, string | null]>([
    ['EMEA', 'GMBH', 'Bastion Security GmbH'],
    ['North America', 'INC', 'Bastion Security Inc.'],
    ['Americas', 'INC', 'Bastion Security Inc.'],
    ['LATAM', 'LTD', 'Bastion Security Ltd.'],
    ['APJ', 'LTD', 'Bastion Security Ltd.'],
    ['Antarctica', null, null],
  ])('%s → %s', (region, id, name) => {
    const mapped = map({ region });
    expect([mapped.contracting_entity_id, mapped.contracting_entity_name]).toEqual([id, name]);
    expect(mapped.contracting_entity_source).toBe(id ? 'region' : null);
  });

  it('takes the configured entity names', () => {
    const mapped = map(
      { region: 'EMEA' },
      {
        ...OPTIONS,
        contracting_entities: {
          GMBH: { id: 'E-1', name: 'Bastion Europe GmbH' },
          INC: { id: 'E-2', name: 'x' },
          LTD: { id: 'E-3', name: 'y' },
        },
      },
    );
    expect(mapped).toMatchObject({
      contracting_entity_id: 'E-1',
      contracting_entity_name: 'Bastion Europe GmbH',
    });
  });

  it('keeps an entity the opportunity names', () => {
    const mapped = map({
      region: 'EMEA',
      contracting_entity: { id: 'X', name: 'Bastion UK Ltd.' },
    });
    expect(mapped).toMatchObject({
      contracting_entity_id: 'X',
      contracting_entity_name: 'Bastion UK Ltd.',
      contracting_entity_source: 'opportunity',
    });
  });
});

const NET = (days: number): PaymentTerm => ({ days, name: `Net ${days}` });

describe('payment term precedence (spec §9)', () => {
  it.each<[string, Partial<OpportunityFacts>, number | null, string | null]>([
    ['direct: the customer account', {}, 30, 'direct_account'],
    ['the opportunity wins', { opp_payment_term: NET(15) }, 15, 'opportunity'],
    [
      'a blank opportunity term does not count',
      { opp_payment_term: { days: null, name: ' ' } },
      30,
      'direct_account',
    ],
    ['zero days is a term', { opp_payment_term: { days: 0, name: '' } }, 0, 'opportunity'],
    ['T1: the partner quote term', { ...T1, partner_payment_term: NET(90) }, 90, 'partner_quote'],
    ['T1: then the partner', T1, 45, 'partner'],
    ['T2: the distributor', T2, 60, 'distributor'],
    [
      'direct: a partner quote term plays no part',
      { partner_payment_term: NET(90) },
      30,
      'direct_account',
    ],
    ['none set', { account: { ...ACCOUNT, payment_term: null } }, null, null],
  ])('%s', (_label, change, days, source) => {
    const mapped = map(change);
    expect([mapped.payment_term_days, mapped.payment_term_source]).toEqual([days, source]);
  });

  it('reports the term name and the two opportunity terms', () => {
    expect(map({ ...T1, opp_payment_term: NET(15), partner_payment_term: NET(90) })).toMatchObject({
      payment_term_name: 'Net 15',
      opp_payment_term: NET(15),
      partner_payment_term: NET(90),
    });
  });
});

describe("SLA: the opportunity's when offered, else 24/7 (spec §9)", () => {
  it.each<[string, string, string, boolean]>([
    ['12/5', '12/5', '12/5 business hours', false],
    [' 8/5 ', '8/5', '8/5 business hours', false],
    ['24/7', '24/7', '24/7', false],
    ['Gold', '24/7', '24/7', true],
    ['', '24/7', '24/7', true],
  ])('%j → %s', (sla, expected, name, defaulted) => {
    expect(map({ sla })).toMatchObject({
      sla: expected,
      sla_name: name,
      opp_sla: sla,
      is_sla_defaulted: defaulted,
    });
  });

  it('names the SLA by its value without labels', () => {
    expect(map({ sla: '12/5' }, { known_slas: ['12/5'] }).sla_name).toBe('12/5');
  });
});

describe('dates', () => {
  it.each<[string | null, string | null, string | null]>([
    ['2026-10-01', '01-Oct-2026', '2026-10-01'],
    ['2027-02-28T00:00:00Z', '28-Feb-2027', '2027-02-28'],
    ['2027-02-30', null, null],
    [null, null, null],
  ])('contract start %j → %j', (start, display, iso) => {
    expect(map({ contract_start_date: start })).toMatchObject({
      contract_start_date: display,
      contract_start_date_iso: iso,
    });
  });

  it('keeps the sign date as an ISO date', () => {
    expect(map().contract_sign_date).toBe('2026-09-28');
    expect(map({ contract_sign_date: null }).contract_sign_date).toBeNull();
  });
});

describe('shipping country', () => {
  it.each<[Partial<OpportunityFacts>, string | null, string | null]>([
    [{}, 'US', 'United States'],
    [{ shipping_country: null }, null, 'United States'],
    [
      {
        shipping_country: null,
        account: { ...ACCOUNT, shipping_address: address('Berlin', ' ') },
      },
      null,
      'United States',
    ],
    [
      {
        shipping_country: { id: '', name: '' },
        account: {
          ...ACCOUNT,
          shipping_address: address('x', ''),
          billing_address: address('y', ''),
        },
      },
      null,
      null,
    ],
  ])('%# → %s %s', (change, id, name) => {
    const mapped = map(change);
    expect([mapped.shipping_country_id, mapped.shipping_country_name]).toEqual([id, name]);
  });
});

describe('products evaluated', () => {
  it.each<[string, string[]]>([
    ['Secure Access; Network Firewall', ['Secure Access', 'Network Firewall']],
    ['Cloud Security;Identity & Access;', ['Cloud Security', 'Identity & Access']],
    [' ; ;', []],
    ['', []],
    ['Endpoint Protection; endpoint protection', ['Endpoint Protection']],
  ])('%j → %j', (list, expected) => {
    expect(splitProductsEvaluated(list)).toEqual(expected);
  });

  it('becomes the product families the form offers, unknown labels left out', () => {
    expect(
      map({ products_evaluated: 'Network Firewall; FIREWALL; Cloud Security; secure access' })
        .product_families,
    ).toEqual(['FIREWALL', 'SECURE_ACCESS']);
    expect(map({}, { known_slas: [] }).product_families).toEqual([]);
  });
});

describe('purity', () => {
  it('does not share the team list with its input', () => {
    const mapped = map();
    mapped.opp_team_members.push({ email: 'x@y.example', name: 'X', role: '' });
    expect(BASE.opp_team_members).toHaveLength(1);
  });
});
