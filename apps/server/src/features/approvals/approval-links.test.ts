import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ApprovalLinkDecided, ApprovalLinkView } from '@bastion/domain/approvals/link-api';
import { approvalLinks } from '@bastion/db/schema/approvals';
import { outboundEmails } from '@bastion/db/schema/mail';
import { LINK_NOT_VALID } from './approval-link.ts';
import { useApprovalBed, type Who } from './approvals.test-harness.ts';

/*
 * Issue 37 (decision 041): the approval e-mail's Approve and Reject links. Reading the page and
 * deciding are POSTs under the approver's session; a link works once, for its approver and step,
 * for 72 hours; a used, expired, foreign or tampered link says so and changes nothing.
 */
const { bed, calls } = useApprovalBed();

const VIEW = '/api/dx/approval-link';
const DECIDE = '/api/dx/approval-link/decide';

/** The token of the latest approval mail to this approver about this quote. */
async function tokenMailedTo(who: Who, quoteNumber: string, decision = 'approve') {
  const mails = await bed.ctx.db
    .select({ text: outboundEmails.textBody })
    .from(outboundEmails)
    .where(
      and(
        eq(outboundEmails.recipient, bed.users[who].email),
        eq(outboundEmails.purpose, 'approval_pending'),
      ),
    )
    .orderBy(desc(outboundEmails.createdAt));
  const mail = mails.find((m) => m.text.includes(quoteNumber));
  const token = mail?.text.match(
    new RegExp(`/cpq/approval-link/([A-Za-z0-9_-]+)\\?decision=${decision}`),
  )?.[1];
  if (!token) throw new Error(`no link mailed to ${who} for ${quoteNumber}`);
  return token;
}

async function submittedWithNumber(discount: string) {
  const submitted = await calls.submitted(discount);
  return { ...submitted, number: submitted.state.quote.quote_number };
}

describe('deciding from the e-mail', () => {
  it('opens the page without deciding, approves once, and refuses the link again', async () => {
    const quote = await submittedWithNumber('10');
    const token = await tokenMailedTo('deskApprover', quote.number);
    expect(await tokenMailedTo('deskApprover', quote.number, 'reject')).toBe(token);

    const view = await calls.dataOf<ApprovalLinkView>(VIEW, { token }, 'deskApprover');
    expect(view).toMatchObject({
      quote: { id: quote.id, quote_number: quote.number, status_id: 'PENDING_APPROVAL' },
      step: { group_name: bed.groupNames.desk },
      discounts: { max_seller_discount_percent: 10 },
      asked_again: null,
    });
    expect(view.step.why).toEqual(['Largest effective discount is 10 %, more than 5 %.']);
    // Reading it twice decides nothing.
    await calls.dataOf<ApprovalLinkView>(VIEW, { token }, 'deskApprover');
    expect((await calls.stateOf(quote.id)).current?.stages[0]?.steps[0]?.state).toBe('pending');

    const decided = await calls.dataOf<ApprovalLinkDecided>(
      DECIDE,
      { token, decision: 'approve', comment: 'Fine from my phone.' },
      'deskApprover',
    );
    expect(decided).toMatchObject({ decision: 'APPROVED' });
    expect(decided.message).toBe(
      `You approved ${quote.number} for ${bed.groupNames.desk}. The quote is now Pending Approval.`,
    );
    const after = await calls.stateOf(quote.id);
    expect(after.current?.stages[0]?.steps[0]).toMatchObject({
      state: 'approved',
      comment: 'Fine from my phone.',
      decided_by: { id: bed.users.deskApprover.id },
    });

    const again = await calls.refusalOf(
      DECIDE,
      { token, decision: 'reject', comment: 'No' },
      409,
      'deskApprover',
    );
    expect(again.message).toMatch(
      /^This approval link was already used: you approved through it on /,
    );
    const reread = await calls.refusalOf(VIEW, { token }, 409, 'deskApprover');
    expect(reread.message).toBe(again.message);
  });

  it('is for the approver it was sent to, and for nobody with a made-up token', async () => {
    const quote = await submittedWithNumber('10');
    const token = await tokenMailedTo('deskApprover', quote.number);
    const foreign = await calls.refusalOf(DECIDE, { token, decision: 'approve' }, 403, 'legal1');
    expect(foreign.message).toMatch(/^This approval link was sent to .+: only they can use it\./);
    const tampered = await calls.refusalOf(
      VIEW,
      { token: `${token.slice(0, -2)}xx` },
      404,
      'deskApprover',
    );
    expect(tampered.message).toBe(LINK_NOT_VALID);
    expect((await calls.stateOf(quote.id)).current?.stages[0]?.steps[0]?.state).toBe('pending');
  });

  it('expires after 72 hours, changing nothing', async () => {
    const quote = await submittedWithNumber('10');
    const token = await tokenMailedTo('deskApprover', quote.number);
    const [link] = await bed.ctx.db
      .select()
      .from(approvalLinks)
      .where(eq(approvalLinks.quoteId, quote.id));
    if (!link) throw new Error('no link stored');
    expect(link.expiresAt.getTime() - link.createdAt.getTime()).toBe(72 * 60 * 60 * 1000);
    await bed.ctx.db
      .update(approvalLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(approvalLinks.id, link.id));
    const expired = await calls.refusalOf(
      DECIDE,
      { token, decision: 'approve' },
      409,
      'deskApprover',
    );
    expect(expired.message).toMatch(
      /^This approval link expired on .+: links in e-mails work for 72 hours\. Open the quote from your approvals to decide\.$/,
    );
    expect((await calls.stateOf(quote.id)).current?.stages[0]?.steps[0]?.state).toBe('pending');
  });

  it('needs a comment to reject, and the link stays usable until then', async () => {
    const quote = await submittedWithNumber('10');
    const token = await tokenMailedTo('deskApprover', quote.number, 'reject');
    const bare = await calls.refusalOf(DECIDE, { token, decision: 'reject' }, 400, 'deskApprover');
    expect(bare.message).toBe('Say why you reject it: a rejection needs a comment.');
    const rejected = await calls.dataOf<ApprovalLinkDecided>(
      DECIDE,
      { token, decision: 'reject', comment: 'Too deep.' },
      'deskApprover',
    );
    expect(rejected.quote.status_id).toBe('REJECTED');
  });

  it('says the approval moved on when the quote changed after the link was sent', async () => {
    const quote = await submittedWithNumber('10');
    const token = await tokenMailedTo('deskApprover', quote.number);
    await calls.saveLines(quote.id, quote.state.quote.version, '12');
    const moved = await calls.refusalOf(
      DECIDE,
      { token, decision: 'approve' },
      409,
      'deskApprover',
    );
    expect(moved.message).toBe(
      'This approval is no longer open: the quote changed, or its submission was recalled, rejected or replaced. Open the quote from your approvals to see where it stands.',
    );
  });

  it('records one decision when the e-mail and the queue decide the same step at once', async () => {
    // Above 20 %: legal approves after the desk.
    const quote = await submittedWithNumber('25');
    const desk = await calls.decide(
      quote.id,
      calls.pendingStep(quote.state, bed.groups.desk).id,
      'deskApprover',
    );
    expect(desk.statusCode, desk.body).toBe(200);
    const state = await calls.stateOf(quote.id);
    const legalStep = calls.pendingStep(state, bed.groups.legal);
    const token = await tokenMailedTo('legal1', quote.number);

    const answers = await Promise.all([
      calls.post(DECIDE, { token, decision: 'approve' }, 'legal1'),
      calls.decide(quote.id, legalStep.id, 'legal2'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const after = await calls.stateOf(quote.id);
    const legal = after.current?.stages.flatMap((s) => s.steps).find((s) => s.id === legalStep.id);
    expect(legal?.state).toBe('approved');
    const loser = answers.find((a) => a.statusCode === 409);
    expect(loser?.json<{ message: string }>().message).toMatch(
      /^This (step was already approved by .+|approval link was already used)/,
    );
  });
});
