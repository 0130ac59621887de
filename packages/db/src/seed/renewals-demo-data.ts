import { eq, sql } from 'drizzle-orm';
import { addDays, addMonths, termStart } from '@bastion/domain/renewals/proration';
import type { Database } from '../client.ts';
import { crmOpportunities, crmOpportunityTeamMembers, type crmAccounts } from '../schema/crm.ts';
import { contractNumberSequence, contracts, entitlements } from '../schema/quotes.ts';
import { crmDemoId } from './crm-demo-accounts.ts';
import { crmDemoData } from './crm-demo-data.ts';

/*
 * The demo installed base (issue 18): contracts of the CRM demo customers, dated from the day
 * the demo database is seeded, so there is always something to renew, co-term and true up.
 * Each has its own renewal opportunity (deal type R, through a T1 partner, so a CSM_RENEWALS
 * user, who may not quote direct, can quote it). Ends are counted from the seeding day (UTC).
 *
 *   C-2025-000101  Northwind Health (NA)        ends in 30 days; 3 annual lines, one of them
 *                  (BX-40-SUP-PRM) with a successor: the renewal e2e renews it at 5 % and drops
 *                  a line
 *   C-2025-000102  Contoso Bank (NA)            ends in 60 days
 *   C-2025-000103  Fabrikam Manufacturing (NA)  ends in 90 days
 *   C-2025-000104  Rheinland Versicherung AG    EMEA, EUR, ends in 180 days; CSM Marco Bianchi
 *   C-2025-000105  Lakeshore University (NA)    overdue: ended 10 days ago
 *   C-2025-000106  Harbour Bank (APJ)           overdue: ended 45 days ago; CSM Priya Raman
 *   C-2025-000107  Coho Logistics (NA)          ended 20 days ago, renewed into C-2026-000108
 *   C-2026-000108  Coho Logistics (NA)          the renewal of C-2025-000107: runs for a year
 *                  from the day after it ended
 *   C-2025-000109  Adatum Insurance (NA)        ends in 200 days; 1,000 devices of SA-DB-ADV-L
 *                  (device based) for the true-up e2e (1,120 measured: 120 over)
 *   C-2025-000110  Tailspin Airlines (NA)       ends in 150 days; the co-term target of the
 *                  deal-desk e2e, 2 lines
 *
 * The North American contracts are Rene Renewals' (renewals@bastion.test). Seeded once: when any
 * DEMO contract exists nothing is added, so a renewal tried in the demo stays as it was left.
 */

const RENEWAL_OPPORTUNITIES_DATED = new Date(Date.UTC(2025, 8, 1));

type OpportunityRow = typeof crmOpportunities.$inferInsert;
type TeamMemberRow = typeof crmOpportunityTeamMembers.$inferInsert;
type ContractRow = typeof contracts.$inferInsert;
type EntitlementRow = typeof entitlements.$inferInsert;
type AccountRow = typeof crmAccounts.$inferInsert;

interface Person {
  id: string;
  name: string;
  email: string;
}

// The CRM demo's own staff (crm-demo-people.ts numbers them the same way).
const RENE: Person = {
  id: crmDemoId('005', 3),
  name: 'Rene Renewals',
  email: 'renewals@bastion.test',
};
const CAM: Person = { id: crmDemoId('005', 2), name: 'Cam Channel', email: 'cam@bastion.test' };
const PRIYA: Person = {
  id: crmDemoId('005', 50),
  name: 'Priya Raman',
  email: 'priya.raman@bastion.test',
};
const MARCO: Person = {
  id: crmDemoId('005', 51),
  name: 'Marco Bianchi',
  email: 'marco.bianchi@bastion.test',
};
const LUCY: Person = {
  id: crmDemoId('005', 52),
  name: 'Lucy Hart',
  email: 'lucy.hart@bastion.test',
};
const FELIX: Person = {
  id: crmDemoId('005', 53),
  name: 'Felix Braun',
  email: 'felix.braun@bastion.test',
};
const OWNERS: Readonly<Record<string, Person>> = {
  'North America': {
    id: crmDemoId('005', 11),
    name: 'Megan Price',
    email: 'megan.price@bastion.test',
  },
  EMEA: { id: crmDemoId('005', 16), name: 'Henrik Larsen', email: 'henrik.larsen@bastion.test' },
  APJ: { id: crmDemoId('005', 20), name: 'Emily Chen', email: 'emily.chen@bastion.test' },
};

/** Renewal opportunities of the demo contracts: their own id range, after the CRM demo's 64. */
export const RENEWAL_OPPORTUNITY_FIRST = 901;

interface LineSeed {
  sku: string;
  quantity: number;
  /** Net price of one unit for 12 months, in minor units of the account's currency. */
  unitNetMinor: number;
}

interface ContractSeed {
  contractNumber: string;
  accountName: string;
  partnerName: string;
  /** The last day, in days from the seeding day (negative: passed); a renewal's follows. */
  endsInDays?: number;
  csm: Person;
  cam: Person | null;
  headline: string;
  lines: readonly LineSeed[];
  /** Renewed into the contract with this number, which starts the day after this one ends. */
  renewedInto?: string;
  /** A renewal: starts the day after the contract with this number ended. */
  renewalOf?: string;
}

// prettier-ignore
export const DEMO_CONTRACT_SEEDS: readonly ContractSeed[] = [
  { contractNumber: 'C-2025-000101', accountName: 'Northwind Health', partnerName: 'Redline Integrators', endsInDays: 30, csm: RENE, cam: CAM, headline: 'Secure Access and firewall support',
    lines: [
      { sku: 'SA-DB-ESS-M', quantity: 250, unitNetMinor: 3_780 },
      { sku: 'BX-200F-SUP-PRM', quantity: 2, unitNetMinor: 94_900 },
      { sku: 'BX-40-SUP-PRM', quantity: 10, unitNetMinor: 7_500 },
    ] },
  { contractNumber: 'C-2025-000102', accountName: 'Contoso Bank', partnerName: 'Summit Secure Solutions', endsInDays: 60, csm: RENE, cam: null, headline: 'Endpoint and MFA',
    lines: [
      { sku: 'EP-ADV-DEV', quantity: 1_200, unitNetMinor: 4_950 },
      { sku: 'ID-MFA-USR', quantity: 1_200, unitNetMinor: 3_240 },
    ] },
  { contractNumber: 'C-2025-000103', accountName: 'Fabrikam Manufacturing', partnerName: 'Redline Integrators', endsInDays: 90, csm: RENE, cam: CAM, headline: 'Campus firewall support',
    lines: [
      { sku: 'BX-600F-SUP-PRM', quantity: 2, unitNetMinor: 351_500 },
      { sku: 'BX-600F-TP', quantity: 2, unitNetMinor: 316_350 },
    ] },
  { contractNumber: 'C-2025-000104', accountName: 'Rheinland Versicherung AG', partnerName: 'Bergmann IT-Sicherheit GmbH', endsInDays: 180, csm: MARCO, cam: FELIX, headline: 'Email Security',
    lines: [
      { sku: 'ES-ADV-USR', quantity: 800, unitNetMinor: 2_520 },
      { sku: 'ES-ARC-USR', quantity: 800, unitNetMinor: 990 },
    ] },
  { contractNumber: 'C-2025-000105', accountName: 'Lakeshore University', partnerName: 'Summit Secure Solutions', endsInDays: -10, csm: RENE, cam: CAM, headline: 'Wireless support',
    lines: [
      { sku: 'AP-221-SUP', quantity: 40, unitNetMinor: 5_300 },
      { sku: 'AP-CLOUD-STD', quantity: 40, unitNetMinor: 4_400 },
    ] },
  { contractNumber: 'C-2025-000106', accountName: 'Harbour Bank', partnerName: 'Pacific Rim Cyber', endsInDays: -45, csm: PRIYA, cam: LUCY, headline: 'Cloud Security',
    lines: [
      { sku: 'CS-CSPM-WL', quantity: 150, unitNetMinor: 10_800 },
      { sku: 'CS-CWP-WL', quantity: 60, unitNetMinor: 21_600 },
    ] },
  { contractNumber: 'C-2025-000107', accountName: 'Coho Logistics', partnerName: 'Redline Integrators', endsInDays: -20, csm: RENE, cam: null, headline: 'Branch firewall support', renewedInto: 'C-2026-000108',
    lines: [
      { sku: 'BX-100F-SUP-STD', quantity: 4, unitNetMinor: 35_500 },
      { sku: 'BX-100F-URL', quantity: 4, unitNetMinor: 23_750 },
    ] },
  // The renewal of C-2025-000107 at a 5 % uplift: its end follows from its start.
  { contractNumber: 'C-2026-000108', accountName: 'Coho Logistics', partnerName: 'Redline Integrators', csm: RENE, cam: null, headline: 'Branch firewall support', renewalOf: 'C-2025-000107',
    lines: [
      { sku: 'BX-100F-SUP-STD', quantity: 4, unitNetMinor: 37_275 },
      { sku: 'BX-100F-URL', quantity: 4, unitNetMinor: 24_938 },
    ] },
  { contractNumber: 'C-2025-000109', accountName: 'Adatum Insurance', partnerName: 'Summit Secure Solutions', endsInDays: 200, csm: RENE, cam: CAM, headline: 'Secure Access and SSO',
    lines: [
      { sku: 'SA-DB-ADV-L', quantity: 1_000, unitNetMinor: 5_220 },
      { sku: 'ID-SSO-USR', quantity: 1_000, unitNetMinor: 2_160 },
    ] },
  { contractNumber: 'C-2025-000110', accountName: 'Tailspin Airlines', partnerName: 'Redline Integrators', endsInDays: 150, csm: RENE, cam: null, headline: 'Data-centre firewall support',
    lines: [
      { sku: 'BX-1200-SUP-PRM', quantity: 2, unitNetMinor: 798_000 },
      { sku: 'BX-1200-SBX', quantity: 2, unitNetMinor: 558_600 },
    ] },
];

/** The highest number the demo uses: the contract number sequence is moved past it. */
export const DEMO_CONTRACT_NUMBER_MAX = 110;

export interface RenewalsDemoData {
  opportunities: OpportunityRow[];
  teamMembers: TeamMemberRow[];
  /** Without ids: the seed links renewed contracts once they have them. */
  contracts: (Omit<ContractRow, 'id' | 'renewedIntoContractId'> & { renewedInto: string | null })[];
  /** Keyed by the contract number they belong to. */
  entitlements: (Omit<EntitlementRow, 'contractId'> & { contractNumber: string })[];
}

const TERM_MONTHS = 12;

/** The demo contracts, their lines and their opportunities, for contracts ending around `today`. */
export function renewalsDemoData(today: string): RenewalsDemoData {
  const crm = crmDemoData();
  const accountNamed = (name: string, kind: AccountRow['kind']) => {
    const account = crm.accounts.find((a) => a.name === name && a.kind === kind);
    if (!account) throw new Error(`no demo ${kind} account ${name}`);
    return account;
  };
  const seedOf = (number: string) => {
    const seed = DEMO_CONTRACT_SEEDS.find((s) => s.contractNumber === number);
    if (!seed) throw new Error(`no demo contract ${number}`);
    return seed;
  };
  const termOf = (seed: ContractSeed): { start: string; end: string } => {
    if (seed.renewalOf) {
      const start = addDays(termOf(seedOf(seed.renewalOf)).end, 1);
      return { start, end: addDays(addMonths(start, TERM_MONTHS), -1) };
    }
    if (seed.endsInDays === undefined) throw new Error(`${seed.contractNumber} has no end`);
    const end = addDays(today, seed.endsInDays);
    return { start: termStart(end, TERM_MONTHS), end };
  };

  const data: RenewalsDemoData = {
    opportunities: [],
    teamMembers: [],
    contracts: [],
    entitlements: [],
  };
  DEMO_CONTRACT_SEEDS.forEach((seed, index) => {
    const customer = accountNamed(seed.accountName, 'CUSTOMER');
    const partner = accountNamed(seed.partnerName, 'PARTNER');
    const partnerContact = crm.contacts.find((c) => c.accountId === partner.id && c.email);
    const champion = crm.contacts.find((c) => c.accountId === customer.id);
    const region = customer.region ?? '';
    const owner = OWNERS[region] ?? RENE;
    const currencyCode = crm.opportunities.find((o) => o.accountId === customer.id)?.currencyCode;
    if (!currencyCode) throw new Error(`no currency for ${seed.accountName}`);
    const { start, end } = termOf(seed);
    const yearlyMinor = seed.lines.reduce((sum, l) => sum + l.quantity * l.unitNetMinor, 0);
    const opportunityId = crmDemoId('006', RENEWAL_OPPORTUNITY_FIRST + index);
    const isRenewed = seed.renewedInto !== undefined;

    data.opportunities.push({
      id: opportunityId,
      name: `${seed.accountName} – ${seed.headline} renewal ${addDays(end, 1).slice(0, 4)}`,
      accountId: customer.id,
      partnerAccountId: partner.id,
      partnerContactId: partnerContact?.id ?? null,
      region,
      salesCountry: customer.billingCountry ?? '',
      stage: isRenewed ? 'Closed Won' : 'Prospecting',
      dealType: 'R',
      currencyCode,
      amountMinor: yearlyMinor,
      amountToBeRenewedMinor: yearlyMinor,
      // The renewal is due to close a little before the contract runs out.
      closeDate: addDays(end, -7),
      contractStartDate: addDays(end, 1),
      agreementName: `${seed.accountName} Master Agreement 2024`,
      sla: '24/7',
      champion: champion ? `${champion.firstName ?? ''} ${champion.lastName ?? ''}`.trim() : '',
      seName: '',
      csmId: seed.csm.id,
      csmName: seed.csm.name,
      csmEmail: seed.csm.email,
      camId: seed.cam?.id ?? null,
      camName: seed.cam?.name ?? '',
      camEmail: seed.cam?.email ?? '',
      ownerEmail: owner.email,
      ownerName: owner.name,
      createdBy: seed.csm.name,
      modifiedBy: seed.csm.name,
      // Older than the CRM demo's own deals, so pickers listing the newest first show those first.
      createdOn: RENEWAL_OPPORTUNITIES_DATED,
      modifiedOn: RENEWAL_OPPORTUNITIES_DATED,
    });
    data.teamMembers.push(
      { opportunityId, email: owner.email, name: owner.name, role: 'Account Executive' },
      {
        opportunityId,
        email: seed.csm.email,
        name: seed.csm.name,
        role: 'Customer Success Manager',
      },
    );
    if (seed.cam) {
      data.teamMembers.push({
        opportunityId,
        email: seed.cam.email,
        name: seed.cam.name,
        role: 'Channel Account Manager',
      });
    }

    data.contracts.push({
      contractNumber: seed.contractNumber,
      accountId: customer.id,
      accountName: customer.name,
      region,
      opportunityId,
      currencyCode,
      startDate: start,
      endDate: end,
      csmName: seed.csm.name,
      csmEmail: seed.csm.email,
      camName: seed.cam?.name ?? '',
      camEmail: seed.cam?.email ?? '',
      origin: 'DEMO',
      // Renewed on the day its successor contract started.
      renewedAt: isRenewed ? new Date(`${addDays(end, 1)}T09:00:00Z`) : null,
      renewedInto: seed.renewedInto ?? null,
    });
    for (const line of seed.lines) {
      data.entitlements.push({
        contractNumber: seed.contractNumber,
        accountId: customer.id,
        sku: line.sku,
        quantity: line.quantity,
        startDate: start,
        endDate: end,
        unitNetMinor: line.unitNetMinor,
        currencyCode,
      });
    }
  });
  return data;
}

/**
 * Seeds the demo contracts (demo mode only, after the CRM and the catalogue they name). Once:
 * when a DEMO contract exists nothing is added, so what someone did on the renewals desk stays.
 */
export async function seedRenewalsDemoData(db: Database, now = new Date()): Promise<void> {
  const data = renewalsDemoData(now.toISOString().slice(0, 10));
  await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: contracts.id })
      .from(contracts)
      .where(eq(contracts.origin, 'DEMO'))
      .limit(1);
    if (existing) return;

    await tx.insert(crmOpportunities).values(data.opportunities).onConflictDoNothing();
    await tx.insert(crmOpportunityTeamMembers).values(data.teamMembers).onConflictDoNothing();
    const inserted = await tx
      .insert(contracts)
      .values(data.contracts.map(({ renewedInto: _renewedInto, ...row }) => row))
      .onConflictDoNothing()
      .returning({ id: contracts.id, contractNumber: contracts.contractNumber });
    const idOf = new Map(inserted.map((row) => [row.contractNumber, row.id]));

    for (const contract of data.contracts) {
      const id = idOf.get(contract.contractNumber);
      const renewedIntoId = contract.renewedInto ? idOf.get(contract.renewedInto) : undefined;
      if (id && renewedIntoId) {
        await tx
          .update(contracts)
          .set({ renewedIntoContractId: renewedIntoId })
          .where(eq(contracts.id, id));
      }
    }
    const lines = data.entitlements.flatMap(({ contractNumber, ...line }) => {
      const contractId = idOf.get(contractNumber);
      return contractId ? [{ ...line, contractId }] : [];
    });
    if (lines.length > 0) await tx.insert(entitlements).values(lines);

    // New contracts are numbered C-<year>-<sequence>: it must not come round to the demo's.
    const sequence = contractNumberSequence.seqName ?? 'contract_number_seq';
    await tx.execute(
      sql`select setval(${sequence}::regclass, greatest((select last_value from ${sql.identifier(sequence)}), ${DEMO_CONTRACT_NUMBER_MAX}))`,
    );
  });
}
