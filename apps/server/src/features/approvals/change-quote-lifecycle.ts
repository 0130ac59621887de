import type { QuoteHistoryAction } from '@bastion/domain/quotes/history-display';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CrmAdapter } from '../../integrations/crm/crm-adapter.ts';
import { withCrm } from '../../integrations/crm/with-crm.ts';
import { announceProductsDue } from '../../core/crm-products/products-due.ts';
import { makePrimary } from '../../core/quotes/primary-quote.repository.ts';
import { recordInstalledBase } from '../../core/renewals/installed-base.repository.ts';
import {
  lockedMessage,
  STALE_QUOTE_MESSAGE,
  userNameOf,
  writeQuoteAtVersion,
  type HistoryChange,
  type QuoteRow,
  type QuoteWrite,
  quoteActorOf,
} from '../../core/quotes/quote-writes.repository.ts';
import { lifecycleResultOf, requireApprovalQuote } from './approval-state.ts';
import { findLatestSubmission } from './approvals.repository.ts';
import { endSubmission, statusChange, submissionChange } from './end-submission.ts';
import type { LifecycleAction, LifecycleResult } from '@bastion/domain/approvals/api';
import { requireWorkableQuote } from './submit-for-approval.ts';

/** The stage a completed quote's opportunity is written back with. */
export const CLOSED_WON_STAGE = 'Closed Won';

export interface LifecycleDeps {
  db: Database;
  crm: CrmAdapter;
}

const REFUSED: Readonly<Record<Exclude<LifecycleAction, 'lock' | 'unlock'>, string>> = {
  revise: 'Only a rejected, budgetary or approved quote is revised.',
  accept: 'Only an approved quote can be accepted.',
  complete: 'Only an accepted quote can be completed.',
  archive: 'This quote is already archived.',
  unarchive: 'Only an archived quote can be unarchived.',
};

const VERBS: Readonly<Record<Exclude<LifecycleAction, 'lock' | 'unlock'>, string>> = {
  revise: 'revise',
  accept: 'mark as accepted',
  complete: 'complete',
  archive: 'archive',
  unarchive: 'unarchive',
};

interface Move {
  set: QuoteWrite['set'];
  changes: HistoryChange[];
  action: QuoteHistoryAction;
  ignoresLock?: boolean;
  alsoWrite?: (tx: Database) => Promise<void>;
}

/** Closes the quote's latest submission if it is in `from`, with its open steps. */
async function closeLatest(
  tx: Database,
  quoteId: string,
  from: ('PENDING' | 'APPROVED')[],
  reason: string,
  now: Date,
): Promise<HistoryChange[]> {
  const submission = await findLatestSubmission(tx, quoteId);
  if (!submission || !(from as string[]).includes(submission.state)) return [];
  await endSubmission(tx, submission.id, from, { state: 'VOIDED', outcomeReason: reason }, now);
  return [submissionChange(submission, submission.state.toLowerCase(), 'voided')];
}

async function lockMove(
  db: Database,
  caller: AuthContext,
  quote: QuoteRow,
  action: 'lock' | 'unlock',
  now: Date,
): Promise<Move> {
  const name = await userNameOf(db, caller.userId);
  if (action === 'lock') {
    if (!caller.permissions.can_lock_unlock_quote) {
      throw new AppError('FORBIDDEN', 'You may not lock quotes.');
    }
    if (quote.lockedBy === caller.userId) {
      throw new AppError('CONFLICT', 'You have already locked this quote.');
    }
    if (quote.lockedBy !== null)
      throw new AppError('CONFLICT', await lockedMessage(db, quote.lockedBy));
    return {
      set: { lockedBy: caller.userId, lockedAt: now },
      changes: [{ field: 'locked_by', before: null, after: name }],
      action: 'locked',
      ignoresLock: true,
    };
  }
  if (quote.lockedBy === null) throw new AppError('CONFLICT', 'This quote is not locked.');
  if (quote.lockedBy !== caller.userId && !caller.permissions.can_lock_unlock_quote) {
    throw new AppError(
      'FORBIDDEN',
      `Only ${await userNameOf(db, quote.lockedBy)}, who locked it, or a user who may lock quotes can unlock it.`,
    );
  }
  return {
    set: { lockedBy: null, lockedAt: null },
    changes: [{ field: 'locked_by', before: await userNameOf(db, quote.lockedBy), after: null }],
    action: 'unlocked',
    ignoresLock: true,
  };
}

/**
 * The moves of the quote lifecycle (docs/decisions/013): revise (back to INCOMPLETE, approvals
 * cleared), accept, complete (written back to the CRM as Closed Won), archive and unarchive (the
 * owner or the deal desk; complete: the deal desk), lock and unlock (`can_lock_unlock_quote`;
 * the locker may always unlock). Each at the version the caller saw, with the quote's history.
 */
export async function changeQuoteLifecycle(
  deps: LifecycleDeps,
  caller: AuthContext,
  input: { action: LifecycleAction; quoteId: string; version: number },
  now = new Date(),
): Promise<LifecycleResult> {
  const { db } = deps;
  let quote: QuoteRow;
  let move: Move;
  if (input.action === 'lock' || input.action === 'unlock') {
    quote = await requireApprovalQuote(db, caller, input.quoteId);
    if (quote.version !== input.version) throw new AppError('CONFLICT', STALE_QUOTE_MESSAGE);
    move = await lockMove(db, caller, quote, input.action, now);
  } else {
    const action = input.action;
    quote = await requireWorkableQuote(db, caller, input.quoteId, input.version, VERBS[action]);
    const refuse = () => new AppError('CONFLICT', REFUSED[action]);
    const name = await userNameOf(db, caller.userId);
    switch (action) {
      case 'revise': {
        if (!['REJECTED', 'BUDGETARY', 'APPROVED'].includes(quote.statusId)) throw refuse();
        // The history entry is written after alsoWrite, so it lists the cleared approval too.
        const changes = [statusChange(quote, 'INCOMPLETE')];
        move = {
          set: { statusId: 'INCOMPLETE' },
          changes,
          action: 'revised',
          alsoWrite: async (tx) => {
            const reason = `Revised by ${name}: approvals cleared.`;
            changes.push(...(await closeLatest(tx, quote.id, ['APPROVED'], reason, now)));
          },
        };
        break;
      }
      case 'accept':
        if (quote.statusId !== 'APPROVED') throw refuse();
        move = {
          set: { statusId: 'ACCEPTED', acceptedAt: now },
          changes: [statusChange(quote, 'ACCEPTED')],
          action: 'accepted',
          alsoWrite: (tx) => recordInstalledBase(tx, quote, now, caller.userId),
        };
        break;
      case 'complete': {
        if (!caller.permissions.is_deal_desk_user) {
          throw new AppError('FORBIDDEN', 'Only the deal desk completes quotes.');
        }
        if (quote.statusId !== 'ACCEPTED') throw refuse();
        // The CRM first: if it cannot be told, the quote stays accepted (502, nothing changed).
        const target = quote;
        if (target.opportunityId) {
          const opportunityId = target.opportunityId;
          await withCrm(() =>
            deps.crm.writeBackQuote(opportunityId, {
              quoteNumber: target.quoteNumber,
              status: 'COMPLETED',
              amountMinor: target.totalAmountMinor,
              currencyCode: target.currencyCode,
              stage: CLOSED_WON_STAGE,
            }),
          );
        }
        move = {
          set: { statusId: 'COMPLETED', completedAt: now },
          changes: [
            statusChange(quote, 'COMPLETED'),
            ...(target.opportunityId
              ? [{ field: 'crm opportunity', before: null, after: CLOSED_WON_STAGE }]
              : []),
          ],
          action: 'completed',
          // Already recorded when it was accepted; a quote completed straight away is recorded now.
          // The won quote is the deal's: its opportunity's primary from now on (decision 043).
          alsoWrite: async (tx) => {
            await recordInstalledBase(tx, target, now, caller.userId);
            await makePrimary(tx, target);
          },
        };
        break;
      }
      case 'archive': {
        if (quote.statusId === 'ARCHIVED') throw refuse();
        // A pending submission does not wait in approvers' queues for an archived quote.
        const isPending = quote.statusId === 'PENDING_APPROVAL';
        const before = isPending ? 'TNC' : quote.statusId;
        const changes: HistoryChange[] = [
          statusChange(quote, 'ARCHIVED'),
          { field: 'pre_archive_status_id', before: quote.preArchiveStatusId, after: before },
        ];
        move = {
          set: { statusId: 'ARCHIVED', preArchiveStatusId: before },
          changes,
          action: 'archived',
          alsoWrite: async (tx) => {
            if (!isPending) return;
            changes.push(
              ...(await closeLatest(tx, quote.id, ['PENDING'], `Archived by ${name}.`, now)),
            );
          },
        };
        break;
      }
      case 'unarchive': {
        if (quote.statusId !== 'ARCHIVED') throw refuse();
        const restored = quote.preArchiveStatusId ?? 'INCOMPLETE';
        move = {
          set: { statusId: restored, preArchiveStatusId: null },
          changes: [statusChange(quote, restored)],
          action: 'unarchived',
        };
        break;
      }
    }
  }

  const written = await writeQuoteAtVersion(
    db,
    {
      quoteId: quote.id,
      expectedVersion: input.version,
      set: move.set,
      changes: move.changes,
      action: move.action,
      ...quoteActorOf(caller),
      kind: 'lifecycle',
      ...(move.ignoresLock ? { ignoresLock: true } : {}),
    },
    now,
    move.alsoWrite,
  );
  if (!written) throw new AppError('CONFLICT', STALE_QUOTE_MESSAGE);
  // The completed quote became its opportunity's primary: the CRM gets its lines.
  if (input.action === 'complete') announceProductsDue(db, written.opportunityId);
  return lifecycleResultOf(db, caller, written);
}
