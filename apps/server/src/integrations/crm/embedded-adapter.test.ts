import { eq, lt } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@bastion/db/client';
import { crmOpportunities } from '@bastion/db/schema/crm';
import { crmDemoId } from '@bastion/db/seed/crm-demo-accounts';
import { crmDemoData, seedCrmDemoData } from '@bastion/db/seed/crm-demo-data';
import { mapOpportunityToQuote } from '@bastion/domain/quotes/opportunity-mapping';
import { testDatabase } from '../../test/test-database.ts';
import { createEmbeddedAdapter, UnknownOpportunityError } from './embedded-adapter.repository.ts';
import { opportunityFactsOf } from './opportunity-facts.ts';

let db: Database;
beforeAll(async () => {
  ({ db } = await testDatabase());
});

const demo = crmDemoData();
const firstOf = (channel: 'DIRECT' | 'T1' | 'T2') => {
  const found = demo.opportunities.find((o) =>
    channel === 'T2'
      ? o.distributorAccountId
      : channel === 'T1'
        ? o.partnerAccountId && !o.distributorAccountId
        : !o.partnerAccountId,
  );
  if (!found) throw new Error(`no ${channel} demo opportunity`);
  return found;
};

describe('the embedded CRM adapter', () => {
  it('fetches every opportunity with its accounts, contacts, team and lines', async () => {
    const snapshots = await createEmbeddedAdapter(db).fetchChangedOpportunities(null);
    expect(snapshots.length).toBeGreaterThanOrEqual(demo.opportunities.length);
    const t2 = snapshots.find((s) => s.opportunity.id === firstOf('T2').id);
    expect(t2?.accounts.map((a) => a.kind).sort()).toEqual(['CUSTOMER', 'DISTRIBUTOR', 'PARTNER']);
    expect(t2?.contacts.some((c) => c.id === t2.opportunity.partnerContactId)).toBe(true);
    expect(t2?.team.length).toBeGreaterThanOrEqual(2);
  });

  it('fetches only what changed since a time', async () => {
    const adapter = createEmbeddedAdapter(db);
    expect(await adapter.fetchChangedOpportunities(new Date('2999-01-01'))).toEqual([]);
    const since = new Date('2026-03-01T00:00:00Z');
    const changed = await adapter.fetchChangedOpportunities(since);
    expect(changed.length).toBeGreaterThan(0);
    for (const s of changed)
      expect(s.opportunity.modifiedOn!.getTime()).toBeGreaterThanOrEqual(since.getTime());
    // Other tests of this worker add and touch opportunities: compare with the table itself.
    const older = await db
      .select({ id: crmOpportunities.id })
      .from(crmOpportunities)
      .where(lt(crmOpportunities.modifiedOn, since));
    expect(older.length).toBeGreaterThan(0);
    const changedIds = new Set(changed.map((s) => s.opportunity.id));
    expect(older.filter((o) => changedIds.has(o.id))).toEqual([]);
  });

  it('answers null for an opportunity it does not know', async () => {
    expect(await createEmbeddedAdapter(db).getOpportunity('006Bq0000000000XYZ')).toBeNull();
  });

  it('writes quote progress back and marks the opportunity changed', async () => {
    const id = crmDemoId('006', 7);
    const before = Date.now();
    await createEmbeddedAdapter(db).writeBackQuote(id, {
      quoteNumber: 'Q-2026-000042',
      status: 'APPROVED',
      amountMinor: 9_900_000,
      currencyCode: 'USD',
    });
    const [row] = await db.select().from(crmOpportunities).where(eq(crmOpportunities.id, id));
    expect(row).toMatchObject({
      quoteNumber: 'Q-2026-000042',
      quoteStatus: 'APPROVED',
      quoteAmountMinor: 9_900_000,
    });
    // Leave the demo opportunity as other tests expect it.
    await db
      .update(crmOpportunities)
      .set({ quoteNumber: null, quoteStatus: null, quoteAmountMinor: null })
      .where(eq(crmOpportunities.id, id));
    expect(row!.modifiedOn.getTime()).toBeGreaterThanOrEqual(before - 1000);
    await expect(
      createEmbeddedAdapter(db).writeBackQuote('006NOPE', {
        quoteNumber: 'Q',
        status: 'APPROVED',
        amountMinor: 0,
        currencyCode: 'USD',
      }),
    ).rejects.toBeInstanceOf(UnknownOpportunityError);
  });

  it('is seeded idempotently', async () => {
    const count = async () =>
      (await db.select({ id: crmOpportunities.id }).from(crmOpportunities)).length;
    const before = await count();
    await seedCrmDemoData(db);
    expect(await count()).toBe(before);
  });
});

describe('a demo opportunity mapped to a quote', () => {
  const options = { known_slas: ['24/7', '12/5', '8/5'] };

  it.each(['DIRECT', 'T1', 'T2'] as const)(
    'derives the %s channel from its parties',
    async (channel) => {
      const opportunity = firstOf(channel);
      const snapshot = await createEmbeddedAdapter(db).getOpportunity(opportunity.id);
      const facts = snapshot && opportunityFactsOf(snapshot);
      if (!facts) throw new Error('no facts');
      const quote = mapOpportunityToQuote(facts, options);
      expect(quote).toMatchObject({
        opportunity_id: opportunity.id,
        quote_name: opportunity.name,
        sales_channel: channel,
        currency_code: opportunity.currencyCode,
        amount_minor: opportunity.amountMinor,
      });
      expect(quote.contract_start_date).toMatch(/^\d{2}-[A-Z][a-z]{2}-\d{4}$/);
      expect(quote.contracting_entity_id).not.toBeNull();
      expect(quote.shipping_country_id).toMatch(/^[A-Z]{2}$/);
      expect(quote.products_evaluated.length).toBeGreaterThan(0);
      if (channel === 'DIRECT') {
        expect(quote.partner_type).toBeNull();
      } else {
        expect(quote.reseller_name).not.toBeNull();
        expect(quote.partner_type).not.toBeNull();
      }
      expect(quote.distributor_name !== null).toBe(channel === 'T2');
    },
  );
});
