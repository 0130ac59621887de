import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { ReportOptions, ReportResult } from '@bastion/domain/reports/schemas';
import { quoteApprovals, quoteApprovalSteps } from '@bastion/db/schema/approvals';
import { currencyRates, productFamilies, skus } from '@bastion/db/schema/catalog';
import { quoteLines, quotes, quoteSkuDiscounts } from '@bastion/db/schema/quotes';
import { postCalls, useTestBed } from '../../test/test-bed.ts';
import {
  headerValues,
  insertOpportunity,
  insertPricedTestSkus,
  unique,
} from '../../test/quote-fixtures.ts';
import { refreshQuoteSkuDiscounts } from '../../core/reports/report-rollups.repository.ts';
import { selectDiscounts } from './reports.repository.ts';

const bed = useTestBed({ desk: 'DEAL_DESK', root: 'ROOT_ADMIN', seller: 'SALES_USER' });
const { post, dataOf } = postCalls(bed, 'desk');
const db = () => bed.ctx.db;

/*
 * The other test files of this worker share the database: the report fixtures live in years no
 * one else creates quotes in (the 1990s), one year per test, and a currency of our own (XTS,
 * ISO's code for testing) whose rate is removed afterwards.
 */
const TEST_CURRENCY = 'XTS';
let ratesReady: Promise<unknown> | null = null;
const ensureTestRate = () =>
  (ratesReady ??= db()
    .insert(currencyRates)
    .values({ currencyCode: TEST_CURRENCY, unitsPerUsd: '2' })
    .onConflictDoNothing());
const createdQuoteIds: string[] = [];
const familyIds: string[] = [];

afterAll(async () => {
  // The app never opened: nothing was made.
  if (!(bed.ctx as { db?: unknown }).db) return;
  if (createdQuoteIds.length > 0)
    await db().delete(quotes).where(inArray(quotes.id, createdQuoteIds));
  if (familyIds.length > 0) {
    await db().delete(skus).where(inArray(skus.familyId, familyIds));
    await db().delete(productFamilies).where(inArray(productFamilies.id, familyIds));
  }
  await db().delete(currencyRates).where(eq(currencyRates.currencyCode, TEST_CURRENCY));
});

interface QuoteFixture {
  createdAt: string;
  statusId?: string;
  preArchiveStatusId?: string | null;
  region?: string;
  accountId?: string;
  accountName?: string;
  quoteType?: 'STANDARD' | 'ELA' | 'LEGACY';
  dealType?: string;
  currencyCode?: string;
  totalAmountMinor?: number;
  unitsPerUsd?: string | null;
  priceDate?: string;
}

async function insertQuote(fixture: QuoteFixture) {
  const tag = unique();
  const [row] = await db()
    .insert(quotes)
    .values({
      quoteNumber: `Q-RPT-${tag}`,
      quoteName: `Report ${tag}`,
      quoteType: fixture.quoteType ?? 'STANDARD',
      dealType: fixture.dealType ?? 'NB',
      contractLength: 12,
      salesChannel: 'DIRECT',
      statusId: fixture.statusId ?? 'INCOMPLETE',
      preArchiveStatusId: fixture.preArchiveStatusId ?? null,
      region: fixture.region ?? 'EMEA',
      accountId: fixture.accountId ?? `ACC-${tag}`,
      accountName: fixture.accountName ?? `Account ${tag}`,
      currencyCode: fixture.currencyCode ?? 'USD',
      totalAmountMinor: fixture.totalAmountMinor ?? 0,
      unitsPerUsd: fixture.unitsPerUsd ?? null,
      priceDate: fixture.priceDate ?? fixture.createdAt.slice(0, 10),
      createdAt: new Date(fixture.createdAt),
    })
    .returning({ id: quotes.id });
  if (!row) throw new Error('quote insert returned nothing');
  createdQuoteIds.push(row.id);
  return row.id;
}

const filtersOf = (year: number, more: object = {}) => ({
  date_from: `${year}-01-01`,
  date_to: `${year}-12-31`,
  ...more,
});

const run = <T extends ReportResult['report']>(report: T, filters: object, who = 'desk' as const) =>
  dataOf<Extract<ReportResult, { report: T }>>(
    '/api/dx/report/run',
    { module_name: 'quotes', report, filters },
    bed.cookies[who],
  );

describe('who may read reports', () => {
  it('is the deal desk and root admins; others are refused, an unknown module is not found', async () => {
    const body = { module_name: 'quotes', report: 'regions', filters: filtersOf(1990) };
    expect((await post('/api/dx/report/run', body, bed.cookies.seller)).statusCode).toBe(403);
    expect(
      (await post('/api/dx/report/options', { module_name: 'quotes' }, bed.cookies.seller))
        .statusCode,
    ).toBe(403);
    expect((await post('/api/dx/report/run', body, bed.cookies.root)).statusCode).toBe(200);

    const options = await dataOf<ReportOptions>('/api/dx/report/options', {
      module_name: 'quotes',
    });
    expect(options.reports.map((r) => r.id)).toEqual([
      'pipeline',
      'regions',
      'discounts',
      'approval-cycle',
      'win-rate',
      'top-accounts',
    ]);
    expect(options.currencies).toContain('USD');

    const unknown = await post('/api/dx/report/run', { ...body, module_name: 'opportunities' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('There is no report module "opportunities".');
    expect((await post('/api/dx/report/options', { module_name: 'nope' })).statusCode).toBe(404);
  });

  it('refuses bad filters with a message and an unknown currency', async () => {
    const bad = await post('/api/dx/report/run', {
      module_name: 'quotes',
      report: 'pipeline',
      filters: { date_from: '1990-05-01', date_to: '1990-04-01' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('The start date must be on or before the end date.');
    expect(bad.body).not.toContain('at ');

    const currency = await post('/api/dx/report/run', {
      module_name: 'quotes',
      report: 'pipeline',
      filters: filtersOf(1990, { currency_code: 'QQQ' }),
    });
    expect(currency.statusCode).toBe(400);
    expect(currency.json().message).toBe(
      'There is no exchange rate for QQQ: choose another currency.',
    );
  });
});

describe('the quote reports', () => {
  it('count and convert quotes by month and status, region and account, within the filters', async () => {
    await ensureTestRate();
    const account = `ACC-${unique()}`;
    // 100.00 EUR priced at 0.92 per USD; 50.00 USD archived after acceptance; 200.00 XTS never priced.
    await insertQuote({
      createdAt: '1991-03-10T12:00:00Z',
      statusId: 'APPROVED',
      currencyCode: 'EUR',
      totalAmountMinor: 10_000,
      unitsPerUsd: '0.920000',
      accountId: account,
      accountName: 'Acme',
    });
    await insertQuote({
      createdAt: '1991-03-31T23:59:59Z',
      statusId: 'ARCHIVED',
      preArchiveStatusId: 'ACCEPTED',
      totalAmountMinor: 5_000,
      accountName: 'Beta',
    });
    await insertQuote({
      createdAt: '1991-04-30T23:59:59Z',
      statusId: 'REJECTED',
      region: 'APJ',
      currencyCode: TEST_CURRENCY,
      totalAmountMinor: 20_000,
      accountId: account,
      accountName: 'Acme',
      quoteType: 'ELA',
      dealType: 'R',
    });
    // Outside the range by a second.
    await insertQuote({ createdAt: '1991-05-01T00:00:00Z', totalAmountMinor: 99_999 });

    const range = { date_from: '1991-03-01', date_to: '1991-04-30' };
    const pipeline = await run('pipeline', range);
    expect(pipeline).toEqual({
      report: 'pipeline',
      currency_code: 'USD',
      rows: [
        { month: '1991-03', status_id: 'APPROVED', quote_count: 1, value_minor: 10_870 },
        { month: '1991-03', status_id: 'ACCEPTED', quote_count: 1, value_minor: 5_000 },
        { month: '1991-04', status_id: 'REJECTED', quote_count: 1, value_minor: 10_000 },
      ],
    });

    // In XTS (2 per USD): EUR goes through USD, XTS stays as it is.
    const regions = await run('regions', { ...range, currency_code: 'xts' });
    expect(regions.currency_code).toBe('XTS');
    expect(regions.rows).toEqual([
      { region: 'APJ', quote_count: 1, value_minor: 20_000 },
      { region: 'EMEA', quote_count: 2, value_minor: 21_739 + 10_000 },
    ]);

    const top = await run('top-accounts', range);
    expect(top.rows.slice(0, 2)).toEqual([
      { account_id: account, account_name: 'Acme', quote_count: 2, value_minor: 20_870 },
      expect.objectContaining({ account_name: 'Beta', quote_count: 1, value_minor: 5_000 }),
    ]);

    expect((await run('regions', { ...range, region: 'EMEA' })).rows).toEqual([
      { region: 'EMEA', quote_count: 2, value_minor: 15_870 },
    ]);
    expect((await run('regions', { ...range, quote_type: 'ELA', deal_type: 'R' })).rows).toEqual([
      { region: 'APJ', quote_count: 1, value_minor: 10_000 },
    ]);
    expect((await run('regions', { ...range, quote_type: 'ELA', deal_type: 'NB' })).rows).toEqual(
      [],
    );
  });

  it('tell won from rejected and expired quotes by month', async () => {
    await insertQuote({
      createdAt: '1992-01-05T00:00:00Z',
      statusId: 'ACCEPTED',
      totalAmountMinor: 1_000,
    });
    await insertQuote({
      createdAt: '1992-01-06T00:00:00Z',
      statusId: 'COMPLETED',
      totalAmountMinor: 2_000,
    });
    await insertQuote({
      createdAt: '1992-01-07T00:00:00Z',
      statusId: 'REJECTED',
      totalAmountMinor: 4_000,
    });
    // Approved long ago and never accepted: expired.
    await insertQuote({ createdAt: '1992-01-08T00:00:00Z', statusId: 'APPROVED' });
    // Approved, and still valid: neither won nor lost.
    await insertQuote({
      createdAt: '1992-02-01T00:00:00Z',
      statusId: 'APPROVED',
      priceDate: new Date().toISOString().slice(0, 10),
    });
    await insertQuote({ createdAt: '1992-02-02T00:00:00Z', statusId: 'PENDING_APPROVAL' });
    await insertQuote({
      createdAt: '1992-03-02T00:00:00Z',
      statusId: 'ARCHIVED',
      preArchiveStatusId: 'REJECTED',
    });

    const result = await run('win-rate', filtersOf(1992));
    expect(result.rows).toEqual([
      {
        month: '1992-01',
        won_count: 2,
        rejected_count: 1,
        expired_count: 1,
        win_rate_percent: '50.0',
        won_value_minor: 3_000,
      },
      {
        month: '1992-03',
        won_count: 0,
        rejected_count: 1,
        expired_count: 0,
        win_rate_percent: '0.0',
        won_value_minor: 0,
      },
    ]);
  });

  it('average and maximum manual discount by product family', async () => {
    const family = `RPT_${unique()}`;
    familyIds.push(family);
    await db()
      .insert(productFamilies)
      .values({ id: family, name: `${family} firewalls` });
    const [a, b] = [`${family}-A`, `${family}-B`];
    await db()
      .insert(skus)
      .values([
        { sku: a, name: 'A', kind: 'HARDWARE', billing: 'ONE_TIME', familyId: family },
        { sku: b, name: 'B', kind: 'SUBSCRIPTION', billing: 'ANNUAL', familyId: family },
      ]);
    const inRange = await insertQuote({ createdAt: '1993-06-01T00:00:00Z' });
    const outside = await insertQuote({ createdAt: '1994-06-01T00:00:00Z' });
    await db()
      .insert(quoteLines)
      .values([
        // Priced when saved: 10 % typed on top of standard pricing, 14.5 % from list.
        {
          quoteId: inRange,
          position: 0,
          sku: a,
          y1: 1,
          manualDiscountPercent: '10',
          sellerDiscountBp: 1000,
          effectiveDiscountBp: 1450,
        },
        // Not priced when written (before issue 33): its seller discount counts for both.
        { quoteId: inRange, position: 1, sku: b, y1: 1, manualDiscountPercent: '25.5' },
        { quoteId: inRange, position: 2, sku: b, y1: 1, manualDiscountPercent: '0' },
        { quoteId: outside, position: 0, sku: a, y1: 1, manualDiscountPercent: '90' },
      ]);
    // As the app does in the transaction that writes lines.
    for (const id of [inRange, outside]) await refreshQuoteSkuDiscounts(db(), id);

    const result = await run('discounts', filtersOf(1993));
    expect(result.rows).toEqual([
      {
        family_id: family,
        family_name: `${family} firewalls`,
        line_count: 3,
        average_discount_percent: '11.83',
        max_discount_percent: '25.50',
        average_effective_discount_percent: '13.33',
        max_effective_discount_percent: '25.50',
      },
    ]);
  });

  it('discounts follow the region, type and deal type filters, and a SKU moved to another family', async () => {
    const family = `RPT_${unique()}`;
    const other = `RPT_${unique()}`;
    familyIds.push(family, other);
    await db()
      .insert(productFamilies)
      .values([
        { id: family, name: `${family} firewalls` },
        { id: other, name: `${other} switches` },
      ]);
    const a = `${family}-A`;
    await db()
      .insert(skus)
      .values({ sku: a, name: 'A', kind: 'HARDWARE', billing: 'ONE_TIME', familyId: family });
    const emea = await insertQuote({ createdAt: '1996-03-01T00:00:00Z', region: 'EMEA' });
    const apj = await insertQuote({
      createdAt: '1996-03-02T00:00:00Z',
      region: 'APJ',
      quoteType: 'ELA',
      dealType: 'R',
    });
    await db()
      .insert(quoteLines)
      .values([
        { quoteId: emea, position: 0, sku: a, y1: 1, manualDiscountPercent: '5' },
        { quoteId: apj, position: 0, sku: a, y1: 1, manualDiscountPercent: '15' },
      ]);
    for (const id of [emea, apj]) await refreshQuoteSkuDiscounts(db(), id);
    const counted = async (more: object) =>
      (await run('discounts', filtersOf(1996, more))).rows.map((r) => [
        r.family_id,
        r.line_count,
        r.average_discount_percent,
      ]);

    expect(await counted({})).toEqual([[family, 2, '10.00']]);
    expect(await counted({ region: 'APJ' })).toEqual([[family, 1, '15.00']]);
    expect(await counted({ quote_type: 'STANDARD' })).toEqual([[family, 1, '5.00']]);
    expect(await counted({ deal_type: 'R' })).toEqual([[family, 1, '15.00']]);
    expect(await counted({ region: 'LATAM' })).toEqual([]);
    // A caller who sees only some quotes (no such caller reads reports today) counts only those.
    const scoped = await selectDiscounts(db(), {
      filters: {
        ...filtersOf(1996),
        region: '',
        quote_type: '',
        deal_type: '',
        currency_code: 'USD',
      },
      visibility: eq(quotes.region, 'APJ'),
    });
    expect(scoped.map((r) => [r.family_id, r.line_count])).toEqual([[family, 1]]);
    // The catalogue moves the SKU: its lines count under the family it has now.
    await db().update(skus).set({ familyId: other }).where(eq(skus.sku, a));
    expect(await counted({})).toEqual([[other, 2, '10.00']]);
  });

  it('keeps the discount rows true to the lines as they are saved, re-saved and removed', async () => {
    const tag = unique().slice(0, 6).toUpperCase();
    const skuOf = (code: string) => `RPD-${code}-${tag}`;
    await insertPricedTestSkus(db(), skuOf, ['SUB', 'FW']);
    const opportunityId = await insertOpportunity(db(), { region: 'EMEA' });
    const made = await dataOf<{ id: string }>('/api/dx/create-quote', {
      opportunity_id: opportunityId,
      values: headerValues(),
    });
    createdQuoteIds.push(made.id);
    const rowsOfQuote = async () =>
      (
        await db()
          .select()
          .from(quoteSkuDiscounts)
          .where(eq(quoteSkuDiscounts.quoteId, made.id))
          .orderBy(quoteSkuDiscounts.sku)
      ).map((r) => [
        r.sku,
        r.lineCount,
        r.discountSumBp,
        r.discountMaxBp,
        r.effectiveSumBp,
        r.effectiveMaxBp,
      ]);
    const save = async (lines: object[]) => {
      const [current] = await db().select().from(quotes).where(eq(quotes.id, made.id));
      await dataOf('/api/dx/save-quote-configuration', {
        id: made.id,
        version: current?.version,
        advance: false,
        lines,
      });
    };
    expect(await rowsOfQuote()).toEqual([]);

    await save([
      { key: '0', sku: skuOf('SUB'), quantities: [2], manual_discount_percent: '12.5' },
      { key: '1', sku: skuOf('SUB'), quantities: [1], manual_discount_percent: '2' },
      { key: '2', sku: skuOf('FW'), quantities: [1] },
    ]);
    // A direct quote: no standard pricing, so the effective discount is the seller's.
    expect(await rowsOfQuote()).toEqual([
      [skuOf('FW'), 1, 0, 0, 0, 0],
      [skuOf('SUB'), 2, 1450, 1250, 1450, 1250],
    ]);
    // Both figures are kept on the lines, as priced when saved (issue 33).
    expect(
      (
        await db()
          .select()
          .from(quoteLines)
          .where(eq(quoteLines.quoteId, made.id))
          .orderBy(quoteLines.position)
      ).map((l) => [l.sellerDiscountBp, l.effectiveDiscountBp]),
    ).toEqual([
      [1250, 1250],
      [200, 200],
      [0, 0],
    ]);
    const [stored] = await db().select().from(quotes).where(eq(quotes.id, made.id));
    const [copied] = await db()
      .select()
      .from(quoteSkuDiscounts)
      .where(eq(quoteSkuDiscounts.quoteId, made.id))
      .limit(1);
    expect(copied).toMatchObject({
      createdAt: stored?.createdAt,
      region: stored?.region,
      quoteType: stored?.quoteType,
      dealType: stored?.dealType,
    });

    await save([{ key: '0', sku: skuOf('FW'), quantities: [3], manual_discount_percent: '40' }]);
    expect(await rowsOfQuote()).toEqual([[skuOf('FW'), 1, 4000, 4000, 4000, 4000]]);

    // A copy's lines are in the report too (written with the new quote).
    const copy = await dataOf<{ id: string }>('/api/dx/quote-lifecycle', {
      action: 'copy',
      quote_id: made.id,
    });
    createdQuoteIds.push(copy.id);
    const copiedRows = await db()
      .select()
      .from(quoteSkuDiscounts)
      .where(eq(quoteSkuDiscounts.quoteId, copy.id));
    expect(copiedRows.map((r) => [r.sku, r.lineCount, r.discountSumBp])).toEqual([
      [skuOf('FW'), 1, 4000],
    ]);

    await save([]);
    expect(await rowsOfQuote()).toEqual([]);
    // Deleting a quote deletes its rows.
    await db().delete(quotes).where(eq(quotes.id, copy.id));
    expect(
      await db().select().from(quoteSkuDiscounts).where(eq(quoteSkuDiscounts.quoteId, copy.id)),
    ).toEqual([]);
  });

  it('time approvals from pending to decided, median and 90th percentile by group', async () => {
    const quoteId = await insertQuote({ createdAt: '1995-02-01T00:00:00Z', statusId: 'APPROVED' });
    const group = `Finance ${unique()}`;
    const [approval] = await db()
      .insert(quoteApprovals)
      .values({
        quoteId,
        submissionNumber: 1,
        state: 'APPROVED',
        fingerprint: 'f',
        facts: {},
        submittedAt: new Date('1995-02-01T00:00:00Z'),
      })
      .returning({ id: quoteApprovals.id });
    if (!approval) throw new Error('approval insert returned nothing');
    const at = (hours: number) => new Date(Date.UTC(1995, 1, 1) + hours * 3_600_000);
    // Decided after 1, 2, 3, 4 and 10 hours (the last one rejected).
    const durations = [1, 2, 3, 4, 10];
    // With the quote's date and filters copied, as insertSteps (the app's writer) does.
    const copied = {
      quoteCreatedAt: new Date('1995-02-01T00:00:00Z'),
      quoteRegion: 'EMEA',
      quoteType: 'STANDARD' as const,
      quoteDealType: 'NB',
    };
    await db()
      .insert(quoteApprovalSteps)
      .values([
        ...durations.map((hours, i) => ({
          approvalId: approval.id,
          quoteId,
          stage: i + 1,
          stageName: `Stage ${i + 1}`,
          groupName: group,
          state: i === 4 ? ('REJECTED' as const) : ('APPROVED' as const),
          pendingSince: at(10),
          decidedAt: at(10 + hours),
          ...copied,
        })),
        // Still waiting: not counted.
        {
          approvalId: approval.id,
          quoteId,
          stage: 6,
          stageName: 'Stage 6',
          groupName: group,
          state: 'PENDING' as const,
          pendingSince: at(1),
          ...copied,
        },
      ]);
    const result = await run('approval-cycle', filtersOf(1995));
    // Hours 1, 2, 3, 4, 10: median 3; 90th percentile 4 + 0.6 × (10 − 4) = 7.6.
    expect(result.rows).toEqual([
      { group_name: group, decided_count: 5, median_hours: '3.0', p90_hours: '7.6' },
    ]);
    // The filters apply to the copy on the steps.
    expect((await run('approval-cycle', filtersOf(1995, { region: 'APJ' }))).rows).toEqual([]);
    expect(
      (await run('approval-cycle', filtersOf(1995, { quote_type: 'STANDARD', deal_type: 'NB' })))
        .rows,
    ).toHaveLength(1);
  });
});

describe('the rate a quote is priced at', () => {
  it('is kept on the quote when its products are saved, for the reports to convert at', async () => {
    const tag = unique().slice(0, 6).toUpperCase();
    const skuOf = (code: string) => `RPT-${code}-${tag}`;
    await insertPricedTestSkus(db(), skuOf, ['SUB']);
    const opportunityId = await insertOpportunity(db(), { region: 'EMEA' });
    const made = await dataOf<{ id: string }>('/api/dx/create-quote', {
      opportunity_id: opportunityId,
      values: headerValues(),
    });
    createdQuoteIds.push(made.id);
    const [before] = await db().select().from(quotes).where(eq(quotes.id, made.id));
    expect(before?.unitsPerUsd).toBeNull();

    await dataOf('/api/dx/save-quote-configuration', {
      id: made.id,
      version: 1,
      advance: false,
      lines: [{ key: '0', sku: skuOf('SUB'), quantities: [2] }],
    });
    const [after] = await db().select().from(quotes).where(eq(quotes.id, made.id));
    const [rate] = await db()
      .select()
      .from(currencyRates)
      .where(eq(currencyRates.currencyCode, after?.currencyCode ?? ''));
    expect(after?.currencyCode).toBe('EUR');
    expect(after?.totalAmountMinor).toBeGreaterThan(0);
    expect(after?.unitsPerUsd).toBe(rate?.unitsPerUsd);
  });
});
