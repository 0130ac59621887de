import { quoteStatusColor, quoteStatusLabel } from '@bastion/domain/quotes/status-display';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  approvalFactsOf,
  type LoadedApprovalFacts,
} from '../../core/approvals/approval-facts.repository.ts';
import { submitBlockersOf } from '../../core/approvals/submit-blockers.ts';
import { targetPathOfQuote } from '../../core/quotes/quote-target-path.ts';
import {
  APPROVAL_STATUSES,
  lockedMessage,
  STALE_QUOTE_MESSAGE,
  type QuoteRow,
} from '../../core/quotes/quote-writes.repository.ts';
import { findVisibleQuote, viewerOf } from '../../core/quotes/visibility.repository.ts';
import {
  findQuote,
  findQuoteNumber,
  findUserNames,
  hasTakenPartIn,
  listSubmissions,
  type StepRow,
  type SubmissionRow,
} from './approvals.repository.ts';
import { listStepsOf } from '../../core/approvals/submissions.repository.ts';
import type { ApprovalState, LifecycleResult } from '@bastion/domain/approvals/api';
import { actorFor, loadGroupMembers, loadPrincipals, type Principal } from './approvers.ts';

/* What the approvals panel shows of a quote, and what the caller may do with it. */

export const NOT_FOUND_MESSAGE = 'There is no such quote, or it is not yours to see.';

type Names = Map<string, { name: string; email: string }>;

const person = (names: Names, id: string | null) =>
  id === null ? null : { id, name: names.get(id)?.name ?? 'a former user' };

export const scopeOf = (quote: QuoteRow) => ({ region: quote.region, accountId: quote.accountId });

/** The owner and the deal desk work on a quote's flow (submit, recall, revise, accept…). */
export const worksOnQuote = (caller: AuthContext, quote: QuoteRow) =>
  quote.ownerUserId === caller.userId || caller.permissions.is_deal_desk_user;

export const isLockedByOther = (caller: AuthContext, quote: QuoteRow) =>
  quote.lockedBy !== null && quote.lockedBy !== caller.userId;

/** 409 unless the caller saw the quote's current version and no one else holds its lock. */
export async function requireCurrentUnlocked(
  db: Database,
  caller: AuthContext,
  quote: QuoteRow,
  version: number,
): Promise<void> {
  if (quote.version !== version) throw new AppError('CONFLICT', STALE_QUOTE_MESSAGE);
  if (isLockedByOther(caller, quote) && quote.lockedBy) {
    throw new AppError('CONFLICT', await lockedMessage(db, quote.lockedBy));
  }
}

/**
 * The quote, if the caller may see it: in their visibility scope or, given their principals, as
 * an approver of one of its steps (approvers of other regions see what they are asked to
 * decide). 404 otherwise.
 */
export async function requireApprovalQuote(
  db: Database,
  caller: AuthContext,
  quoteId: string,
  principals?: readonly Principal[],
): Promise<QuoteRow> {
  const quote =
    (await findVisibleQuote(db, viewerOf(caller), quoteId)) ??
    (principals ? await findQuoteAsApprover(db, caller, quoteId, principals) : null);
  if (!quote) throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
  return quote;
}

/**
 * The quote if the caller approves it: they decided (or were decided for) one of its steps, or
 * may decide one of its pending steps now. Null otherwise. Also given to the quote summary and
 * terms (core/quotes/visibility.repository.ts ApproverQuoteAccess), so approvers read what they judge.
 */
export async function findQuoteAsApprover(
  db: Database,
  caller: AuthContext,
  quoteId: string,
  knownPrincipals?: readonly Principal[],
  now = new Date(),
): Promise<QuoteRow | null> {
  const quote = await findQuote(db, quoteId);
  if (!quote) return null;
  if (await hasTakenPartIn(db, quote.id, caller.userId)) return quote;
  const submissions = await listSubmissions(db, quote.id);
  const open = submissions.find((s) => s.state === 'PENDING');
  if (!open) return null;
  const steps = (await listStepsOf(db, [open.id])).filter((s) => s.state === 'PENDING');
  if (steps.length === 0) return null;
  const principals = knownPrincipals ?? (await loadPrincipals(db, caller.userId, now));
  const members = await loadGroupMembers(
    db,
    steps.map((s) => s.groupId),
  );
  const mayAct = steps.some(
    (step) =>
      actorFor(principals, members.get(step.groupId ?? ''), scopeOf(quote), open.submittedBy).ok,
  );
  return mayAct ? quote : null;
}

/** Why the quote cannot be submitted now; empty when it can (for a caller who works on it). */
export async function submitBlockersNow(db: Database, quote: QuoteRow): Promise<string[]> {
  return (await submitCheckOf(db, quote)).blockers;
}

/**
 * What keeps the quote from being submitted, and the approval facts it was judged on (read only
 * at the terms step: a submission uses them instead of reading them again).
 */
export async function submitCheckOf(
  db: Database,
  quote: QuoteRow,
): Promise<{ blockers: string[]; facts: LoadedApprovalFacts | null }> {
  const none = (why?: string) => ({ blockers: why ? [why] : [], facts: null });
  if (quote.quoteType === 'LEGACY') return none('Legacy quotes are not submitted for approval.');
  switch (quote.statusId) {
    case 'INCOMPLETE':
    case 'SH_HW_CONFIG':
      return none(
        'Finish the quote first: its products, its shipping and its terms, then open its summary.',
      );
    case 'REJECTED':
      return none('This quote was rejected: revise it (or change it) before submitting it again.');
    case 'TNC':
      break;
    default:
      return none();
  }
  const facts = await approvalFactsOf(db, quote);
  const blockers = await submitBlockersOf(db, quote, facts);
  return { blockers, facts };
}

function stepView(
  step: StepRow,
  names: Names,
  decision: { can: boolean; actingFor: { userId: string; name: string } | null },
) {
  const state =
    step.state === 'PENDING'
      ? 'pending'
      : step.state === 'APPROVED'
        ? 'approved'
        : step.state === 'REJECTED'
          ? 'rejected'
          : 'awaited';
  return {
    id: step.id,
    stage: step.stage,
    stage_name: step.stageName,
    group_id: step.groupId,
    group_name: step.groupName,
    state,
    is_voided: step.state === 'VOIDED',
    reasons: step.reasons,
    pending_since: step.pendingSince?.toISOString() ?? null,
    decided_by: person(names, step.decidedBy),
    on_behalf_of: person(names, step.onBehalfOf),
    decided_at: step.decidedAt?.toISOString() ?? null,
    comment: step.comment,
    can_decide: decision.can,
    acting_for: decision.actingFor
      ? { id: decision.actingFor.userId, name: decision.actingFor.name }
      : null,
    decided_revision: step.decidedRevisionNumber,
    is_carried_over: step.carriedFromStepId !== null,
    asked_again:
      step.reaskedSinceRevision !== null || step.reaskReasons.length > 0
        ? { since_revision: step.reaskedSinceRevision, reasons: step.reaskReasons }
        : null,
  } as const;
}

type StepView = ReturnType<typeof stepView>;

function stageState(steps: readonly StepView[]): StepView['state'] {
  if (steps.some((s) => s.state === 'rejected')) return 'rejected';
  if (steps.every((s) => s.state === 'approved')) return 'approved';
  if (steps.some((s) => s.state === 'pending')) return 'pending';
  return 'awaited';
}

function submissionView(
  submission: SubmissionRow,
  steps: readonly StepView[],
  names: Names,
): ApprovalState['trail'][number] {
  const stages = [...new Set(steps.map((s) => s.stage))].sort((a, b) => a - b);
  return {
    id: submission.id,
    number: submission.submissionNumber,
    state: submission.state,
    is_budgetary: submission.isBudgetary,
    is_auto_approved:
      !submission.isBudgetary && steps.length === 0 && submission.state !== 'PENDING',
    outcome_reason: submission.outcomeReason,
    submitted_by: person(names, submission.submittedBy),
    submitted_at: submission.submittedAt.toISOString(),
    closed_at: submission.closedAt?.toISOString() ?? null,
    matched_rules: (submission.matchedRules as ApprovalState['trail'][number]['matched_rules'])
      .filter((r) => typeof r === 'object' && r !== null)
      .map((r) => ({
        rule_id: r.rule_id,
        rule_name: r.rule_name,
        // Submissions recorded before issue 33 kept no sentence: their condition reads as one.
        reasons: r.reasons.map((reason: StoredReason) => ({
          ...reason,
          sentence: reason.sentence ?? `${reason.condition}: ${reason.actual}.`,
        })),
        group_ids: r.group_ids,
      })),
    stages: stages.map((stage) => {
      const inStage = steps.filter((s) => s.stage === stage);
      return {
        stage,
        name: inStage[0]?.stage_name ?? '',
        state: stageState(inStage),
        steps: [...inStage],
      };
    }),
    revision_number: submission.revisionNumber,
  };
}

/** A reason as a submission stored it; before issue 33 without its sentence. */
type StoredReason = Omit<
  ApprovalState['trail'][number]['matched_rules'][number]['reasons'][number],
  'sentence'
> & { sentence?: string };

export function lockView(caller: AuthContext, quote: QuoteRow, names: Names) {
  if (quote.lockedBy === null) return null;
  return {
    user: { id: quote.lockedBy, name: names.get(quote.lockedBy)?.name ?? 'a former user' },
    locked_at: (quote.lockedAt ?? quote.updatedAt).toISOString(),
    is_mine: quote.lockedBy === caller.userId,
  };
}

/** The answer of quote-lifecycle: the quote's status, version and lock after the action. */
export async function lifecycleResultOf(
  db: Database,
  caller: AuthContext,
  quote: QuoteRow,
): Promise<LifecycleResult> {
  const names = await findUserNames(db, [quote.lockedBy]);
  return {
    id: quote.id,
    quote_number: quote.quoteNumber,
    status_id: quote.statusId,
    status_label: quoteStatusLabel(quote.statusId),
    status_tone: quoteStatusColor(quote.statusId),
    pre_archive_status_id: quote.preArchiveStatusId,
    version: quote.version,
    target_path: targetPathOfQuote(quote),
    lock: lockView(caller, quote, names),
    copied_from_quote_id: quote.copiedFromQuoteId,
  };
}

/** Everything the approvals panel shows, for this caller. */
export async function approvalStateOf(
  db: Database,
  caller: AuthContext,
  quote: QuoteRow,
  now: Date,
  known: { principals?: Principal[] } = {},
): Promise<ApprovalState> {
  const principals = known.principals ?? (await loadPrincipals(db, caller.userId, now));
  const submissions = await listSubmissions(db, quote.id);
  const steps = await listStepsOf(
    db,
    submissions.map((s) => s.id),
  );
  const pending = steps.filter((s) => s.state === 'PENDING');
  const [members, names, copiedFrom] = await Promise.all([
    loadGroupMembers(
      db,
      pending.map((s) => s.groupId),
    ),
    findUserNames(db, [
      quote.ownerUserId,
      quote.lockedBy,
      ...submissions.map((s) => s.submittedBy),
      ...steps.flatMap((s) => [s.decidedBy, s.onBehalfOf]),
    ]),
    quote.copiedFromQuoteId ? findQuoteNumber(db, quote.copiedFromQuoteId) : null,
  ]);
  const submissionById = new Map(submissions.map((s) => [s.id, s]));
  const views = steps.map((step) => {
    const submission = submissionById.get(step.approvalId);
    if (step.state !== 'PENDING' || submission?.state !== 'PENDING') {
      return {
        approvalId: step.approvalId,
        view: stepView(step, names, { can: false, actingFor: null }),
      };
    }
    const actor = actorFor(
      principals,
      members.get(step.groupId ?? ''),
      scopeOf(quote),
      submission.submittedBy,
    );
    return {
      approvalId: step.approvalId,
      view: stepView(step, names, {
        can: actor.ok,
        actingFor: actor.ok ? actor.onBehalfOf : null,
      }),
    };
  });
  const [latest, ...earlier] = submissions.map((s) =>
    submissionView(
      s,
      views.filter((v) => v.approvalId === s.id).map((v) => v.view),
      names,
    ),
  );

  const f = caller.permissions;
  const works = worksOnQuote(caller, quote) && quote.quoteType !== 'LEGACY';
  const free = !isLockedByOther(caller, quote);
  const status = quote.statusId;
  const openSubmission = submissions.find((s) => s.state === 'PENDING');
  const isSubmitter = openSubmission?.submittedBy === caller.userId;
  const blockers =
    works && (status === 'TNC' || status === 'REJECTED') ? await submitBlockersNow(db, quote) : [];
  const canSubmit = works && free && status === 'TNC' && blockers.length === 0;
  const isEditableStatus = ['INCOMPLETE', 'SH_HW_CONFIG', 'TNC', ...APPROVAL_STATUSES].includes(
    status,
  );

  return {
    kind: 'state',
    quote: {
      id: quote.id,
      quote_number: quote.quoteNumber,
      quote_name: quote.quoteName,
      quote_type: quote.quoteType,
      status_id: status,
      status_label: quoteStatusLabel(status),
      status_tone: quoteStatusColor(status),
      pre_archive_status_id: quote.preArchiveStatusId,
      version: quote.version,
      owner: person(names, quote.ownerUserId),
      region: quote.region,
      currency_code: quote.currencyCode,
      total_amount_minor: quote.totalAmountMinor,
      accepted_at: quote.acceptedAt?.toISOString() ?? null,
      completed_at: quote.completedAt?.toISOString() ?? null,
      copied_from: copiedFrom ? { id: copiedFrom.id, quote_number: copiedFrom.quoteNumber } : null,
      target_path: targetPathOfQuote(quote),
    },
    lock: lockView(caller, quote, names),
    can: {
      submit: canSubmit,
      submit_budgetary: canSubmit,
      recall: status === 'PENDING_APPROVAL' && (works || isSubmitter) && free,
      revise: works && free && ['REJECTED', 'BUDGETARY', 'APPROVED'].includes(status),
      accept: works && free && status === 'APPROVED',
      complete: f.is_deal_desk_user && free && status === 'ACCEPTED',
      archive: works && free && status !== 'ARCHIVED',
      unarchive: works && free && status === 'ARCHIVED',
      lock: f.can_lock_unlock_quote && quote.lockedBy === null,
      unlock:
        quote.lockedBy !== null && (quote.lockedBy === caller.userId || f.can_lock_unlock_quote),
      copy: f.can_copy && quote.quoteType !== 'LEGACY',
      edit:
        (f.can_create_quote || f.is_deal_desk_user) &&
        quote.quoteType !== 'LEGACY' &&
        free &&
        isEditableStatus,
    },
    submit_blockers: blockers,
    edits_void_approval: APPROVAL_STATUSES.includes(status),
    current: latest ?? null,
    trail: earlier,
  };
}
