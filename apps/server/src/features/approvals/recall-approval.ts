import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  lockedMessage,
  STALE_QUOTE_MESSAGE,
  userNameOf,
  writeQuoteAtVersion,
} from '../../lib/quote-writes.ts';
import type { ApprovalMailDeps } from './approval-mail.ts';
import {
  approvalStateOf,
  isLockedByOther,
  NOT_FOUND_MESSAGE,
  worksOnQuote,
} from './approval-state.ts';
import { closeSubmission, findLatestSubmission, voidOpenSteps } from './approvals.repository.ts';
import { findVisibleQuote, viewerOf } from '../../lib/visibility.ts';

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
  const quote = await findVisibleQuote(db, viewerOf(caller), input.quoteId);
  if (!quote) throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
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
  if (quote.version !== input.version) throw new AppError('CONFLICT', STALE_QUOTE_MESSAGE);
  if (isLockedByOther(caller, quote) && quote.lockedBy) {
    throw new AppError('CONFLICT', await lockedMessage(db, quote.lockedBy));
  }
  const reason = `Recalled by ${await userNameOf(db, caller.userId)}${input.comment ? `: ${input.comment}` : '.'}`;
  const written = await writeQuoteAtVersion(
    db,
    {
      quoteId: quote.id,
      expectedVersion: quote.version,
      set: { statusId: 'TNC' },
      changes: [
        {
          field: `approval submission ${submission.submissionNumber}`,
          before: 'pending',
          after: reason,
        },
        { field: 'status_id', before: quote.statusId, after: 'TNC' },
      ],
      action: 'approval_recalled',
      actorUserId: caller.userId,
      kind: 'lifecycle',
    },
    now,
    async (tx) => {
      const closed = await closeSubmission(tx, submission.id, ['PENDING'], {
        state: 'RECALLED',
        outcomeReason: reason,
        closedAt: now,
      });
      // Decided meanwhile: the quote's version moved, so this write cannot get here unnoticed.
      if (!closed) throw new AppError('CONFLICT', STALE_QUOTE_MESSAGE);
      await voidOpenSteps(tx, submission.id);
    },
  );
  if (!written) throw new AppError('CONFLICT', STALE_QUOTE_MESSAGE);
  return approvalStateOf(db, caller, written, now);
}
