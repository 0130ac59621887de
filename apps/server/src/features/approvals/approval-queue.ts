import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  findGroupIdsWithMembers,
  findUserNames,
  listDecidedSteps,
  listPendingSteps,
  listPendingStepsOfOwnQuotes,
} from './approvals.repository.ts';
import type { AssignedTo, QueueBody } from '@bastion/domain/approvals/api';
import {
  actorFor,
  loadGroupMembers,
  loadPrincipals,
  type Actor,
  type Principal,
} from './approvers.ts';
import { targetPathOfQuote } from '../../core/quotes/quote-target-path.ts';

/*
 * The approvals queue (spec §2 quote-approvals, §6 'assigned to'), its filter options and the
 * navigation badge's count (spec §7 my-pending-approval-count).
 */

type PendingRow = Awaited<ReturnType<typeof listPendingSteps>>[number];

interface Candidate {
  row: PendingRow;
  actor: Actor;
}

/** Pending steps of open submissions, each with how (if at all) the caller may decide it. */
async function candidates(
  db: Database,
  principals: readonly Principal[],
  everything: boolean,
): Promise<Candidate[]> {
  const groupIds = everything
    ? undefined
    : await findGroupIdsWithMembers(
        db,
        principals.map((p) => p.userId),
        [...new Set(principals.flatMap((p) => p.roles.map((r) => r.role)))],
      );
  return withActors(db, principals, await listPendingSteps(db, groupIds));
}

/** How (if at all) the caller may decide each pending step. */
async function withActors(
  db: Database,
  principals: readonly Principal[],
  rows: PendingRow[],
): Promise<Candidate[]> {
  const members = await loadGroupMembers(
    db,
    rows.map((r) => r.step.groupId),
  );
  return rows.map((row) => ({
    row,
    actor: actorFor(
      principals,
      members.get(row.step.groupId ?? ''),
      { region: row.quote.region, accountId: row.quote.accountId },
      row.submission.submittedBy,
    ),
  }));
}

const isAssigned = (actor: Actor, assignedTo: AssignedTo) => {
  if (assignedTo === 'ALL') return true;
  if (!actor.ok) return false;
  return assignedTo === 'ME' ? actor.onBehalfOf === null : actor.onBehalfOf !== null;
};

/** What is decided is no one's to decide. */
const DECIDED_ACTOR: Actor = { ok: false, reason: 'not_an_approver' };

/** Steps the caller decided, the most recent first: an approver finds what they said. */
const DECIDED_LIMIT = 500;

/** The rows of the view asked for, each with how the caller may act on it. */
async function rowsOfView(
  db: Database,
  caller: AuthContext,
  principals: readonly Principal[],
  assignedTo: AssignedTo,
): Promise<Candidate[]> {
  if (assignedTo === 'DECIDED') {
    const rows = await listDecidedSteps(db, caller.userId, DECIDED_LIMIT);
    return rows.map((row) => ({ row, actor: DECIDED_ACTOR }));
  }
  if (assignedTo === 'MINE') {
    return withActors(db, principals, await listPendingStepsOfOwnQuotes(db, caller.userId));
  }
  return (await candidates(db, principals, assignedTo === 'ALL')).filter(({ actor }) =>
    isAssigned(actor, assignedTo),
  );
}

/** POST /api/dx/approval-queue: pending steps, oldest first, for the 'assigned to' choice. */
export async function listApprovalQueue(
  db: Database,
  caller: AuthContext,
  body: QueueBody,
  now = new Date(),
) {
  if (body.assigned_to === 'ALL' && !caller.permissions.is_deal_desk_user) {
    throw new AppError('FORBIDDEN', 'Only the deal desk sees every pending approval.');
  }
  const principals = await loadPrincipals(db, caller.userId, now);
  const search = body.search?.trim().toLowerCase() ?? '';
  const assigned = await rowsOfView(db, caller, principals, body.assigned_to);
  // The queue holds one user's pending steps: few enough to name everyone once.
  const names = await findUserNames(
    db,
    assigned.flatMap(({ row }) => [row.submission.submittedBy, row.quote.ownerUserId]),
  );
  const nameOf = (id: string | null) => (id === null ? '' : (names.get(id)?.name ?? ''));
  const matches = assigned.filter(
    ({ row }) =>
      search === '' ||
      [
        row.quote.quoteNumber,
        row.quote.quoteName,
        row.quote.accountName,
        nameOf(row.quote.ownerUserId),
        nameOf(row.submission.submittedBy),
      ].some((text) => text.toLowerCase().includes(search)),
  );
  const page = matches.slice((body.page - 1) * body.page_size, body.page * body.page_size);
  const personOf = (id: string | null) =>
    id === null ? null : { id, name: names.get(id)?.name ?? 'a former user' };
  return {
    rows: page.map(({ row, actor }) => {
      const { quote, step, submission } = row;
      const submitter = submission.submittedBy;
      return {
        step_id: step.id,
        quote_id: quote.id,
        quote_number: quote.quoteNumber,
        quote_name: quote.quoteName,
        quote_type: quote.quoteType,
        account_name: quote.accountName,
        region: quote.region,
        status_id: quote.statusId,
        currency_code: quote.currencyCode,
        total_amount_minor: quote.totalAmountMinor,
        version: quote.version,
        owner: personOf(quote.ownerUserId),
        max_line_discount_percent:
          typeof submission.facts.max_line_discount_percent === 'number'
            ? submission.facts.max_line_discount_percent
            : null,
        // Absent from submissions recorded before issue 33.
        max_seller_discount_percent:
          typeof submission.facts.max_seller_discount_percent === 'number'
            ? submission.facts.max_seller_discount_percent
            : null,
        submission_number: submission.submissionNumber,
        submitted_by: personOf(submitter),
        submitted_at: submission.submittedAt.toISOString(),
        stage: step.stage,
        stage_name: step.stageName,
        group_name: step.groupName,
        reasons: step.reasons,
        pending_since: step.pendingSince?.toISOString() ?? null,
        can_decide: actor.ok,
        acting_for:
          actor.ok && actor.onBehalfOf
            ? { id: actor.onBehalfOf.userId, name: actor.onBehalfOf.name }
            : null,
        target_path: targetPathOfQuote(quote),
        decision: step.state === 'APPROVED' || step.state === 'REJECTED' ? step.state : null,
        decided_at: step.decidedAt?.toISOString() ?? null,
        decision_comment: step.comment,
      };
    }),
    total: matches.length,
    page: body.page,
    page_size: body.page_size,
    assigned_to: body.assigned_to,
  };
}

/** POST /api/dx/my-pending-approval-count: steps the caller may decide now, theirs or delegated. */
export async function countMyPendingApprovals(db: Database, caller: AuthContext, now = new Date()) {
  const principals = await loadPrincipals(db, caller.userId, now);
  const decidable = (await candidates(db, principals, false)).filter(({ actor }) => actor.ok);
  return { pending_approval_count: decidable.length };
}

/**
 * POST /api/dx/approval-queue-filters (spec §6): the deal desk gets ALL and ME(DEAL_DESK);
 * others ME(ROLE), naming the roles by which they approve; Delegated when someone's delegation
 * to them runs; shown when there is more than one option.
 */
export async function approvalQueueFilters(db: Database, caller: AuthContext, now = new Date()) {
  const principals = await loadPrincipals(db, caller.userId, now);
  const [me] = principals;
  const ownRoles = [...new Set(me?.roles.map((r) => r.role) ?? [])];
  const options: { value: AssignedTo; label: string }[] = [];
  if (caller.permissions.is_deal_desk_user) {
    const desk = ownRoles.includes('DEAL_DESK') ? 'DEAL_DESK' : 'DEAL_DESK_ADMIN';
    options.push({ value: 'ALL', label: 'ALL' }, { value: 'ME', label: `ME(${desk})` });
  } else {
    const approving = await findGroupIdsWithMembers(db, [], ownRoles).then(async (ids) => {
      const members = await loadGroupMembers(db, ids);
      return ownRoles.filter((role) => [...members.values()].some((m) => m.roles.has(role)));
    });
    const roles = approving.length > 0 ? approving : ownRoles;
    options.push({ value: 'ME', label: roles.length > 0 ? `ME(${roles.join(', ')})` : 'ME' });
  }
  if (principals.length > 1) options.push({ value: 'DELEGATED', label: 'Delegated' });
  // Issue 33: an approver finds what they decided; a seller follows their quotes' approvals.
  const decides =
    caller.permissions.is_deal_desk_user || caller.permissions.is_approver || principals.length > 1;
  if (decides) options.push({ value: 'DECIDED', label: 'Decided by me' });
  if (caller.permissions.can_create_quote) {
    options.push({ value: 'MINE', label: 'My quotes in approval' });
  }
  const defaultValue: AssignedTo = decides || !caller.permissions.can_create_quote ? 'ME' : 'MINE';
  return { options, default_value: defaultValue, is_shown: options.length > 1 };
}
