import { planReapproval } from '@bastion/domain/approvals/re-approval';
import type { Database } from '@bastion/db/client';
import type { QuoteRow } from '@bastion/db/schema/quotes';
import type { SubmissionRow } from '../../lib/db/rows.ts';
import { takeRevision } from '../revisions/take-revision.ts';
import type { LoadedApprovalFacts } from './approval-facts.repository.ts';
import { noApprovalReason, planApproval } from './approval-plan.ts';
import type { ApproversAsked } from './approvers-asked.ts';
import { submitBlockersOf } from './submit-blockers.ts';
import {
  insertSteps,
  insertSubmission,
  listStepsOf,
  nextSubmissionNumber,
  setQuoteStatus,
  setSubmissionRevision,
  voidSubmission,
} from './submissions.repository.ts';

/*
 * Issue 37 (docs/decisions/040): smart re-approval. A change to a quote under approval (PENDING
 * or APPROVED) that changes what its approvers judged no longer voids the whole chain: the quote
 * is re-submitted as it now stands, in the same transaction, and each group the rules require
 * keeps its earlier approval unless a rule of it asks again (planReapproval says when). What is
 * approved stays exactly what the quote says (decision 013): the new submission is bound to the
 * new fingerprint; a kept approval is carried over to it, naming the revision it was made on.
 */

export interface HistoryLine {
  field: string;
  before: unknown;
  after: unknown;
}

export interface Reapproval {
  row: QuoteRow;
  changes: HistoryLine[];
  /** Approvers to tell once committed; null when nobody is asked now. */
  asked: ApproversAsked | null;
}

/**
 * Re-submits the changed quote, or says why it cannot be (its terms to save again, lines that do
 * not price, a product rule's error): the caller then voids the submission as before.
 */
export async function reapproveAfterChange(
  tx: Database,
  earlier: SubmissionRow,
  quote: QuoteRow,
  loaded: LoadedApprovalFacts,
  change: { actorUserId: string | null; why: string },
  now: Date,
): Promise<Reapproval | { blockers: string[] }> {
  const blockers = await submitBlockersOf(tx, quote, loaded);
  if (blockers.length > 0) return { blockers };

  const plan = await planApproval(tx, loaded);
  const earlierSteps = await listStepsOf(tx, [earlier.id]);
  const approvedByGroup = new Map(
    earlierSteps.flatMap((step) =>
      step.state === 'APPROVED' && step.groupId !== null ? [[step.groupId, step] as const] : [],
    ),
  );
  const decisions = new Map(
    planReapproval({
      rules: plan.rules,
      before: {
        facts: earlier.facts,
        evidence: earlier.evidence,
        matched_rule_ids: matchedRuleIdsOf(earlier.matchedRules),
      },
      after: { facts: loaded.facts, evidence: loaded.evidence, requirement: plan.requirement },
      approved_group_ids: new Set(approvedByGroup.keys()),
      asked_group_ids: new Set(earlierSteps.flatMap((s) => (s.groupId ? [s.groupId] : []))),
    }).map((group) => [group.group_id, group]),
  );
  const isAsked = (groupId: string) => decisions.get(groupId)?.keeps_approval !== true;
  const currentStage = plan.chain.find((stage) =>
    stage.steps.some((step) => isAsked(step.group_id)),
  )?.stage;
  const isPending = currentStage !== undefined;
  const number = await nextSubmissionNumber(tx, quote.id);

  // The earlier submission gives way, its open steps with it.
  const askedNames = plan.chain.flatMap((stage) =>
    stage.steps.filter((step) => isAsked(step.group_id)).map((step) => step.group_name),
  );
  const keptNames = plan.chain.flatMap((stage) =>
    stage.steps.filter((step) => !isAsked(step.group_id)).map((step) => step.group_name),
  );
  const outcome = [
    askedNames.length > 0 ? `${askedNames.join(', ')} asked again` : 'nobody asked again',
    ...(keptNames.length > 0 ? [`approval of ${keptNames.join(', ')} kept`] : []),
  ].join('; ');
  await voidSubmission(
    tx,
    earlier.id,
    `Replaced by submission ${number}: the quote changed (${change.why}); ${outcome}.`,
    now,
  );

  const statusAfter = isPending ? 'PENDING_APPROVAL' : 'APPROVED';
  const row =
    statusAfter === quote.statusId ? quote : await setQuoteStatus(tx, quote.id, statusAfter);
  const submission = await insertSubmission(tx, {
    quoteId: quote.id,
    submissionNumber: number,
    state: isPending ? 'PENDING' : 'APPROVED',
    isBudgetary: false,
    fingerprint: loaded.fingerprint,
    facts: loaded.facts,
    evidence: loaded.evidence,
    matchedRules: plan.requirement.matched_rules,
    workflowTemplateId: plan.workflowTemplateId,
    outcomeReason: isPending
      ? ''
      : plan.chain.length === 0
        ? noApprovalReason(plan, loaded.region)
        : 'Every approval still stands for the changed quote.',
    // Whoever changed the quote asks for its approval: they may not approve their own change.
    submittedBy: change.actorUserId ?? earlier.submittedBy,
    submittedAt: now,
    closedAt: isPending ? null : now,
  });
  const inserted = await insertSteps(
    tx,
    plan.chain.flatMap((stage) =>
      stage.steps.map((step) => {
        const base = {
          approvalId: submission.id,
          quoteId: quote.id,
          stage: stage.stage,
          stageName: stage.name,
          groupId: step.group_id,
          groupName: step.group_name,
          reasons: step.rule_names,
        };
        const approved = approvedByGroup.get(step.group_id);
        const approvedRevision = approved
          ? (approved.decidedRevisionNumber ?? earlier.revisionNumber)
          : null;
        if (!isAsked(step.group_id) && approved) {
          // Carried over: not a new decision, so not counted again by the cycle report.
          return {
            ...base,
            state: 'APPROVED' as const,
            pendingSince: null,
            decidedBy: approved.decidedBy,
            onBehalfOf: approved.onBehalfOf,
            decidedAt: approved.decidedAt,
            comment: approved.comment,
            decidedRevisionNumber: approvedRevision,
            carriedFromStepId: approved.id,
          };
        }
        const isNow = stage.stage === currentStage;
        return {
          ...base,
          state: isNow ? ('PENDING' as const) : ('AWAITED' as const),
          pendingSince: isNow ? now : null,
          reaskedSinceRevision: approvedRevision,
          reaskReasons: decisions.get(step.group_id)?.reasons ?? [],
        };
      }),
    ),
  );

  // The revision is taken last, so that it shows the new submission with its steps.
  const revision = await takeRevision(
    tx,
    quote.id,
    {
      name: `Submitted again after a change (submission ${number})`,
      reason: 'SUBMITTED',
      actorUserId: change.actorUserId,
    },
    now,
  );
  await setSubmissionRevision(tx, submission.id, revision.revisionNumber);

  const changes: HistoryLine[] = [
    {
      field: `approval submission ${earlier.submissionNumber}`,
      before: earlier.state.toLowerCase(),
      after: `replaced by submission ${number}`,
    },
    ...plan.chain.flatMap((stage) =>
      stage.steps.map((step) => {
        const decision = decisions.get(step.group_id);
        return {
          field: `approval ${step.group_name}`,
          before: approvedByGroup.has(step.group_id) ? 'approved' : null,
          after: !isAsked(step.group_id)
            ? 'approval kept'
            : decision && decision.reasons.length > 0
              ? `asked again: ${decision.reasons.join(' ')}`
              : 'asked',
        };
      }),
    ),
    ...(statusAfter === quote.statusId
      ? []
      : [{ field: 'status_id', before: quote.statusId, after: statusAfter }]),
  ];
  const pending = inserted.filter((step) => step.state === 'PENDING');
  return {
    row,
    changes,
    asked:
      pending.length > 0
        ? { quoteId: quote.id, submissionId: submission.id, stepIds: pending.map((s) => s.id) }
        : null,
  };
}

/** The rule ids a submission recorded as matched (older rows kept the same shape). */
function matchedRuleIdsOf(matched: unknown[]): string[] {
  return matched.flatMap((entry) =>
    typeof entry === 'object' && entry !== null && 'rule_id' in entry
      ? [String(entry.rule_id)]
      : [],
  );
}
