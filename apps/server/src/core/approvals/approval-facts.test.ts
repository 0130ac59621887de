import { beforeAll, describe, expect, it } from 'vitest';
import { quoteLines } from '@bastion/db/schema/quotes';
import {
  headerValues,
  insertOpportunity,
  insertPricedTestSkus,
  unique,
} from '../../test/quote-fixtures.ts';
import { postCalls, useTestBed } from '../../test/test-bed.ts';
import { loadApprovalFacts } from './approval-facts.repository.ts';

const bed = useTestBed({ desk: 'DEAL_DESK' });
const calls = postCalls(bed, 'desk', '/api/dx/');

const run = unique();
const skuOf = (code: string) => `AF-${code}-${run}`;

beforeAll(async () => {
  await insertPricedTestSkus(bed.ctx.db, skuOf, ['SUB', 'FW']);
});

async function quoteWithLines(lines: Partial<typeof quoteLines.$inferInsert>[]) {
  const opportunityId = await insertOpportunity(bed.ctx.db, { region: 'EMEA' });
  const quote = await calls.dataOf<{ id: string }>('create-quote', {
    opportunity_id: opportunityId,
    values: headerValues(),
  });
  if (lines.length > 0) {
    await bed.ctx.db.insert(quoteLines).values(
      lines.map((line, index) => ({
        quoteId: quote.id,
        position: index + 1,
        sku: skuOf('SUB'),
        y1: 1,
        ...line,
      })),
    );
  }
  return quote.id;
}

describe('approval facts: the smallest renewal uplift', () => {
  it('is the lowest uplift of the contract-priced lines', async () => {
    const quoteId = await quoteWithLines([
      { priorUnitNetMinor: 8000, upliftPercent: '3' },
      { priorUnitNetMinor: 9000, upliftPercent: '-2.5' },
      // A line without a contract price has no uplift, however deep its discount.
      { sku: skuOf('FW'), manualDiscountPercent: '40' },
    ]);
    const loaded = await loadApprovalFacts(bed.ctx.db, quoteId);
    expect(loaded.pricingErrors).toEqual([]);
    expect(loaded.facts.min_renewal_uplift_percent).toBe(-2.5);
  });

  it('counts a contract line without an uplift as 0 %', async () => {
    const quoteId = await quoteWithLines([
      { priorUnitNetMinor: 8000, upliftPercent: '7' },
      { priorUnitNetMinor: 8000, upliftPercent: null },
    ]);
    expect((await loadApprovalFacts(bed.ctx.db, quoteId)).facts.min_renewal_uplift_percent).toBe(0);
  });

  it('is absent when the quote renews nothing', async () => {
    const quoteId = await quoteWithLines([{ sku: skuOf('FW') }]);
    const { facts } = await loadApprovalFacts(bed.ctx.db, quoteId);
    expect(facts.net_total_usd).toBeGreaterThan(0);
    expect('min_renewal_uplift_percent' in facts).toBe(false);
  });
});

describe('approval facts: the discount beyond standard pricing (issue 35)', () => {
  it.each([
    // [case, lines, expected %]: two lines of 100.00 each, DIRECT, 12 months (no standard discount).
    ['no seller discount', [{}, {}], 0],
    ['one line at 20 %: 20.00 of 200.00', [{ manualDiscountPercent: '20' }, {}], 10],
    [
      'both lines: 10.00 and 30.00 of 200.00',
      [{ manualDiscountPercent: '10' }, { manualDiscountPercent: '30' }],
      20,
    ],
  ] as const)('is %s', async (_case, lines, expected) => {
    const id = await quoteWithLines(lines.map((line) => ({ ...line })));
    const { facts } = await loadApprovalFacts(bed.ctx.db, id);
    expect(facts.discount_beyond_standard_percent).toBe(expected);
  });
});
