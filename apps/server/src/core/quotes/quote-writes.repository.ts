import type { QuoteHistoryAction } from '@bastion/domain/quotes/history-display';
import { and, desc, eq, isNull, notInArray, or, sql } from 'drizzle-orm';
import { APPROVAL_STATUSES, EDITABLE_STATUSES } from '@bastion/domain/quotes/editable-statuses';
import type { Database } from '@bastion/db/client';
import { quoteApprovals } from '@bastion/db/schema/approvals';
import { quoteHistory } from '@bastion/db/schema/quote-history';
import { quoteNumberSequence, quotes, type QuoteRow } from '@bastion/db/schema/quotes';
import { users } from '@bastion/db/schema/users';
import { AppError } from '../../lib/app-error.ts';
import { STALE_QUOTE_MESSAGE } from './quote-messages.ts';
import { approvalFactsOf } from '../approvals/approval-facts.repository.ts';
import { announceApproversAsked, type ApproversAsked } from '../approvals/approvers-asked.ts';
import { announceProductsDue } from '../crm-products/products-due.ts';
import { markProductsDue } from '../crm-products/product-writes.repository.ts';
import { reapproveAfterChange } from '../approvals/reapprove-after-change.ts';
import { voidSubmission } from '../approvals/submissions.repository.ts';
import { refreshQuoteSkuDiscounts } from '../reports/report-rollups.repository.ts';
import {
  enqueueQuoteWebhooks,
  type WebhookStepFacts,
} from '../../integrations/webhooks/webhook-outbox.repository.ts';

/**
 * Every change to a quote, whichever feature makes it (header, products, shipping, terms,
 * approvals), goes through here: the quote's version is raised only if it is still the one the
 * caller saw, the feature's own rows are written, and the history entry is recorded, in one
 * transaction (docs/decisions/009: optimistic concurrency and history).
 *
 * It also keeps the approval rules of docs/decisions/013 for every feature at once:
 * - a locked quote changes only by the hand of the user who locked it;
 * - an ACCEPTED or COMPLETED quote no longer changes;
 * - a change to a submitted or decided quote (PENDING_APPROVAL, APPROVED, REJECTED, BUDGETARY)
 *   that changes what its approvers judged (the approval fingerprint) re-submits it, asking again
 *   only the groups whose rules it made worse (smart re-approval, issue 37), or, when it cannot
 *   be re-submitted (rejected, budgetary, terms to save again…), voids its submission and sends
 *   the quote back to INCOMPLETE (or to the flow step the write itself sets).
 * Ordinary writes of a quote being built cost what they always did: one conditional update.
 */

export type { QuoteRow };
export type HistoryChange = { field: string; before: unknown; after: unknown };

export { STALE_QUOTE_MESSAGE };

export { APPROVAL_STATUSES, EDITABLE_STATUSES };

/** Statuses after which nothing about the quote changes but its lifecycle. */
export const FINAL_STATUSES: readonly string[] = ['ACCEPTED', 'COMPLETED'];

export const FINAL_STATUS_MESSAGES: Readonly<Record<string, string>> = {
  ACCEPTED: 'This quote was accepted by the customer; it can no longer change.',
  COMPLETED: 'This quote is completed (booked in the CRM); it can no longer change.',
};

/** Who changes a quote: the user, and the administrator acting as them (decision 021), if any. */
export interface QuoteActor {
  actorUserId: string;
  impersonatorUserId?: string | null;
}

/** The quote history's actor of a signed-in caller. */
export const quoteActorOf = (caller: {
  userId: string;
  impersonator: { userId: string } | null;
}): QuoteActor => ({
  actorUserId: caller.userId,
  impersonatorUserId: caller.impersonator?.userId ?? null,
});

export interface QuoteWrite extends Omit<QuoteActor, 'actorUserId'> {
  /** Null: someone without an account, the customer accepting through a link (issue 17). */
  actorUserId: string | null;
  quoteId: string;
  expectedVersion: number;
  set?: Partial<typeof quotes.$inferInsert>;
  changes: HistoryChange[];
  action: QuoteHistoryAction;
  /**
   * `content` (the default): a change to what the quote says, held to the rules above.
   * `lifecycle`: a move of the approval flow itself (submit, decide, revise, accept, lock…),
   * whose caller manages the submission; only the lock applies to it.
   */
  kind?: 'content' | 'lifecycle';
  /** Lifecycle writes that a lock does not stop: approvers' decisions, lock and unlock. */
  ignoresLock?: boolean;
  /**
   * Where the quote goes when this change voids its submission, if not INCOMPLETE: a change of
   * terms alone leaves products and shipping as they were, so the quote is back at its terms.
   */
  statusIfVoided?: string;
  /** The approval step this write decides, for the approval.step_decided webhook (issue 21). */
  decidedStep?: WebhookStepFacts;
}

const personName = sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email})`;

export async function userNameOf(db: Database, userId: string | null): Promise<string> {
  if (userId === null) return 'a former user';
  const [row] = await db.select({ name: personName }).from(users).where(eq(users.id, userId));
  return row?.name ?? 'a former user';
}

export async function lockedMessage(db: Database, lockedBy: string): Promise<string> {
  return `This quote is locked by ${await userNameOf(db, lockedBy)}: only they can change it until it is unlocked.`;
}

/** Null when someone else wrote first: nothing is changed then. */
export async function writeQuoteAtVersion(
  db: Database,
  input: QuoteWrite,
  now: Date,
  alsoWrite: (tx: Database) => Promise<void> = async () => undefined,
): Promise<QuoteRow | null> {
  const isContent = (input.kind ?? 'content') === 'content';
  const lockHolds = !(input.kind === 'lifecycle' && input.ignoresLock === true);
  const bump = {
    ...input.set,
    version: sql`${quotes.version} + 1`,
    updatedAt: now,
    updatedBy: input.actorUserId,
  };
  const atVersion = and(eq(quotes.id, input.quoteId), eq(quotes.version, input.expectedVersion));

  const asked: ApproversAsked[] = [];
  const written = await db.transaction(async (tx) => {
    // The common case in one statement: the quote is at the version, unlocked (or the writer's),
    // and, for a change of content, not bound to a submission nor final.
    const [row] = await tx
      .update(quotes)
      .set(bump)
      .where(
        and(
          atVersion,
          lockHolds
            ? or(
                isNull(quotes.lockedBy),
                input.actorUserId === null ? undefined : eq(quotes.lockedBy, input.actorUserId),
              )
            : undefined,
          isContent
            ? notInArray(quotes.statusId, [...APPROVAL_STATUSES, ...FINAL_STATUSES])
            : undefined,
        ),
      )
      .returning();
    if (row) {
      await alsoWrite(tx);
      await recordHistory(tx, row, input, input.changes, now);
      if (isContent && row.isPrimary) await markProductsDue(tx, row);
      return row;
    }

    // Otherwise find out why, with the quote held until this transaction ends.
    const [current] = await tx.select().from(quotes).where(atVersion).for('update');
    if (!current) return null;
    if (lockHolds && current.lockedBy !== null && current.lockedBy !== input.actorUserId) {
      throw new AppError('CONFLICT', await lockedMessage(tx, current.lockedBy));
    }
    if (!isContent) return null;
    const finalMessage = FINAL_STATUS_MESSAGES[current.statusId];
    if (finalMessage !== undefined) throw new AppError('CONFLICT', finalMessage);
    if (!APPROVAL_STATUSES.includes(current.statusId)) return null;

    const [written] = await tx.update(quotes).set(bump).where(atVersion).returning();
    if (!written) return null;
    await alsoWrite(tx);
    const voided = await voidStaleSubmission(tx, current, written, input, now);
    if (voided.asked) asked.push(voided.asked);
    await recordHistory(tx, voided.row, input, [...input.changes, ...voided.changes], now);
    if (voided.row.isPrimary) await markProductsDue(tx, voided.row);
    return voided.row;
  });
  for (const ask of asked) announceApproversAsked(db, ask);
  // The primary quote's lines, as the CRM's opportunity products (decision 044).
  if (written?.isPrimary && isContent) announceProductsDue(db, written.opportunityId);
  return written;
}

async function recordHistory(
  tx: Database,
  row: QuoteRow,
  input: QuoteWrite,
  changes: HistoryChange[],
  now: Date,
) {
  await tx.insert(quoteHistory).values({
    quoteId: row.id,
    actorUserId: input.actorUserId,
    impersonatorUserId: input.impersonatorUserId ?? null,
    occurredAt: now,
    action: input.action,
    version: row.version,
    changes,
  });
  // The webhooks the entry raises leave with it, or not at all (issue 21).
  await enqueueQuoteWebhooks(
    tx,
    row,
    {
      action: input.action,
      changes,
      actorUserId: input.actorUserId,
      ...(input.decidedStep ? { step: input.decidedStep } : {}),
    },
    now,
  );
}

/**
 * After a change to a quote bound to a submission: when what its approvers judged changed (or
 * the write moves it out of the approval states), an open or approved submission is re-submitted
 * with only the groups the change concerns asked again (reapprove-after-change.ts). When it cannot
 * be (a budgetary or rejected one, a change that sends the quote back through its flow, a quote
 * that could not be submitted as it stands), it is voided with the reason, its open steps with
 * it, and the quote goes back to INCOMPLETE, or to the flow step the write set. A rejected
 * submission stays rejected in the trail. A change that leaves the fingerprint as it was changes
 * nothing here.
 */
async function voidStaleSubmission(
  tx: Database,
  before: QuoteRow,
  after: QuoteRow,
  input: QuoteWrite,
  now: Date,
): Promise<{ row: QuoteRow; changes: HistoryChange[]; asked?: ApproversAsked | null }> {
  const [submission] = await tx
    .select()
    .from(quoteApprovals)
    .where(eq(quoteApprovals.quoteId, after.id))
    .orderBy(desc(quoteApprovals.submissionNumber))
    .limit(1);
  const movesStatus = input.set?.statusId !== undefined && input.set.statusId !== before.statusId;
  const loaded = submission && !movesStatus ? await approvalFactsOf(tx, after) : null;
  if (submission && loaded && loaded.fingerprint === submission.fingerprint) {
    return { row: after, changes: [] };
  }

  const changes: HistoryChange[] = [];
  if (submission && (submission.state === 'PENDING' || submission.state === 'APPROVED')) {
    const why = `${input.action.replaceAll('_', ' ')}, by ${await userNameOf(tx, input.actorUserId)}`;
    let cannot = '';
    if (loaded && !submission.isBudgetary) {
      const again = await reapproveAfterChange(
        tx,
        submission,
        after,
        loaded,
        { actorUserId: input.actorUserId, why },
        now,
      );
      if ('row' in again) return again;
      cannot = ` It could not be submitted again as it stands: ${again.blockers.join(' ')}`;
    }
    const reason = `Voided: the quote changed after it was submitted (${why}).${cannot}`;
    await voidSubmission(tx, submission.id, reason, now);
    changes.push({
      field: `approval submission ${submission.submissionNumber}`,
      before: submission.state.toLowerCase(),
      after: 'voided',
    });
  }
  const target =
    input.set?.statusId !== undefined && !APPROVAL_STATUSES.includes(input.set.statusId)
      ? input.set.statusId
      : (input.statusIfVoided ?? 'INCOMPLETE');
  if (target === after.statusId) return { row: after, changes };
  const [moved] = await tx
    .update(quotes)
    .set({ statusId: target })
    .where(eq(quotes.id, after.id))
    .returning();
  changes.push({ field: 'status_id', before: before.statusId, after: target });
  return { row: moved ?? after, changes };
}

/** Q-2026-000123: the year of creation and the next value of one shared sequence. */
async function nextQuoteNumber(db: Database, now: Date): Promise<string> {
  const result = await db.execute<{ n: string | number }>(
    sql`select nextval(${`"${quoteNumberSequence.seqName}"`}::regclass) as n`,
  );
  const value = (result as { rows: { n: string | number }[] }).rows[0]?.n;
  if (value === undefined) throw new Error('the quote number sequence answered nothing');
  return `Q-${now.getUTCFullYear()}-${String(value).padStart(6, '0')}`;
}

export type NewQuote = Omit<typeof quotes.$inferInsert, 'id' | 'quoteNumber' | 'version'>;

/**
 * A new quote with its number and its first history entry, in one transaction; `alsoWrite` adds
 * rows that belong to it (a copy's lines and terms).
 */
export async function insertQuoteWithHistory(
  db: Database,
  quote: NewQuote,
  actor: QuoteActor,
  now: Date,
  alsoWrite: (tx: Database, row: QuoteRow) => Promise<void> = async () => undefined,
  extraChanges: HistoryChange[] = [],
): Promise<QuoteRow> {
  return db.transaction(async (tx) => {
    const quoteNumber = await nextQuoteNumber(tx, now);
    const [row] = await tx
      .insert(quotes)
      .values({ ...quote, quoteNumber, createdAt: now, updatedAt: now })
      .returning();
    if (!row) throw new Error('quote insert returned nothing');
    await alsoWrite(tx, row);
    // A copy's or renewal's lines in the discount report (issue 19).
    await refreshQuoteSkuDiscounts(tx, row.id);
    await tx.insert(quoteHistory).values({
      quoteId: row.id,
      actorUserId: actor.actorUserId,
      impersonatorUserId: actor.impersonatorUserId ?? null,
      occurredAt: now,
      action: 'created',
      version: row.version,
      changes: [
        { field: 'status_id', before: null, after: row.statusId },
        { field: 'quote_name', before: null, after: row.quoteName },
        { field: 'quote_type', before: null, after: row.quoteType },
        ...extraChanges,
      ],
    });
    return row;
  });
}

/**
 * Records something done with a quote that does not change what it says (a document generated,
 * a file attached, downloaded or deleted, a link sent) in its history, at its current version:
 * the version is not raised, so nobody's open page goes stale and no approval is voided.
 */
export async function recordQuoteEvent(
  db: Database,
  event: QuoteActor & { quoteId: string; action: QuoteHistoryAction; changes: HistoryChange[] },
  now: Date,
): Promise<void> {
  await db.insert(quoteHistory).values({
    quoteId: event.quoteId,
    actorUserId: event.actorUserId,
    impersonatorUserId: event.impersonatorUserId ?? null,
    occurredAt: now,
    action: event.action,
    version: sql<number>`(select ${quotes.version} from ${quotes} where ${quotes.id} = ${event.quoteId})`,
    changes: event.changes,
  });
}
