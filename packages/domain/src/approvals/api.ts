// Kept whole: the approvals API contract, every request and response schema of its routes.
import { z } from 'zod';
import { namedApiSchemas } from '../api/named-schemas.ts';
import { LIFECYCLE_ACTIONS } from '../quotes/lifecycle-actions.ts';
import {
  zArchivableQuoteStatusFields,
  zEnvelope,
  zPageFields,
  zPageRequestFields,
  zPredicateExplanation,
  zQuoteHeadingFields,
  zRowsPageEnvelope,
  zSearchText,
} from '../api/envelope.ts';

/*
 * The approvals API (docs/decisions/013): request and response of every route of this feature,
 * validated both ways. The web app builds against these shapes.
 */

const ZUuid = (what: string) => z.uuid({ error: `That is not ${what}.` });
const ZQuoteIdField = ZUuid('a quote id');
const ZVersion = z
  .number({ error: 'Say which version of the quote you saw.' })
  .int()
  .min(1, 'Say which version of the quote you saw.');
const ZComment = z.string().trim().max(2000, 'A comment is at most 2,000 characters.');

// ---------------------------------------------------------------------------------------------
// POST /api/dx/quote/approval

export const ZApprovalBody = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('get'), quote_id: ZQuoteIdField }),
    z.object({ action: z.literal('preview'), quote_id: ZQuoteIdField }),
    z.object({
      action: z.literal('submit'),
      quote_id: ZQuoteIdField,
      version: ZVersion,
      /** A budgetary quote: indicative prices, no approval, printed "Budgetary". */
      budgetary: z.boolean().default(false),
    }),
    z.object({
      action: z.literal('approve'),
      quote_id: ZQuoteIdField,
      step_id: ZUuid('an approval step'),
      /** The quote version the approver saw; the step id already binds the decision. */
      version: ZVersion.optional(),
      comment: ZComment.default(''),
    }),
    z.object({
      action: z.literal('reject'),
      quote_id: ZQuoteIdField,
      step_id: ZUuid('an approval step'),
      version: ZVersion.optional(),
      comment: ZComment.min(1, 'Say why you reject it: a rejection needs a comment.'),
    }),
    z.object({
      action: z.literal('recall'),
      quote_id: ZQuoteIdField,
      version: ZVersion,
      comment: ZComment.default(''),
    }),
    z.object({
      action: z.literal('approve_many'),
      step_ids: z
        .array(ZUuid('an approval step'))
        .min(1, 'Choose at least one approval.')
        .max(100, 'Approve at most 100 at once.'),
      comment: ZComment.default(''),
    }),
  ],
  { error: 'Say what to do: get, preview, submit, approve, reject, recall or approve_many.' },
);
export type ApprovalBody = z.infer<typeof ZApprovalBody>;

const ZPerson = z.object({ id: z.string(), name: z.string() });

/** The spec's visual states of an approval step (§4); a voided step shows as awaited. */
export const STEP_VISUAL_STATES = ['awaited', 'pending', 'approved', 'rejected'] as const;

export const ZApprovalStep = z.object({
  id: z.string(),
  stage: z.number().int(),
  stage_name: z.string(),
  group_id: z.string().nullable(),
  group_name: z.string(),
  state: z.enum(STEP_VISUAL_STATES),
  /** Voided with its submission (recall, rejection elsewhere, a change to the quote). */
  is_voided: z.boolean(),
  /** The rules that asked for this group, by name. */
  reasons: z.array(z.string()),
  pending_since: z.string().nullable(),
  decided_by: ZPerson.nullable(),
  /** When a delegate decided: the approver they acted for. */
  on_behalf_of: ZPerson.nullable(),
  decided_at: z.string().nullable(),
  comment: z.string(),
  /** The caller may approve or reject this step now. */
  can_decide: z.boolean(),
  /** When the caller would decide as someone's delegate: that someone. */
  acting_for: ZPerson.nullable(),
  /** Issue 37: the revision of the quote the decision was made on. */
  decided_revision: z.number().int().nullable(),
  /** The decision was made on an earlier submission and still stands (smart re-approval). */
  is_carried_over: z.boolean(),
  /** Asked again after a change: the revision the group had approved, and what got worse. */
  asked_again: z
    .object({ since_revision: z.number().int().nullable(), reasons: z.array(z.string()) })
    .nullable(),
});

export const ZApprovalStage = z.object({
  stage: z.number().int(),
  name: z.string(),
  state: z.enum(STEP_VISUAL_STATES),
  steps: z.array(ZApprovalStep),
});

export const ZMatchedRule = z.object({
  rule_id: z.string(),
  rule_name: z.string(),
  /** The conditions that held, with the quote's values. */
  reasons: z.array(zPredicateExplanation),
  group_ids: z.array(z.string()),
});

export const SUBMISSION_STATES = ['PENDING', 'APPROVED', 'REJECTED', 'RECALLED', 'VOIDED'] as const;

export const ZSubmission = z.object({
  id: z.string(),
  number: z.number().int(),
  state: z.enum(SUBMISSION_STATES),
  is_budgetary: z.boolean(),
  /** Approved at once: no rule asked for an approval. */
  is_auto_approved: z.boolean(),
  outcome_reason: z.string(),
  submitted_by: ZPerson.nullable(),
  submitted_at: z.string(),
  closed_at: z.string().nullable(),
  matched_rules: z.array(ZMatchedRule),
  stages: z.array(ZApprovalStage),
  /** Issue 37: the revision taken of what was submitted; null for submissions before revisions. */
  revision_number: z.number().int().nullable(),
});

const ZLock = z.object({ user: ZPerson, locked_at: z.string(), is_mine: z.boolean() });

export const ZApprovalActions = z.object({
  submit: z.boolean(),
  submit_budgetary: z.boolean(),
  recall: z.boolean(),
  revise: z.boolean(),
  accept: z.boolean(),
  complete: z.boolean(),
  archive: z.boolean(),
  unarchive: z.boolean(),
  lock: z.boolean(),
  unlock: z.boolean(),
  copy: z.boolean(),
  /** Products and terms can be changed by the caller now (configure and terms pages). */
  edit: z.boolean(),
});

export const ZApprovalState = z.object({
  kind: z.literal('state'),
  quote: z.object({
    ...zQuoteHeadingFields,
    pre_archive_status_id: z.string().nullable(),
    version: z.number().int(),
    owner: ZPerson.nullable(),
    region: z.string(),
    currency_code: z.string(),
    total_amount_minor: z.number().int(),
    accepted_at: z.string().nullable(),
    completed_at: z.string().nullable(),
    copied_from: z.object({ id: z.string(), quote_number: z.string() }).nullable(),
    target_path: z.string(),
  }),
  lock: ZLock.nullable(),
  can: ZApprovalActions,
  /** Why the caller cannot submit now (terms not saved, the quote cannot be priced…). */
  submit_blockers: z.array(z.string()),
  /** A change to products or terms now voids the quote's submission or approval. */
  edits_void_approval: z.boolean(),
  /** The latest submission, open or not; null before the first. */
  current: ZSubmission.nullable(),
  /** Earlier submissions, newest first: the trail. */
  trail: z.array(ZSubmission),
});
export type ApprovalState = z.infer<typeof ZApprovalState>;

export const ZApprovalPreview = z.object({
  kind: z.literal('preview'),
  quote_id: z.string(),
  region: z.string(),
  /** The facts the rules read (absent facts left out). */
  facts: z.record(z.string(), z.union([z.number(), z.string(), z.boolean()])),
  matched_rules: z.array(
    ZMatchedRule.extend({
      groups: z.array(
        z.object({ group_id: z.string(), group_name: z.string(), applies: z.boolean() }),
      ),
    }),
  ),
  /** The chain submitting would build now. */
  stages: z.array(
    z.object({
      stage: z.number().int(),
      name: z.string(),
      steps: z.array(
        z.object({
          group_id: z.string(),
          group_name: z.string(),
          rule_names: z.array(z.string()),
          approvers: z.array(ZPerson),
        }),
      ),
    }),
  ),
  /** Where submitting would take the quote: PENDING_APPROVAL, or APPROVED when nothing matched. */
  outcome: z.enum(['PENDING_APPROVAL', 'APPROVED']),
  submit_blockers: z.array(z.string()),
});
export type ApprovalPreview = z.infer<typeof ZApprovalPreview>;

export const ZApproveManyResult = z.object({
  kind: z.literal('approve_many'),
  results: z.array(
    z.object({
      step_id: z.string(),
      quote_id: z.string().nullable(),
      ok: z.boolean(),
      message: z.string(),
    }),
  ),
});
export type ApproveManyResult = z.infer<typeof ZApproveManyResult>;

export const ZApprovalResponse = zEnvelope(
  z.discriminatedUnion('kind', [ZApprovalState, ZApprovalPreview, ZApproveManyResult]),
);

// ---------------------------------------------------------------------------------------------
// POST /api/dx/quote-lifecycle

export type { LifecycleAction } from '../quotes/lifecycle-actions.ts';

export const ZLifecycleBody = z.discriminatedUnion(
  'action',
  [
    z.object({
      action: z.enum(LIFECYCLE_ACTIONS),
      quote_id: ZQuoteIdField,
      version: ZVersion,
    }),
    z.object({
      action: z.literal('copy'),
      quote_id: ZQuoteIdField,
      /** The copy's name; "Copy of …" when absent. */
      quote_name: z.string().trim().min(1).max(200).optional(),
    }),
  ],
  {
    error: 'Say what to do: revise, accept, complete, archive, unarchive, lock, unlock or copy.',
  },
);
export type LifecycleBody = z.infer<typeof ZLifecycleBody>;

export const ZLifecycleResult = z.object({
  id: z.string(),
  quote_number: z.string(),
  ...zArchivableQuoteStatusFields,
  version: z.number().int(),
  target_path: z.string(),
  lock: ZLock.nullable(),
  /** A copy: the quote it was copied from. */
  copied_from_quote_id: z.string().nullable(),
});
export type LifecycleResult = z.infer<typeof ZLifecycleResult>;
export const ZLifecycleResponse = zEnvelope(ZLifecycleResult);

// ---------------------------------------------------------------------------------------------
// Queue, filters, count

/**
 * Spec §6's ALL, ME and DELEGATED, and two views of issue 33: DECIDED, the steps the caller
 * decided (newest first), and MINE, the open steps of the caller's own quotes.
 */
export const ASSIGNED_TO = ['ALL', 'ME', 'DELEGATED', 'DECIDED', 'MINE'] as const;
export type AssignedTo = (typeof ASSIGNED_TO)[number];

export const ZQueueBody = z.object({
  assigned_to: z
    .enum(ASSIGNED_TO, { error: 'Choose ALL, ME, DELEGATED, DECIDED or MINE.' })
    .default('ME'),
  search: zSearchText(200).optional(),
  ...zPageRequestFields,
});
export type QueueBody = z.infer<typeof ZQueueBody>;

export const ZQueueRow = z.object({
  step_id: z.string(),
  quote_id: z.string(),
  quote_number: z.string(),
  quote_name: z.string(),
  quote_type: z.string(),
  account_name: z.string(),
  region: z.string(),
  status_id: z.string(),
  currency_code: z.string(),
  total_amount_minor: z.number().int(),
  version: z.number().int(),
  owner: ZPerson.nullable(),
  /** The largest effective discount when it was submitted (the facts the rules saw). */
  max_line_discount_percent: z.number().nullable(),
  /** The largest seller discount when it was submitted; null before issue 33. */
  max_seller_discount_percent: z.number().nullable(),
  submission_number: z.number().int(),
  submitted_by: ZPerson.nullable(),
  submitted_at: z.string(),
  stage: z.number().int(),
  stage_name: z.string(),
  group_name: z.string(),
  reasons: z.array(z.string()),
  pending_since: z.string().nullable(),
  can_decide: z.boolean(),
  acting_for: ZPerson.nullable(),
  target_path: z.string(),
  /** A decided step (DECIDED): how, when, and what the approver wrote; else null and ''. */
  decision: z.enum(['APPROVED', 'REJECTED']).nullable(),
  decided_at: z.string().nullable(),
  decision_comment: z.string(),
});

export const ZQueueResponse = zRowsPageEnvelope(ZQueueRow, zPageFields, {
  assigned_to: z.enum(ASSIGNED_TO),
});

export const ZQueueFiltersResponse = zEnvelope(
  z.object({
    /** Spec §6: deal desk ALL and ME(DEAL_DESK); others ME(ROLE); Delegated for delegates. */
    options: z.array(z.object({ value: z.enum(ASSIGNED_TO), label: z.string() })),
    default_value: z.enum(ASSIGNED_TO),
    /** Shown only when there is more than one option. */
    is_shown: z.boolean(),
  }),
);

export const ZPendingCountResponse = zEnvelope(
  z.object({ pending_approval_count: z.number().int() }),
);

// ---------------------------------------------------------------------------------------------
// Delegations

export const ZDelegation = z.object({
  id: z.string(),
  delegator: ZPerson.extend({ email: z.string() }),
  delegate: ZPerson.extend({ email: z.string() }),
  starts_at: z.string(),
  ends_at: z.string(),
  reason: z.string(),
  /** Roles lent to the delegate for the window. */
  lent_roles: z.array(z.string()),
  state: z.enum(['scheduled', 'active', 'ended']),
});

export const ZDelegationsResponse = zEnvelope(
  z.object({
    /** Delegations of my approvals to others, newest first. */
    mine: z.array(ZDelegation),
    /** Delegations others made to me. */
    to_me: z.array(ZDelegation),
    /** My own roles, which a delegation may lend. */
    lendable_roles: z.array(z.string()),
  }),
);

const ZInstant = z.iso.datetime({ offset: true, error: 'Times look like 2026-03-31T09:00:00Z.' });

export const ZCreateDelegationBody = z.object({
  delegate_user_id: ZUuid('a user id'),
  /** From now when absent. */
  starts_at: ZInstant.optional(),
  ends_at: ZInstant,
  reason: z.string().trim().max(500, 'The reason is at most 500 characters.').default(''),
  lend_roles: z.array(z.string().max(40)).max(20).default([]),
});
export type CreateDelegationBody = z.infer<typeof ZCreateDelegationBody>;

export const ZEndDelegationBody = z.object({ id: ZUuid('a delegation id') });

export const ZDelegationResponse = zEnvelope(ZDelegation);

export const ZDelegateCandidatesBody = z.object({
  search: z.string().trim().max(100).default(''),
});
export const ZDelegateCandidatesResponse = zEnvelope(
  z.object({ users: z.array(ZPerson.extend({ email: z.string() })) }),
);

// ---------------------------------------------------------------------------------------------
// The outbox (root and IT admins)

export const ZOutboxBody = z.object({
  purpose: z.string().trim().max(60).optional(),
  recipient: z.string().trim().max(254).optional(),
  page: z.number().int().min(1).max(100_000).default(1),
  page_size: z.number().int().min(1).max(100).default(25),
});

export const ZOutboxResponse = zEnvelope(
  z.object({
    rows: z.array(
      z.object({
        id: z.string(),
        recipient: z.string(),
        subject: z.string(),
        purpose: z.string(),
        /** Approval mail only, while unsent: other mail may hold single-use links. */
        text_body: z.string().nullable(),
        state: z.enum(['queued', 'sent', 'failed']),
        created_at: z.string(),
        sent_at: z.string().nullable(),
        last_error: z.string(),
      }),
    ),
    ...zPageFields,
  }),
);

/* Named in the API reference (its components): what several answers share, and big rows. */
namedApiSchemas.add(ZApprovalState, { id: 'ApprovalState' });
namedApiSchemas.add(ZSubmission, { id: 'ApprovalSubmission' });
namedApiSchemas.add(ZDelegation, { id: 'Delegation' });
