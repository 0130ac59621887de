import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { quoteLines, quotes } from '@bastion/db/schema/quotes';
import { insertContract } from '../../test/contract-fixtures.ts';
import { createTestQuote, insertPricedTestSkus, testSkuNames } from '../../test/quote-fixtures.ts';
import { saveNoShipping, saveProposedTerms, type QuoteState } from '../../test/quote-steps.ts';
import { postCalls, useTestBed } from '../../test/test-bed.ts';

/*
 * Issue 18: the summary of a renewal, co-term or true-up quote says what it renews and drops,
 * and its contract-priced, prorated lines carry what the page needs to explain them.
 */

const { ctx, cookies } = useTestBed({ desk: 'DEAL_DESK' });
const { dataOf } = postCalls({ ctx, cookies }, 'desk');
const sku = testSkuNames('QR');

beforeAll(() => insertPricedTestSkus(ctx.db, sku, ['SUB']));

interface Summary {
  renewal: {
    kind: string;
    contract_numbers: string[];
    term_start: string;
    term_end: string;
    drops: { sku: string; quantity: number; reason: string }[];
  } | null;
  pricing: {
    ok: boolean;
    result?: { lines: { sku: string; contract_price: unknown; proration: unknown }[] };
  } | null;
}

/** A subscription quote moved on to its terms and saved there: the summary is reached. */
async function quoteAtSummary() {
  const id = await createTestQuote(ctx, cookies.desk, { quote_type: 'STANDARD' });
  const configured = await dataOf<QuoteState>('/api/dx/save-quote-configuration', {
    id,
    version: 1,
    advance: true,
    lines: [{ key: '0', sku: sku('SUB'), quantities: [3] }],
  });
  await saveNoShipping(dataOf, id, configured.quote.version);
  await saveProposedTerms(dataOf, id);
  return id;
}

describe('the summary of a renewal quote', () => {
  it('names the contract, the term and the dropped lines, and explains its lines', async () => {
    const id = await quoteAtSummary();
    const contract = await insertContract(ctx.db, { region: 'EMEA', end: '2027-12-31' });
    await ctx.db
      .update(quotes)
      .set({
        renewal: {
          kind: 'RENEWAL',
          contract_ids: [contract.id],
          term_start: '2028-01-01',
          term_end: '2028-12-31',
          default_uplift_percent: '5',
          drops: [
            {
              entitlement_id: '00000000-0000-4000-8000-000000000000',
              sku: 'OLD-SKU',
              quantity: 4,
              reason: 'Moved to the cloud service',
            },
          ],
        },
      })
      .where(eq(quotes.id, id));
    await ctx.db
      .update(quoteLines)
      .set({
        priorUnitNetMinor: 9_000,
        upliftPercent: '5',
        periodStart: '2027-10-01',
        periodEnd: '2027-12-31',
      })
      .where(and(eq(quoteLines.quoteId, id), eq(quoteLines.sku, sku('SUB'))));

    const summary = await dataOf<Summary>('/api/dx/quote-summary', { id });
    expect(summary.renewal).toEqual({
      kind: 'RENEWAL',
      contract_numbers: [contract.contractNumber],
      term_start: '2028-01-01',
      term_end: '2028-12-31',
      drops: [{ sku: 'OLD-SKU', quantity: 4, reason: 'Moved to the cloud service' }],
    });
    const line = summary.pricing?.result?.lines.find((l) => l.sku === sku('SUB'));
    expect(line?.contract_price).toEqual({
      prior_unit_net_minor: 9_000,
      uplift_bp: 500,
      renewal_unit_minor: 9_450,
      current_unit_list_minor: 10_000,
    });
    // 3 units at €94.50 a year for 92 of 365 days.
    expect(line?.proration).toEqual({
      segments: [
        {
          start: '2027-10-01',
          end: '2027-12-31',
          full_term_minor: 28_350,
          days_used: 92,
          days_in_term: 365,
          factor: '0.252055',
          amount_minor: 7_146,
        },
      ],
      amount_minor: 7_146,
    });
  });

  it('is null on any other quote, and its lines have nothing to explain', async () => {
    const id = await quoteAtSummary();
    const summary = await dataOf<Summary>('/api/dx/quote-summary', { id });
    expect(summary.renewal).toBeNull();
    expect(summary.pricing?.result?.lines[0]).toMatchObject({
      contract_price: null,
      proration: null,
    });
  });
});
