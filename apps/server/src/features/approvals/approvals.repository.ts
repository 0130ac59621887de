// Kept whole: the approval flow's queries, in sections over the same approval tables.
import { and, asc, desc, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import {
  approvalGroupMembers,
  quoteApprovalSteps,
  quoteApprovals,
} from '@bastion/db/schema/approvals';
import { outboundEmails } from '@bastion/db/schema/mail';
import { quotes } from '@bastion/db/schema/quotes';
import { delegations, userRoles, users } from '@bastion/db/schema/users';
import { containsText, firstOrNull, personName, readPage } from '../../lib/db/queries.ts';
import type { SubmissionRow } from '../../lib/db/rows.ts';

/* Queries of the approval flow: reads and writes, no decisions. */

export type { DelegationRow, StepRow, SubmissionRow } from '../../lib/db/rows.ts';

// ---------------------------------------------------------------------------------------------
// People

export async function findUserNames(db: Database, ids: readonly (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map<string, { name: string; email: string }>();
  const rows = await db
    .select({ id: users.id, name: personName, email: users.email })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, { name: r.name, email: r.email }]));
}

export async function findUser(db: Database, id: string) {
  return firstOrNull(
    db
      .select({ id: users.id, name: personName, email: users.email, isDisabled: users.isDisabled })
      .from(users)
      .where(eq(users.id, id)),
  );
}

export async function searchActiveUsers(db: Database, search: string, exceptId: string) {
  return db
    .select({ id: users.id, name: personName, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.isDisabled, false),
        ne(users.id, exceptId),
        containsText(search, personName, users.email),
      ),
    )
    .orderBy(asc(personName), asc(users.email))
    .limit(25);
}

/** What one role row grants: the role and where it applies. */
const roleGrant = {
  role: userRoles.role,
  assignment: userRoles.assignment,
  assignmentValue: userRoles.assignmentValue,
};

/** Own role rows (not lent by a delegation) of these users. */
export async function findOwnRoleRows(db: Database, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: userRoles.userId, ...roleGrant })
    .from(userRoles)
    .where(and(inArray(userRoles.userId, [...userIds]), isNull(userRoles.delegationId)));
}

/** Role rows a user holds through these delegations. */
export async function findLentRoleRows(
  db: Database,
  userId: string,
  delegationIds: readonly string[],
) {
  if (delegationIds.length === 0) return [];
  return db
    .select({ delegationId: userRoles.delegationId, ...roleGrant })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), inArray(userRoles.delegationId, [...delegationIds])));
}

/** Own holders (not disabled) of any of these roles. */
export async function findRoleHolders(db: Database, roles: readonly string[]) {
  if (roles.length === 0) return [];
  return db
    .select({ userId: userRoles.userId, ...roleGrant })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(
      and(
        inArray(userRoles.role, [...roles]),
        isNull(userRoles.delegationId),
        eq(users.isDisabled, false),
      ),
    );
}

export async function findActiveUsers(db: Database, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, name: personName, email: users.email })
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.isDisabled, false)));
}

// ---------------------------------------------------------------------------------------------
// Delegations

const isOpenAt = (at: Date) => and(lte(delegations.startsAt, at), gt(delegations.endsAt, at));

/** Delegations to this user whose window contains `at`. */
export async function findOpenDelegationsTo(db: Database, userId: string, at: Date) {
  return db
    .select()
    .from(delegations)
    .where(and(eq(delegations.delegateUserId, userId), isOpenAt(at)));
}

/** Delegates of these users, while their delegation runs. */
export async function findOpenDelegationsFrom(db: Database, userIds: readonly string[], at: Date) {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(delegations)
    .where(and(inArray(delegations.delegatorUserId, [...userIds]), isOpenAt(at)));
}

/** Every delegation the user made or received, newest first. */
export async function listDelegationsOf(db: Database, userId: string) {
  return db
    .select()
    .from(delegations)
    .where(or(eq(delegations.delegatorUserId, userId), eq(delegations.delegateUserId, userId)))
    .orderBy(desc(delegations.startsAt), desc(delegations.createdAt));
}

/** The delegator's delegations that have not ended by `at`. */
export async function findUnendedDelegationsFrom(db: Database, userId: string, at: Date) {
  return db
    .select()
    .from(delegations)
    .where(and(eq(delegations.delegatorUserId, userId), gt(delegations.endsAt, at)));
}

export async function findDelegation(db: Database, id: string) {
  return firstOrNull(db.select().from(delegations).where(eq(delegations.id, id)));
}

export async function findLentRolesOf(db: Database, delegationIds: readonly string[]) {
  if (delegationIds.length === 0) return [];
  return db
    .select({ delegationId: userRoles.delegationId, role: userRoles.role })
    .from(userRoles)
    .where(inArray(userRoles.delegationId, [...delegationIds]));
}

// ---------------------------------------------------------------------------------------------
// Rules, groups and the workflow

/** Members of these groups: user ids and roles. */
export async function findGroupMembers(db: Database, groupIds: readonly string[]) {
  if (groupIds.length === 0) return [];
  return db
    .select({
      groupId: approvalGroupMembers.groupId,
      userId: approvalGroupMembers.userId,
      role: approvalGroupMembers.role,
    })
    .from(approvalGroupMembers)
    .where(inArray(approvalGroupMembers.groupId, [...groupIds]));
}

/** Groups naming one of these users or roles as a member. */
export async function findGroupIdsWithMembers(
  db: Database,
  userIds: readonly string[],
  roles: readonly string[],
) {
  const rows = await db
    .selectDistinct({ groupId: approvalGroupMembers.groupId })
    .from(approvalGroupMembers)
    .where(
      or(
        userIds.length > 0 ? inArray(approvalGroupMembers.userId, [...userIds]) : undefined,
        roles.length > 0 ? inArray(approvalGroupMembers.role, [...roles]) : undefined,
        sql`false`,
      ),
    );
  return rows.map((r) => r.groupId);
}

// ---------------------------------------------------------------------------------------------
// Submissions and steps

export async function listSubmissions(db: Database, quoteId: string) {
  return db
    .select()
    .from(quoteApprovals)
    .where(eq(quoteApprovals.quoteId, quoteId))
    .orderBy(desc(quoteApprovals.submissionNumber));
}

export async function findLatestSubmission(db: Database, quoteId: string) {
  return firstOrNull(
    db
      .select()
      .from(quoteApprovals)
      .where(eq(quoteApprovals.quoteId, quoteId))
      .orderBy(desc(quoteApprovals.submissionNumber))
      .limit(1),
  );
}

export async function findSubmission(db: Database, id: string) {
  return firstOrNull(db.select().from(quoteApprovals).where(eq(quoteApprovals.id, id)));
}

export async function findStep(db: Database, id: string) {
  return firstOrNull(db.select().from(quoteApprovalSteps).where(eq(quoteApprovalSteps.id, id)));
}

/** Whether the user decided, or was decided for, a step of the quote. */
export async function hasTakenPartIn(db: Database, quoteId: string, userId: string) {
  const [row] = await db
    .select({ id: quoteApprovalSteps.id })
    .from(quoteApprovalSteps)
    .where(
      and(
        eq(quoteApprovalSteps.quoteId, quoteId),
        or(eq(quoteApprovalSteps.decidedBy, userId), eq(quoteApprovalSteps.onBehalfOf, userId)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Closes a submission that is still in one of `from`; false when it no longer was. */
export async function closeSubmission(
  db: Database,
  id: string,
  from: readonly SubmissionRow['state'][],
  set: { state: SubmissionRow['state']; outcomeReason: string; closedAt: Date },
) {
  const rows = await db
    .update(quoteApprovals)
    .set(set)
    .where(and(eq(quoteApprovals.id, id), inArray(quoteApprovals.state, [...from])))
    .returning({ id: quoteApprovals.id });
  return rows.length > 0;
}

/**
 * Records a decision if the step is still pending: the condition makes exactly one of two
 * concurrent decisions win. Null when it was no longer pending.
 */
export async function decideStepIfPending(
  db: Database,
  id: string,
  set: {
    state: 'APPROVED' | 'REJECTED';
    decidedBy: string;
    onBehalfOf: string | null;
    decidedAt: Date;
    comment: string;
    decidedRevisionNumber: number | null;
  },
) {
  return firstOrNull(
    db
      .update(quoteApprovalSteps)
      .set(set)
      .where(and(eq(quoteApprovalSteps.id, id), eq(quoteApprovalSteps.state, 'PENDING')))
      .returning(),
  );
}

export async function openStage(db: Database, approvalId: string, stage: number, at: Date) {
  return db
    .update(quoteApprovalSteps)
    .set({ state: 'PENDING', pendingSince: at })
    .where(
      and(
        eq(quoteApprovalSteps.approvalId, approvalId),
        eq(quoteApprovalSteps.stage, stage),
        eq(quoteApprovalSteps.state, 'AWAITED'),
      ),
    )
    .returning();
}

export async function findQuoteForUpdate(db: Database, id: string) {
  return firstOrNull(db.select().from(quotes).where(eq(quotes.id, id)).for('update'));
}

/** A quote whatever the caller's scope: the caller decides who may see it. */
export async function findQuote(db: Database, id: string) {
  return firstOrNull(db.select().from(quotes).where(eq(quotes.id, id)));
}

export async function findQuoteNumber(db: Database, id: string) {
  return firstOrNull(
    db
      .select({ id: quotes.id, quoteNumber: quotes.quoteNumber })
      .from(quotes)
      .where(eq(quotes.id, id)),
  );
}

/** Pending steps of open submissions, with their quote; only of these groups when given. */
/** Steps with their submission and quote: what the queue's views list. */
const stepsWithQuotes = (db: Database) =>
  db
    .select({ step: quoteApprovalSteps, submission: quoteApprovals, quote: quotes })
    .from(quoteApprovalSteps)
    .innerJoin(quoteApprovals, eq(quoteApprovals.id, quoteApprovalSteps.approvalId))
    .innerJoin(quotes, eq(quotes.id, quoteApprovalSteps.quoteId));

/** Waiting: the step pending in an open submission. */
const isWaiting = and(eq(quoteApprovalSteps.state, 'PENDING'), eq(quoteApprovals.state, 'PENDING'));

export async function listPendingSteps(db: Database, groupIds?: readonly string[]) {
  if (groupIds !== undefined && groupIds.length === 0) return [];
  return stepsWithQuotes(db)
    .where(
      and(
        isWaiting,
        groupIds === undefined ? undefined : inArray(quoteApprovalSteps.groupId, [...groupIds]),
      ),
    )
    .orderBy(asc(quoteApprovalSteps.pendingSince), asc(quoteApprovalSteps.id));
}

/** Steps the user decided (approved or rejected, as themselves or as a delegate), newest first. */
export async function listDecidedSteps(db: Database, userId: string, limit: number) {
  return stepsWithQuotes(db)
    .where(
      and(
        eq(quoteApprovalSteps.decidedBy, userId),
        inArray(quoteApprovalSteps.state, ['APPROVED', 'REJECTED']),
      ),
    )
    .orderBy(desc(quoteApprovalSteps.decidedAt), desc(quoteApprovalSteps.id))
    .limit(limit);
}

/** Pending steps of open submissions of the quotes the user owns or submitted, oldest first. */
export async function listPendingStepsOfOwnQuotes(db: Database, userId: string) {
  return stepsWithQuotes(db)
    .where(
      and(isWaiting, or(eq(quotes.ownerUserId, userId), eq(quoteApprovals.submittedBy, userId))),
    )
    .orderBy(asc(quoteApprovalSteps.pendingSince), asc(quoteApprovalSteps.id));
}

// ---------------------------------------------------------------------------------------------
// Outbox

export async function listOutbox(
  db: Database,
  filter: { purpose?: string | undefined; recipient?: string | undefined },
  page: { offset: number; limit: number },
) {
  const where = and(
    filter.purpose ? eq(outboundEmails.purpose, filter.purpose) : undefined,
    containsText(filter.recipient, outboundEmails.recipient),
  );
  return readPage(
    page,
    db
      .select()
      .from(outboundEmails)
      .where(where)
      .orderBy(desc(outboundEmails.createdAt), desc(outboundEmails.id))
      .$dynamic(),
    db.$count(outboundEmails, where),
  );
}
