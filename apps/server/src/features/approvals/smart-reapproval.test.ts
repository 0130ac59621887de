import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ApprovalState } from '@bastion/domain/approvals/api';
import { approvalRules } from '@bastion/db/schema/approvals';
import { outboundEmails } from '@bastion/db/schema/mail';
import { quoteHistory } from '@bastion/db/schema/quote-history';
import { useApprovalBed } from './approvals.test-harness.ts';

/*
 * Issue 37 (docs/decisions/040): smart re-approval. A finance step (a discount rule) and a legal
 * step (a custom clause rule), in that order: a change to the approved quote asks again only the
 * group whose rule it made worse, and every decision names the revision it was made on.
 */
const { bed, calls } = useApprovalBed(undefined, (groups, tag) => ({
  rules: [
    {
      name: `Discount above 5 % ${tag}`,
      predicate: { kind: 'predicate', fact: 'max_line_discount_percent', op: 'gt', value: 5 },
      groupIds: [groups.finance],
    },
    {
      name: `Custom clause ${tag}`,
      predicate: { kind: 'predicate', fact: 'has_custom_clause', op: 'is_true', value: null },
      groupIds: [groups.legal],
    },
  ],
  workflow: {
    name: `Smart re-approval ${tag}`,
    nodes: [
      { kind: 'START' },
      { kind: 'STEP', name: 'Finance', group_ids: [groups.finance], mode: 'PARALLEL' },
      { kind: 'STEP', name: 'Legal', group_ids: [groups.legal], mode: 'PARALLEL' },
      { kind: 'END' },
    ],
  },
}));

interface Terms {
  quote: { version: number };
  clauses: { clause_id: string | null; title: string; template: string; is_custom: boolean }[];
}

const stepsOf = (state: ApprovalState) => state.current?.stages.flatMap((s) => s.steps) ?? [];
const stepOf = (state: ApprovalState, groupId: string) => {
  const step = stepsOf(state).find((s) => s.group_id === groupId);
  if (!step) throw new Error(`no step of ${groupId}`);
  return step;
};

const pendingMailTo = async (recipient: string) =>
  (
    await bed.ctx.db
      .select({ id: outboundEmails.id })
      .from(outboundEmails)
      .where(
        and(
          eq(outboundEmails.purpose, 'approval_pending'),
          eq(outboundEmails.recipient, recipient),
        ),
      )
  ).length;

/** Saves the terms with the custom clause's text replaced. */
async function rewordCustomClause(id: string, text: string) {
  const terms = await calls.dataOf<Terms>('/api/dx/quote-terms/get', { id });
  return calls.dataOf<{ quote: { status_id: string } }>('/api/dx/quote-terms/save', {
    id,
    version: terms.quote.version,
    clauses: terms.clauses.map((term, position) =>
      term.is_custom
        ? { custom_title: term.title, custom_text: text, position }
        : { clause_id: term.clause_id ?? '', position },
    ),
  });
}

async function approve(
  quoteId: string,
  state: ApprovalState,
  groupId: string,
  who: 'finEmea' | 'legal1',
) {
  const response = await calls.decide(quoteId, calls.pendingStep(state, groupId).id, who);
  expect(response.statusCode, response.body).toBe(200);
  return calls.stateOf(quoteId);
}

/** An approved quote: a 10 % discount (finance) and a custom clause (legal), both approved. */
async function approvedQuote() {
  const quote = await calls.quoteAtTerms('10', { saveTerms: false });
  await calls.saveProposedTerms(quote.id, 'seller', [
    { custom_title: 'Special terms', custom_text: 'Payment within 45 days.' },
  ]);
  const version = (await calls.stateOf(quote.id)).quote.version;
  const submitted = await calls.approval({ action: 'submit', quote_id: quote.id, version });
  expect(stepsOf(submitted).map((s) => [s.group_id, s.state])).toEqual([
    [bed.groups.finance, 'pending'],
    [bed.groups.legal, 'awaited'],
  ]);
  const afterFinance = await approve(quote.id, submitted, bed.groups.finance, 'finEmea');
  const approved = await approve(quote.id, afterFinance, bed.groups.legal, 'legal1');
  expect(approved.quote.status_id).toBe('APPROVED');
  return { id: quote.id, state: approved };
}

describe('smart re-approval of a changed quote', () => {
  it('asks again only the group whose rule the change made worse, and names the revisions', async () => {
    const { id, state: approved } = await approvedQuote();
    const firstRevision = approved.current?.revision_number;
    expect(firstRevision).toEqual(expect.any(Number));
    expect(stepsOf(approved).map((s) => s.decided_revision)).toEqual([
      firstRevision,
      firstRevision,
    ]);

    // A deeper discount: finance is asked again, legal's approval stands.
    const mailBefore = {
      finance: await pendingMailTo(bed.users.finEmea.email),
      legal: await pendingMailTo(bed.users.legal1.email),
    };
    await calls.saveLines(id, approved.quote.version, '15');
    const deeper = await calls.stateOf(id);
    expect(deeper.quote.status_id).toBe('PENDING_APPROVAL');
    expect(deeper.current?.number).toBe(2);
    expect(stepOf(deeper, bed.groups.finance)).toMatchObject({
      state: 'pending',
      is_carried_over: false,
      asked_again: {
        since_revision: firstRevision,
        reasons: ['Largest effective discount rose from 10 % to 15 %.'],
      },
    });
    expect(stepOf(deeper, bed.groups.legal)).toMatchObject({
      state: 'approved',
      is_carried_over: true,
      decided_revision: firstRevision,
      asked_again: null,
    });
    expect(deeper.trail[0]).toMatchObject({ number: 1, state: 'VOIDED' });
    expect(deeper.trail[0]?.outcome_reason).toMatch(
      /^Replaced by submission 2: the quote changed \(products saved, by .+\); Finance \S+ asked again; approval of Legal \S+ kept\.$/,
    );
    // The finance approver is told; legal is not asked.
    await expect.poll(() => pendingMailTo(bed.users.finEmea.email)).toBe(mailBefore.finance + 1);
    expect(await pendingMailTo(bed.users.legal1.email)).toBe(mailBefore.legal);
    const [told] = await bed.ctx.db
      .select({ text: outboundEmails.textBody })
      .from(outboundEmails)
      .where(eq(outboundEmails.recipient, bed.users.finEmea.email))
      .orderBy(desc(outboundEmails.createdAt))
      .limit(1);
    expect(told?.text).toContain('asked again: Largest effective discount rose from 10 % to 15 %.');
    expect(told?.text).toContain(
      `What changed since revision ${firstRevision}: http://localhost:8000/cpq/quote-revisions/${id}/STANDARD?from=${firstRevision}&to=${deeper.current?.revision_number}`,
    );

    // Finance approves: legal, later in the chain, already approved, so the quote is approved.
    const secondRevision = deeper.current?.revision_number;
    const reapproved = await approve(id, deeper, bed.groups.finance, 'finEmea');
    expect(reapproved.quote.status_id).toBe('APPROVED');
    expect(stepOf(reapproved, bed.groups.finance).decided_revision).toBe(secondRevision);

    // The custom clause reworded: legal only.
    await rewordCustomClause(id, 'Payment within 90 days.');
    const reworded = await calls.stateOf(id);
    expect(reworded.quote.status_id).toBe('PENDING_APPROVAL');
    expect(stepOf(reworded, bed.groups.finance)).toMatchObject({
      state: 'approved',
      is_carried_over: true,
      decided_revision: secondRevision,
    });
    expect(stepOf(reworded, bed.groups.legal)).toMatchObject({
      state: 'pending',
      asked_again: {
        since_revision: firstRevision,
        reasons: ['A custom clause was added, removed or reworded.'],
      },
    });
    const final = await approve(id, reworded, bed.groups.legal, 'legal1');
    expect(final.quote.status_id).toBe('APPROVED');
    const thirdRevision = reworded.current?.revision_number;

    // Renaming the quote asks nobody.
    const quote = await calls.dataOf<{ version: number; details: { header?: object } }>(
      '/api/dx/get-quote',
      { id },
    );
    const renamed = await calls.post('/api/dx/update-quote-details', {
      id,
      version: quote.version,
      values: { ...quote.details.header, quote_name: 'Renamed after approval' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const afterRename = await calls.stateOf(id);
    expect(afterRename.quote.status_id).toBe('APPROVED');
    expect(afterRename.current?.number).toBe(3);

    // The approval history: which revision each decision approved.
    expect(
      [afterRename.current, ...afterRename.trail].map((submission) => [
        submission?.number,
        submission?.revision_number,
        ...(submission?.stages ?? [])
          .flatMap((s) => s.steps)
          .map((s) => `${s.group_name.split(' ')[0]}:${s.state}@${s.decided_revision}`),
      ]),
    ).toEqual([
      [3, thirdRevision, `Finance:approved@${secondRevision}`, `Legal:approved@${thirdRevision}`],
      [2, secondRevision, `Finance:approved@${secondRevision}`, `Legal:approved@${firstRevision}`],
      [1, firstRevision, `Finance:approved@${firstRevision}`, `Legal:approved@${firstRevision}`],
    ]);
    const [entry] = await bed.ctx.db
      .select()
      .from(quoteHistory)
      .where(eq(quoteHistory.quoteId, id))
      .orderBy(desc(quoteHistory.id))
      .limit(1);
    expect(entry?.action).toBe('details_changed');
  });

  it('a rule set to "always re-approve" asks its group again after any change', async () => {
    const { id, state } = await approvedQuote();
    const [legalRule] = await bed.ctx.db
      .select()
      .from(approvalRules)
      .where(eq(approvalRules.isActive, true))
      .then((rules) => rules.filter((r) => r.groupIds.includes(bed.groups.legal)));
    if (!legalRule) throw new Error('no legal rule');
    await bed.ctx.db
      .update(approvalRules)
      .set({ alwaysReapprove: true })
      .where(eq(approvalRules.id, legalRule.id));
    try {
      // A smaller discount is no worse for finance, but legal's rule asks after any change.
      await calls.saveLines(id, state.quote.version, '8');
      const changed = await calls.stateOf(id);
      expect(stepOf(changed, bed.groups.finance)).toMatchObject({ state: 'approved' });
      expect(stepOf(changed, bed.groups.legal)).toMatchObject({
        state: 'pending',
        asked_again: { reasons: [`Rule "${legalRule.name}" asks again after any change.`] },
      });
    } finally {
      await bed.ctx.db
        .update(approvalRules)
        .set({ alwaysReapprove: false })
        .where(eq(approvalRules.id, legalRule.id));
    }
  });

  it('whoever changed the quote asks for its approval, so they may not decide it', async () => {
    const { id, state } = await approvedQuote();
    // The deal desk changes the seller's quote: the new submission is theirs.
    const response = await calls.post(
      '/api/dx/save-quote-configuration',
      {
        id,
        version: state.quote.version,
        advance: false,
        lines: [{ key: 'l1', sku: bed.sku, quantities: [1], manual_discount_percent: '12' }],
      },
      'desk',
    );
    expect(response.statusCode, response.body).toBe(200);
    const changed = await calls.stateOf(id, 'desk');
    expect(changed.current?.submitted_by?.id).toBe(bed.users.desk.id);
    expect(stepOf(changed, bed.groups.finance).state).toBe('pending');
  });
});
