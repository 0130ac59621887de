import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  approvalGroupMembers,
  quoteApprovalSteps,
  quoteApprovals,
} from '@bastion/db/schema/approvals';
import { quoteHistory } from '@bastion/db/schema/quote-history';
import { quoteLines, quotes } from '@bastion/db/schema/quotes';
import { useApprovalBed, type Who } from './approvals.test-harness.ts';
import { CHANGED_SINCE_SUBMISSION_MESSAGE } from './decide-approval-step.ts';

const { bed, calls } = useApprovalBed();

describe('submitting a quote for approval', () => {
  it('builds the chain from the rules and the default workflow, leaving out groups of other regions', async () => {
    const quote = await calls.quoteAtTerms('25');
    const preview = await calls.previewOf(quote.id);
    expect(preview).toMatchObject({
      kind: 'preview',
      region: 'EMEA',
      outcome: 'PENDING_APPROVAL',
      submit_blockers: [],
    });
    expect(preview.facts).toMatchObject({ max_line_discount_percent: 25, quote_type: 'STANDARD' });
    const rule = preview.matched_rules.find((r) => r.rule_name.startsWith('Discount above 5 %'));
    expect(rule?.reasons).toEqual([
      {
        fact: 'max_line_discount_percent',
        condition: 'Largest effective discount is more than 5 %',
        actual: '25 %',
        sentence: 'Largest effective discount is 25 %, more than 5 %.',
        matched: true,
      },
    ]);
    expect(rule?.groups.find((g) => g.group_id === bed.groups.apj)).toMatchObject({
      applies: false,
    });
    expect(preview.stages.map((s) => [s.name, s.steps.map((step) => step.group_name)])).toEqual([
      ['Desk review', [bed.groupNames.desk]],
      ['Finance and legal', [bed.groupNames.finance, bed.groupNames.legal]],
    ]);
    const financeApprovers = preview.stages[1]?.steps[0]?.approvers.map((a) => a.id) ?? [];
    expect(financeApprovers).toEqual(
      expect.arrayContaining([bed.users.finEmea.id, bed.users.finEmea2.id]),
    );
    expect(financeApprovers).not.toContain(bed.users.finApj.id);

    const state = await calls.approval({
      action: 'submit',
      quote_id: quote.id,
      version: quote.version,
    });
    expect(state.quote.status_id).toBe('PENDING_APPROVAL');
    expect(state.current).toMatchObject({ number: 1, state: 'PENDING', is_budgetary: false });
    expect(
      state.current?.stages.map((s) => [s.name, s.state, s.steps.map((x) => x.state)]),
    ).toEqual([
      ['Desk review', 'pending', ['pending']],
      ['Finance and legal', 'awaited', ['awaited', 'awaited']],
    ]);
    expect(state.can).toMatchObject({ submit: false, recall: true, revise: false });
    expect(state.edits_void_approval).toBe(true);
    const [history] = await bed.ctx.db
      .select()
      .from(quoteHistory)
      .where(eq(quoteHistory.quoteId, quote.id))
      .orderBy(quoteHistory.id)
      .then((rows) => rows.slice(-1));
    expect(history).toMatchObject({
      action: 'approval_submitted',
      changes: [{ field: 'status_id', before: 'TNC', after: 'PENDING_APPROVAL' }],
    });
  });

  it('approves at once, with the reason, when no rule matches; budgetary needs no approval', async () => {
    const { state: approved } = await calls.submitted('0');
    expect(approved.quote.status_id).toBe('APPROVED');
    expect(approved.current).toMatchObject({
      state: 'APPROVED',
      is_auto_approved: true,
      outcome_reason: 'No approval rule matched.',
      stages: [],
    });
    expect(approved.can).toMatchObject({ accept: true, revise: true });

    const deep = await calls.quoteAtTerms('30');
    const budgetary = await calls.approval({
      action: 'submit',
      quote_id: deep.id,
      version: deep.version,
      budgetary: true,
    });
    expect(budgetary.quote.status_id).toBe('BUDGETARY');
    expect(budgetary.current).toMatchObject({ is_budgetary: true, state: 'APPROVED', stages: [] });
    expect(budgetary.can).toMatchObject({ accept: false, revise: true });
  });

  it('is refused before the terms are saved, to others than the owner and the deal desk, and with a stale version', async () => {
    const quote = await calls.quoteAtTerms('10');
    const stale = await calls.refusalOf(
      '/api/dx/quote/approval',
      { action: 'submit', quote_id: quote.id, version: quote.version - 1 },
      409,
    );
    expect(stale.message).toMatch(/Someone changed this quote/);
    const notYours = await calls.refusalOf(
      '/api/dx/quote/approval',
      { action: 'submit', quote_id: quote.id, version: quote.version },
      403,
      'finEmea',
    );
    expect(notYours.message).toBe("Only the quote's owner or the deal desk can submit it.");
    await calls.refusalOf(
      '/api/dx/quote/approval',
      { action: 'submit', quote_id: quote.id, version: quote.version },
      404,
      'outsider',
    );

    const unsaved = await calls.quoteAtTerms('10', { saveTerms: false });
    expect((await calls.stateOf(unsaved.id)).submit_blockers).toEqual([
      "Save this quote's terms first: The terms have not been saved yet.",
    ]);
    const noTerms = await calls.refusalOf(
      '/api/dx/quote/approval',
      { action: 'submit', quote_id: unsaved.id, version: unsaved.version },
      409,
    );
    expect(noTerms).toMatchObject({
      message: "Save this quote's terms first: The terms have not been saved yet.",
      errors: [{ path: 'terms' }],
    });

    // Products changed with a shipped product to realign: back at configuration.
    await bed.ctx.db
      .update(quotes)
      .set({ statusId: 'SH_HW_CONFIG' })
      .where(eq(quotes.id, quote.id));
    const atShipping = await calls.refusalOf(
      '/api/dx/quote/approval',
      { action: 'submit', quote_id: quote.id, version: quote.version },
      409,
    );
    expect(atShipping.message).toMatch(/^Finish the quote first/);
  });

  it('is refused while a product rule says error, as Next is (issue 34)', async () => {
    const quote = await calls.quoteAtTerms('10');
    // A line the rules now object to (an admin's new rule, a line saved before it): an
    // appliance without support.
    await bed.ctx.db.insert(quoteLines).values({
      quoteId: quote.id,
      position: 5,
      sku: 'BX-60-HW',
      y1: 1,
      manualDiscountPercent: '10',
    });
    // Its terms follow the products: saved again, so only the rule stands in the way.
    const terms = await calls.saveProposedTerms(quote.id);
    const message =
      'BX-60-HW needs a support contract for 1 unit: add BX-60-SUP-STD, BX-60-SUP-PRM or BX-60-SUP-ELT.';
    expect((await calls.stateOf(quote.id)).submit_blockers).toEqual([message]);
    const refused = await calls.refusalOf(
      '/api/dx/quote/approval',
      { action: 'submit', quote_id: quote.id, version: terms.quote.version },
      409,
    );
    expect(refused).toMatchObject({ message, errors: [{ path: 'pricing', message }] });
    const [after] = await bed.ctx.db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(after?.statusId).toBe('TNC');
  });

  it('lets the deal desk submit for the owner', async () => {
    const quote = await calls.quoteAtTerms('10');
    const state = await calls.approval(
      { action: 'submit', quote_id: quote.id, version: quote.version },
      'desk',
    );
    expect(state.current?.submitted_by?.id).toBe(bed.users.desk.id);
  });
});

describe('deciding approval steps', () => {
  it('walks the chain stage by stage to APPROVED, recording who decided', async () => {
    const { id, state } = await calls.submitted('25');
    const desk = calls.pendingStep(state, bed.groups.desk);
    expect((await calls.stateOf(id, 'deskApprover')).current?.stages[0]?.steps[0]).toMatchObject({
      can_decide: true,
      acting_for: null,
    });
    const afterDesk = await calls.decide(id, desk.id, 'deskApprover');
    expect(afterDesk.statusCode, afterDesk.body).toBe(200);
    const second = afterDesk.json<{ data: typeof state }>().data;
    expect(second.current?.stages.map((s) => s.state)).toEqual(['approved', 'pending']);
    expect(second.quote.status_id).toBe('PENDING_APPROVAL');

    const finance = calls.pendingStep(second, bed.groups.finance);
    const legal = calls.pendingStep(second, bed.groups.legal);
    expect((await calls.decide(id, finance.id, 'finEmea')).statusCode).toBe(200);
    const done = await calls.decide(id, legal.id, 'legal1', 'approve', 'Fine by legal.');
    expect(done.statusCode, done.body).toBe(200);
    const final = done.json<{ data: typeof state }>().data;
    expect(final.quote.status_id).toBe('APPROVED');
    expect(final.current).toMatchObject({
      state: 'APPROVED',
      outcome_reason: 'Approved by every group the rules required.',
    });
    const legalStep = final.current?.stages[1]?.steps.find((s) => s.id === legal.id);
    expect(legalStep).toMatchObject({
      state: 'approved',
      decided_by: { id: bed.users.legal1.id },
      on_behalf_of: null,
      comment: 'Fine by legal.',
    });
    const actions = (
      await bed.ctx.db.select().from(quoteHistory).where(eq(quoteHistory.quoteId, id))
    ).map((h) => h.action);
    expect(actions.filter((a) => a === 'approval_step_approved')).toHaveLength(3);
  });

  it('lets the approvers of a quote read its summary and terms, and nobody else outside its scope', async () => {
    const { id, state } = await calls.submitted('25');
    const read = (url: string, who: Who) =>
      bed.ctx.app.inject({
        method: 'POST',
        url,
        payload: { id },
        headers: { cookie: bed.cookies[who] },
      });
    // The desk approver is a general manager, who sees no quotes as such…
    expect((await read('/api/dx/get-quote', 'deskApprover')).statusCode).not.toBe(200);
    // …but reads the summary and terms of the quote whose step they may decide.
    for (const url of ['/api/dx/quote-summary', '/api/dx/quote-terms/get']) {
      const asApprover = await read(url, 'deskApprover');
      expect(asApprover.statusCode, asApprover.body).toBe(200);
      expect((await read(url, 'outsider')).statusCode).toBe(404);
    }
    // The summary's step list must not send them to pages they cannot open; the seller may.
    const flowPagesFor = async (who: Who) =>
      (await read('/api/dx/quote-summary', who)).json<{
        data: { actions: { can_open_flow_pages: boolean } };
      }>().data.actions.can_open_flow_pages;
    expect(await flowPagesFor('deskApprover')).toBe(false);
    expect(await flowPagesFor('seller')).toBe(true);
    await calls.decide(id, calls.pendingStep(state, bed.groups.desk).id, 'deskApprover');
    // Once decided, they keep reading what they approved.
    expect((await read('/api/dx/quote-summary', 'deskApprover')).statusCode).toBe(200);
  });

  it('answers 403 to one who may not act for the step, and to the submitter', async () => {
    const { id, state } = await calls.submitted('25');
    const desk = calls.pendingStep(state, bed.groups.desk);
    const notMember = await calls.refusalOf(
      '/api/dx/quote/approval',
      { action: 'approve', quote_id: id, step_id: desk.id },
      403,
      'legal1',
    );
    expect(notMember.message).toBe(
      `You cannot decide this step: you are not an approver of ${bed.groupNames.desk} for this quote.`,
    );
    await calls.decide(id, desk.id, 'deskApprover');
    const next = await calls.stateOf(id);
    const finance = calls.pendingStep(next, bed.groups.finance);
    // FINANCE_APPROVER for APJ does not cover an EMEA quote.
    expect((await calls.decide(id, finance.id, 'finApj')).statusCode).toBe(403);
    // A step of a later stage is not open yet; an earlier one is decided.
    expect(
      (await calls.decide(id, desk.id, 'deskApprover')).json<{ message: string }>().message,
    ).toMatch(/^This step was already approved by Test User\.$/);

    // The deal desk submitted; a deal desk member of a group still cannot decide it.
    const own = await calls.quoteAtTerms('10');
    const submitted = await calls.approval(
      { action: 'submit', quote_id: own.id, version: own.version },
      'desk',
    );
    await bed.ctx.db.insert(approvalGroupMembers).values({
      groupId: bed.groups.desk,
      userId: bed.users.desk.id,
    });
    try {
      const step = calls.pendingStep(submitted, bed.groups.desk);
      const refusal = await calls.refusalOf(
        '/api/dx/quote/approval',
        { action: 'approve', quote_id: own.id, step_id: step.id },
        403,
        'desk',
      );
      expect(refusal.message).toBe(
        'You submitted this quote, so you cannot decide its approvals: someone else must.',
      );
    } finally {
      await bed.ctx.db
        .delete(approvalGroupMembers)
        .where(
          and(
            eq(approvalGroupMembers.groupId, bed.groups.desk),
            eq(approvalGroupMembers.userId, bed.users.desk.id),
          ),
        );
    }
  });

  it('refuses approving twice (409 naming who decided)', async () => {
    const { id, state } = await calls.submitted('10');
    const desk = calls.pendingStep(state, bed.groups.desk);
    expect((await calls.decide(id, desk.id, 'deskApprover')).statusCode).toBe(200);
    const again = await calls.decide(id, desk.id, 'deskApprover');
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(
      'This step was already approved by Test User.',
    );
  });

  it('records exactly one of two decisions made at once', async () => {
    const { id, state } = await calls.submitted('25');
    await calls.decide(id, calls.pendingStep(state, bed.groups.desk).id, 'deskApprover');
    const legal = calls.pendingStep(await calls.stateOf(id), bed.groups.legal);
    const answers = await Promise.all([
      calls.decide(id, legal.id, 'legal1', 'approve'),
      calls.decide(id, legal.id, 'legal2', 'reject', 'No.'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((a) => a.statusCode === 409);
    expect(loser?.json<{ message: string }>().message).toMatch(
      /^This step was already (approved|rejected) by Test User\.$/,
    );
    const [step] = await bed.ctx.db
      .select()
      .from(quoteApprovalSteps)
      .where(eq(quoteApprovalSteps.id, legal.id));
    const winner = answers.findIndex((a) => a.statusCode === 200);
    expect(step).toMatchObject({
      state: winner === 0 ? 'APPROVED' : 'REJECTED',
      decidedBy: winner === 0 ? bed.users.legal1.id : bed.users.legal2.id,
    });
  });

  it('rejects with a comment: the quote is REJECTED, the other open steps voided, and it must be revised', async () => {
    const { id, state } = await calls.submitted('25');
    await calls.decide(id, calls.pendingStep(state, bed.groups.desk).id, 'deskApprover');
    const open = await calls.stateOf(id);
    const finance = calls.pendingStep(open, bed.groups.finance);
    const noComment = await calls.post(
      '/api/dx/quote/approval',
      { action: 'reject', quote_id: id, step_id: finance.id, comment: '  ' },
      'finEmea',
    );
    expect(noComment.statusCode).toBe(400);
    const rejected = await calls.decide(id, finance.id, 'finEmea', 'reject', 'Margin too thin.');
    expect(rejected.statusCode, rejected.body).toBe(200);
    const after = rejected.json<{ data: typeof state }>().data;
    expect(after.quote.status_id).toBe('REJECTED');
    expect(after.current?.state).toBe('REJECTED');
    expect(after.current?.outcome_reason).toBe(
      `Rejected by Test User for ${bed.groupNames.finance}: Margin too thin.`,
    );
    const legal = after.current?.stages[1]?.steps.find((s) => s.group_id === bed.groups.legal);
    expect(legal).toMatchObject({ state: 'awaited', is_voided: true });
    // The approver is not the one to act on it now; its owner is told what to do.
    expect(after.submit_blockers).toEqual([]);
    expect((await calls.stateOf(id)).submit_blockers).toEqual([
      'This quote was rejected: revise it (or change it) before submitting it again.',
    ]);
    const resubmit = await calls.refusalOf(
      '/api/dx/quote/approval',
      { action: 'submit', quote_id: id, version: after.quote.version },
      409,
    );
    expect(resubmit.message).toMatch(/^This quote was rejected/);
  });

  it('answers 409 and voids the submission when the quote no longer matches what was submitted', async () => {
    const { id, state } = await calls.submitted('10');
    const desk = calls.pendingStep(state, bed.groups.desk);
    // Changed behind the writer's back (a data fix, say): the decision notices.
    await bed.ctx.db.update(quotes).set({ contractLength: 13 }).where(eq(quotes.id, id));
    const refused = await calls.decide(id, desk.id, 'deskApprover');
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(CHANGED_SINCE_SUBMISSION_MESSAGE);
    const [submission] = await bed.ctx.db
      .select()
      .from(quoteApprovals)
      .where(eq(quoteApprovals.quoteId, id));
    expect(submission?.state).toBe('VOIDED');
    const [row] = await bed.ctx.db.select().from(quotes).where(eq(quotes.id, id));
    expect(row?.statusId).toBe('INCOMPLETE');
  });

  it('approves many at once, reporting each', async () => {
    const first = await calls.submitted('10');
    const second = await calls.submitted('10');
    const steps = [
      calls.pendingStep(first.state, bed.groups.desk).id,
      calls.pendingStep(second.state, bed.groups.desk).id,
    ];
    const answer = await calls.approveMany(steps, 'deskApprover');
    expect(answer.results.map((r) => r.ok)).toEqual([true, true]);
    const again = await calls.approveMany([steps[0] ?? ''], 'deskApprover');
    expect(again.results[0]).toMatchObject({
      ok: false,
      quote_id: first.id,
      message: 'This step was already approved by Test User.',
    });
  });

  it('lets the submitter, owner or deal desk recall a pending quote back to its terms', async () => {
    const { id, state } = await calls.submitted('10');
    const refused = await calls.refusalOf(
      '/api/dx/quote/approval',
      { action: 'recall', quote_id: id, version: state.quote.version },
      403,
      'finEmea',
    );
    expect(refused.message).toMatch(/recall/);
    const recalled = await calls.approval({
      action: 'recall',
      quote_id: id,
      version: state.quote.version,
      comment: 'Customer asked for a change.',
    });
    expect(recalled.quote.status_id).toBe('TNC');
    expect(recalled.current).toMatchObject({
      state: 'RECALLED',
      outcome_reason: 'Recalled by Test User: Customer asked for a change.',
    });
    expect(recalled.current?.stages[0]?.steps[0]).toMatchObject({ is_voided: true });
    // Submitted again: a second submission, the first kept in the trail.
    const again = await calls.approval({
      action: 'submit',
      quote_id: id,
      version: recalled.quote.version,
    });
    expect(again.current?.number).toBe(2);
    expect(again.trail.map((s) => s.state)).toEqual(['RECALLED']);
  });
});
