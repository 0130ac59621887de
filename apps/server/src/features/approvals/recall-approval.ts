import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  STALE_QUOTE_MESSAGE,
  userNameOf,
  writeQuoteAtVersion,
  quoteActorOf,
} from '../../core/quotes/quote-writes.repository.ts';
import { noticeRecall, type ApprovalMailDeps } from './approval-mail.ts';
import {
  approvalStateOf,
  requireCurrentUnlocked,
  requireApprovalQuote,
  worksOnQuote,
} from './approval-state.ts';
import { findLatestSubmission } from './approvals.repository.ts';
import { endSubmission, statusMoveOf, submissionChange } from './end-submission.ts';

/**
 * Takes a pending quote back from its approvers (the submitter, the owner or the deal desk): the
 * submission is RECALLED, its open steps voided, and the quote is back at its terms (TNC).
 */
export async function recallApproval(
  deps: ApprovalMailDeps,
  caller: AuthContext,
  input: { quoteId: string; version: number; comment: string },
  now = new Date(),
) {
  const { db } = deps;
  const quote = await requireApprovalQuote(db, caller, input.quoteId);
  const submission = await findLatestSubmission(db, quote.id);
  if (quote.statusId !== 'PENDING_APPROVAL' || submission?.state !== 'PENDING') {
    throw new AppError('CONFLICT', 'Only a quote waiting for approval can be recalled.');
  }
  if (!worksOnQuote(caller, quote) && submission.submittedBy !== caller.userId) {
    throw new AppError(
      'FORBIDDEN',
      "Only the submitter, the quote's owner or the deal desk can recall it.",
    );
  }
  await requireCurrentUnlocked(db, caller, quote, input.version);
  const reason = `Recalled by ${await userNameOf(db, caller.userId)}${input.comment ? `: ${input.comment}` : '.'}`;
  const written = await writeQuoteAtVersion(
    db,
    statusMoveOf(quote, {
      statusAfter: 'TNC',
      changes: [submissionChange(submission, 'pending', reason)],
      action: 'approval_recalled',
      ...quoteActorOf(caller),
    }),
    now,
    async (tx) => {
      const ending = { state: 'RECALLED' as const, outcomeReason: reason };
      // Decided meanwhile: the quote's version moved, so this write cannot get here unnoticed.
      if (!(await endSubmission(tx, submission.id, ['PENDING'], ending, now))) {
        throw new AppError('CONFLICT', STALE_QUOTE_MESSAGE);
      }
    },
  );
  if (!written) throw new AppError('CONFLICT', STALE_QUOTE_MESSAGE);
  await noticeRecall(
    deps,
    written,
    submission,
    { id: caller.userId, name: await userNameOf(db, caller.userId) },
    now,
  );
  return approvalStateOf(db, caller, written, now);
}
