import type { FastifyBaseLogger } from 'fastify';
import { formatCurrency } from '@bastion/domain/format/currency';
import { targetPathOfQuote } from '../../core/quotes/quote-target-path.ts';
import type { Database } from '@bastion/db/client';
import type { Mailer, OutgoingEmail } from '../../integrations/mail/mailer.ts';
import type { QuoteRow } from '../../core/quotes/quote-writes.repository.ts';
import { APPROVAL_LINK_HOURS } from '@bastion/domain/approvals/link-api';
import type { ApproversAsked } from '../../core/approvals/approvers-asked.ts';
import { approvalLinkPath, issueApprovalLinks } from './approval-link-tokens.ts';
import { notify, type Notice } from '../../core/notifications/notify.ts';
import { listStepsOf } from '../../core/approvals/submissions.repository.ts';
import {
  findQuote,
  findSubmission,
  findUser,
  findUserNames,
  type StepRow,
  type SubmissionRow,
} from './approvals.repository.ts';
import { listApprovers, loadGroupMembers } from './approvers.ts';

/**
 * The approval e-mails (docs/decisions/013), through the outbox of integrations/mail/mailer.ts, always after
 * the change they tell of is committed, and never failing it:
 * - `approval_pending`: to every approver who can act on a step that became pending (one mail
 *   per person and quote, naming the groups they can act for);
 * - `approval_decision`: to the submitter when a step is approved and others remain;
 * - `approval_outcome`: to the submitter when the submission is approved or rejected.
 */

export const MAIL_PURPOSES = {
  pending: 'approval_pending',
  decision: 'approval_decision',
  outcome: 'approval_outcome',
} as const;

export interface ApprovalMailDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** The quote's page as it stands while it awaits approval, whatever the quote's status now. */
const linkTo = (deps: ApprovalMailDeps, quote: QuoteRow) =>
  `${deps.publicUrl}${targetPathOfQuote({ ...quote, statusId: 'PENDING_APPROVAL' })}`;

const describeQuote = (quote: QuoteRow) =>
  `${quote.quoteNumber} "${quote.quoteName}" for ${quote.accountName || 'the customer'}` +
  ` (${quote.region || 'no region'}), ${formatCurrency(quote.totalAmountMinor, quote.currencyCode)}`;

async function safely(deps: ApprovalMailDeps, what: string, send: () => Promise<void>) {
  try {
    await send();
  } catch (error) {
    deps.log.error({ err: error }, `approval e-mail not queued: ${what}`);
  }
}

/** Mails the submitter of a submission, unless there is none any more or they are disabled. */
async function mailSubmitter(
  deps: ApprovalMailDeps,
  submission: SubmissionRow,
  what: string,
  compose: (submitter: { name: string }) => Omit<OutgoingEmail, 'to'>,
) {
  const submittedBy = submission.submittedBy;
  if (!submittedBy) return;
  await safely(deps, what, async () => {
    const submitter = await findUser(deps.db, submittedBy);
    if (!submitter || submitter.isDisabled) return;
    await deps.mailer.send({ to: submitter.email, ...compose(submitter) });
  });
}

/** Tells every approver of these newly pending steps that their decision is awaited. */
export async function mailPendingApprovers(
  deps: ApprovalMailDeps,
  quote: QuoteRow,
  submission: SubmissionRow,
  steps: readonly StepRow[],
  now: Date,
): Promise<void> {
  if (steps.length === 0) return;
  await safely(deps, 'pending approvers', async () => {
    const members = await loadGroupMembers(
      deps.db,
      steps.map((s) => s.groupId),
    );
    const submitter = submission.submittedBy
      ? await findUser(deps.db, submission.submittedBy)
      : null;
    const asks = new Map<
      string,
      {
        name: string;
        email: string;
        groups: string[];
        onBehalfOf: Set<string>;
        /** Issue 37: the revision their group approved before a change asked them again. */
        since: number | null;
        /** The steps they may decide, for their approve/reject links. */
        steps: { id: string; groupName: string }[];
      }
    >();
    for (const step of steps) {
      const group = members.get(step.groupId ?? '');
      if (!group) continue;
      const approvers = await listApprovers(
        deps.db,
        group,
        { region: quote.region, accountId: quote.accountId },
        submission.submittedBy,
        now,
      );
      for (const approver of approvers) {
        const ask = asks.get(approver.id) ?? {
          name: approver.name,
          email: approver.email,
          groups: [],
          onBehalfOf: new Set<string>(),
          since: null,
          steps: [],
        };
        ask.steps.push({ id: step.id, groupName: step.groupName });
        const why = step.reasons.length > 0 ? ` (${step.reasons.join('; ')})` : '';
        const again =
          step.reaskReasons.length > 0 ? ` — asked again: ${step.reaskReasons.join(' ')}` : '';
        ask.groups.push(`${step.groupName}${why}${again}`);
        if (step.reaskedSinceRevision !== null) {
          ask.since = Math.min(ask.since ?? step.reaskedSinceRevision, step.reaskedSinceRevision);
        }
        if (approver.onBehalfOf) ask.onBehalfOf.add(approver.onBehalfOf);
        asks.set(approver.id, ask);
      }
    }
    const delegators = await findUserNames(
      deps.db,
      [...asks.values()].flatMap((a) => [...a.onBehalfOf]),
    );
    // Issue 37: one approve/reject link per approver and step, to decide from the e-mail.
    const tokens = await issueApprovalLinks(
      deps.db,
      submission,
      [...asks.entries()].flatMap(([userId, ask]) =>
        ask.steps.map((step) => ({ userId, stepId: step.id, quoteId: quote.id })),
      ),
      now,
    );
    const notices: Notice[] = [];
    for (const [userId, ask] of asks) {
      const decideLines = ask.steps.flatMap((step) => {
        const token = tokens.get(`${userId}:${step.id}`);
        if (!token) return [];
        const link = (decision: 'approve' | 'reject') =>
          `${deps.publicUrl}${approvalLinkPath(token, decision)}`;
        return [
          `${step.groupName}:`,
          `  Approve: ${link('approve')}`,
          `  Reject: ${link('reject')}`,
        ];
      });
      const decide =
        decideLines.length > 0
          ? `\nDecide from your phone (you confirm on the page; each link works once, for ${APPROVAL_LINK_HOURS} hours):\n${decideLines.join('\n')}\n`
          : '';
      const standIn =
        ask.onBehalfOf.size > 0
          ? `\nYou can decide as the delegate of ${[...ask.onBehalfOf]
              .map((id) => delegators.get(id)?.name ?? 'a colleague')
              .join(', ')}.\n`
          : '';
      const subject = `Approval needed: ${quote.quoteNumber} ${quote.quoteName}`;
      notices.push({
        userId,
        email: ask.email,
        quoteId: quote.id,
        title: subject,
        body: `For ${ask.steps.map((step) => step.groupName).join(', ')}, submitted by ${submitter?.name ?? 'a colleague'}.`,
        linkPath: targetPathOfQuote({ ...quote, statusId: 'PENDING_APPROVAL' }),
        mail: {
          purpose: MAIL_PURPOSES.pending,
          subject,
          text:
            `Hello ${ask.name},\n\n` +
            `Quote ${describeQuote(quote)}, submitted by ${submitter?.name ?? 'a colleague'}, ` +
            `needs your approval for:\n\n${ask.groups.map((g) => `- ${g}`).join('\n')}\n${standIn}\n` +
            `Open it: ${linkTo(deps, quote)}\n` +
            (ask.since !== null && submission.revisionNumber !== null
              ? `What changed since revision ${ask.since}: ${deps.publicUrl}/cpq/quote-revisions/${quote.id}/${quote.quoteType}?from=${ask.since}&to=${submission.revisionNumber}\n`
              : '') +
            `Your approvals: ${deps.publicUrl}/cpq/grid/quote-approvals/ref\n` +
            decide,
        },
      });
    }
    await notify(deps, 'approval_waiting', notices, now);
  });
}

/** The approvers smart re-approval asked again (or for the first time) after a change. */
export async function mailAskedApprovers(
  deps: ApprovalMailDeps,
  asked: ApproversAsked,
  now: Date,
): Promise<void> {
  await safely(deps, 'approvers asked again', async () => {
    const [quote, submission, steps] = await Promise.all([
      findQuote(deps.db, asked.quoteId),
      findSubmission(deps.db, asked.submissionId),
      listStepsOf(deps.db, [asked.submissionId]),
    ]);
    if (!quote || !submission) return;
    const pending = steps.filter((s) => asked.stepIds.includes(s.id) && s.state === 'PENDING');
    await mailPendingApprovers(deps, quote, submission, pending, now);
  });
}

/** Tells the submitter of a decision on one step, when the submission goes on. */
export async function mailStepDecision(
  deps: ApprovalMailDeps,
  quote: QuoteRow,
  submission: SubmissionRow,
  decision: {
    groupName: string;
    deciderName: string;
    onBehalfOfName: string | null;
    comment: string;
  },
): Promise<void> {
  const by = decision.onBehalfOfName
    ? `${decision.deciderName} (on behalf of ${decision.onBehalfOfName})`
    : decision.deciderName;
  await mailSubmitter(deps, submission, 'step decision', (submitter) => ({
    purpose: MAIL_PURPOSES.decision,
    subject: `${decision.groupName} approved ${quote.quoteNumber} ${quote.quoteName}`,
    text:
      `Hello ${submitter.name},\n\n` +
      `${by} approved quote ${describeQuote(quote)} for ${decision.groupName}.` +
      (decision.comment ? `\nComment: ${decision.comment}` : '') +
      `\n\nOther approvals are still needed.\n\nOpen it: ${linkTo(deps, quote)}\n`,
  }));
}

/** The submitter and the quote's owner (once when the same), leaving out disabled users. */
async function submitterAndOwner(
  deps: ApprovalMailDeps,
  quote: QuoteRow,
  submission: SubmissionRow,
) {
  const ids = [...new Set([submission.submittedBy, quote.ownerUserId])].filter(
    (id): id is string => id !== null,
  );
  const people = await Promise.all(ids.map((id) => findUser(deps.db, id)));
  return people.filter(
    (person): person is NonNullable<typeof person> => person !== null && !person.isDisabled,
  );
}

/**
 * Tells the submitter (and the quote's owner, when someone else submitted it) how the submission
 * ended, approved or rejected: in the bell, and by e-mail as each chose (decision 042).
 */
export async function mailOutcome(
  deps: ApprovalMailDeps,
  quote: QuoteRow,
  submission: SubmissionRow,
  outcome: { isApproved: boolean; reason: string },
  now = new Date(),
): Promise<void> {
  const word = outcome.isApproved ? 'approved' : 'rejected';
  await safely(deps, 'outcome', async () => {
    const people = await submitterAndOwner(deps, quote, submission);
    const subject = `Quote ${word}: ${quote.quoteNumber} ${quote.quoteName}`;
    await notify(
      deps,
      outcome.isApproved ? 'quote_approved' : 'quote_rejected',
      people.map((person) => ({
        userId: person.id,
        email: person.email,
        quoteId: quote.id,
        title: subject,
        body: outcome.reason,
        linkPath: targetPathOfQuote(quote),
        mail: {
          purpose: MAIL_PURPOSES.outcome,
          subject,
          text:
            `Hello ${person.name},\n\n` +
            `Quote ${describeQuote(quote)} was ${word}.\n${outcome.reason}\n\n` +
            (outcome.isApproved
              ? 'It can now be sent to the customer and accepted.'
              : 'Revise it, or change it, before submitting it again.') +
            `\n\nOpen it: ${linkTo(deps, quote)}\n`,
        },
      })),
      now,
    );
  });
}

/** Tells the quote's owner and submitter, other than whoever recalled it, that it was recalled. */
export async function noticeRecall(
  deps: ApprovalMailDeps,
  quote: QuoteRow,
  submission: SubmissionRow,
  recalledBy: { id: string; name: string },
  now = new Date(),
): Promise<void> {
  await safely(deps, 'recall', async () => {
    const people = (await submitterAndOwner(deps, quote, submission)).filter(
      (person) => person.id !== recalledBy.id,
    );
    const subject = `Quote recalled: ${quote.quoteNumber} ${quote.quoteName}`;
    const body = `${recalledBy.name} took it back from its approvers; it is back at its terms.`;
    await notify(
      deps,
      'quote_recalled',
      people.map((person) => ({
        userId: person.id,
        email: person.email,
        quoteId: quote.id,
        title: subject,
        body,
        linkPath: targetPathOfQuote(quote),
        mail: {
          purpose: 'approval_recalled',
          subject,
          text: `Hello ${person.name},\n\nQuote ${describeQuote(quote)}: ${body}\n\nOpen it: ${deps.publicUrl}${targetPathOfQuote(quote)}\n`,
        },
      })),
      now,
    );
  });
}
