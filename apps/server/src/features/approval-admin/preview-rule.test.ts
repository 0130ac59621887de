import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { quoteApprovalSteps, quoteApprovals } from '@bastion/db/schema/approvals';
import { headerValues, insertOpportunity } from '../../test/quote-fixtures.ts';
import { useApprovalAdminBed, NEVER } from './approval-admin.test-harness.ts';

const { bed, calls } = useApprovalAdminBed();

interface Preview {
  quote: { id: string; quote_number: string; region: string };
  matched: boolean;
  explanations: { fact: string; condition: string; actual: string; matched: boolean }[];
  facts: Record<string, unknown>;
  pricing_problems: string[];
}

/** A new quote (no lines yet) on an opportunity of its own, made by the deal desk. */
async function newQuote(options: { region: string; partner?: boolean }) {
  const opportunityId = await insertOpportunity(bed.ctx.db, options);
  const response = await bed.ctx.app.inject({
    method: 'POST',
    url: '/api/dx/create-quote',
    payload: { opportunity_id: opportunityId, values: headerValues() },
    headers: { cookie: bed.cookies.desk },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { id: string; quote_number: string } }>().data;
}

const predicate = (fact: string, op: string, value: unknown = null) => ({
  kind: 'predicate',
  fact,
  op,
  value,
});

describe('testing a rule against a quote', () => {
  it('explains each condition with the quote’s value, nested groups included', async () => {
    const quote = await newQuote({ region: 'EMEA' });
    const preview = await calls.dataOf<Preview>('preview-rule', {
      // An unsaved tree: quote type is STANDARD and (region is APJ or net total above 1e15).
      predicate: {
        kind: 'group',
        combinator: 'AND',
        children: [
          predicate('quote_type', 'eq', 'STANDARD'),
          {
            kind: 'group',
            combinator: 'OR',
            children: [predicate('region', 'in', ['APJ']), NEVER],
          },
        ],
      },
      // As typed, in lower case.
      quote_number: quote.quote_number.toLowerCase(),
    });
    expect(preview.quote).toMatchObject({
      id: quote.id,
      quote_number: quote.quote_number,
      region: 'EMEA',
    });
    expect(preview.matched).toBe(false);
    expect(preview.explanations).toEqual([
      {
        fact: 'quote_type',
        condition: 'Quote type is STANDARD',
        actual: 'STANDARD',
        sentence: 'Quote type is STANDARD.',
        matched: true,
      },
      {
        fact: 'region',
        condition: 'Region is one of APJ',
        actual: 'EMEA',
        sentence: 'Region is EMEA, not one of APJ.',
        matched: false,
      },
      {
        fact: 'net_total_usd',
        condition: 'Net total (USD) is more than 1,000,000,000,000,000 USD',
        actual: '0 USD',
        sentence: 'Net total (USD) is 0 USD, not more than 1,000,000,000,000,000 USD.',
        matched: false,
      },
    ]);
    expect(preview.facts).toMatchObject({ quote_type: 'STANDARD', region: 'EMEA' });

    const emea = await calls.dataOf<Preview>('preview-rule', {
      predicate: predicate('region', 'in', ['EMEA', 'APJ']),
      quote_number: quote.quote_number,
    });
    expect(emea.matched).toBe(true);
  });

  it('sees a partner exception made here', async () => {
    const quote = await newQuote({ region: 'North America', partner: true });
    const preview = async () =>
      calls.dataOf<Preview>('preview-rule', {
        predicate: predicate('has_partner_exception', 'is_true'),
        quote_number: quote.quote_number,
      });
    expect((await preview()).explanations[0]?.actual).toBe('no');

    const quoteRow = await bed.ctx.app.inject({
      method: 'POST',
      url: '/api/dx/get-quote',
      payload: { id: quote.id },
      headers: { cookie: bed.cookies.desk },
    });
    const details = quoteRow.json<{
      data: { details: { opportunity?: { partner_account_id?: string } } };
    }>().data.details;
    const partnerAccountId = details.opportunity?.partner_account_id ?? '';
    expect(partnerAccountId).toMatch(/^001P/);
    const exception = await calls.dataOf<{ id: string; version: number }>(
      'partner-exceptions/save',
      {
        partner_account_id: partnerAccountId,
        extra_discount_percent: 3,
        valid_from: '2000-01-01',
        valid_to: '2999-12-31',
        reason: 'Preview test',
      },
    );
    const after = await preview();
    expect(after.matched).toBe(true);
    expect(after.explanations[0]).toMatchObject({
      condition: 'Partner exception is yes',
      actual: 'yes',
      matched: true,
    });
    await calls.dataOf('partner-exceptions/delete', { id: exception.id, version: 1 });
  });

  it('says so when there is no such quote, or the condition is not readable', async () => {
    const missing = await calls.refusalOf(
      'preview-rule',
      { predicate: NEVER, quote_number: 'Q-1999-999999' },
      404,
    );
    expect(missing.errors).toEqual([
      { path: 'quote_number', message: 'There is no quote Q-1999-999999.' },
    ]);
    const unreadable = await calls.refusalOf(
      'preview-rule',
      {
        predicate: { kind: 'group', combinator: 'AND', children: [predicate('regoin', 'eq', 'X')] },
        quote_number: 'Q-1999-999999',
      },
      400,
    );
    expect(unreadable.errors).toEqual([
      {
        path: 'predicate',
        message: "Condition › condition 1: 'regoin' is not a quote fact approval rules know.",
      },
    ]);
    const noNumber = await calls.refusalOf(
      'preview-rule',
      { predicate: NEVER, quote_number: ' ' },
      400,
    );
    expect(noNumber.errors?.[0]?.message).toBe('Enter the quote number to test against.');
  });
});

describe('deleting a group an approval waits on', () => {
  it('is refused while a step of the group is still to decide, naming the quote', async () => {
    const quote = await newQuote({ region: 'EMEA' });
    const group = await calls.newGroup();
    const [submission] = await bed.ctx.db
      .insert(quoteApprovals)
      .values({
        quoteId: quote.id,
        submissionNumber: 1,
        state: 'PENDING',
        fingerprint: 'test',
        facts: {},
      })
      .returning();
    const [step] = await bed.ctx.db
      .insert(quoteApprovalSteps)
      .values({
        approvalId: submission!.id,
        quoteId: quote.id,
        stage: 1,
        stageName: 'Test',
        groupId: group.id,
        groupName: group.name,
        state: 'PENDING',
      })
      .returning();
    const refused = await calls.refusalOf('groups/delete', { id: group.id, version: 1 }, 409);
    expect(refused.message).toBe(
      `"${group.name}" still has approvals to decide on ${quote.quote_number}. Let its members decide them (or the quotes be recalled) first, or make the group inactive.`,
    );
    await bed.ctx.db
      .update(quoteApprovalSteps)
      .set({ state: 'APPROVED' })
      .where(eq(quoteApprovalSteps.id, step!.id));
    await calls.dataOf('groups/delete', { id: group.id, version: 1 });
  });
});
