import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { QuoteRenewal } from '@bastion/domain/renewals/model';
import { skuPrices, skus } from '@bastion/db/schema/catalog';
import {
  contracts,
  entitlements,
  quoteLines,
  type QuoteRow,
  quotes,
} from '@bastion/db/schema/quotes';
import { dataOfSuccess } from '../../test/answers.ts';
import { ensureTestFamily, insertOpportunity, unique } from '../../test/quote-fixtures.ts';
import { openBeforeAll, useTestBed } from '../../test/test-bed.ts';
import { recordInstalledBase } from './installed-base.repository.ts';

const { ctx, users, cookies } = useTestBed({ desk: 'DEAL_DESK' });

const tag = unique().slice(0, 8).toUpperCase();
const SUB = `IB-SUB-${tag}`;
const HW = `IB-HW-${tag}`;
const OLD = `IB-OLD-${tag}`;

const fixtures = openBeforeAll(async () => {
  await ensureTestFamily(ctx.db);
  await ctx.db.insert(skus).values([
    {
      sku: SUB,
      name: 'IB subscription',
      kind: 'SUBSCRIPTION',
      billing: 'ANNUAL',
      familyId: 'TEST_FAMILY',
    },
    {
      sku: OLD,
      name: 'IB withdrawn subscription',
      kind: 'SUBSCRIPTION',
      billing: 'ANNUAL',
      familyId: 'TEST_FAMILY',
    },
    {
      sku: HW,
      name: 'IB firewall',
      kind: 'HARDWARE',
      billing: 'ONE_TIME',
      isShippable: true,
      familyId: 'TEST_FAMILY',
    },
  ]);
  await ctx.db.insert(skuPrices).values(
    [SUB, HW, OLD].map((sku) => ({
      sku,
      currencyCode: 'EUR',
      unitPriceMinor: 10_000,
      effectiveFrom: '2020-01-01',
    })),
  );
  return { opportunityId: await insertOpportunity(ctx.db, { region: 'EMEA' }) };
});

const OPPORTUNITY_DETAILS = {
  opportunity: {
    contract_start_date: '01-Jan-2027',
    csm_name: 'Casey Success',
    csm_email: 'casey@example.com',
    cam_name: 'Cam Account',
    cam_email: 'cam@example.com',
  },
};

interface LineInput {
  sku: string;
  y: number[];
  discount?: string;
  prior?: number;
  uplift?: string;
  period?: [string, string];
}

async function insertQuote(
  values: Partial<typeof quotes.$inferInsert>,
  lines: LineInput[],
): Promise<QuoteRow> {
  const [quote] = await ctx.db
    .insert(quotes)
    .values({
      quoteNumber: `Q-IB-${unique()}`,
      quoteName: 'Installed base test',
      quoteType: 'STANDARD',
      dealType: 'NB',
      contractLength: 12,
      salesChannel: 'DIRECT',
      currencyCode: 'EUR',
      accountId: `001C-${tag}`,
      accountName: `Customer ${tag}`,
      region: 'EMEA',
      opportunityId: fixtures.opportunityId,
      ownerUserId: users.desk.id,
      statusId: 'APPROVED',
      priceDate: '2026-06-01',
      details: OPPORTUNITY_DETAILS,
      ...values,
    })
    .returning();
  if (!quote) throw new Error('no quote');
  await ctx.db.insert(quoteLines).values(
    lines.map((line, index) => ({
      quoteId: quote.id,
      position: index + 1,
      sku: line.sku,
      y1: line.y[0] ?? 0,
      y2: line.y[1] ?? 0,
      y3: line.y[2] ?? 0,
      manualDiscountPercent: line.discount ?? '0',
      priorUnitNetMinor: line.prior ?? null,
      upliftPercent: line.uplift ?? null,
      periodStart: line.period?.[0] ?? null,
      periodEnd: line.period?.[1] ?? null,
    })),
  );
  return quote;
}

async function insertContract(start: string, end: string) {
  const [row] = await ctx.db
    .insert(contracts)
    .values({
      contractNumber: `C-IB-${unique()}`,
      accountId: `001C-${tag}`,
      accountName: `Customer ${tag}`,
      region: 'EMEA',
      currencyCode: 'EUR',
      startDate: start,
      endDate: end,
      origin: 'IMPORT',
    })
    .returning();
  if (!row) throw new Error('no contract');
  await ctx.db.insert(entitlements).values({
    contractId: row.id,
    accountId: row.accountId,
    sku: SUB,
    quantity: 3,
    startDate: start,
    endDate: end,
    unitNetMinor: 8_000,
    currencyCode: 'EUR',
  });
  return row;
}

const entitlementsOf = (quoteId: string) =>
  ctx.db
    .select()
    .from(entitlements)
    .where(eq(entitlements.sourceQuoteId, quoteId))
    .orderBy(asc(entitlements.sku), asc(entitlements.startDate));

const contractOf = async (id: string) => {
  const [row] = await ctx.db.select().from(contracts).where(eq(contracts.id, id));
  if (!row) throw new Error('no contract');
  return row;
};

const renewalOf = (value: Partial<QuoteRenewal>): QuoteRenewal => ({
  kind: 'RENEWAL',
  contract_ids: [],
  term_start: '2028-01-01',
  term_end: '2028-12-31',
  default_uplift_percent: '5',
  drops: [],
  ...value,
});

const move = async (action: 'accept' | 'complete', quoteId: string, version: number) =>
  dataOfSuccess<{ status_id: string; version: number }>(
    await ctx.app.inject({
      method: 'POST',
      url: '/api/dx/quote-lifecycle',
      payload: { action, quote_id: quoteId, version },
      headers: { cookie: cookies.desk },
    }),
  );

describe('the installed base a quote makes', () => {
  it('makes a contract with an entitlement per line when a STANDARD quote is accepted, and nothing more when it is completed', async () => {
    const quote = await insertQuote({}, [
      { sku: SUB, y: [10], discount: '10' },
      { sku: HW, y: [2] },
    ]);
    const accepted = await move('accept', quote.id, quote.version);
    expect(accepted.status_id).toBe('ACCEPTED');

    const made = await entitlementsOf(quote.id);
    expect(made.map((e) => [e.sku, e.quantity, e.unitNetMinor, e.startDate, e.endDate])).toEqual(
      [
        [HW, 2, 10_000, '2027-01-01', '2027-12-31'],
        [SUB, 10, 9_000, '2027-01-01', '2027-12-31'],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    const contract = await contractOf(made[0]?.contractId ?? '');
    expect(contract).toMatchObject({
      accountId: `001C-${tag}`,
      region: 'EMEA',
      opportunityId: fixtures.opportunityId,
      currencyCode: 'EUR',
      startDate: '2027-01-01',
      endDate: '2027-12-31',
      csmName: 'Casey Success',
      csmEmail: 'casey@example.com',
      camName: 'Cam Account',
      camEmail: 'cam@example.com',
      origin: 'QUOTE',
      sourceQuoteId: quote.id,
      createdBy: users.desk.id,
    });
    expect(contract.contractNumber).toMatch(/^C-\d{4}-\d{6}$/);

    const completed = await move('complete', quote.id, accepted.version);
    expect(completed.status_id).toBe('COMPLETED');
    expect(await entitlementsOf(quote.id)).toHaveLength(2);
    const made2 = await ctx.db
      .select()
      .from(contracts)
      .where(eq(contracts.sourceQuoteId, quote.id));
    expect(made2).toHaveLength(1);
  });

  it('gives an ELA one entitlement per contract year, the last cut at the contract end', async () => {
    const quote = await insertQuote({ quoteType: 'ELA', contractLength: 30 }, [
      { sku: SUB, y: [5, 6, 7] },
    ]);
    await recordInstalledBase(ctx.db, quote, new Date(), users.desk.id);
    const made = await entitlementsOf(quote.id);
    // The unit net holds the demo's 3 % term discount of a 30-month subscription.
    expect(made.map((e) => [e.quantity, e.unitNetMinor, e.startDate, e.endDate])).toEqual([
      [5, 9_700, '2027-01-01', '2027-12-31'],
      [6, 9_700, '2028-01-01', '2028-12-31'],
      [7, 9_700, '2029-01-01', '2029-06-30'],
    ]);
    const contract = await contractOf(made[0]?.contractId ?? '');
    expect([contract.startDate, contract.endDate]).toEqual(['2027-01-01', '2029-06-30']);
  });

  it('marks the renewed contract of a RENEWAL quote and links the new one', async () => {
    const old = await insertContract('2027-01-01', '2027-12-31');
    const quote = await insertQuote(
      {
        dealType: 'R',
        isRenewal: true,
        contractId: old.id,
        renewal: renewalOf({ contract_ids: [old.id] }),
      },
      [{ sku: SUB, y: [3], prior: 8_000, uplift: '5' }],
    );
    const now = new Date('2027-11-15T10:00:00Z');
    await recordInstalledBase(ctx.db, quote, now, users.desk.id);
    const made = await entitlementsOf(quote.id);
    expect(made.map((e) => [e.quantity, e.unitNetMinor, e.startDate, e.endDate])).toEqual([
      [3, 8_400, '2028-01-01', '2028-12-31'],
    ]);
    const created = await contractOf(made[0]?.contractId ?? '');
    expect(created.id).not.toBe(old.id);
    expect(await contractOf(old.id)).toMatchObject({
      renewedAt: now,
      renewedIntoContractId: created.id,
      renewalQuoteId: quote.id,
    });
  });

  it('adds a COTERM quote’s lines onto the first contract and merges the others into it', async () => {
    const target = await insertContract('2027-01-01', '2027-12-31');
    const merged = await insertContract('2027-03-01', '2027-09-30');
    const quote = await insertQuote(
      {
        isCoterm: true,
        contractLength: 6,
        renewal: renewalOf({
          kind: 'COTERM',
          contract_ids: [target.id, merged.id],
          term_start: '2027-07-01',
          term_end: '2027-12-31',
        }),
      },
      [{ sku: SUB, y: [4], period: ['2027-07-01', '2027-12-31'] }],
    );
    const now = new Date('2027-06-20T10:00:00Z');
    await recordInstalledBase(ctx.db, quote, now, users.desk.id);
    const made = await entitlementsOf(quote.id);
    // 4 × 100.00 for a year, prorated to 184 of 365 days, is back to 100.00 a unit a year.
    expect(
      made.map((e) => [e.contractId, e.quantity, e.unitNetMinor, e.startDate, e.endDate]),
    ).toEqual([[target.id, 4, 10_000, '2027-07-01', '2027-12-31']]);
    expect(await contractOf(merged.id)).toMatchObject({
      renewedAt: now,
      renewedIntoContractId: target.id,
    });
    expect(
      await ctx.db.select().from(contracts).where(eq(contracts.sourceQuoteId, quote.id)),
    ).toHaveLength(0);

    // Recording again (the quote completed later) adds nothing.
    await recordInstalledBase(ctx.db, quote, now, users.desk.id);
    expect(await entitlementsOf(quote.id)).toHaveLength(1);
  });

  it('adds a TRUE_UP quote’s overage onto its contract at the contract’s price', async () => {
    const contract = await insertContract('2027-01-01', '2027-12-31');
    const quote = await insertQuote(
      {
        dealType: 'TU',
        contractLength: 6,
        contractId: contract.id,
        renewal: renewalOf({
          kind: 'TRUE_UP',
          contract_ids: [contract.id],
          term_start: '2027-07-01',
          term_end: '2027-12-31',
        }),
      },
      [{ sku: SUB, y: [2], prior: 8_000, period: ['2027-07-01', '2027-12-31'] }],
    );
    await recordInstalledBase(ctx.db, quote, new Date(), users.desk.id);
    const made = await entitlementsOf(quote.id);
    expect(
      made.map((e) => [e.contractId, e.quantity, e.unitNetMinor, e.startDate, e.endDate]),
    ).toEqual([[contract.id, 2, 8_000, '2027-07-01', '2027-12-31']]);
  });

  it('records a SKU withdrawn from sale since the quote was approved', async () => {
    const quote = await insertQuote({}, [{ sku: OLD, y: [1] }]);
    await ctx.db.update(skus).set({ isActive: false }).where(eq(skus.sku, OLD));
    await recordInstalledBase(ctx.db, quote, new Date(), users.desk.id);
    expect((await entitlementsOf(quote.id)).map((e) => [e.sku, e.unitNetMinor])).toEqual([
      [OLD, 10_000],
    ]);
  });
});
