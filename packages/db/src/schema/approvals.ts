import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { timestamptz, uuidId, uuidRef } from './columns.ts';
import { belongsToQuote } from './quotes.ts';
import { editedRowColumns, userRef, users } from './users.ts';

/**
 * Approvals (issue 7, docs/decisions/013): who approves (groups), when (rules over the quote's
 * facts), in what order (workflow templates), the partner exceptions the rules can ask about,
 * and each quote's submissions with their steps. Rule trees, chain building and the fingerprint
 * are packages/domain/src/approvals.
 */

export const APPROVAL_SUBMISSION_STATES = [
  'PENDING',
  'APPROVED',
  'REJECTED',
  'RECALLED',
  'VOIDED',
] as const;
export const APPROVAL_STEP_DB_STATES = [
  'AWAITED',
  'PENDING',
  'APPROVED',
  'REJECTED',
  'VOIDED',
] as const;

/** The admin's groups, rules and workflows: each has a name, unique whatever its case. */
const namedRowColumns = () => ({
  id: uuidId(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
});

const uniqueName = (table: string, name: AnyPgColumn) =>
  uniqueIndex(`${table}_name_key`).on(sql`lower(${name})`);

/** An approval group: its members approve together one step of a chain. */
export const approvalGroups = pgTable(
  'approval_groups',
  {
    ...namedRowColumns(),
    /** A global group applies to every region; any other only to the regions listed. */
    isGlobal: boolean('is_global').notNull().default(true),
    regions: text('regions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isActive: boolean('is_active').notNull().default(true),
    ...editedRowColumns(),
  },
  (t) => [uniqueName('approval_groups', t.name)],
);

/** A member is a user or everyone holding a role (in the quote's region when the role is scoped). */
export const approvalGroupMembers = pgTable(
  'approval_group_members',
  {
    id: uuidId(),
    groupId: uuidRef('group_id', () => approvalGroups.id, 'cascade'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    role: text('role'),
  },
  (t) => [
    index('approval_group_members_group_idx').on(t.groupId),
    index('approval_group_members_user_idx').on(t.userId),
    index('approval_group_members_role_idx').on(t.role),
    check('approval_group_members_one_kind', sql`(${t.userId} is null) <> (${t.role} is null)`),
  ],
);

/** A rule: when its predicate tree holds for a quote, the groups it names must approve. */
export const approvalRules = pgTable(
  'approval_rules',
  {
    ...namedRowColumns(),
    /** A PredicateNode tree (packages/domain/src/approvals/predicates.ts), checked at save. */
    predicate: jsonb('predicate').$type<unknown>().notNull(),
    groupIds: uuid('group_ids').array().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** Issue 37: any change to a submitted or approved quote asks this rule's groups again. */
    alwaysReapprove: boolean('always_reapprove').notNull().default(false),
    ...editedRowColumns(),
  },
  (t) => [uniqueName('approval_rules', t.name)],
);

/** The order groups approve in: START, steps, END (a WorkflowNode list, checked at save). */
export const workflowTemplates = pgTable(
  'workflow_templates',
  {
    ...namedRowColumns(),
    nodes: jsonb('nodes').$type<unknown>().notNull(),
    /** The template submissions use; exactly one is the default. */
    isDefault: boolean('is_default').notNull().default(false),
    ...editedRowColumns(),
  },
  (t) => [
    uniqueName('workflow_templates', t.name),
    uniqueIndex('workflow_templates_one_default')
      .on(t.isDefault)
      .where(sql`${t.isDefault}`),
  ],
);

/** A partner's allowed extra discount over a validity window; rules ask whether one applies. */
export const partnerExceptions = pgTable(
  'partner_exceptions',
  {
    id: uuidId(),
    /** The partner's CRM account id (opportunity partner_account_id). */
    partnerAccountId: text('partner_account_id').notNull(),
    partnerName: text('partner_name').notNull(),
    extraDiscountPercent: numeric('extra_discount_percent', { precision: 5, scale: 2 }).notNull(),
    validFrom: date('valid_from').notNull(),
    /** Inclusive last day. */
    validTo: date('valid_to').notNull(),
    reason: text('reason').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    ...editedRowColumns(),
  },
  (t) => [
    index('partner_exceptions_partner_idx').on(t.partnerAccountId, t.validTo),
    check('partner_exceptions_window', sql`${t.validFrom} <= ${t.validTo}`),
    check(
      'partner_exceptions_percent',
      sql`${t.extraDiscountPercent} >= 0 and ${t.extraDiscountPercent} <= 100`,
    ),
  ],
);

/**
 * One submission of a quote for approval. It is bound to the fingerprint of the quote's
 * approval-relevant facts at submission: when they change, the submission is voided.
 */
export const quoteApprovals = pgTable(
  'quote_approvals',
  {
    id: uuidId(),
    quoteId: belongsToQuote(),
    /** 1, 2, … per quote. */
    submissionNumber: integer('submission_number').notNull(),
    state: text('state', { enum: APPROVAL_SUBMISSION_STATES }).notNull(),
    isBudgetary: boolean('is_budgetary').notNull().default(false),
    fingerprint: text('fingerprint').notNull(),
    /** The facts the rules saw, and each matched rule with its predicates and the quote's values. */
    facts: jsonb('facts').$type<Record<string, unknown>>().notNull(),
    matchedRules: jsonb('matched_rules').$type<unknown[]>().notNull().default([]),
    workflowTemplateId: uuid('workflow_template_id').references(() => workflowTemplates.id, {
      onDelete: 'set null',
    }),
    /** Why it ended as it did: "No approval rule matched", the voiding change, the recall… */
    outcomeReason: text('outcome_reason').notNull().default(''),
    submittedBy: userRef('submitted_by'),
    submittedAt: timestamptz('submitted_at').notNull().defaultNow(),
    closedAt: timestamptz('closed_at'),
    /** Issue 37: the revision taken of what was submitted (null before revisions existed). */
    revisionNumber: integer('revision_number'),
    /**
     * What stands behind the yes/no facts (custom clauses' text, approval SKUs, the partner
     * exception), so smart re-approval sees a change that keeps a fact "yes" (FactEvidence).
     */
    evidence: jsonb('evidence').$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [
    uniqueIndex('quote_approvals_number_key').on(t.quoteId, t.submissionNumber),
    // At most one open submission per quote, whatever the races.
    uniqueIndex('quote_approvals_one_open')
      .on(t.quoteId)
      .where(sql`${t.state} = 'PENDING'`),
  ],
);

/** One group's approval within a submission; stages run in order, steps of a stage together. */
export const quoteApprovalSteps = pgTable(
  'quote_approval_steps',
  {
    id: uuidId(),
    approvalId: uuidRef('approval_id', () => quoteApprovals.id, 'cascade'),
    quoteId: belongsToQuote(),
    /** 1, 2, …: every step of stage n becomes pending when stage n-1 is approved. */
    stage: integer('stage').notNull(),
    stageName: text('stage_name').notNull(),
    groupId: uuid('group_id').references(() => approvalGroups.id, { onDelete: 'set null' }),
    groupName: text('group_name').notNull(),
    state: text('state', { enum: APPROVAL_STEP_DB_STATES }).notNull(),
    /** The rules that asked for this group, by name, for the approver's "why". */
    reasons: jsonb('reasons').$type<string[]>().notNull().default([]),
    pendingSince: timestamptz('pending_since'),
    decidedBy: userRef('decided_by'),
    /** When a delegate decided: the user they acted for. */
    onBehalfOf: userRef('on_behalf_of'),
    decidedAt: timestamptz('decided_at'),
    comment: text('comment').notNull().default(''),
    /** Issue 37: the revision a decision was made on (kept when an approval is carried over). */
    decidedRevisionNumber: integer('decided_revision_number'),
    /** A decision carried over from an earlier submission's step: the quote changed, not for the worse. */
    carriedFromStepId: uuid('carried_from_step_id'),
    /** Asked again after a change: the revision the group had approved, and why it is asked. */
    reaskedSinceRevision: integer('reasked_since_revision'),
    reaskReasons: jsonb('reask_reasons').$type<string[]>().notNull().default([]),
    /**
     * Issue 19 (approval cycle report): the quote's creation date and the filters the reports
     * take, copied when the step is made (none of them change after a quote is made), so the
     * report reads one index instead of joining every step to its quote. Filled by insertSteps
     * (approvals.repository.ts), the one writer of steps; null only on rows written by hand.
     */
    quoteCreatedAt: timestamptz('quote_created_at'),
    quoteRegion: text('quote_region'),
    quoteType: text('quote_type', { enum: ['STANDARD', 'ELA', 'LEGACY'] }),
    quoteDealType: text('quote_deal_type'),
  },
  (t) => [
    index('quote_approval_steps_approval_idx').on(t.approvalId, t.stage),
    index('quote_approval_steps_pending_idx').on(t.state, t.groupId),
    index('quote_approval_steps_quote_idx').on(t.quoteId),
    // The decided steps the approval cycle report reads, index-only.
    index('quote_approval_steps_report_idx')
      .on(
        t.quoteCreatedAt,
        t.quoteRegion,
        t.quoteType,
        t.quoteDealType,
        t.groupName,
        t.pendingSince,
        t.decidedAt,
      )
      .where(
        sql`${t.state} in ('APPROVED', 'REJECTED') and ${t.decidedAt} is not null and ${t.pendingSince} is not null`,
      ),
  ],
);

/** How a decision link was used; null while it is unused. */
export const APPROVAL_LINK_DECISIONS = ['APPROVED', 'REJECTED'] as const;

/**
 * Issue 37: an approve/reject link e-mailed to one approver for one step. Only its hash is kept;
 * it is bound to the step, to the approver it was sent to and to the fingerprint of what they are
 * asked to approve, expires after 72 hours and works once.
 */
export const approvalLinks = pgTable(
  'approval_links',
  {
    id: uuidId(),
    tokenHash: text('token_hash').notNull().unique(),
    stepId: uuidRef('step_id', () => quoteApprovalSteps.id, 'cascade'),
    quoteId: belongsToQuote(),
    userId: uuidRef('user_id', () => users.id, 'cascade'),
    fingerprint: text('fingerprint').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    usedDecision: text('used_decision', { enum: APPROVAL_LINK_DECISIONS }),
  },
  (t) => [index('approval_links_step_idx').on(t.stepId)],
);
