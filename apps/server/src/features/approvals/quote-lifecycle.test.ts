import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { quoteApprovals } from '@bastion/db/schema/approvals';
import { crmOpportunities, crmOpportunityLineItems } from '@bastion/db/schema/crm';
import { quoteHistory } from '@bastion/db/schema/quote-history';
import { quoteLines, quotes } from '@bastion/db/schema/quotes';
import { quoteTerms } from '@bastion/db/schema/terms';
import { settleProductWrites } from '../../core/crm-products/products-due.ts';
import { writeQuoteAtVersion } from '../../core/quotes/quote-writes.repository.ts';
import { useApprovalBed, LIFECYCLE } from './approvals.test-harness.ts';

const { bed, calls } = useApprovalBed();

const quoteRow = async (id: string) => {
  const [row] = await bed.ctx.db.select().from(quotes).where(eq(quotes.id, id));
  if (!row) throw new Error('no quote');
  return row;
};

const submissionsOf = (id: string) =>
  bed.ctx.db
    .select()
    .from(quoteApprovals)
    .where(eq(quoteApprovals.quoteId, id))
    .orderBy(quoteApprovals.submissionNumber);

/** A quote approved at once (no rule matches a line without discount). */
async function approvedQuote() {
  const { state, ...quote } = await calls.submitted('0');
  expect(state.quote.status_id).toBe('APPROVED');
  return { ...quote, version: state.quote.version };
}

describe('the quote lifecycle', () => {
  it('accepts an approved quote, completes it into the CRM as Closed Won, and refuses edits since', async () => {
    const quote = await approvedQuote();
    const wrongStep = await calls.refusedMove('complete', quote.id, quote.version, 409, 'desk');
    expect(wrongStep.message).toBe('Only an accepted quote can be completed.');
    const accepted = await calls.move('accept', quote.id, quote.version);
    expect(accepted).toMatchObject({ status_id: 'ACCEPTED', status_label: 'Accepted' });
    expect((await quoteRow(quote.id)).acceptedAt).not.toBeNull();

    // Accepted: the products and the terms no longer change.
    const edit = await calls.post('/api/dx/save-quote-configuration', {
      id: quote.id,
      version: accepted.version,
      advance: false,
      lines: [],
    });
    expect(edit.statusCode).toBe(409);

    const sellerComplete = await calls.refusedMove('complete', quote.id, accepted.version, 403);
    expect(sellerComplete.message).toBe('Only the deal desk completes quotes.');
    // Another option was the deal's primary quote meanwhile: the won quote takes it over.
    await bed.ctx.db.update(quotes).set({ isPrimary: false }).where(eq(quotes.id, quote.id));
    const completed = await calls.move('complete', quote.id, accepted.version, 'desk');
    expect(completed.status_id).toBe('COMPLETED');
    expect((await quoteRow(quote.id)).isPrimary).toBe(true);
    // …and its lines become the opportunity's products (decision 044).
    await settleProductWrites(bed.ctx.db);
    const products = await bed.ctx.db
      .select()
      .from(crmOpportunityLineItems)
      .where(eq(crmOpportunityLineItems.opportunityId, quote.opportunityId));
    expect(products.map((p) => p.bastionLineKey?.startsWith(`${quote.id}:`))).toEqual([true]);
    const [opportunity] = await bed.ctx.db
      .select()
      .from(crmOpportunities)
      .where(eq(crmOpportunities.id, quote.opportunityId));
    expect(opportunity).toMatchObject({
      quoteStatus: 'COMPLETED',
      stage: 'Closed Won',
      quoteNumber: (await quoteRow(quote.id)).quoteNumber,
    });
  });

  it('revises an approved, rejected or budgetary quote back to INCOMPLETE, clearing its approval', async () => {
    const quote = await approvedQuote();
    const revised = await calls.move('revise', quote.id, quote.version);
    expect(revised.status_id).toBe('INCOMPLETE');
    expect(revised.target_path).toMatch(/^\/cpq\/configure-quote\//);
    const [submission] = await submissionsOf(quote.id);
    expect(submission).toMatchObject({
      state: 'VOIDED',
      outcomeReason: 'Revised by Test User: approvals cleared.',
    });
    const refused = await calls.refusedMove('revise', quote.id, revised.version, 409);
    expect(refused.message).toBe('Only a rejected, budgetary or approved quote is revised.');
    const notYours = await calls.refusedMove('revise', quote.id, revised.version, 403, 'finEmea');
    expect(notYours.message).toBe("Only the quote's owner or the deal desk can revise it.");
  });

  it('refuses moves that do not fit the quote’s status', async () => {
    const quote = await calls.quoteAtTerms('10');
    const refusal = (action: string) => calls.refusedMove(action, quote.id, quote.version, 409);
    expect((await refusal('accept')).message).toBe('Only an approved quote can be accepted.');
    expect((await refusal('unarchive')).message).toBe('Only an archived quote can be unarchived.');
    expect((await refusal('revise')).message).toBe(
      'Only a rejected, budgetary or approved quote is revised.',
    );
    const recall = await calls.refusalOf(
      '/api/dx/quote/approval',
      { action: 'recall', quote_id: quote.id, version: quote.version },
      409,
    );
    expect(recall.message).toBe('Only a quote waiting for approval can be recalled.');
  });

  it('archives and unarchives, a pending quote going back to its terms', async () => {
    const { id, state } = await calls.submitted('10');
    const archived = await calls.move('archive', id, state.quote.version);
    expect(archived).toMatchObject({ status_id: 'ARCHIVED', pre_archive_status_id: 'TNC' });
    const [submission] = await submissionsOf(id);
    expect(submission).toMatchObject({ state: 'VOIDED', outcomeReason: 'Archived by Test User.' });
    expect((await calls.refusedMove('archive', id, archived.version, 409)).message).toBe(
      'This quote is already archived.',
    );
    const back = await calls.move('unarchive', id, archived.version);
    expect(back).toMatchObject({ status_id: 'TNC', pre_archive_status_id: null });
  });

  it('locks a quote so that only the locker changes it; the locker or another lock-capable user unlocks it', async () => {
    const quote = await calls.quoteAtTerms('10');
    const sellerLock = await calls.refusedMove('lock', quote.id, quote.version, 403);
    expect(sellerLock.message).toBe('You may not lock quotes.');
    const locked = await calls.move('lock', quote.id, quote.version, 'desk');
    expect(locked.lock).toMatchObject({ user: { id: bed.users.desk.id }, is_mine: true });

    // Others see its pages read-only, the locker does not…
    const readOnly = async (who: 'seller' | 'desk') =>
      Promise.all(
        ['/api/dx/quote-configuration', '/api/dx/quote-shipping', '/api/dx/quote-terms/get'].map(
          async (url) => {
            const response = await calls.post(url, { id: quote.id }, who);
            expect(response.statusCode, response.body).toBe(200);
            return response.json<{ data: { is_read_only: boolean } }>().data.is_read_only;
          },
        ),
      );
    expect(await readOnly('seller')).toEqual([true, true, true]);
    expect(await readOnly('desk')).toEqual([false, false, false]);
    const configuration = await calls.post('/api/dx/quote-configuration', { id: quote.id });
    expect(configuration.json<{ data: { read_only_reason: string } }>().data.read_only_reason).toBe(
      'This quote is locked by another user: only they can change it until it is unlocked.',
    );
    const terms = await calls.post('/api/dx/quote-terms/get', { id: quote.id });
    expect(terms.json<{ data: { read_only_reason: string } }>().data.read_only_reason).toBe(
      'This quote is locked by another user: only they can change it until it is unlocked.',
    );

    // …and are refused any change, through every feature's writer.
    const edit = await calls.post('/api/dx/save-quote-configuration', {
      id: quote.id,
      version: locked.version,
      advance: false,
      lines: [{ key: 'l1', sku: bed.sku, quantities: [2], manual_discount_percent: '10' }],
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json<{ message: string }>().message).toBe(
      'This quote is locked by Test User: only they can change it until it is unlocked.',
    );
    const submit = await calls.refusalOf(
      '/api/dx/quote/approval',
      { action: 'submit', quote_id: quote.id, version: locked.version },
      409,
    );
    expect(submit.message).toMatch(/^This quote is locked by/);
    expect((await calls.stateOf(quote.id)).can).toMatchObject({ submit: false, unlock: false });
    const sellerUnlock = await calls.refusedMove('unlock', quote.id, locked.version, 403);
    expect(sellerUnlock.message).toMatch(
      /^Only Test User, who locked it, or a user who may lock quotes/,
    );

    // The locker may.
    const own = await calls.post(
      '/api/dx/save-quote-configuration',
      {
        id: quote.id,
        version: locked.version,
        advance: false,
        lines: [{ key: 'l1', sku: bed.sku, quantities: [2], manual_discount_percent: '10' }],
      },
      'desk',
    );
    expect(own.statusCode, own.body).toBe(200);
    const version = own.json<{ data: { quote: { version: number } } }>().data.quote.version;

    const unlocked = await calls.move('unlock', quote.id, version, 'root');
    expect(unlocked.lock).toBeNull();
    expect(
      (await calls.refusedMove('unlock', quote.id, unlocked.version, 409, 'desk')).message,
    ).toBe('This quote is not locked.');
  });

  it('copies a quote with its products and terms, never its approvals', async () => {
    const quote = await approvedQuote();
    const copy = await calls.lifecycle({ action: 'copy', quote_id: quote.id });
    expect(copy).toMatchObject({
      status_id: 'INCOMPLETE',
      copied_from_quote_id: quote.id,
      version: 1,
    });
    expect(copy.id).not.toBe(quote.id);
    const row = await quoteRow(copy.id);
    expect(row).toMatchObject({
      quoteName: expect.stringMatching(/^Copy of Approvals /) as string,
      ownerUserId: bed.users.seller.id,
    });
    const lines = await bed.ctx.db.select().from(quoteLines).where(eq(quoteLines.quoteId, copy.id));
    expect(lines.map((l) => [l.sku, l.y1])).toEqual([[bed.sku, 1]]);
    const terms = await bed.ctx.db.select().from(quoteTerms).where(eq(quoteTerms.quoteId, copy.id));
    expect(terms.length).toBeGreaterThan(0);
    expect(await submissionsOf(copy.id)).toEqual([]);
    const state = await calls.stateOf(copy.id);
    expect(state).toMatchObject({
      current: null,
      trail: [],
      quote: { copied_from: { id: quote.id } },
    });
    const [created] = await bed.ctx.db
      .select()
      .from(quoteHistory)
      .where(eq(quoteHistory.quoteId, copy.id));
    expect(created?.changes).toContainEqual({
      field: 'copied_from',
      before: null,
      after: (await quoteRow(quote.id)).quoteNumber,
    });

    expect(
      (await calls.refusalOf(LIFECYCLE, { action: 'copy', quote_id: quote.id }, 403, 'finEmea'))
        .message,
    ).toBe('You may not copy quotes.');
    await calls.refusalOf(LIFECYCLE, { action: 'copy', quote_id: quote.id }, 404, 'outsider');
  });
});

describe('changing a submitted or decided quote', () => {
  it('submits a pending quote again when its products change: the old submission is replaced', async () => {
    const { id, state } = await calls.submitted('10');
    const changed = await calls.saveLines(id, state.quote.version, '15');
    expect(changed.quote.status_id).toBe('PENDING_APPROVAL');
    const [first, second] = await submissionsOf(id);
    expect(first).toMatchObject({ state: 'VOIDED' });
    expect(first?.outcomeReason).toMatch(
      /^Replaced by submission 2: the quote changed \(products saved, by Test User\); /,
    );
    expect(second).toMatchObject({ state: 'PENDING', submittedBy: bed.users.seller.id });
    // The approver's decision on the replaced submission finds nothing to decide.
    const late = await calls.decide(
      id,
      calls.pendingStep(state, bed.groups.desk).id,
      'deskApprover',
    );
    expect(late.statusCode).toBe(409);
    const after = await calls.stateOf(id);
    expect(calls.pendingStep(after, bed.groups.desk).id).not.toBe(
      calls.pendingStep(state, bed.groups.desk).id,
    );
  });

  it('voids a budgetary quote when its products change, and sends it back to configuration', async () => {
    const quote = await calls.quoteAtTerms('10');
    const budgetary = await calls.approval({
      action: 'submit',
      quote_id: quote.id,
      version: quote.version,
      budgetary: true,
    });
    expect(budgetary.quote.status_id).toBe('BUDGETARY');
    const changed = await calls.saveLines(quote.id, budgetary.quote.version, '15');
    expect(changed.quote.status_id).toBe('INCOMPLETE');
    const [submission] = await submissionsOf(quote.id);
    expect(submission?.outcomeReason).toMatch(
      /^Voided: the quote changed after it was submitted \(products saved, by Test User\)\.$/,
    );
    const [history] = await bed.ctx.db
      .select()
      .from(quoteHistory)
      .where(eq(quoteHistory.quoteId, quote.id))
      .orderBy(quoteHistory.id)
      .then((rows) => rows.slice(-1));
    expect(history?.changes).toEqual(
      expect.arrayContaining([
        { field: 'approval submission 1', before: 'approved', after: 'voided' },
        { field: 'status_id', before: 'BUDGETARY', after: 'INCOMPLETE' },
      ]),
    );
  });

  it('keeps an approval through a save that changes nothing an approver judged', async () => {
    const quote = await approvedQuote();
    const same = await calls.saveLines(quote.id, quote.version, '0');
    expect(same.quote.status_id).toBe('APPROVED');
    const [submission] = await submissionsOf(quote.id);
    expect(submission?.state).toBe('APPROVED');
  });

  it('submits an approved quote again when its terms change, keeping it approved when no rule asks', async () => {
    const quote = await approvedQuote();
    const saved = await calls.saveProposedTerms(quote.id, 'seller', [
      { custom_title: 'Special', custom_text: 'A clause of our own.' },
    ]);
    expect(saved.quote.status_id).toBe('APPROVED');
    const [first, second] = await submissionsOf(quote.id);
    expect(first).toMatchObject({ state: 'VOIDED' });
    expect(first?.outcomeReason).toMatch(/terms saved/);
    expect(second).toMatchObject({ state: 'APPROVED', outcomeReason: 'No approval rule matched.' });
  });

  it('refuses changes to a completed quote in the writer itself', async () => {
    const quote = await approvedQuote();
    await bed.ctx.db.update(quotes).set({ statusId: 'COMPLETED' }).where(eq(quotes.id, quote.id));
    await expect(
      writeQuoteAtVersion(
        bed.ctx.db,
        {
          quoteId: quote.id,
          expectedVersion: quote.version,
          set: { quoteName: 'Renamed' },
          changes: [],
          action: 'updated',
          actorUserId: bed.users.desk.id,
        },
        new Date(),
      ),
    ).rejects.toThrow('This quote is completed (booked in the CRM); it can no longer change.');
    expect((await quoteRow(quote.id)).quoteName).not.toBe('Renamed');
  });
});
