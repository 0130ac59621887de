/*
 * The approvals API as the web app reads it (docs/decisions/013). These mirror the server's zod
 * schemas in apps/server/src/features/approvals/approvals.schemas.ts: change both together.
 */

import { LIFECYCLE_ACTIONS as QUOTE_LIFECYCLE_ACTIONS } from '@bastion/domain/quotes/lifecycle-actions';
import type { QuoteHeading } from '@/lib/quote-heading.ts';

export interface PersonRef {
  id: string;
  name: string;
}

export interface PersonWithEmail extends PersonRef {
  email: string;
}

/** The spec's visual states of an approval step (§4); a voided step shows as awaited. */
export type StepVisualState = 'awaited' | 'pending' | 'approved' | 'rejected';

/** One predicate of a matched rule: "Largest effective discount is more than 30 %", actual "40 %". */
export interface PredicateReason {
  fact: string;
  condition: string;
  actual: string;
  /** The condition and the quote's value as one sentence: "Largest seller discount is 40 %, more than 30 %." */
  sentence: string;
  matched: boolean;
}

export interface MatchedRuleView {
  rule_id: string;
  rule_name: string;
  /** The conditions that held, with the quote's values. */
  reasons: PredicateReason[];
  group_ids: string[];
}

export interface ApprovalStepView {
  id: string;
  stage: number;
  stage_name: string;
  group_id: string | null;
  group_name: string;
  state: StepVisualState;
  /** Voided with its submission (recall, rejection elsewhere, a change to the quote). */
  is_voided: boolean;
  /** The rules that asked for this group, by name. */
  reasons: string[];
  pending_since: string | null;
  decided_by: PersonRef | null;
  /** When a delegate decided: the approver they acted for. */
  on_behalf_of: PersonRef | null;
  decided_at: string | null;
  comment: string;
  /** The caller may approve or reject this step now. */
  can_decide: boolean;
  /** When the caller would decide as someone's delegate: that someone. */
  acting_for: PersonRef | null;
}

export interface ApprovalStageView {
  stage: number;
  name: string;
  state: StepVisualState;
  steps: ApprovalStepView[];
}

export type SubmissionState = 'PENDING' | 'APPROVED' | 'REJECTED' | 'RECALLED' | 'VOIDED';

export interface ApprovalSubmissionView {
  id: string;
  number: number;
  state: SubmissionState;
  is_budgetary: boolean;
  /** Approved at once: no rule asked for an approval. */
  is_auto_approved: boolean;
  outcome_reason: string;
  submitted_by: PersonRef | null;
  submitted_at: string;
  closed_at: string | null;
  matched_rules: MatchedRuleView[];
  stages: ApprovalStageView[];
}

export interface ApprovalCan {
  submit: boolean;
  submit_budgetary: boolean;
  recall: boolean;
  revise: boolean;
  accept: boolean;
  complete: boolean;
  archive: boolean;
  unarchive: boolean;
  lock: boolean;
  unlock: boolean;
  copy: boolean;
  /** Products and terms can be changed by the caller now. */
  edit: boolean;
}

export interface QuoteLock {
  user: PersonRef;
  locked_at: string;
  is_mine: boolean;
}

/** `get` and every change: where the quote's approval stands. */
export interface ApprovalState {
  kind: 'state';
  quote: QuoteHeading & {
    pre_archive_status_id: string | null;
    version: number;
    owner: PersonRef | null;
    region: string;
    currency_code: string;
    total_amount_minor: number;
    accepted_at: string | null;
    completed_at: string | null;
    copied_from: { id: string; quote_number: string } | null;
    target_path: string;
  };
  lock: QuoteLock | null;
  can: ApprovalCan;
  /** Why the caller cannot submit now (terms not saved, the quote cannot be priced…). */
  submit_blockers: string[];
  /** A change to products or terms now voids the quote's submission or approval. */
  edits_void_approval: boolean;
  /** The latest submission, open or not; null before the first. */
  current: ApprovalSubmissionView | null;
  /** Earlier submissions, newest first. */
  trail: ApprovalSubmissionView[];
}

/** `preview`: who must approve the quote as it stands, and why. */
export interface ApprovalPreview {
  kind: 'preview';
  quote_id: string;
  region: string;
  facts: Record<string, number | string | boolean>;
  matched_rules: (MatchedRuleView & {
    groups: { group_id: string; group_name: string; applies: boolean }[];
  })[];
  /** The chain submitting would build now. */
  stages: {
    stage: number;
    name: string;
    steps: {
      group_id: string;
      group_name: string;
      rule_names: string[];
      approvers: PersonRef[];
    }[];
  }[];
  /** PENDING_APPROVAL, or APPROVED when nothing matched. */
  outcome: 'PENDING_APPROVAL' | 'APPROVED';
  submit_blockers: string[];
}

export type ApprovalAction =
  | { action: 'get'; quote_id: string }
  | { action: 'preview'; quote_id: string }
  | { action: 'submit'; quote_id: string; version: number; budgetary?: boolean }
  | { action: 'approve'; quote_id: string; step_id: string; version?: number; comment?: string }
  | { action: 'reject'; quote_id: string; step_id: string; version?: number; comment: string }
  | { action: 'recall'; quote_id: string; version: number; comment?: string };

export interface ApproveManyAnswer {
  kind: 'approve_many';
  results: { step_id: string; quote_id: string | null; ok: boolean; message: string }[];
}
export type ApproveManyResult = ApproveManyAnswer['results'][number];

export const LIFECYCLE_ACTIONS = [...QUOTE_LIFECYCLE_ACTIONS, 'copy'] as const;
export type LifecycleAction = (typeof LIFECYCLE_ACTIONS)[number];

export type LifecycleBody =
  | { action: Exclude<LifecycleAction, 'copy'>; quote_id: string; version: number }
  | { action: 'copy'; quote_id: string; quote_name?: string };

/** The quote after the action; for a copy, the new quote. */
export interface LifecycleResult {
  id: string;
  quote_number: string;
  status_id: string;
  status_label: string;
  status_tone: string;
  pre_archive_status_id: string | null;
  version: number;
  target_path: string;
  lock: QuoteLock | null;
  copied_from_quote_id: string | null;
}

/** Spec §6's views, and issue 33's: what the caller decided, and their own quotes' steps. */
export type AssignedTo = 'ALL' | 'ME' | 'DELEGATED' | 'DECIDED' | 'MINE';

/** One approval step as the queue lists it: waiting, or (DECIDED) decided by the caller. */
export interface ApprovalQueueRow {
  step_id: string;
  quote_id: string;
  quote_number: string;
  quote_name: string;
  quote_type: string;
  account_name: string;
  region: string;
  status_id: string;
  currency_code: string;
  total_amount_minor: number;
  version: number;
  submission_number: number;
  submitted_by: PersonRef | null;
  submitted_at: string;
  stage: number;
  stage_name: string;
  group_name: string;
  /** Names of the matched rules behind this step. */
  reasons: string[];
  pending_since: string | null;
  can_decide: boolean;
  /** Set when the caller decides as someone's delegate. */
  acting_for: PersonRef | null;
  target_path: string;
  owner: PersonRef | null;
  /** The largest effective discount and seller discount (pricing/discount-names.ts). */
  max_line_discount_percent: number | null;
  max_seller_discount_percent: number | null;
  /** Set on decided steps (the DECIDED view). */
  decision: 'APPROVED' | 'REJECTED' | null;
  decided_at: string | null;
  decision_comment: string;
}

export interface ApprovalQueuePage {
  rows: ApprovalQueueRow[];
  total: number;
  page: number;
  page_size: number;
  assigned_to: AssignedTo;
}

export interface ApprovalQueueFilters {
  options: { value: AssignedTo; label: string }[];
  default_value: AssignedTo;
  /** Shown only when there is more than one option. */
  is_shown: boolean;
}

export type DelegationState = 'scheduled' | 'active' | 'ended';

export interface Delegation {
  id: string;
  delegator: PersonWithEmail;
  delegate: PersonWithEmail;
  starts_at: string;
  ends_at: string;
  reason: string;
  /** Roles lent to the delegate for the window. */
  lent_roles: string[];
  state: DelegationState;
}

export interface Delegations {
  /** Delegations of my approvals to others, newest first. */
  mine: Delegation[];
  /** Delegations others made to me. */
  to_me: Delegation[];
  /** My own roles, which a delegation may lend. */
  lendable_roles: string[];
}

export interface CreateDelegationBody {
  delegate_user_id: string;
  starts_at?: string;
  ends_at: string;
  reason?: string;
  lend_roles?: string[];
}

export interface OutboxRow {
  id: string;
  recipient: string;
  subject: string;
  purpose: string;
  /** Approval mail only, while unsent: other mail may hold single-use links. */
  text_body: string | null;
  state: 'queued' | 'sent' | 'failed';
  created_at: string;
  sent_at: string | null;
  last_error: string;
}

export interface OutboxPage {
  rows: OutboxRow[];
  total: number;
  page: number;
  page_size: number;
}
