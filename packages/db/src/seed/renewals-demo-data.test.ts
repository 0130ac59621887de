import { count, eq, sql } from 'drizzle-orm';
import { addDays, addMonths, daysInclusive } from '@bastion/domain/renewals/proration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../client.ts';
import { crmOpportunities } from '../schema/crm.ts';
import { contracts, entitlements } from '../schema/quotes.ts';
import { appSettings } from '../schema/navigation.ts';
import { CATALOG_DEMO } from './catalog-demo-data.ts';
import { DEMO_SUCCESSORS } from './catalog-demo-skus.ts';
import { crmDemoData } from './crm-demo-data.ts';
import { seedDemoData } from './demo-data.ts';
import { seedReferenceData } from './reference-data.ts';
import {
  DEMO_CONTRACT_NUMBER_MAX,
  renewalsDemoData,
  seedRenewalsDemoData,
} from './renewals-demo-data.ts';

const TODAY = '2026-11-26';
const data = renewalsDemoData(TODAY);
const crm = crmDemoData();
const skuByCode = new Map(CATALOG_DEMO.skus.map((s) => [s.sku, s]));
const contractNamed = (number: string) => {
  const found = data.contracts.find((c) => c.contractNumber === number);
  if (!found) throw new Error(`no contract ${number}`);
  return found;
};
const linesOf = (number: string) => data.entitlements.filter((e) => e.contractNumber === number);
const daysToEnd = (number: string) => daysInclusive(TODAY, contractNamed(number).endDate) - 1;

describe('the demo contracts', () => {
  it('are the same for the same day, and move with the day', () => {
    expect(renewalsDemoData(TODAY)).toEqual(data);
    const tomorrow = renewalsDemoData(addDays(TODAY, 1));
    expect(tomorrow.contracts.map((c) => c.endDate)).toEqual(
      data.contracts.map((c) => addDays(c.endDate, 1)),
    );
  });

  it('end when docs/renewals.md says, each a 12-month term', () => {
    expect(
      Object.fromEntries(
        data.contracts.map((c) => [c.contractNumber, daysToEnd(c.contractNumber)]),
      ),
    ).toEqual({
      'C-2025-000101': 30,
      'C-2025-000102': 60,
      'C-2025-000103': 90,
      'C-2025-000104': 180,
      'C-2025-000105': -10,
      'C-2025-000106': -45,
      'C-2025-000107': -20,
      'C-2026-000108': 345,
      'C-2025-000109': 200,
      'C-2025-000110': 150,
    });
    for (const contract of data.contracts) {
      expect(addDays(addMonths(contract.startDate, 12), -1), contract.contractNumber).toBe(
        contract.endDate,
      );
      expect(contract.origin).toBe('DEMO');
    }
  });

  it('have unique numbers the contract number sequence is moved past', () => {
    const numbers = data.contracts.map((c) => c.contractNumber);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const number of numbers) {
      expect(number).toMatch(/^C-20\d\d-\d{6}$/);
      expect(Number(number.slice(-6))).toBeLessThanOrEqual(DEMO_CONTRACT_NUMBER_MAX);
    }
  });

  it('hold lines inside their contract, of annual SKUs of the demo catalogue, in its currency', () => {
    for (const contract of data.contracts) {
      const lines = linesOf(contract.contractNumber);
      expect(lines.length, contract.contractNumber).toBeGreaterThanOrEqual(2);
      expect(new Set(lines.map((l) => l.sku)).size).toBe(lines.length);
      for (const line of lines) {
        const sku = skuByCode.get(line.sku);
        expect(sku, line.sku).toBeDefined();
        expect(sku?.billing, line.sku).toBe('ANNUAL');
        expect(sku?.isActive, line.sku).not.toBe(false);
        expect(line.startDate >= contract.startDate && line.endDate <= contract.endDate).toBe(true);
        expect(line.startDate <= line.endDate).toBe(true);
        expect(line.accountId).toBe(contract.accountId);
        expect(line.currencyCode).toBe(contract.currencyCode);
        expect(Number.isInteger(line.unitNetMinor) && line.unitNetMinor > 0).toBe(true);
        expect(Number.isInteger(line.quantity) && line.quantity > 0).toBe(true);
      }
    }
  });

  it('belong to demo customers, in the currency and region of their opportunities', () => {
    for (const contract of data.contracts) {
      const account = crm.accounts.find((a) => a.id === contract.accountId);
      expect(account?.kind).toBe('CUSTOMER');
      expect(account?.name).toBe(contract.accountName);
      expect(contract.region).toBe(account?.region);
      const currencies = new Set(
        crm.opportunities
          .filter((o) => o.accountId === contract.accountId)
          .map((o) => o.currencyCode),
      );
      expect([...currencies]).toEqual([contract.currencyCode]);
    }
    expect(contractNamed('C-2025-000104').currencyCode).toBe('EUR');
    expect(contractNamed('C-2025-000106').region).toBe('APJ');
  });

  it('each have a renewal opportunity of their own, through a partner of the region', () => {
    const existingIds = new Set(crm.opportunities.map((o) => o.id));
    const ids = data.opportunities.map((o) => o.id);
    expect(new Set(ids).size).toBe(data.contracts.length);
    for (const contract of data.contracts) {
      const opportunity = data.opportunities.find((o) => o.id === contract.opportunityId);
      expect(opportunity, contract.contractNumber).toBeDefined();
      expect(existingIds.has(opportunity?.id ?? '')).toBe(false);
      expect(opportunity).toMatchObject({
        accountId: contract.accountId,
        region: contract.region,
        dealType: 'R',
        currencyCode: contract.currencyCode,
        csmEmail: contract.csmEmail,
        camEmail: contract.camEmail,
      });
      const partner = crm.accounts.find((a) => a.id === opportunity?.partnerAccountId);
      expect(partner?.kind, contract.contractNumber).toBe('PARTNER');
      const partnerContact = crm.contacts.find((c) => c.id === opportunity?.partnerContactId);
      expect(partnerContact?.accountId).toBe(partner?.id);
      expect(opportunity?.distributorAccountId ?? null).toBeNull();
    }
  });

  it('give North America to Rene Renewals, and some a channel manager', () => {
    for (const contract of data.contracts.filter((c) => c.region === 'North America')) {
      expect(contract).toMatchObject({
        csmEmail: 'renewals@bastion.test',
        csmName: 'Rene Renewals',
      });
    }
    expect(contractNamed('C-2025-000104').csmEmail).not.toBe('renewals@bastion.test');
    expect(data.contracts.filter((c) => c.camEmail !== '').length).toBeGreaterThanOrEqual(3);
  });

  it('have what the end-to-end tests need', () => {
    // Renewal: three lines, one of them with a successor to migrate to.
    const renewal = linesOf('C-2025-000101');
    expect(renewal).toHaveLength(3);
    expect(renewal.find((l) => l.sku.startsWith('SA-'))?.quantity).toBe(250);
    expect(renewal.filter((l) => DEMO_SUCCESSORS[l.sku] !== undefined)).toHaveLength(1);
    // True-up: 1,000 devices of a device-based subscription, and one other line.
    const trueUp = linesOf('C-2025-000109');
    expect(trueUp).toHaveLength(2);
    const devices = trueUp.find((l) => skuByCode.get(l.sku)?.pricingModel === 'Device Based');
    expect(devices?.quantity).toBe(1000);
    // Co-term target: two lines.
    expect(linesOf('C-2025-000110')).toHaveLength(2);
  });

  it('show a renewed contract carried on by the next, from the day after it ended', () => {
    const renewed = contractNamed('C-2025-000107');
    const next = contractNamed('C-2026-000108');
    expect(renewed.renewedInto).toBe(next.contractNumber);
    expect(renewed.renewedAt).toBeInstanceOf(Date);
    expect(next.startDate).toBe(addDays(renewed.endDate, 1));
    expect(next.accountId).toBe(renewed.accountId);
    expect(data.contracts.filter((c) => c.renewedAt !== null)).toHaveLength(1);
  });
});

describe('the demo successors', () => {
  it('lead to another SKU of the catalogue, never a bundle, never round in a circle', () => {
    expect(Object.keys(DEMO_SUCCESSORS).length).toBeGreaterThanOrEqual(2);
    for (const [from, to] of Object.entries(DEMO_SUCCESSORS)) {
      expect(skuByCode.get(from)?.successorSku).toBe(to);
      expect(skuByCode.get(to)?.kind, to).not.toBe('BUNDLE');
      expect(skuByCode.get(to)?.billing).toBe('ANNUAL');
      const seen = new Set([from]);
      for (let at: string | undefined = to; at; at = DEMO_SUCCESSORS[at]) {
        expect(seen.has(at), `${from} comes back`).toBe(false);
        seen.add(at);
      }
    }
    // Most annual SKUs renew as they are.
    const withoutSuccessor = CATALOG_DEMO.skus.filter(
      (s) => s.billing === 'ANNUAL' && (s.successorSku ?? null) === null,
    );
    expect(withoutSuccessor.length).toBeGreaterThan(100);
  });
});

describe('seeding the demo contracts', () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openDatabase({ engine: 'pglite', dataDir: null });
    await handle.migrate();
    await seedReferenceData(handle.db);
    await seedDemoData(handle.db, 'not-a-real-hash');
  }, 120_000);
  afterAll(() => handle.close());

  it('inserts every contract with its lines, and the renewed one linked to its successor', async () => {
    const { db } = handle;
    const rows = await db.select().from(contracts).where(eq(contracts.origin, 'DEMO'));
    expect(rows.map((r) => r.contractNumber).sort()).toEqual(
      data.contracts.map((c) => c.contractNumber).sort(),
    );
    const [lines] = await db.select({ n: count() }).from(entitlements);
    expect(lines?.n).toBe(data.entitlements.length);
    const renewed = rows.find((r) => r.contractNumber === 'C-2025-000107');
    const next = rows.find((r) => r.contractNumber === 'C-2026-000108');
    expect(renewed?.renewedIntoContractId).toBe(next?.id);
    const [opportunity] = await db
      .select()
      .from(crmOpportunities)
      .where(eq(crmOpportunities.id, renewed?.opportunityId ?? ''));
    expect(opportunity?.dealType).toBe('R');
  });

  it('numbers new contracts after the demo’s', async () => {
    const result = await handle.db.execute<{ n: string | number }>(
      sql`select nextval('contract_number_seq') as n`,
    );
    const value = Number((result as { rows: { n: string | number }[] }).rows[0]?.n);
    expect(value).toBeGreaterThan(DEMO_CONTRACT_NUMBER_MAX);
  });

  it('adds nothing the second time, even on another day', async () => {
    const { db } = handle;
    const before = await db.select({ n: count() }).from(contracts);
    await seedRenewalsDemoData(db, new Date('2027-03-01T00:00:00Z'));
    expect(await db.select({ n: count() }).from(contracts)).toEqual(before);
  });

  it('seeds the default renewal uplift with the other settings', async () => {
    const [setting] = await handle.db
      .select()
      .from(appSettings)
      .where(eq(appSettings.name, 'renewal_default_uplift_percent'));
    expect(setting?.value).toBe('5');
  });
});
