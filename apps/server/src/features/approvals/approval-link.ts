import { formatDateTime } from '@bastion/domain/format/date-time';
import type { ApprovalFacts } from '@bastion/domain/approvals/facts';
import {
  APPROVAL_LINK_HOURS,
  type ApprovalLinkDecideBody,
  type ApprovalLinkDecided,
  type ApprovalLinkView,
} from '@bastion/domain/approvals/link-api';
import { quoteStatusLabel } from '@bastion/domain/quotes/status-display';
import type { Database } from '@bastion/db/client';
import { hashOpaqueToken } from '../../core/access/opaque-token.ts';
import { listRevisions } from '../../core/revisions/revisions.repository.ts';
import { targetPathOfQuote } from '../../core/quotes/quote-target-path.ts';
import { quoteHeadingOf } from '../../core/quotes/quote-heading.ts';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  findApprovalLink,
  useApprovalLink,
  type ApprovalLinkRow,
} from './approval-links.repository.ts';
import type { ApprovalMailDeps } from './approval-mail.ts';
import {
  findQuote,
  findStep,
  findSubmission,
  findUserNames,
  type StepRow,
  type SubmissionRow,
} from './approvals.repository.ts';
import { decideApprovalStep } from './decide-approval-step.ts';

/*
 * Issue 37 (decision 041): approving or rejecting from the e-mail. Each approver asked for a step
 * gets their own link, bound to that step, to them and to the fingerprint of what they are asked
 * to approve; it expires after 72 hours and works once. Opening the page and deciding are POSTs
 * made by the page under the approver's session: following the link (a mail scanner does) only
 * loads the page. The decision itself is the queue's (decideApprovalStep), so the rules, the
 * separation of duties and the race between two deciders are the same.
 */

export const LINK_NOT_VALID =
  'This approval link is not valid: it may have been cut short in the e-mail. Open the quote from your approvals instead.';

interface UsableLink {
  link: ApprovalLinkRow;
  step: StepRow;
  submission: SubmissionRow;
}

/**
 * The link, if the caller may use it now; otherwise why not, changing nothing: unknown (or
 * tampered), sent to someone else, used, expired, or for a step no longer open.
 */
async function requireUsableLink(
  db: Database,
  caller: AuthContext,
  token: string,
  now: Date,
): Promise<UsableLink> {
  const link = await findApprovalLink(db, hashOpaqueToken(token));
  if (!link) throw new AppError('NOT_FOUND', LINK_NOT_VALID);
  if (link.userId !== caller.userId) {
    const names = await findUserNames(db, [link.userId]);
    throw new AppError(
      'FORBIDDEN',
      `This approval link was sent to ${names.get(link.userId)?.name ?? 'another user'}: only they can use it. Your own approvals are in Approvals.`,
    );
  }
  if (link.usedAt !== null) {
    const what = link.usedDecision === 'REJECTED' ? 'rejected' : 'approved';
    throw new AppError(
      'CONFLICT',
      `This approval link was already used: you ${what} through it on ${formatDateTime(link.usedAt.getTime() / 1000)}.`,
    );
  }
  if (link.expiresAt.getTime() <= now.getTime()) {
    throw new AppError(
      'CONFLICT',
      `This approval link expired on ${formatDateTime(link.expiresAt.getTime() / 1000)}: links in e-mails work for ${APPROVAL_LINK_HOURS} hours. Open the quote from your approvals to decide.`,
    );
  }
  const step = await findStep(db, link.stepId);
  const submission = step ? await findSubmission(db, step.approvalId) : null;
  if (!step || !submission) throw new AppError('NOT_FOUND', LINK_NOT_VALID);
  if (submission.fingerprint !== link.fingerprint) throw new AppError('NOT_FOUND', LINK_NOT_VALID);
  if (submission.state !== 'PENDING' || step.state !== 'PENDING') {
    const decided = step.state === 'APPROVED' || step.state === 'REJECTED';
    const who = decided
      ? (await findUserNames(db, [step.decidedBy])).get(step.decidedBy ?? '')
      : null;
    throw new AppError(
      'CONFLICT',
      decided
        ? `This step was already ${step.state === 'APPROVED' ? 'approved' : 'rejected'} by ${who?.name ?? 'a former user'}: nothing is left to decide here.`
        : 'This approval is no longer open: the quote changed, or its submission was recalled, rejected or replaced. Open the quote from your approvals to see where it stands.',
    );
  }
  return { link, step, submission };
}

const numberOrNull = (value: unknown) => (typeof value === 'number' ? value : null);

/** What the approval page shows: the quote, why the approver is asked, what changed. */
export async function viewApprovalLink(
  db: Database,
  caller: AuthContext,
  token: string,
  now = new Date(),
): Promise<ApprovalLinkView> {
  const { link, step, submission } = await requireUsableLink(db, caller, token, now);
  const quote = await findQuote(db, step.quoteId);
  if (!quote) throw new AppError('NOT_FOUND', LINK_NOT_VALID);
  const facts = submission.facts as ApprovalFacts;
  const why = (submission.matchedRules as StoredRule[])
    .filter((rule) => rule.group_ids.includes(step.groupId ?? ''))
    .flatMap((rule) => rule.reasons.map((reason) => reason.sentence ?? reason.condition));
  const submitter = await findUserNames(db, [submission.submittedBy]);
  return {
    quote: {
      ...quoteHeadingOf(quote),
      account_name: quote.accountName,
      region: quote.region,
      currency_code: quote.currencyCode,
      net_minor: quote.totalAmountMinor,
    },
    step: {
      id: step.id,
      group_name: step.groupName,
      stage_name: step.stageName,
      why: [...new Set(why)],
    },
    submitted_by: submission.submittedBy
      ? {
          id: submission.submittedBy,
          name: submitter.get(submission.submittedBy)?.name ?? 'a former user',
        }
      : null,
    submitted_at: submission.submittedAt.toISOString(),
    discounts: {
      max_line_discount_percent: numberOrNull(facts.max_line_discount_percent),
      max_seller_discount_percent: numberOrNull(facts.max_seller_discount_percent),
      total_discount_percent: numberOrNull(facts.total_discount_percent),
    },
    margin_percent: caller.permissions.can_see_margin ? numberOrNull(facts.margin_percent) : null,
    asked_again:
      step.reaskedSinceRevision !== null || step.reaskReasons.length > 0
        ? { since_revision: step.reaskedSinceRevision, reasons: step.reaskReasons }
        : null,
    changes: await changesToShow(db, quote.id, step, submission),
    expires_at: link.expiresAt.toISOString(),
  };
}

/** A matched rule as a submission stored it. */
interface StoredRule {
  group_ids: string[];
  reasons: { condition: string; sentence?: string }[];
}

/**
 * The revisions to compare: the one the group approved before (asked again), else the one
 * before the submitted one; null when there is nothing earlier.
 */
async function changesToShow(
  db: Database,
  quoteId: string,
  step: StepRow,
  submission: SubmissionRow,
): Promise<ApprovalLinkView['changes']> {
  const to = submission.revisionNumber;
  if (to === null) return null;
  const revisions = await listRevisions(db, quoteId);
  const toRow = revisions.find((r) => r.revisionNumber === to);
  const fromRow =
    step.reaskedSinceRevision !== null
      ? revisions.find((r) => r.revisionNumber === step.reaskedSinceRevision)
      : revisions.find((r) => r.revisionNumber < to);
  if (!toRow || !fromRow) return null;
  return {
    from_revision_id: fromRow.id,
    from_number: fromRow.revisionNumber,
    to_revision_id: toRow.id,
    to_number: toRow.revisionNumber,
  };
}

/** Approves or rejects the link's step, using the link in the decision's own transaction. */
export async function decideByApprovalLink(
  deps: ApprovalMailDeps,
  caller: AuthContext,
  body: ApprovalLinkDecideBody,
  now = new Date(),
): Promise<ApprovalLinkDecided> {
  const { link, step } = await requireUsableLink(deps.db, caller, body.token, now);
  const decision = body.decision === 'approve' ? 'APPROVED' : 'REJECTED';
  const { quote } = await decideApprovalStep(
    deps,
    caller,
    { quoteId: link.quoteId, stepId: step.id, decision, comment: body.comment },
    now,
    {
      alsoInTransaction: async (tx) => {
        if (!(await useApprovalLink(tx, link.id, decision, now))) {
          throw new AppError('CONFLICT', 'This approval link was already used.');
        }
      },
    },
  );
  return {
    decision,
    message:
      decision === 'APPROVED'
        ? `You approved ${quote.quoteNumber} for ${step.groupName}. The quote is now ${quoteStatusLabel(quote.statusId)}.`
        : `You rejected ${quote.quoteNumber} for ${step.groupName}. The seller is told why.`,
    quote: {
      ...quoteHeadingOf(quote),
      target_path: targetPathOfQuote(quote),
    },
  };
}
