import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DealOptions } from '@bastion/domain/deal-options/api';
import { crmOpportunities } from '@bastion/db/schema/crm';
import { quoteHistory } from '@bastion/db/schema/quote-history';
import { quotes } from '@bastion/db/schema/quotes';
import { dataOfSuccess } from '../../test/answers.ts';
import {
  headerValues,
  insertOpportunity,
  insertPricedTestSkus,
  testSkuNames,
} from '../../test/quote-fixtures.ts';
import { SAME_OPTION_MESSAGE } from './compare-quote-options.ts';
import { postCallsAs, useTestBed } from '../../test/test-bed.ts';

/*
 * Issue 37 (decision 043): the quotes of one opportunity as options of its deal, and its primary
 * quote: the first quote made is primary, only the primary's amount reaches the CRM, and choosing
 * another moves it.
 */

const emea = { role: 'SALES_USER', assignment: 'REGION' as const, assignmentValue: ['EMEA'] };
const bed = useTestBed({
  seller: { roles: [emea] },
  apj: { roles: [{ ...emea, assignmentValue: ['APJ'] }] },
});
const calls = postCallsAs(bed, 'seller');
const sku = testSkuNames('DO');
beforeAll(() => insertPricedTestSkus(bed.ctx.db, sku, ['FW', 'SUB']));

interface CompareAnswer {
  from: { label: string; snapshot: { lines: unknown[] } };
  to: { label: string; snapshot: { lines: unknown[] } };
  comparison: {
    lines: { sku: string; change: string; changed: string[] }[];
    totals: { net_delta_minor: number | null };
  };
}

async function twoQuotesOnOneOpportunity() {
  const opportunityId = await insertOpportunity(bed.ctx.db, { region: 'EMEA' });
  const make = async (name: string) =>
    dataOfSuccess<{ id: string; quote_number: string }>(
      await calls.post('/api/dx/create-quote', {
        opportunity_id: opportunityId,
        values: headerValues({ quote_name: name }),
      }),
    );
  const good = await make('Firewalls, good');
  const better = await make('Firewalls, better');
  return { opportunityId, good, better };
}

const opportunityOf = async (id: string) => {
  const [row] = await bed.ctx.db.select().from(crmOpportunities).where(eq(crmOpportunities.id, id));
  return row;
};

describe('deal options and the primary quote', () => {
  it('makes the first quote primary, names options, and moves the primary with the CRM amount', async () => {
    const { opportunityId, good, better } = await twoQuotesOnOneOpportunity();
    // Only the primary told the CRM of itself.
    expect((await opportunityOf(opportunityId))?.quoteNumber).toBe(good.quote_number);

    const listed = await calls.dataOf<DealOptions>('/api/dx/quote-options', {
      quote_id: better.id,
    });
    expect(listed).toMatchObject({ opportunity_id: opportunityId, can_change: true });
    expect(listed.quotes.map((q) => [q.quote_number, q.is_primary, q.option_label])).toEqual([
      [good.quote_number, true, null],
      [better.quote_number, false, null],
    ]);

    await calls.dataOf('/api/dx/set-quote-option', { quote_id: good.id, option_label: 'Good' });
    const named = await calls.dataOf<DealOptions>('/api/dx/set-quote-option', {
      quote_id: better.id,
      option_label: ' Better ',
    });
    expect(named.quotes.map((q) => q.option_label)).toEqual(['Good', 'Better']);

    // A quote under work set aside for a bigger one: the deal's amount follows the primary.
    await bed.ctx.db
      .update(quotes)
      .set({ totalAmountMinor: 12_345 })
      .where(eq(quotes.id, better.id));
    const moved = await calls.dataOf<DealOptions>('/api/dx/make-quote-primary', {
      quote_id: better.id,
    });
    expect(moved.quotes.map((q) => q.is_primary)).toEqual([false, true]);
    expect(await opportunityOf(opportunityId)).toMatchObject({
      quoteNumber: better.quote_number,
      quoteAmountMinor: 12_345,
    });
    const events = await bed.ctx.db
      .select()
      .from(quoteHistory)
      .where(eq(quoteHistory.action, 'primary_changed'));
    expect(
      events
        .filter((e) => e.quoteId === good.id || e.quoteId === better.id)
        .map((e) => [e.quoteId === better.id ? 'better' : 'good', e.changes]),
    ).toEqual(
      expect.arrayContaining([
        ['better', [{ field: 'is_primary', before: false, after: true }]],
        ['good', [{ field: 'is_primary', before: true, after: false }]],
      ]),
    );
    // Naming and choosing change nothing a quote says: no new version.
    const [row] = await bed.ctx.db.select().from(quotes).where(eq(quotes.id, better.id));
    expect(row?.version).toBe(1);
  });

  it('refuses a bad name, another region’s quote, and a deal already won, changing nothing', async () => {
    const { good, better } = await twoQuotesOnOneOpportunity();
    const tooLong = await calls.post('/api/dx/set-quote-option', {
      quote_id: good.id,
      option_label: 'x'.repeat(41),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<{ message: string }>().message).toContain(
      'An option’s name is at most 40 characters.',
    );
    const unseen = await calls.post('/api/dx/make-quote-primary', { quote_id: better.id }, 'apj');
    expect(unseen.statusCode).toBe(404);
    await bed.ctx.db.update(quotes).set({ statusId: 'ARCHIVED' }).where(eq(quotes.id, better.id));
    const archived = await calls.post('/api/dx/make-quote-primary', { quote_id: better.id });
    expect(archived.statusCode).toBe(409);
    expect(archived.json<{ message: string }>().message).toBe(
      'An archived quote cannot be the primary quote: unarchive it first.',
    );
    await bed.ctx.db.update(quotes).set({ statusId: 'INCOMPLETE' }).where(eq(quotes.id, better.id));

    await bed.ctx.db.update(quotes).set({ statusId: 'COMPLETED' }).where(eq(quotes.id, good.id));
    const won = await calls.post('/api/dx/make-quote-primary', { quote_id: better.id });
    expect(won.statusCode).toBe(409);
    expect(won.json<{ message: string }>().message).toBe(
      `${good.quote_number} won this deal: it stays the primary quote, and the options are kept as they were.`,
    );
    const [row] = await bed.ctx.db.select().from(quotes).where(eq(quotes.id, better.id));
    expect(row?.isPrimary).toBe(false);
  });

  it('compares two options side by side, and refuses what is not an option of the deal', async () => {
    const { good, better } = await twoQuotesOnOneOpportunity();
    await calls.dataOf('/api/dx/set-quote-option', { quote_id: better.id, option_label: 'Better' });
    const configure = (id: string, lines: { sku: string; quantities: number[] }[]) =>
      calls.dataOf('/api/dx/save-quote-configuration', {
        id,
        version: 1,
        advance: false,
        lines: lines.map((l, i) => ({ key: String(i), ...l })),
      });
    await configure(good.id, [{ sku: sku('FW'), quantities: [1] }]);
    await configure(better.id, [
      { sku: sku('FW'), quantities: [2] },
      { sku: sku('SUB'), quantities: [3] },
    ]);

    const compared = await calls.dataOf<CompareAnswer>('/api/dx/compare-quote-options', {
      quote_id: good.id,
      other_quote_id: better.id,
    });
    expect([compared.from.label, compared.to.label]).toEqual([
      good.quote_number,
      `Better (${better.quote_number})`,
    ]);
    expect(compared.comparison.lines.map((l) => [l.sku, l.change, l.changed])).toEqual([
      [sku('FW'), 'changed', ['quantity', 'net']],
      [sku('SUB'), 'added', []],
    ]);
    expect(compared.comparison.totals.net_delta_minor).toBe(40_000);
    expect(compared.to.snapshot.lines).toHaveLength(2);

    const same = await calls.post('/api/dx/compare-quote-options', {
      quote_id: good.id,
      other_quote_id: good.id,
    });
    expect(same.statusCode).toBe(400);
    expect(same.json<{ message: string }>().message).toBe(SAME_OPTION_MESSAGE);
    const elsewhere = dataOfSuccess<{ id: string; quote_number: string }>(
      await calls.post('/api/dx/create-quote', {
        opportunity_id: await insertOpportunity(bed.ctx.db, { region: 'EMEA' }),
        values: headerValues(),
      }),
    );
    const apart = await calls.post('/api/dx/compare-quote-options', {
      quote_id: good.id,
      other_quote_id: elsewhere.id,
    });
    expect(apart.statusCode).toBe(400);
    expect(apart.json<{ message: string }>().message).toBe(
      `${elsewhere.quote_number} is not an option of this deal: only quotes of one opportunity compare as options.`,
    );
    const unseen = await calls.post(
      '/api/dx/compare-quote-options',
      { quote_id: good.id, other_quote_id: better.id },
      'apj',
    );
    expect(unseen.statusCode).toBe(404);
  });
});
