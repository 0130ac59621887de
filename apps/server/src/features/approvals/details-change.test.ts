import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { quoteApprovals } from '@bastion/db/schema/approvals';
import { quoteHistory } from '@bastion/db/schema/quote-history';
import { headerValues, insertOpportunity, unique } from '../../test/quote-fixtures.ts';
import { useApprovalBed } from './approvals.test-harness.ts';

/** Issue 33: the header of a submitted quote changes, and its approval follows what changed. */
const { bed, calls } = useApprovalBed();

interface QuoteView {
  id: string;
  version: number;
  status_id: string;
  total_amount_minor: number;
  partner_type: string | null;
  details: { header?: Record<string, unknown> };
}

const quoteOf = (id: string) => calls.dataOf<QuoteView>('/api/dx/get-quote', { id });
const editDetails = (quote: QuoteView, changes: Record<string, unknown>, who = 'seller' as const) =>
  calls.post(
    '/api/dx/update-quote-details',
    { id: quote.id, version: quote.version, values: { ...quote.details.header, ...changes } },
    who,
  );

const lastEntryOf = async (id: string) => {
  const [entry] = await bed.ctx.db
    .select()
    .from(quoteHistory)
    .where(eq(quoteHistory.quoteId, id))
    .orderBy(desc(quoteHistory.id))
    .limit(1);
  return entry;
};

const submissionState = async (id: string) => {
  const [row] = await bed.ctx.db
    .select({ state: quoteApprovals.state })
    .from(quoteApprovals)
    .where(and(eq(quoteApprovals.quoteId, id)))
    .orderBy(desc(quoteApprovals.submissionNumber))
    .limit(1);
  return row?.state;
};

describe('POST /api/dx/update-quote-details on a submitted quote', () => {
  it('keeps the approval when what changed is not what the approvers judged, and records it', async () => {
    const { id } = await calls.submitted('10');
    const quote = await quoteOf(id);
    expect(quote.status_id).toBe('PENDING_APPROVAL');

    const response = await editDetails(quote, {
      contract_start_date: '2027-02-01',
      contract_end_date: '2028-01-31',
      sla: '8/5',
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json<{ data: QuoteView }>().data;
    expect(saved).toMatchObject({ status_id: 'PENDING_APPROVAL', version: quote.version + 1 });
    expect(saved.details.header).toMatchObject({ contract_start_date: '2027-02-01', sla: '8/5' });
    expect(await submissionState(id)).toBe('PENDING');

    const entry = await lastEntryOf(id);
    expect(entry?.action).toBe('details_changed');
    expect(entry?.changes).toEqual([
      { field: 'contract_end_date', before: '2027-12-31', after: '2028-01-31' },
      { field: 'contract_start_date', before: '2027-01-01', after: '2027-02-01' },
      { field: 'sla', before: '24/7', after: '8/5' },
    ]);
  });

  it('submits the quote again when the contract length changes', async () => {
    const { id } = await calls.submitted('10');
    const quote = await quoteOf(id);

    const saved = (await editDetails(quote, { contract_length: '24' })).json<{ data: QuoteView }>()
      .data;
    expect(saved.status_id).toBe('PENDING_APPROVAL');
    expect(await submissionState(id)).toBe('PENDING');
    const entry = await lastEntryOf(id);
    expect(entry?.changes).toEqual(
      expect.arrayContaining([
        { field: 'contract_length', before: '12', after: '24' },
        { field: 'approval submission 1', before: 'pending', after: 'replaced by submission 2' },
      ]),
    );
  });

  it('prices the lines again when the partner type changes, and stores the new total', async () => {
    const opportunityId = await insertOpportunity(bed.ctx.db, { region: 'EMEA', partner: true });
    const made = await calls.dataOf<{ id: string }>('/api/dx/create-quote', {
      opportunity_id: opportunityId,
      values: headerValues({ quote_name: `Partner ${unique()}`, partner_type: 'AUTHORIZED' }),
    });
    await calls.saveLines(made.id, 1, '0', 10);
    const before = await quoteOf(made.id);
    expect(before.partner_type).toBe('AUTHORIZED');

    const saved = (await editDetails(before, { partner_type: 'PREMIER' })).json<{
      data: QuoteView;
    }>().data;
    expect(saved.partner_type).toBe('PREMIER');
    // A premier partner buys for less than an authorized one (the demo partner discounts).
    expect(saved.total_amount_minor).toBeLessThan(before.total_amount_minor);
    const history = (await lastEntryOf(made.id))?.changes;
    // Saving the same lines on the configure page prices them to the same total.
    const resaved = await calls.saveLines(made.id, saved.version, '0', 10);
    expect((await quoteOf(resaved.quote.id)).total_amount_minor).toBe(saved.total_amount_minor);
    expect(history).toEqual([
      { field: 'partner_type', before: 'AUTHORIZED', after: 'PREMIER' },
      { field: 'total', before: before.total_amount_minor, after: saved.total_amount_minor },
    ]);
  });

  it('changes nothing, and says so, for a stale version or a bad value', async () => {
    const { id } = await calls.submitted('10');
    const quote = await quoteOf(id);

    const stale = await editDetails({ ...quote, version: quote.version - 1 }, { sla: '8/5' });
    expect(stale.statusCode).toBe(409);

    const badDates = await editDetails(quote, {
      contract_start_date: '2027-05-01',
      contract_end_date: '2027-04-01',
    });
    expect(badDates.statusCode).toBe(400);
    expect(badDates.json<{ errors: { path: string }[] }>().errors[0]?.path).toBe('contract_period');

    const renewal = await editDetails(quote, { deal_type: 'R' });
    expect(renewal.statusCode).toBe(400);
    expect(renewal.json<{ message: string }>().message).toBe(
      'A renewal or true-up is quoted from its contract on the renewals desk: choose another deal type for this quote.',
    );

    // The type, co-term and channel are the quote's, whatever is sent.
    const fixed = await editDetails(quote, { quote_type: 'ELA', sales_channel: 'T1', sla: '8/5' });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(
      fixed.json<{ data: QuoteView & { quote_type: string; sales_channel: string } }>().data,
    ).toMatchObject({ quote_type: 'STANDARD', sales_channel: 'DIRECT' });

    const after = await quoteOf(id);
    expect(after.version).toBe(quote.version + 1);
    expect(await submissionState(id)).toBe('PENDING');
  });

  it('is refused to a user who cannot see the quote', async () => {
    const { id } = await calls.submitted('10');
    const quote = await quoteOf(id);
    const response = await calls.post(
      '/api/dx/update-quote-details',
      { id, version: quote.version, values: quote.details.header },
      'outsider',
    );
    expect(response.statusCode).toBe(404);
  });
});
