import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  STALE_QUOTE_MESSAGE,
  writeQuoteAtVersion,
  type QuoteRow,
  quoteActorOf,
} from '../../core/quotes/quote-writes.repository.ts';
import { takeRevision } from '../../core/revisions/take-revision.ts';
import { mailPendingApprovers, type ApprovalMailDeps } from './approval-mail.ts';
import {
  approvalStateOf,
  requireCurrentUnlocked,
  requireApprovalQuote,
  submitCheckOf,
  worksOnQuote,
} from './approval-state.ts';
import { type StepRow, type SubmissionRow } from './approvals.repository.ts';
import {
  insertSteps,
  insertSubmission,
  nextSubmissionNumber,
  setSubmissionRevision,
} from '../../core/approvals/submissions.repository.ts';
import { noApprovalReason, planApproval } from '../../core/approvals/approval-plan.ts';

export const BUDGETARY_REASON = 'Budgetary quote: indicative prices only, no approval needed.';

/** The quote, if the caller sees it and may move its approval flow (owner or deal desk). */
export async function requireWorkableQuote(
  db: Database,
  caller: AuthContext,
  quoteId: string,
  version: number,
  what: string,
): Promise<QuoteRow> {
  const quote = await requireApprovalQuote(db, caller, quoteId);
  if (!worksOnQuote(caller, quote)) {
    throw new AppError('FORBIDDEN', `Only the quote's owner or the deal desk can ${what} it.`);
  }
  if (quote.quoteType === 'LEGACY') {
    throw new AppError('CONFLICT', 'Legacy quotes are read-only: they have no approval flow.');
  }
  await requireCurrentUnlocked(db, caller, quote, version);
  return quote;
}

/**
 * Submits a quote at its terms step (terms saved and sound, priced) for approval: the active
 * rules on its facts decide which groups must approve, the default workflow in which order; the
 * submission keeps the facts, the matched rules and the fingerprint. Nothing required: APPROVED
 * at once with the reason recorded. Budgetary: BUDGETARY, no approval. One transaction with the
 * quote's history; then the first stage's approvers are e-mailed.
 */
export async function submitForApproval(
  deps: ApprovalMailDeps,
  caller: AuthContext,
  input: { quoteId: string; version: number; budgetary: boolean },
  now = new Date(),
) {
  const { db } = deps;
  const quote = await requireWorkableQuote(db, caller, input.quoteId, input.version, 'submit');
  const { blockers, facts: loaded } = await submitCheckOf(db, quote);
  if (quote.statusId !== 'TNC' || loaded === null) {
    throw new AppError(
      'CONFLICT',
      blockers[0] ?? 'Only a quote at its terms step, with its terms saved, can be submitted.',
    );
  }
  if (blockers.length > 0) {
    throw new AppError('CONFLICT', blockers.join(' '), {
      details: blockers.map((message) => ({
        path: message.startsWith('Save') ? 'terms' : 'pricing',
        message,
      })),
    });
  }

  const plan = input.budgetary ? null : await planApproval(db, loaded);
  const steps = plan?.chain ?? [];
  const isPending = steps.length > 0;
  const statusAfter = input.budgetary ? 'BUDGETARY' : isPending ? 'PENDING_APPROVAL' : 'APPROVED';
  const outcomeReason = input.budgetary
    ? BUDGETARY_REASON
    : isPending
      ? ''
      : noApprovalReason(plan!, loaded.region);

  // Filled in by the transaction below.
  const made: { submission: SubmissionRow | null; firstStage: StepRow[] } = {
    submission: null,
    firstStage: [],
  };
  const written = await writeQuoteAtVersion(
    db,
    {
      quoteId: quote.id,
      expectedVersion: quote.version,
      set: { statusId: statusAfter },
      changes: [
        { field: 'status_id', before: quote.statusId, after: statusAfter },
        ...(outcomeReason ? [{ field: 'approval', before: null, after: outcomeReason }] : []),
      ],
      action: input.budgetary ? 'submitted_budgetary' : 'approval_submitted',
      ...quoteActorOf(caller),
      kind: 'lifecycle',
    },
    now,
    async (tx) => {
      const submission = await insertSubmission(tx, {
        quoteId: quote.id,
        submissionNumber: await nextSubmissionNumber(tx, quote.id),
        state: isPending ? 'PENDING' : 'APPROVED',
        isBudgetary: input.budgetary,
        fingerprint: loaded.fingerprint,
        facts: loaded.facts,
        evidence: loaded.evidence,
        matchedRules: plan?.requirement.matched_rules ?? [],
        workflowTemplateId: plan?.workflowTemplateId ?? null,
        outcomeReason,
        submittedBy: caller.userId,
        submittedAt: now,
        closedAt: isPending ? null : now,
      });
      const approvalId = submission.id;
      const inserted = await insertSteps(
        tx,
        steps.flatMap((stage) =>
          stage.steps.map((step) => ({
            approvalId,
            quoteId: quote.id,
            stage: stage.stage,
            stageName: stage.name,
            groupId: step.group_id,
            groupName: step.group_name,
            state: stage.stage === 1 ? ('PENDING' as const) : ('AWAITED' as const),
            reasons: step.rule_names,
            pendingSince: stage.stage === 1 ? now : null,
          })),
        ),
      );
      made.firstStage = inserted.filter((s) => s.stage === 1);
      // Issue 37: what was submitted is kept as a revision, with the submission it made.
      const revision = await takeRevision(
        tx,
        quote.id,
        {
          name: input.budgetary
            ? 'Submitted as a budgetary quote'
            : `Submitted for approval (submission ${submission.submissionNumber})`,
          reason: 'SUBMITTED',
          actorUserId: caller.userId,
        },
        now,
      );
      made.submission = await setSubmissionRevision(tx, submission.id, revision.revisionNumber);
    },
  );
  if (!written || !made.submission) throw new AppError('CONFLICT', STALE_QUOTE_MESSAGE);
  await mailPendingApprovers(deps, written, made.submission, made.firstStage, now);
  return approvalStateOf(db, caller, written, now);
}
