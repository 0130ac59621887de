import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { approvalFactsOf } from '../../core/approvals/approval-facts.repository.ts';
import {
  STALE_QUOTE_MESSAGE,
  userNameOf,
  writeQuoteAtVersion,
  type HistoryChange,
  type QuoteRow,
  quoteActorOf,
} from '../../core/quotes/quote-writes.repository.ts';
import {
  mailOutcome,
  mailPendingApprovers,
  mailStepDecision,
  type ApprovalMailDeps,
} from './approval-mail.ts';
import { approvalStateOf, scopeOf } from './approval-state.ts';
import {
  closeSubmission,
  decideStepIfPending,
  findQuoteForUpdate,
  findStep,
  findSubmission,
  openStage,
  type StepRow,
  type SubmissionRow,
} from './approvals.repository.ts';
import { listStepsOf } from '../../core/approvals/submissions.repository.ts';
import type { ApproveManyResult } from '@bastion/domain/approvals/api';
import { REJECTION_NEEDS_COMMENT } from '@bastion/domain/approvals/link-api';
import { actorFor, loadGroupMembers, loadPrincipals, type Principal } from './approvers.ts';
import { endSubmission, statusChange, statusMoveOf, submissionChange } from './end-submission.ts';

export type Decision = 'APPROVED' | 'REJECTED';

export const CHANGED_SINCE_SUBMISSION_MESSAGE =
  'This quote changed after it was submitted, so its approval was voided: it must be submitted again.';

const STEP_NOT_FOUND = 'There is no such approval step on this quote.';

/** Why a step that is not pending cannot be decided, naming who decided it. */
async function notPendingMessage(tx: Parameters<typeof userNameOf>[0], step: StepRow) {
  switch (step.state) {
    case 'APPROVED':
    case 'REJECTED': {
      const who = await userNameOf(tx, step.decidedBy);
      const onBehalf = step.onBehalfOf
        ? ` on behalf of ${await userNameOf(tx, step.onBehalfOf)}`
        : '';
      return `This step was already ${step.state === 'APPROVED' ? 'approved' : 'rejected'} by ${who}${onBehalf}.`;
    }
    case 'AWAITED':
      return 'This step is not open yet: it waits for the approvals before it.';
    case 'VOIDED':
    case 'PENDING':
      return 'This approval is no longer open: the submission was recalled, rejected or voided.';
  }
}

type Outcome =
  | { kind: 'changed' }
  | {
      kind: 'decided';
      quote: QuoteRow;
      submission: SubmissionRow;
      step: StepRow;
      onBehalfOf: { userId: string; name: string } | null;
      opened: StepRow[];
      final: { isApproved: boolean; reason: string } | null;
    };

/**
 * Approves or rejects one pending step, in one transaction holding the quote: the caller must
 * be able to act for the step's group (403 otherwise, and always for their own submission), the
 * step and its submission must still be pending (409 naming who decided), and the quote must
 * still be what was submitted (otherwise the submission is voided and the answer is 409). The
 * step is updated only while it is PENDING, so of two decisions at once exactly one is recorded.
 * A rejection ends the submission and voids its other open steps; the last approval of a stage
 * opens the next one, the last of all approves the quote.
 */
export async function decideApprovalStep(
  deps: ApprovalMailDeps,
  caller: AuthContext,
  input: { quoteId: string | null; stepId: string; decision: Decision; comment: string },
  now = new Date(),
  known: {
    principals?: Principal[];
    /** Written with the decision, or the decision is not: using an e-mailed link (issue 37). */
    alsoInTransaction?: (tx: Database) => Promise<void>;
  } = {},
) {
  const { db } = deps;
  const principals = known.principals ?? (await loadPrincipals(db, caller.userId, now));
  const found = await findStep(db, input.stepId);
  if (!found || (input.quoteId !== null && found.quoteId !== input.quoteId)) {
    throw new AppError('NOT_FOUND', STEP_NOT_FOUND);
  }
  const members = await loadGroupMembers(db, [found.groupId]);
  const comment = input.comment.trim();
  if (input.decision === 'REJECTED' && comment === '') {
    throw new AppError('VALIDATION_FAILED', REJECTION_NEEDS_COMMENT, {
      details: [{ path: 'comment', message: REJECTION_NEEDS_COMMENT }],
    });
  }

  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const quote = await findQuoteForUpdate(tx, found.quoteId);
    const step = await findStep(tx, found.id);
    const submission = step ? await findSubmission(tx, step.approvalId) : null;
    if (!quote || !step || !submission) throw new AppError('NOT_FOUND', STEP_NOT_FOUND);

    const actor = actorFor(
      principals,
      members.get(step.groupId ?? ''),
      scopeOf(quote),
      submission.submittedBy,
    );
    if (!actor.ok) {
      throw new AppError(
        'FORBIDDEN',
        actor.reason === 'own_submission'
          ? 'You submitted this quote, so you cannot decide its approvals: someone else must.'
          : `You cannot decide this step: you are not an approver of ${step.groupName} for this quote.`,
      );
    }
    if (step.state !== 'PENDING' || submission.state !== 'PENDING') {
      throw new AppError('CONFLICT', await notPendingMessage(tx, step));
    }

    // What the approvers judged must still be what the quote says.
    const facts = await approvalFactsOf(tx, quote);
    if (facts.fingerprint !== submission.fingerprint) {
      const reason = `Voided: the quote no longer matches what was submitted (found when ${await userNameOf(tx, caller.userId)} decided).`;
      const ending = { state: 'VOIDED' as const, outcomeReason: reason };
      await endSubmission(tx, submission.id, ['PENDING'], ending, now);
      const voided = statusMoveOf(quote, {
        statusAfter: 'INCOMPLETE',
        changes: [submissionChange(submission, 'pending', 'voided')],
        action: 'approval_voided',
        ...quoteActorOf(caller),
      });
      await writeQuoteAtVersion(tx, { ...voided, ignoresLock: true }, now);
      return { kind: 'changed' };
    }

    const decided = await decideStepIfPending(tx, step.id, {
      state: input.decision,
      decidedBy: caller.userId,
      onBehalfOf: actor.onBehalfOf?.userId ?? null,
      decidedAt: now,
      comment,
      decidedRevisionNumber: submission.revisionNumber,
    });
    if (!decided) {
      const fresh = await findStep(tx, step.id);
      throw new AppError('CONFLICT', await notPendingMessage(tx, fresh ?? step));
    }
    await known.alsoInTransaction?.(tx);

    const deciderName = await userNameOf(tx, caller.userId);
    const by = actor.onBehalfOf
      ? `${deciderName} on behalf of ${actor.onBehalfOf.name}`
      : deciderName;
    const changes: HistoryChange[] = [
      {
        field: `approval ${step.groupName}`,
        before: 'pending',
        after: `${input.decision === 'APPROVED' ? 'approved' : 'rejected'} by ${by}${comment ? `: ${comment}` : ''}`,
      },
    ];
    let statusAfter = quote.statusId;
    let opened: StepRow[] = [];
    let final: { isApproved: boolean; reason: string } | null = null;

    if (input.decision === 'REJECTED') {
      final = { isApproved: false, reason: `Rejected by ${by} for ${step.groupName}: ${comment}` };
      const ending = { state: 'REJECTED' as const, outcomeReason: final.reason };
      await endSubmission(tx, submission.id, ['PENDING'], ending, now);
      statusAfter = 'REJECTED';
    } else {
      const steps = await listStepsOf(tx, [submission.id]);
      const stageDone = steps
        .filter((s) => s.stage === step.stage)
        .every((s) => s.state === 'APPROVED');
      if (stageDone) {
        // Stages whose every step kept its approval (smart re-approval) are passed over.
        const later = steps
          .filter((s) => s.stage > step.stage && s.state === 'AWAITED')
          .map((s) => s.stage);
        if (later.length > 0) {
          opened = await openStage(tx, submission.id, Math.min(...later), now);
        } else {
          final = { isApproved: true, reason: 'Approved by every group the rules required.' };
          await closeSubmission(tx, submission.id, ['PENDING'], {
            state: 'APPROVED',
            outcomeReason: final.reason,
            closedAt: now,
          });
          statusAfter = 'APPROVED';
        }
      }
    }
    if (statusAfter !== quote.statusId) changes.push(statusChange(quote, statusAfter));
    const written = await writeQuoteAtVersion(
      tx,
      {
        quoteId: quote.id,
        expectedVersion: quote.version,
        set: statusAfter !== quote.statusId ? { statusId: statusAfter } : {},
        changes,
        action: input.decision === 'APPROVED' ? 'approval_step_approved' : 'approval_step_rejected',
        decidedStep: { group_name: step.groupName, decision: input.decision, comment },
        ...quoteActorOf(caller),
        kind: 'lifecycle',
        ignoresLock: true,
      },
      now,
    );
    if (!written) throw new AppError('CONFLICT', STALE_QUOTE_MESSAGE);
    return {
      kind: 'decided',
      quote: written,
      submission: (await findSubmission(tx, submission.id)) ?? submission,
      step: decided,
      onBehalfOf: actor.onBehalfOf,
      opened,
      final,
    };
  });

  if (outcome.kind === 'changed') throw new AppError('CONFLICT', CHANGED_SINCE_SUBMISSION_MESSAGE);
  const { quote, submission } = outcome;
  if (outcome.final) {
    await mailOutcome(deps, quote, submission, outcome.final, now);
  } else {
    await mailStepDecision(deps, quote, submission, {
      groupName: outcome.step.groupName,
      deciderName: await userNameOf(db, caller.userId),
      onBehalfOfName: outcome.onBehalfOf?.name ?? null,
      comment: outcome.step.comment,
    });
    await mailPendingApprovers(deps, quote, submission, outcome.opened, now);
  }
  return { quote, principals };
}

/** Approves several steps, each on its own: one refused does not stop the others. */
export async function approveMany(
  deps: ApprovalMailDeps,
  caller: AuthContext,
  input: { stepIds: string[]; comment: string },
  now = new Date(),
): Promise<ApproveManyResult> {
  const principals = await loadPrincipals(deps.db, caller.userId, now);
  const results: ApproveManyResult['results'] = [];
  for (const stepId of [...new Set(input.stepIds)]) {
    try {
      const { quote } = await decideApprovalStep(
        deps,
        caller,
        { quoteId: null, stepId, decision: 'APPROVED', comment: input.comment },
        now,
        { principals },
      );
      results.push({
        step_id: stepId,
        quote_id: quote.id,
        ok: true,
        message: `${quote.quoteNumber} approved.`,
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const step = await findStep(deps.db, stepId);
      results.push({
        step_id: stepId,
        quote_id: step?.quoteId ?? null,
        ok: false,
        message: error.userMessage,
      });
    }
  }
  return { kind: 'approve_many', results };
}

/** The approval state after a decision, as the decider sees it. */
export async function decideAndShow(
  deps: ApprovalMailDeps,
  caller: AuthContext,
  input: { quoteId: string; stepId: string; decision: Decision; comment: string },
  now = new Date(),
) {
  const { quote, principals } = await decideApprovalStep(deps, caller, input, now);
  return approvalStateOf(deps.db, caller, quote, now, { principals });
}
