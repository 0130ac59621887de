/**
 * The embedded CRM's demo records: customers, partners and distributors in every region, and 64
 * opportunities across channels, deal types, currencies and stages, so every quote path can be
 * tried. Generated from fixed tables and a seeded generator: the same records on every start.
 */
import { and, eq } from 'drizzle-orm';
import { DEAL_TYPE_CODES } from '@bastion/domain/quotes/quote-types';
import type { Database } from '../client.ts';
import {
  crmAccounts,
  crmContacts,
  crmOpportunities,
  crmOpportunityLineItems,
  crmOpportunityTeamMembers,
} from '../schema/crm.ts';
import {
  CUSTOMERS,
  type ChannelSeed,
  type CustomerSeed,
  DISTRIBUTORS,
  PARTNERS,
  type Place,
  type Region,
  crmDemoId,
} from './crm-demo-accounts.ts';
import {
  CAM,
  DIRECTORS,
  ENGINEERS,
  OTHER_CAMS,
  OTHER_CSMS,
  PODS,
  REGIONAL_DEMO_SELLERS,
  RENE,
  SAM,
  SELLERS,
} from './crm-demo-people.ts';
import { DEAL_SUFFIX, LINE_PRODUCTS, PRODUCTS, SLAS, STAGES } from './crm-demo-opportunities.ts';

type AccountRow = typeof crmAccounts.$inferInsert;
type ContactRow = typeof crmContacts.$inferInsert;
type OpportunityRow = typeof crmOpportunities.$inferInsert;
type TeamMemberRow = typeof crmOpportunityTeamMembers.$inferInsert;
type LineItemRow = typeof crmOpportunityLineItems.$inferInsert;

/** mulberry32: a tiny deterministic generator, so the demo data never changes between starts. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T;
  /** Fisher–Yates on a copy. */
  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = int(0, i);
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  };
  return { next, int, pick, shuffle };
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);

function accountRow(
  id: string,
  kind: AccountRow['kind'],
  seed: Place & { name: string; region: string },
  extra: Partial<AccountRow>,
): AccountRow {
  return {
    id,
    name: seed.name,
    kind,
    region: seed.region,
    country: seed.countryCode,
    billingStreet: seed.street,
    billingCity: seed.city,
    billingState: seed.state,
    billingPostalCode: seed.postalCode,
    billingCountry: seed.country,
    shippingStreet: seed.street,
    shippingCity: seed.city,
    shippingState: seed.state,
    shippingPostalCode: seed.postalCode,
    shippingCountry: seed.country,
    ...extra,
  };
}

/** The demo customer's segment: its own, else Public sector for a public-sector account. */
const segmentOf = (customer: CustomerSeed) =>
  customer.segment ?? (customer.isPublicSector ? 'Public sector' : '');

const term = (days: number | null) =>
  days === null
    ? { paymentTermDays: null, paymentTermName: null }
    : { paymentTermDays: days, paymentTermName: `Net ${days}` };

export interface CrmDemoData {
  accounts: AccountRow[];
  contacts: ContactRow[];
  opportunities: OpportunityRow[];
  teamMembers: TeamMemberRow[];
  lineItems: LineItemRow[];
}

/** The demo records, built the same way every time. */
export function crmDemoData(): CrmDemoData {
  const random = generator(20_260_101);
  const accounts: AccountRow[] = [];
  const contacts: ContactRow[] = [];
  let accountNo = 0;
  let contactNo = 0;

  const customerIds: string[] = [];
  const customerContactIds: string[] = [];
  for (const customer of CUSTOMERS) {
    const id = crmDemoId('001', ++accountNo);
    customerIds.push(id);
    accounts.push(
      accountRow(id, 'CUSTOMER', customer, {
        ...term(customer.termDays),
        isPublicSector: customer.isPublicSector ?? false,
        industry: customer.industry ?? '',
        segment: segmentOf(customer),
      }),
    );
    const [first, last, title] = customer.contact;
    const contactId = crmDemoId('003', ++contactNo);
    customerContactIds.push(contactId);
    contacts.push({
      id: contactId,
      accountId: id,
      firstName: first,
      lastName: last,
      title,
      email: `${first}.${last}`
        .normalize('NFD')
        .replace(/[^A-Za-z.]/g, '')
        .toLowerCase()
        .concat(`@${customer.domain}`),
      phone: `+1 555 ${String(1000 + contactNo).slice(-4)}`,
    });
  }

  const channelAccounts = (
    seeds: readonly ChannelSeed[],
    kind: 'PARTNER' | 'DISTRIBUTOR',
  ): { id: string; seed: ChannelSeed; contactIds: string[] }[] =>
    seeds.map((seed) => {
      const id = crmDemoId('001', ++accountNo);
      accounts.push(
        accountRow(
          id,
          kind,
          { ...seed, region: seed.regions[0] ?? '' },
          {
            ...term(seed.termDays),
            partnerType: seed.partnerType,
          },
        ),
      );
      const contactIds = seed.contacts.map(([first, last, hasEmail]) => {
        const contactId = crmDemoId('003', ++contactNo);
        contacts.push({
          id: contactId,
          accountId: id,
          firstName: first,
          lastName: last,
          title: kind === 'PARTNER' ? 'Account Manager' : 'Vendor Manager',
          email: hasEmail
            ? `${first}.${last}`
                .normalize('NFD')
                .replace(/[^A-Za-z.]/g, '')
                .toLowerCase()
                .concat(`@${seed.domain}`)
            : '',
          phone: `+1 555 ${String(2000 + contactNo).slice(-4)}`,
        });
        return contactId;
      });
      return { id, seed, contactIds };
    });
  const partners = channelAccounts(PARTNERS, 'PARTNER');
  const distributors = channelAccounts(DISTRIBUTORS, 'DISTRIBUTOR');
  const inRegion = <T extends { seed: ChannelSeed }>(list: readonly T[], region: Region) =>
    list.filter((entry) => entry.seed.regions.includes(region));

  const opportunities: OpportunityRow[] = [];
  const teamMembers: TeamMemberRow[] = [];
  const lineItems: LineItemRow[] = [];
  let lineNo = 0;
  const OPPORTUNITY_COUNT = CUSTOMERS.length * 2;

  for (let i = 0; i < OPPORTUNITY_COUNT; i += 1) {
    const customerIndex = i % CUSTOMERS.length;
    const customer = CUSTOMERS[customerIndex] as CustomerSeed;
    const region = customer.region;
    const round = Math.floor(i / CUSTOMERS.length);
    const id = crmDemoId('006', i + 1);
    // Channels rotate, shifted on the second round so each customer meets two of them.
    const channel = (['DIRECT', 'T1', 'T2'] as const)[(i + round) % 3] ?? 'DIRECT';
    const dealType = DEAL_TYPE_CODES[i % DEAL_TYPE_CODES.length] ?? 'NB';
    const partner = channel === 'DIRECT' ? null : random.pick(inRegion(partners, region));
    const distributor = channel === 'T2' ? random.pick(inRegion(distributors, region)) : null;
    const partnerContactId = partner
      ? (partner.contactIds[i % partner.contactIds.length] ?? null)
      : null;

    const productCount = random.int(1, 3);
    const products = random.shuffle(PRODUCTS).slice(0, productCount);
    const headline = products[0] ?? 'Secure Access';
    const fiscalYear = 26 + round;
    const name = `${customer.short} – ${headline} ${DEAL_SUFFIX[dealType]} FY${fiscalYear}`;

    const stage = random.pick(STAGES);
    // Close dates spread over 2026 and 2027.
    const closeDate = new Date(Date.UTC(2026, (i * 5 + round * 7) % 24, random.int(1, 28)));
    const contractStart = addDays(closeDate, random.int(1, 30));
    const createdOn = new Date(
      Date.UTC(2025, 9, 1) + random.int(0, 240) * 86_400_000 + i * 3_600_000,
    );
    const modifiedOn = addDays(createdOn, random.int(1, 90));

    // Whole currency units in steps of 500, stored in minor units.
    const amountMinor = random.int(40, 1800) * 500 * 100;
    const isRenewalLike = dealType === 'R' || dealType === 'TU';

    const isNorthAmerica = region === 'North America';
    const drawn = isNorthAmerica && i % 2 === 0 ? SAM : random.pick(SELLERS[region]);
    // Drawn first either way, so the rest of the demo stays the same rows.
    const regionalDemoSeller = REGIONAL_DEMO_SELLERS[region];
    const owner = regionalDemoSeller && i % 2 === 0 ? regionalDemoSeller : drawn;
    const engineer = ENGINEERS[region];
    const director = DIRECTORS[region];
    const csm = isRenewalLike ? RENE : i % 4 === 0 ? random.pick(OTHER_CSMS) : null;
    const cam = partner
      ? region === 'North America' || region === 'Americas' || i % 3 === 0
        ? CAM
        : random.pick(OTHER_CAMS)
      : null;
    const sla = SLAS[(i * 3 + round) % SLAS.length] ?? '24/7';
    const customerContact = contacts.find((c) => c.id === customerContactIds[customerIndex]);

    opportunities.push({
      id,
      name,
      accountId: customerIds[customerIndex] ?? '',
      partnerAccountId: partner?.id ?? null,
      partnerContactId,
      distributorAccountId: distributor?.id ?? null,
      region,
      salesCountry: customer.country,
      isNamedAccount: i % 5 === 0,
      stage,
      dealType,
      currencyCode: customer.currency,
      amountMinor,
      amountToBeRenewedMinor: isRenewalLike ? Math.round((amountMinor * 9) / 1000) * 100 : null,
      closeDate: isoDate(closeDate),
      contractStartDate: isoDate(contractStart),
      contractSignDate:
        stage === 'Commit' || stage === 'Closed Won' ? isoDate(addDays(closeDate, -2)) : null,
      agreementName:
        dealType === 'NB' || dealType === 'C' ? '' : `${customer.name} Master Agreement 2024`,
      ...(i % 4 === 0
        ? { paymentTermDays: 45, paymentTermName: 'Net 45' }
        : { paymentTermDays: null, paymentTermName: null }),
      ...(partner && i % 5 === 0
        ? { partnerPaymentTermDays: 60, partnerPaymentTermName: 'Net 60' }
        : { partnerPaymentTermDays: null, partnerPaymentTermName: null }),
      sla,
      isRegisteredDeal: partner !== null && i % 2 === 0,
      dealReg: partner !== null && i % 2 === 0 ? `DR-${fiscalYear}-${String(4100 + i)}` : '',
      isPublicSector: customer.isPublicSector ?? false,
      msPercentage: i % 6 === 0 ? `${random.int(5, 40)}.${i % 12 === 0 ? '50' : '00'}` : null,
      pod: random.pick(PODS[region]),
      // The CRM's multi-select picklist: some with a space after the separator, some without.
      productsEvaluated: products.join(i % 2 === 0 ? '; ' : ';'),
      champion: customerContact
        ? `${customerContact.firstName ?? ''} ${customerContact.lastName ?? ''}`.trim()
        : '',
      salesDirectorName: director.name,
      salesDirectorEmail: director.email,
      salesDirectorPhone: director.phone,
      seName: engineer.name,
      csmId: csm?.id ?? null,
      csmName: csm?.name ?? '',
      csmEmail: csm?.email ?? '',
      camId: cam?.id ?? null,
      camName: cam?.name ?? '',
      camEmail: cam?.email ?? '',
      ownerEmail: owner.email,
      ownerName: owner.name,
      hasManualProductLines: false,
      createdBy: owner.name,
      modifiedBy: owner.name,
      createdOn,
      modifiedOn,
    });

    teamMembers.push(
      { opportunityId: id, email: owner.email, name: owner.name, role: 'Account Executive' },
      { opportunityId: id, email: engineer.email, name: engineer.name, role: 'Sales Engineer' },
    );
    // Sam also works on North America deals others own.
    if (isNorthAmerica && owner !== SAM && i % 3 !== 2) {
      teamMembers.push({
        opportunityId: id,
        email: SAM.email,
        name: SAM.name,
        role: 'Co-seller',
      });
    }
    // The channel manager also sits on a few direct deals that may yet go through a partner, so
    // signing in as them shows what a CAM may not quote.
    if (channel === 'DIRECT' && i % 4 === 1) {
      teamMembers.push({
        opportunityId: id,
        email: CAM.email,
        name: CAM.name,
        role: 'Channel Account Manager',
      });
    }
    if (csm) {
      teamMembers.push({
        opportunityId: id,
        email: csm.email,
        name: csm.name,
        role: 'Customer Success Manager',
      });
    }

    // Some opportunities carry product lines; a few entered by hand in the CRM.
    if (i % 3 === 0) {
      const count = random.int(1, 3);
      for (let line = 0; line < count; line += 1) {
        const [code, productName, unitPrice] = random.pick(LINE_PRODUCTS);
        const isManual = i % 9 === 0 && line === 0;
        lineItems.push({
          id: crmDemoId('00k', ++lineNo),
          opportunityId: id,
          productCode: code,
          name: productName,
          quantity: random.int(1, 40) * 5,
          unitPriceMinor: unitPrice,
          isManual,
        });
      }
      const last = opportunities[opportunities.length - 1];
      if (last && i % 9 === 0) last.hasManualProductLines = true;
    }
  }
  return { accounts, contacts, opportunities, teamMembers, lineItems };
}

/**
 * Seeds the embedded CRM's demo records. Idempotent: a record that exists is left as it is, so
 * a restart never undoes a sync or a quote's write-back.
 */
export async function seedCrmDemoData(db: Database): Promise<void> {
  const data = crmDemoData();
  await db.transaction(async (tx) => {
    await tx.insert(crmAccounts).values(data.accounts).onConflictDoNothing();
    // A CRM seeded before accounts had segments gets the demo's; one set since is kept.
    for (const account of data.accounts) {
      if (!account.segment) continue;
      await tx
        .update(crmAccounts)
        .set({ segment: account.segment })
        .where(and(eq(crmAccounts.id, account.id), eq(crmAccounts.segment, '')));
    }
    await tx.insert(crmContacts).values(data.contacts).onConflictDoNothing();
    await tx.insert(crmOpportunities).values(data.opportunities).onConflictDoNothing();
    await tx.insert(crmOpportunityTeamMembers).values(data.teamMembers).onConflictDoNothing();
    await tx.insert(crmOpportunityLineItems).values(data.lineItems).onConflictDoNothing();
  });
}
