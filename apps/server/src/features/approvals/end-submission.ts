import type { QuoteHistoryAction } from '@bastion/domain/quotes/history-display';
import type { Database } from '@bastion/db/client';
import type {
  HistoryChange,
  QuoteActor,
  QuoteRow,
  QuoteWrite,
} from '../../core/quotes/quote-writes.repository.ts';
import { voidOpenSteps } from '../../core/approvals/submissions.repository.ts';
import { closeSubmission, type SubmissionRow } from './approvals.repository.ts';

/* How a submission ends (recalled, rejected, voided) and what the quote's history says of it. */

export const statusChange = (quote: QuoteRow, after: string): HistoryChange => ({
  field: 'status_id',
  before: quote.statusId,
  after,
});

export const submissionChange = (
  submission: SubmissionRow,
  before: string,
  after: string,
): HistoryChange => ({
  field: `approval submission ${submission.submissionNumber}`,
  before,
  after,
});

/**
 * Closes a submission that is still in one of the `from` states, and voids its open steps;
 * false when it had already left them (someone else ended it first).
 */
export async function endSubmission(
  tx: Database,
  submissionId: string,
  from: readonly SubmissionRow['state'][],
  ending: { state: SubmissionRow['state']; outcomeReason: string },
  now: Date,
): Promise<boolean> {
  const closed = await closeSubmission(tx, submissionId, from, { ...ending, closedAt: now });
  await voidOpenSteps(tx, submissionId);
  return closed;
}

/** A lifecycle write of the quote at the version it was read: `changes`, then its new status. */
export function statusMoveOf(
  quote: QuoteRow,
  move: { statusAfter: string; changes: HistoryChange[]; action: QuoteHistoryAction } & QuoteActor,
): QuoteWrite {
  return {
    quoteId: quote.id,
    expectedVersion: quote.version,
    set: { statusId: move.statusAfter },
    changes: [...move.changes, statusChange(quote, move.statusAfter)],
    action: move.action,
    actorUserId: move.actorUserId,
    impersonatorUserId: move.impersonatorUserId ?? null,
    kind: 'lifecycle',
  };
}
