import { generateKeyPairSync } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import type { OpportunityProduct } from '@bastion/domain/crm/opportunity-products';
import { CrmUnavailableError, type CrmOpportunitySnapshot } from './crm-adapter.ts';
import {
  startFakeSalesforce,
  type FakeRecord,
  type FakeSalesforce,
  type FakeSalesforceOptions,
} from '../../test/fake-salesforce.ts';
import { createSalesforceAdapter } from './salesforce-adapter.ts';
import {
  salesforceJwtAudience,
  type SalesforceAdapterOptions,
  type SalesforceCrmConfig,
} from './salesforce/client.ts';
import { SALESFORCE_FIELD_MAP } from './salesforce/field-map.ts';
import { soqlString } from './salesforce/queries.ts';
import {
  decimalToMinorUnits,
  minorUnitsToDecimal,
  salesforceId18,
} from './salesforce/record-values.ts';

const CLIENT_ID = 'bastion-connected-app';
const SECRET = 'sEcReT-0123456789';

/** An 18-character id of the given key prefix (006 opportunity, 001 account, …). */
function sfId(prefix: string, n: number): string {
  const id = salesforceId18(`${prefix}${String(n).padStart(12, '0')}`);
  if (!id) throw new Error('bad test id');
  return id;
}

const OPP = sfId('006', 1);
const CUSTOMER = sfId('001', 1);
const PARTNER = sfId('001', 2);
const DISTRIBUTOR = sfId('001', 3);
const PARTNER_CONTACT = sfId('003', 1);
const CUSTOMER_CONTACT = sfId('003', 2);
const CSM = sfId('005', 3);
const CAM = sfId('005', 4);

function opportunity(overrides: Partial<FakeRecord> = {}): FakeRecord {
  return {
    Id: OPP,
    Name: 'Acme firewall refresh',
    AccountId: CUSTOMER,
    Partner_Account__c: PARTNER,
    Partner_Contact__c: PARTNER_CONTACT,
    Distributor_Account__c: DISTRIBUTOR,
    Region__c: 'NA',
    Sales_Country__c: 'United States',
    Named_Account__c: true,
    StageName: 'Negotiation',
    Type: 'True-up',
    CurrencyIsoCode: 'EUR',
    Amount: 1234.56,
    Amount_To_Be_Renewed__c: 1000.1,
    CloseDate: '2026-06-30',
    Contract_Start_Date__c: '2026-07-01',
    Contract_Sign_Date__c: '2026-06-15',
    Agreement_Name__c: 'MSA 2026',
    Payment_Term_Days__c: 45,
    Payment_Term__c: 'Net 45',
    Partner_Payment_Term_Days__c: 60,
    Partner_Payment_Term__c: 'Net 60',
    SLA__c: '24/7',
    Registered_Deal__c: true,
    Deal_Registration__c: 'DR-2026-001',
    Public_Sector__c: false,
    MS_Percentage__c: 12.5,
    POD__c: 'POD-7',
    Products_Evaluated__c: 'Firewall;Secure Access',
    Champion__c: 'Dana Champion',
    Sales_Director__r: {
      Name: 'Sam Director',
      Email: 'Sam.Director@Vendor.test',
      Phone: '+1 555 0100',
    },
    Sales_Engineer__r: { Name: 'Erin Engineer' },
    CSM__c: CSM,
    CSM__r: { Name: 'Casey Csm', Email: 'casey@vendor.test' },
    CAM__c: CAM,
    CAM__r: { Name: 'Alex Cam', Email: 'ALEX@vendor.test' },
    Owner: { Name: 'Olive Owner', Email: 'Olive.Owner@vendor.test' },
    CreatedBy: { Name: 'Carl Creator' },
    LastModifiedBy: { Name: 'Mo Modifier' },
    CreatedDate: '2026-01-10T09:00:00.000+0000',
    LastModifiedDate: '2026-02-01T12:30:00.000+0000',
    SystemModstamp: '2026-02-01T12:30:05.000+0000',
    Bastion_Quote_Number__c: null,
    Bastion_Quote_Status__c: null,
    Bastion_Quote_Amount__c: null,
    ...overrides,
  };
}

function account(id: string, name: string, overrides: Partial<FakeRecord> = {}): FakeRecord {
  return {
    Id: id,
    Name: name,
    Region__c: 'emea',
    BillingStreet: '1 Main St',
    BillingCity: 'Berlin',
    BillingState: 'BE',
    BillingPostalCode: '10115',
    BillingCountry: 'Germany',
    ShippingStreet: '2 Dock Rd',
    ShippingCity: 'Hamburg',
    ShippingState: 'HH',
    ShippingPostalCode: '20095',
    ShippingCountry: 'Germany',
    Payment_Term_Days__c: 30,
    Payment_Term__c: 'Net 30',
    Partner_Type__c: null,
    Public_Sector__c: false,
    Industry: null,
    Segment__c: null,
    SystemModstamp: '2026-01-05T08:00:00.000+0000',
    ...overrides,
  };
}

/** One opportunity with every related record a snapshot carries. */
function seed(fake: FakeSalesforce) {
  fake.records.Opportunity?.push(opportunity());
  fake.records.Account?.push(
    account(CUSTOMER, 'Acme GmbH', {
      Public_Sector__c: true,
      Industry: 'Healthcare',
      Segment__c: ' Public sector ',
    }),
    account(PARTNER, 'Channel Partner Ltd', { Partner_Type__c: 'GOLD', Region__c: 'APAC' }),
    account(DISTRIBUTOR, 'Big Distribution Inc', {
      Payment_Term_Days__c: null,
      Payment_Term__c: null,
    }),
  );
  fake.records.Contact?.push(
    {
      Id: PARTNER_CONTACT,
      AccountId: PARTNER,
      FirstName: 'Pat',
      LastName: 'Partner',
      Email: 'Pat@Partner.test',
      Phone: '+44 20 7946 0000',
      Title: 'Account Manager',
    },
    {
      Id: CUSTOMER_CONTACT,
      AccountId: CUSTOMER,
      FirstName: 'Cleo',
      LastName: 'Customer',
      Email: null,
      Phone: null,
      Title: 'CISO',
    },
  );
  fake.records.OpportunityTeamMember?.push(
    {
      Id: sfId('00q', 1),
      OpportunityId: OPP,
      TeamMemberRole: 'Sales Engineer',
      User: { Email: 'Erin.Engineer@vendor.test', Name: 'Erin Engineer' },
    },
    // The same user twice (two roles): one member.
    {
      Id: sfId('00q', 2),
      OpportunityId: OPP,
      TeamMemberRole: 'Executive Sponsor',
      User: { Email: 'erin.engineer@vendor.test', Name: 'Erin Engineer' },
    },
    {
      Id: sfId('00q', 3),
      OpportunityId: OPP,
      TeamMemberRole: 'Renewals',
      User: { Email: 'rita@vendor.test', Name: 'Rita Renewals' },
    },
  );
  fake.records.OpportunityLineItem?.push(
    {
      Id: sfId('00k', 1),
      OpportunityId: OPP,
      Product2: { ProductCode: 'FW-100', Name: 'Firewall 100' },
      Quantity: 3,
      UnitPrice: 0.29,
      TotalPrice: 0.87,
      Description: ' Three units ',
      Is_Manual__c: false,
    },
    {
      Id: sfId('00k', 2),
      OpportunityId: OPP,
      Product2: { ProductCode: 'SVC-INSTALL', Name: 'Installation' },
      Quantity: 1,
      UnitPrice: 1999.9,
      Is_Manual__c: true,
    },
  );
}

const EXPECTED_SNAPSHOT: CrmOpportunitySnapshot = {
  opportunity: {
    id: OPP,
    name: 'Acme firewall refresh',
    accountId: CUSTOMER,
    partnerAccountId: PARTNER,
    partnerContactId: PARTNER_CONTACT,
    distributorAccountId: DISTRIBUTOR,
    region: 'North America',
    salesCountry: 'United States',
    isNamedAccount: true,
    stage: 'Negotiation',
    dealType: 'TU',
    currencyCode: 'EUR',
    amountMinor: 123456,
    amountToBeRenewedMinor: 100010,
    closeDate: '2026-06-30',
    contractStartDate: '2026-07-01',
    contractSignDate: '2026-06-15',
    agreementName: 'MSA 2026',
    paymentTermDays: 45,
    paymentTermName: 'Net 45',
    partnerPaymentTermDays: 60,
    partnerPaymentTermName: 'Net 60',
    sla: '24/7',
    isRegisteredDeal: true,
    dealReg: 'DR-2026-001',
    isPublicSector: false,
    msPercentage: '12.50',
    pod: 'POD-7',
    productsEvaluated: 'Firewall;Secure Access',
    champion: 'Dana Champion',
    salesDirectorName: 'Sam Director',
    salesDirectorEmail: 'sam.director@vendor.test',
    salesDirectorPhone: '+1 555 0100',
    seName: 'Erin Engineer',
    csmId: CSM,
    csmName: 'Casey Csm',
    csmEmail: 'casey@vendor.test',
    camId: CAM,
    camName: 'Alex Cam',
    camEmail: 'alex@vendor.test',
    ownerEmail: 'olive.owner@vendor.test',
    ownerName: 'Olive Owner',
    hasManualProductLines: true,
    createdBy: 'Carl Creator',
    modifiedBy: 'Mo Modifier',
    createdOn: new Date('2026-01-10T09:00:00.000Z'),
    modifiedOn: new Date('2026-02-01T12:30:00.000Z'),
    quoteNumber: null,
    quoteStatus: null,
    quoteAmountMinor: null,
  },
  accounts: [
    {
      id: CUSTOMER,
      name: 'Acme GmbH',
      kind: 'CUSTOMER',
      region: 'EMEA',
      country: 'Germany',
      billingStreet: '1 Main St',
      billingCity: 'Berlin',
      billingState: 'BE',
      billingPostalCode: '10115',
      billingCountry: 'Germany',
      shippingStreet: '2 Dock Rd',
      shippingCity: 'Hamburg',
      shippingState: 'HH',
      shippingPostalCode: '20095',
      shippingCountry: 'Germany',
      paymentTermDays: 30,
      paymentTermName: 'Net 30',
      partnerType: null,
      isPublicSector: true,
      industry: 'Healthcare',
      segment: 'Public sector',
      updatedAt: new Date('2026-01-05T08:00:00.000Z'),
    },
    expect.objectContaining({
      id: PARTNER,
      name: 'Channel Partner Ltd',
      kind: 'PARTNER',
      region: 'APJ',
      partnerType: 'GOLD',
    }) as never,
    expect.objectContaining({
      id: DISTRIBUTOR,
      kind: 'DISTRIBUTOR',
      paymentTermDays: null,
      paymentTermName: null,
    }) as never,
  ],
  contacts: [
    {
      id: CUSTOMER_CONTACT,
      accountId: CUSTOMER,
      firstName: 'Cleo',
      lastName: 'Customer',
      email: '',
      phone: '',
      title: 'CISO',
    },
    {
      id: PARTNER_CONTACT,
      accountId: PARTNER,
      firstName: 'Pat',
      lastName: 'Partner',
      email: 'pat@partner.test',
      phone: '+44 20 7946 0000',
      title: 'Account Manager',
    },
  ],
  team: [
    {
      opportunityId: OPP,
      email: 'erin.engineer@vendor.test',
      name: 'Erin Engineer',
      role: 'Sales Engineer',
    },
    { opportunityId: OPP, email: 'rita@vendor.test', name: 'Rita Renewals', role: 'Renewals' },
  ],
  lineItems: [
    {
      id: sfId('00k', 1),
      opportunityId: OPP,
      productCode: 'FW-100',
      name: 'Firewall 100',
      quantity: 3,
      unitPriceMinor: 29,
      isManual: false,
      totalPriceMinor: 87,
      description: 'Three units',
      bastionLineKey: null,
    },
    {
      id: sfId('00k', 2),
      opportunityId: OPP,
      productCode: 'SVC-INSTALL',
      name: 'Installation',
      quantity: 1,
      unitPriceMinor: 199990,
      isManual: true,
      totalPriceMinor: null,
      description: '',
      bastionLineKey: null,
    },
  ],
};

// --- Harness: a fake Salesforce per test, closed afterwards ---

const fakes: FakeSalesforce[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

async function fakeSalesforce(options: Partial<FakeSalesforceOptions> = {}) {
  const fake = await startFakeSalesforce({ clientId: CLIENT_ID, clientSecret: SECRET, ...options });
  fakes.push(fake);
  return fake;
}

function configFor(url: string, overrides: Partial<SalesforceCrmConfig> = {}): SalesforceCrmConfig {
  return {
    adapter: 'salesforce',
    loginUrl: url,
    clientId: CLIENT_ID,
    clientSecret: SECRET,
    username: null,
    jwtPrivateKey: null,
    apiVersion: '62.0',
    ...overrides,
  };
}

async function seededAdapter(
  overrides: Partial<SalesforceCrmConfig> = {},
  options: SalesforceAdapterOptions = {},
) {
  const fake = await fakeSalesforce();
  seed(fake);
  return { fake, adapter: createSalesforceAdapter(configFor(fake.url, overrides), options) };
}

const tokenRequests = (fake: FakeSalesforce) =>
  fake.requests.filter((request) => request.path === '/services/oauth2/token');
const queries = (fake: FakeSalesforce) =>
  fake.requests.filter((request) => request.path.startsWith('/services/data/v62.0/query'));

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

// --- Tests ---

describe('reading an opportunity from Salesforce', () => {
  it('maps every field of an opportunity and its related records into snapshot rows', async () => {
    const { fake, adapter } = await seededAdapter();

    const snapshot = await adapter.getOpportunity(OPP);

    expect(snapshot).toEqual(EXPECTED_SNAPSHOT);
    // The related records come in one round of queries, each with an IN list of exact ids.
    const soql = queries(fake).map((request) => request.soql ?? '');
    expect(soql[0]).toMatch(new RegExp(`FROM Opportunity WHERE Id = '${OPP}'$`));
    const accountIds = `('${CUSTOMER}', '${PARTNER}', '${DISTRIBUTOR}')`;
    expect(
      soql
        .slice(1)
        .map((q) => q.slice(q.indexOf(' FROM ') + 6))
        .sort(),
    ).toEqual([
      `Account WHERE Id IN ${accountIds}`,
      `Contact WHERE AccountId IN ${accountIds}`,
      `OpportunityLineItem WHERE OpportunityId IN ('${OPP}')`,
      `OpportunityTeamMember WHERE OpportunityId IN ('${OPP}')`,
    ]);
  });

  it('selects exactly the fields of the published mapping', async () => {
    const { fake, adapter } = await seededAdapter();
    await adapter.getOpportunity(OPP);

    const select = queries(fake)[0]
      ?.soql?.match(/^SELECT (.*) FROM Opportunity/)?.[1]
      ?.split(', ');
    expect(new Set(select)).toEqual(
      new Set(Object.values(SALESFORCE_FIELD_MAP.opportunity.fields)),
    );
  });

  it.each([
    ['New Business', 'NB'],
    ['Upsell', 'U'],
    ['Renewal', 'R'],
    ['True-up', 'TU'],
    ['Subscription', 'S'],
    ['Existing Business', 'E'],
    ['Cross-Sell', 'C'],
    // An unknown picklist value stays visible rather than becoming a wrong code.
    ['Partner Led', 'Partner Led'],
  ])('turns the Type %s into the deal type %s', async (type, code) => {
    const { fake, adapter } = await seededAdapter();
    Object.assign(fake.records.Opportunity?.[0] ?? {}, { Type: type });

    expect((await adapter.getOpportunity(OPP))?.opportunity.dealType).toBe(code);
  });

  it.each([
    ['NA', 'North America'],
    ['north america', 'North America'],
    ['Americas', 'Americas'],
    ['Latin America', 'LATAM'],
    ['APAC', 'APJ'],
    ['emea', 'EMEA'],
    // Blank on the opportunity: the customer account's region.
    [null, 'EMEA'],
  ])('normalises the region %s to %s', async (region, expected) => {
    const { fake, adapter } = await seededAdapter();
    Object.assign(fake.records.Opportunity?.[0] ?? {}, { Region__c: region });

    expect((await adapter.getOpportunity(OPP))?.opportunity.region).toBe(expected);
  });

  it('converts amounts to integer minor units exactly and reads back a written quote', async () => {
    const { fake, adapter } = await seededAdapter();
    Object.assign(fake.records.Opportunity?.[0] ?? {}, {
      Amount: 0.29, // 0.29 * 100 is 28.999999999999996 in floating point
      Amount_To_Be_Renewed__c: 9999999999999.99,
      Bastion_Quote_Amount__c: 1234.5,
      Bastion_Quote_Number__c: 'Q-0042',
      Bastion_Quote_Status__c: 'APPROVED',
    });

    const opportunity = (await adapter.getOpportunity(OPP))?.opportunity;

    expect(opportunity).toMatchObject({
      amountMinor: 29,
      amountToBeRenewedMinor: 999999999999999,
      quoteAmountMinor: 123450,
      quoteNumber: 'Q-0042',
      quoteStatus: 'APPROVED',
    });
  });

  it('leaves empty what Salesforce leaves empty', async () => {
    const { fake, adapter } = await seededAdapter();
    Object.assign(fake.records.Opportunity?.[0] ?? {}, {
      Amount: null,
      CloseDate: null,
      Sales_Director__r: null,
      CSM__c: null,
      CSM__r: null,
      CurrencyIsoCode: null,
      Partner_Account__c: null,
      Partner_Contact__c: null,
      Distributor_Account__c: null,
    });
    fake.records.OpportunityLineItem?.splice(0);

    const snapshot = await adapter.getOpportunity(OPP);

    expect(snapshot?.opportunity).toMatchObject({
      amountMinor: 0,
      closeDate: null,
      salesDirectorName: '',
      salesDirectorEmail: '',
      csmId: null,
      csmName: '',
      currencyCode: 'USD',
      partnerAccountId: null,
      partnerContactId: null,
      distributorAccountId: null,
      hasManualProductLines: false,
    });
    expect(snapshot?.accounts.map((a) => a.kind)).toEqual(['CUSTOMER']);
    expect(snapshot?.contacts.map((c) => c.id)).toEqual([CUSTOMER_CONTACT]);
    expect(snapshot?.lineItems).toEqual([]);
  });

  it('keeps every reference of a snapshot inside it', async () => {
    const { fake, adapter } = await seededAdapter();
    // The partner contact works for the customer, not the partner; the distributor is gone.
    Object.assign(fake.records.Contact?.[0] ?? {}, { AccountId: sfId('001', 99) });
    fake.records.Account?.splice(2, 1);

    const opportunity = (await adapter.getOpportunity(OPP))?.opportunity;

    expect(opportunity).toMatchObject({
      partnerAccountId: PARTNER,
      partnerContactId: null,
      distributorAccountId: null,
    });
  });

  it('gives null for an opportunity Salesforce does not know, or one without a customer', async () => {
    const { fake, adapter } = await seededAdapter();
    expect(await adapter.getOpportunity(sfId('006', 404))).toBeNull();

    Object.assign(fake.records.Opportunity?.[0] ?? {}, { AccountId: null });
    expect(await adapter.getOpportunity(OPP)).toBeNull();
  });

  it('accepts a 15-character id and asks for its 18-character form', async () => {
    const { fake, adapter } = await seededAdapter();

    const snapshot = await adapter.getOpportunity(OPP.slice(0, 15));

    expect(snapshot?.opportunity.id).toBe(OPP);
    expect(queries(fake)[0]?.soql).toContain(`Id = '${OPP}'`);
  });

  it.each([
    ["006000000000001' OR Name != '"],
    ['006000000000001AAB'], // right length, wrong case checksum
    ['short'],
    [''],
  ])('rejects the malformed id %j without asking Salesforce', async (id) => {
    const { fake, adapter } = await seededAdapter();

    expect(await adapter.getOpportunity(id)).toBeNull();
    await expect(adapter.hasManualProductLines(id)).rejects.toBeInstanceOf(AppError);
    await expect(
      adapter.writeBackQuote(id, {
        quoteNumber: 'Q',
        status: 'TNC',
        amountMinor: 1,
        currencyCode: 'USD',
      }),
    ).rejects.toBeInstanceOf(AppError);
    expect(fake.requests).toEqual([]);
  });

  it('tells whether an opportunity has product lines entered by hand', async () => {
    const { fake, adapter } = await seededAdapter();

    expect(await adapter.hasManualProductLines(OPP)).toBe(true);
    expect(queries(fake).at(-1)?.soql).toBe(
      `SELECT Id FROM OpportunityLineItem WHERE OpportunityId = '${OPP}' AND Is_Manual__c = true LIMIT 1`,
    );

    Object.assign(fake.records.OpportunityLineItem?.[1] ?? {}, { Is_Manual__c: false });
    expect(await adapter.hasManualProductLines(OPP)).toBe(false);
    expect(await adapter.hasManualProductLines(sfId('006', 404))).toBe(false);
  });
});

describe('syncing changed opportunities', () => {
  it('follows nextRecordsUrl through every page of the answer', async () => {
    const fake = await fakeSalesforce({ pageSize: 2 });
    seed(fake);
    for (let n = 2; n <= 5; n += 1) {
      fake.records.Opportunity?.push(opportunity({ Id: sfId('006', n), Name: `Deal ${n}` }));
    }
    const adapter = createSalesforceAdapter(configFor(fake.url));

    const snapshots = await adapter.fetchChangedOpportunities(null);

    expect(snapshots.map((s) => s.opportunity.name)).toEqual([
      'Acme firewall refresh',
      'Deal 2',
      'Deal 3',
      'Deal 4',
      'Deal 5',
    ]);
    expect(snapshots[0]).toEqual(EXPECTED_SNAPSHOT);
    // Pages of two: opportunities 5 = 2 + 2 + 1 (two queryMore calls); accounts 3 and team
    // members 3 (one each). The full first snapshot above needed all of them.
    expect(fake.requests.filter((r) => /\/query\/01g/.test(r.path))).toHaveLength(4);
    expect(queries(fake)[0]?.soql).not.toContain('WHERE');
  });

  it('asks only for opportunities stamped since the given time', async () => {
    const { fake, adapter } = await seededAdapter();
    fake.records.Opportunity?.push(
      opportunity({
        Id: sfId('006', 2),
        Name: 'Old deal',
        SystemModstamp: '2025-12-31T23:59:59.000+0000',
      }),
    );

    const snapshots = await adapter.fetchChangedOpportunities(new Date('2026-02-01T12:30:05.250Z'));

    expect(snapshots.map((s) => s.opportunity.id)).toEqual([OPP]);
    expect(queries(fake)[0]?.soql).toMatch(
      / FROM Opportunity WHERE SystemModstamp >= 2026-02-01T12:30:05Z$/,
    );
  });
});

describe('opportunities deleted in Salesforce', () => {
  it('are found through queryAll, since the given time, and leave the normal queries', async () => {
    const { fake, adapter } = await seededAdapter();
    fake.records.Opportunity?.push(
      opportunity({
        Id: sfId('006', 2),
        IsDeleted: true,
        SystemModstamp: '2026-03-01T08:00:00.000+0000',
      }),
      opportunity({
        Id: sfId('006', 3),
        IsDeleted: true,
        SystemModstamp: '2025-12-01T08:00:00.000+0000',
      }),
    );

    expect(await adapter.fetchRemovedOpportunityIds(null)).toEqual([
      sfId('006', 2),
      sfId('006', 3),
    ]);
    expect(await adapter.fetchRemovedOpportunityIds(new Date('2026-02-01T00:00:00Z'))).toEqual([
      sfId('006', 2),
    ]);
    const last = fake.requests.at(-1);
    expect(last?.path).toBe('/services/data/v62.0/queryAll');
    expect(last?.soql).toBe(
      'SELECT Id FROM Opportunity WHERE IsDeleted = true AND SystemModstamp >= 2026-02-01T00:00:00Z',
    );
    // A deleted record is no longer one the CRM has.
    expect(await adapter.getOpportunity(sfId('006', 2))).toBeNull();
    expect((await adapter.fetchChangedOpportunities(null)).map((s) => s.opportunity.id)).toEqual([
      OPP,
    ]);
  });
});

describe('writing quote progress back', () => {
  it('patches the quote fields with the amount as an exact decimal', async () => {
    const { fake, adapter } = await seededAdapter();

    await adapter.writeBackQuote(OPP, {
      quoteNumber: 'Q-00042',
      status: 'PENDING_APPROVAL',
      amountMinor: 123456,
      currencyCode: 'EUR',
    });

    const patch = fake.requests.find((r) => r.method === 'PATCH');
    expect(patch?.path).toBe(`/services/data/v62.0/sobjects/Opportunity/${OPP}`);
    expect(patch?.body).toBe(
      '{"Bastion_Quote_Number__c":"Q-00042","Bastion_Quote_Status__c":"PENDING_APPROVAL",' +
        '"Bastion_Quote_Amount__c":1234.56,"Bastion_Quote_Currency__c":"EUR"}',
    );
    expect((await adapter.getOpportunity(OPP))?.opportunity).toMatchObject({
      quoteNumber: 'Q-00042',
      quoteStatus: 'PENDING_APPROVAL',
      quoteAmountMinor: 123456,
    });
  });

  it('writes amounts no float could carry exactly as their decimal text', async () => {
    const { fake, adapter } = await seededAdapter();

    await adapter.writeBackQuote(OPP, {
      quoteNumber: 'Q-1',
      status: 'APPROVED',
      amountMinor: Number.MAX_SAFE_INTEGER,
      currencyCode: 'USD',
    });

    expect(fake.requests.find((r) => r.method === 'PATCH')?.body).toContain(
      '"Bastion_Quote_Amount__c":90071992547409.91,',
    );
  });

  it('reports a refused update in the words Salesforce used', async () => {
    const { adapter } = await seededAdapter();

    const error = await rejection(
      adapter.writeBackQuote(sfId('006', 404), {
        quoteNumber: 'Q-1',
        status: 'TNC',
        amountMinor: 100,
        currencyCode: 'USD',
      }),
    );

    expect(error).toBeInstanceOf(CrmUnavailableError);
    expect(error.message).toMatch(
      /refused the update of Opportunity 006000000000404AAA: NOT_FOUND/,
    );
  });
});

describe("writing the primary quote's lines as opportunity products", () => {
  const STANDARD_BOOK = sfId('01s', 1);
  const product = (key: string, over: Partial<OpportunityProduct> = {}): OpportunityProduct => ({
    key,
    product_code: 'FW-100',
    name: 'Firewall 100',
    quantity: 2,
    total_minor: 123_457,
    unit_price_minor: 61_729,
    description: 'Q-2026-000042',
    ...over,
  });
  const entry = (n: number, code: string, over: Partial<FakeRecord> = {}): FakeRecord => ({
    Id: sfId('01u', n),
    Pricebook2Id: STANDARD_BOOK,
    CurrencyIsoCode: 'EUR',
    IsActive: true,
    Product2: { ProductCode: code, Name: code },
    ...over,
  });

  async function adapterWithPriceBook() {
    const seeded = await seededAdapter();
    seeded.fake.records.Pricebook2?.push({ Id: STANDARD_BOOK, IsStandard: true, Name: 'Standard' });
    seeded.fake.records.PricebookEntry?.push(
      entry(1, 'FW-100'),
      entry(2, 'SUB-1Y'),
      entry(3, 'FW-100', { CurrencyIsoCode: 'USD' }),
    );
    return seeded;
  }
  const bastionLines = (fake: FakeSalesforce) =>
    (fake.records.OpportunityLineItem ?? []).filter((line) => line.Bastion_Line_Key__c);
  const writes = (fake: FakeSalesforce) =>
    fake.requests.filter((request) => request.path.endsWith('/composite/sobjects'));

  it('creates them through the price book, then a re-sync of the same lines sends no write', async () => {
    const { fake, adapter } = await adapterWithPriceBook();
    const wanted = [
      product('q1:FW-100#1:y1'),
      product('q1:SUB-1Y#1:y1', { product_code: 'SUB-1Y', quantity: 3, total_minor: 30_000 }),
    ];

    expect(
      await adapter.writeOpportunityProducts(OPP, { currencyCode: 'EUR', products: wanted }),
    ).toEqual({
      created: 2,
      updated: 0,
      removed: 0,
    });
    // The opportunity had no price book: it was given the standard one first.
    expect(fake.records.Opportunity?.[0]?.Pricebook2Id).toBe(STANDARD_BOOK);
    const post = writes(fake).find((request) => request.method === 'POST');
    // Money as its exact decimal text, through the EUR entry.
    expect(post?.body).toContain(`"PricebookEntryId":"${sfId('01u', 1)}"`);
    expect(post?.body).toContain('"Quantity":2,"TotalPrice":1234.57,"Description":"Q-2026-000042"');
    expect(
      bastionLines(fake).map((line) => [line.Bastion_Line_Key__c, line.Quantity, line.TotalPrice]),
    ).toEqual([
      ['q1:FW-100#1:y1', 2, 1234.57],
      ['q1:SUB-1Y#1:y1', 3, 300],
    ]);

    const before = writes(fake).length;
    expect(
      await adapter.writeOpportunityProducts(OPP, { currencyCode: 'EUR', products: wanted }),
    ).toEqual({
      created: 0,
      updated: 0,
      removed: 0,
    });
    expect(writes(fake)).toHaveLength(before);

    // The next sync reads them back as products the quote wrote; the typed ones stay as they were.
    const snapshot = await adapter.getOpportunity(OPP);
    expect(
      snapshot?.lineItems.map((line) => [
        line.productCode,
        line.bastionLineKey,
        line.totalPriceMinor,
        line.isManual,
      ]),
    ).toEqual([
      ['FW-100', null, 87, false],
      ['SVC-INSTALL', null, null, true],
      ['FW-100', 'q1:FW-100#1:y1', 123_457, false],
      ['SUB-1Y', 'q1:SUB-1Y#1:y1', 30_000, false],
    ]);
  });

  it('updates what changed and removes what the quote no longer has, never a typed product', async () => {
    const { fake, adapter } = await adapterWithPriceBook();
    const first = [
      product('q1:FW-100#1:y1'),
      product('q1:SUB-1Y#1:y1', { product_code: 'SUB-1Y' }),
    ];
    await adapter.writeOpportunityProducts(OPP, { currencyCode: 'EUR', products: first });
    const firewallId = bastionLines(fake)[0]?.Id;

    const outcome = await adapter.writeOpportunityProducts(OPP, {
      currencyCode: 'EUR',
      products: [product('q1:FW-100#1:y1', { quantity: 5, total_minor: 50_000 })],
    });

    expect(outcome).toEqual({ created: 0, updated: 1, removed: 1 });
    expect(
      bastionLines(fake).map((line) => [line.Id, line.Quantity, line.TotalPrice, line.UnitPrice]),
    ).toEqual([[firewallId, 5, 500, 100]]);
    expect(
      fake.records.OpportunityLineItem?.filter((line) => !line.Bastion_Line_Key__c),
    ).toHaveLength(2);
  });

  it('writes nothing when a product has no active entry in the currency, and names it', async () => {
    const { fake, adapter } = await adapterWithPriceBook();

    const error = await rejection(
      adapter.writeOpportunityProducts(OPP, {
        currencyCode: 'USD',
        products: [
          product('q1:FW-100#1:y1'),
          product('q1:SUB-1Y#1:y1', { product_code: 'SUB-1Y' }),
        ],
      }),
    );

    expect(error).toBeInstanceOf(CrmUnavailableError);
    expect(error.message).toBe(
      "The opportunity's price book in Salesforce has no active USD entry for SUB-1Y; add it, then sync again.",
    );
    expect(bastionLines(fake)).toEqual([]);
  });

  it('changes nothing when Salesforce refuses one record of a call, and says why', async () => {
    const { fake, adapter } = await adapterWithPriceBook();
    // Another writer already holds the key (the field is unique): the whole call is refused.
    fake.records.OpportunityLineItem?.push({
      Id: sfId('00k', 77),
      OpportunityId: sfId('006', 2),
      Bastion_Line_Key__c: 'q1:SUB-1Y#1:y1',
      Quantity: 1,
      TotalPrice: 1,
    });

    const error = await rejection(
      adapter.writeOpportunityProducts(OPP, {
        currencyCode: 'EUR',
        products: [
          product('q1:FW-100#1:y1'),
          product('q1:SUB-1Y#1:y1', { product_code: 'SUB-1Y' }),
        ],
      }),
    );

    expect(error.message).toBe(
      `Salesforce refused the creation of the products of Opportunity ${OPP}: DUPLICATE_VALUE: duplicate value found.`,
    );
    expect(bastionLines(fake).filter((line) => line.OpportunityId === OPP)).toEqual([]);
  });
});

describe('signing in', () => {
  it('signs in once and reuses the token for later calls', async () => {
    const { fake, adapter } = await seededAdapter();

    await adapter.getOpportunity(OPP);
    await adapter.hasManualProductLines(OPP);
    await adapter.fetchChangedOpportunities(null);

    expect(tokenRequests(fake)).toHaveLength(1);
    expect(new URLSearchParams(tokenRequests(fake)[0]?.body)).toEqual(
      new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: CLIENT_ID,
        client_secret: SECRET,
      }),
    );
    const bearers = new Set(queries(fake).map((r) => r.authorization));
    expect(bearers.size).toBe(1);
    expect([...bearers][0]).toMatch(/^Bearer 00DFAKE!/);
  });

  it('signs in again once when the session has expired, and carries on', async () => {
    const { fake, adapter } = await seededAdapter();
    await adapter.getOpportunity(OPP);
    fake.expireSessions();

    expect(await adapter.getOpportunity(OPP)).toEqual(EXPECTED_SNAPSHOT);

    expect(tokenRequests(fake)).toHaveLength(2);
    expect(fake.requests.filter((r) => r.status === 401)).toHaveLength(1);
  });

  it('signs in once for all the calls that found the same session expired', async () => {
    const { fake, adapter } = await seededAdapter();
    await adapter.hasManualProductLines(OPP);
    fake.expireSessions();

    const answers = await Promise.all([1, 2, 3].map(() => adapter.hasManualProductLines(OPP)));

    expect(answers).toEqual([true, true, true]);
    expect(fake.requests.filter((r) => r.status === 401)).toHaveLength(3);
    expect(tokenRequests(fake)).toHaveLength(2);
  });

  it('gives up after one fresh session is refused too, without leaking the token', async () => {
    const { fake, adapter } = await seededAdapter();
    fake.rejectAllSessions(true);

    const error = await rejection(adapter.getOpportunity(OPP));

    expect(error).toBeInstanceOf(CrmUnavailableError);
    expect(error.message).toMatch(/refused a fresh session .*INVALID_SESSION_ID/);
    expect(tokenRequests(fake)).toHaveLength(2);
    for (const request of fake.requests) {
      const token = request.authorization?.replace('Bearer ', '');
      if (token) expect(error.message).not.toContain(token);
    }
  });

  it('reports refused credentials clearly and never shows the secret', async () => {
    const fake = await fakeSalesforce();
    const adapter = createSalesforceAdapter(
      configFor(fake.url, { clientSecret: 'wrong-secret-42' }),
    );

    const error = await rejection(adapter.ping());

    expect(error).toBeInstanceOf(CrmUnavailableError);
    expect(error.message).toBe(
      'Salesforce refused the credentials for the connected app: invalid_client (invalid client credentials).',
    );
    expect(error.message).not.toContain('wrong-secret-42');
    // A failed sign-in is not remembered: the next call tries again.
    await expect(adapter.ping()).rejects.toBeInstanceOf(CrmUnavailableError);
    expect(tokenRequests(fake)).toHaveLength(2);
  });

  it('reports an unknown connected app', async () => {
    const fake = await fakeSalesforce();
    const adapter = createSalesforceAdapter(configFor(fake.url, { clientId: 'someone-else' }));

    await expect(adapter.ping()).rejects.toThrow(
      'Salesforce refused the credentials for the connected app: invalid_client_id (client identifier invalid).',
    );
  });

  it('uses the fetch it is given for the token endpoint', async () => {
    const seen: string[] = [];
    const { adapter } = await seededAdapter(
      {},
      {
        fetch: (input, init) => {
          seen.push(input instanceof Request ? input.url : input.toString());
          return fetch(input, init);
        },
      },
    );

    await adapter.getOpportunity(OPP);

    expect(seen).toEqual([expect.stringMatching(/\/services\/oauth2\/token$/)]);
  });
});

describe('the JWT bearer flow', () => {
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privatePem = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

  async function jwtFake() {
    const fake = await fakeSalesforce({
      clientSecret: undefined,
      username: 'integration@acme.test',
      jwtPublicKey: keys.publicKey,
    });
    seed(fake);
    return fake;
  }

  const jwtConfig = (url: string, pem = privatePem): Partial<SalesforceCrmConfig> => ({
    loginUrl: url,
    clientSecret: null,
    username: 'integration@acme.test',
    jwtPrivateKey: pem,
  });

  it('signs in with an RS256 assertion the server verifies', async () => {
    const fake = await jwtFake();
    const adapter = createSalesforceAdapter(configFor(fake.url, jwtConfig(fake.url)));

    expect(await adapter.getOpportunity(OPP)).toEqual(EXPECTED_SNAPSHOT);

    const form = new URLSearchParams(tokenRequests(fake)[0]?.body);
    expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    expect(form.has('client_secret')).toBe(false);
    const claims = JSON.parse(
      Buffer.from(form.get('assertion')?.split('.')[1] ?? '', 'base64url').toString(),
    );
    expect(claims).toMatchObject({ iss: CLIENT_ID, sub: 'integration@acme.test', aud: fake.url });
  });

  it('reads a key whose line breaks were written as \\n in an environment variable', async () => {
    const fake = await jwtFake();
    const oneLine = privatePem.trim().replace(/\n/g, '\\n');
    const adapter = createSalesforceAdapter(configFor(fake.url, jwtConfig(fake.url, oneLine)));

    await expect(adapter.ping()).resolves.toBeUndefined();
  });

  it('is refused when signed with another key', async () => {
    const fake = await jwtFake();
    const otherPem = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const adapter = createSalesforceAdapter(configFor(fake.url, jwtConfig(fake.url, otherPem)));

    await expect(adapter.ping()).rejects.toThrow(
      'Salesforce refused the credentials for the user integration@acme.test: invalid_grant (invalid assertion).',
    );
  });

  it('dates the assertion by the clock it is given', async () => {
    const fake = await jwtFake();
    const anHourAgo = () => new Date(Date.now() - 3_600_000);
    const adapter = createSalesforceAdapter(configFor(fake.url, jwtConfig(fake.url)), {
      now: anHourAgo,
    });

    await expect(adapter.ping()).rejects.toThrow(/invalid_grant \(expired authorization code\)/);
  });

  it('says so when the key cannot be read, without asking Salesforce', async () => {
    const fake = await jwtFake();
    const adapter = createSalesforceAdapter(
      configFor(
        fake.url,
        jwtConfig(fake.url, '-----BEGIN PRIVATE KEY-----\nnope\n-----END PRIVATE KEY-----'),
      ),
    );

    await expect(adapter.ping()).rejects.toThrow(/SALESFORCE_JWT_PRIVATE_KEY/);
    expect(fake.requests).toEqual([]);
  });

  it.each([
    ['https://login.salesforce.com', 'https://login.salesforce.com'],
    ['https://acme.my.salesforce.com', 'https://login.salesforce.com'],
    ['https://test.salesforce.com', 'https://test.salesforce.com'],
    ['https://acme--uat.sandbox.my.salesforce.com', 'https://test.salesforce.com'],
    ['https://partners.acme.com/portal/', 'https://partners.acme.com/portal'],
  ])('addresses an assertion for %s to %s', (loginUrl, audience) => {
    expect(salesforceJwtAudience(loginUrl)).toBe(audience);
  });
});

describe('when Salesforce is not there', () => {
  it('pings successfully when sign-in, API version and every mapped field are fine', async () => {
    const { fake, adapter } = await seededAdapter();

    await expect(adapter.ping()).resolves.toBeUndefined();

    const sobjects = queries(fake).map((r) => /FROM (\w+)/.exec(r.soql ?? '')?.[1]);
    expect(sobjects.sort()).toEqual([
      'Account',
      'Contact',
      'Opportunity',
      'OpportunityLineItem',
      'OpportunityTeamMember',
    ]);
  });

  it('says which API version to choose when the configured one is not offered', async () => {
    const { adapter } = await seededAdapter({ apiVersion: '99.0' });

    await expect(adapter.ping()).rejects.toThrow(
      'Salesforce does not offer API version 99.0 (it offers 62.0 and earlier); set SALESFORCE_API_VERSION to one it offers.',
    );
  });

  it('points at the field mapping when the org lacks a field', async () => {
    const { fake, adapter } = await seededAdapter();
    await adapter.hasManualProductLines(OPP);
    fake.failNext({
      status: 400,
      errorCode: 'INVALID_FIELD',
      message:
        "\nSELECT Id, Name, AccountId, Partner_Account__c\n                           ^\nERROR at Row:1:Column:28\nNo such column 'Partner_Account__c' on entity 'Opportunity'. If you are attempting to use a custom field, be sure to append the '__c' after the custom field name.",
    });

    const error = await rejection(adapter.fetchChangedOpportunities(null));

    expect(error).toBeInstanceOf(CrmUnavailableError);
    expect(error.message).toMatch(
      /^Salesforce refused the Opportunity query: INVALID_FIELD: No such column 'Partner_Account__c' on entity 'Opportunity'\. If you are .* custom field name\. Check that the org has the fields/,
    );
  });

  it('reports a closed port as unreachable', async () => {
    const fake = await fakeSalesforce();
    await fake.close();
    fakes.splice(fakes.indexOf(fake), 1);
    const adapter = createSalesforceAdapter(configFor(fake.url));

    const error = await rejection(adapter.ping());

    expect(error).toBeInstanceOf(CrmUnavailableError);
    expect(error.message).toBe(`Salesforce could not be reached at ${fake.url} (ECONNREFUSED).`);
  });

  it('reports an outage at sign-in and after it, quickly and without retry storms', async () => {
    const { fake, adapter } = await seededAdapter();
    fake.setOutage(true);
    await expect(adapter.ping()).rejects.toThrow(
      `Salesforce sign-in at ${fake.url} answered HTTP 503.`,
    );

    fake.setOutage(false);
    await adapter.getOpportunity(OPP);
    fake.setOutage(true);
    const before = fake.requests.length;
    await expect(adapter.getOpportunity(OPP)).rejects.toThrow(
      'Salesforce answered HTTP 503 to the Opportunity query.',
    );
    expect(fake.requests.length - before).toBe(1);
  });

  it('reports a server gone after sign-in as unreachable', async () => {
    const fake = await fakeSalesforce();
    seed(fake);
    const adapter = createSalesforceAdapter(configFor(fake.url));
    await adapter.getOpportunity(OPP);
    await fake.close();
    fakes.splice(fakes.indexOf(fake), 1);

    await expect(adapter.getOpportunity(OPP)).rejects.toThrow(
      `Salesforce could not be reached at ${fake.url} (ECONNREFUSED).`,
    );
  });
});

describe('building blocks', () => {
  it.each([
    [1234.56, 123456],
    [1234.5, 123450],
    [0.29, 29],
    [1.005, 101],
    ['-12.345', -1235],
    ['-0.004', 0],
    [1e-7, 0],
    ['1e3', 100000],
    [9999999999999.99, 999999999999999],
  ])('reads %j as %i minor units', (value, minorUnits) => {
    expect(decimalToMinorUnits(value)).toBe(minorUnits);
  });

  it.each([[1e13], [Number.NaN], [Number.POSITIVE_INFINITY], ['12,50'], ['abc'], ['']])(
    'refuses %j',
    (value) => {
      expect(() => decimalToMinorUnits(value)).toThrow(RangeError);
    },
  );

  it.each([
    [123456, '1234.56'],
    [-5, '-0.05'],
    [0, '0.00'],
    [100, '1.00'],
    [Number.MAX_SAFE_INTEGER, '90071992547409.91'],
  ])('writes %i minor units as %s', (minorUnits, text) => {
    expect(minorUnitsToDecimal(minorUnits)).toBe(text);
  });

  it('escapes every character SOQL treats specially', () => {
    expect(soqlString(`O'Brien \\ "x"\n\t`)).toBe(`'O\\'Brien \\\\ \\"x\\"\\n\\t'`);
  });

  it.each([
    ['001000000000001', '001000000000001AAA'],
    ['001A0000006Vm9r', '001A0000006Vm9rIAC'],
    ['001A0000006Vm9rIAC', '001A0000006Vm9rIAC'],
    ['001A0000006Vm9riac', '001A0000006Vm9rIAC'],
    ['001a0000006Vm9rIAC', null],
    ['001A0000006Vm9;--', null],
  ])('knows %s as the record id %s', (id, id18) => {
    expect(salesforceId18(id)).toBe(id18);
  });
});
