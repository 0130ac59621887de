/*
 * The approvals API as the web app reads it (docs/decisions/013): every type is inferred from the
 * contract the server validates with (@bastion/domain/approvals/api), so a changed answer is a
 * compile error here.
 */

import { LIFECYCLE_ACTIONS as QUOTE_LIFECYCLE_ACTIONS } from '@bastion/domain/quotes/lifecycle-actions';
import type { AnswerData } from '@bastion/domain/api/envelope';
import type {
  ASSIGNED_TO,
  STEP_VISUAL_STATES,
  SUBMISSION_STATES,
  ZApprovalActions,
  ZApprovalBody,
  ZApprovalPreview,
  ZApprovalStage,
  ZApprovalState,
  ZApprovalStep,
  ZApproveManyResult,
  ZCreateDelegationBody,
  ZDelegateCandidatesResponse,
  ZDelegation,
  ZDelegationsResponse,
  ZLifecycleBody,
  ZLifecycleResult,
  ZMatchedRule,
  ZOutboxResponse,
  ZPendingCountResponse,
  ZQueueFiltersResponse,
  ZQueueResponse,
  ZQueueRow,
  ZSubmission,
} from '@bastion/domain/approvals/api';
import type { z } from 'zod';

export type ApprovalStepView = z.infer<typeof ZApprovalStep>;
export type PersonRef = NonNullable<ApprovalStepView['decided_by']>;

/** The spec's visual states of an approval step (§4); a voided step shows as awaited. */
export type StepVisualState = (typeof STEP_VISUAL_STATES)[number];
export type MatchedRuleView = z.infer<typeof ZMatchedRule>;
/** One predicate of a matched rule: "Largest effective discount is more than 30 %", actual "40 %". */
export type PredicateReason = MatchedRuleView['reasons'][number];
export type ApprovalStageView = z.infer<typeof ZApprovalStage>;
export type SubmissionState = (typeof SUBMISSION_STATES)[number];
export type ApprovalSubmissionView = z.infer<typeof ZSubmission>;
export type ApprovalCan = z.infer<typeof ZApprovalActions>;
/** `get` and every change: where the quote's approval stands. */
export type ApprovalState = z.infer<typeof ZApprovalState>;
export type QuoteLock = NonNullable<ApprovalState['lock']>;
/** `preview`: who must approve the quote as it stands, and why. */
export type ApprovalPreview = z.infer<typeof ZApprovalPreview>;
export type ApprovalAction = z.input<typeof ZApprovalBody>;
export type ApproveManyAnswer = z.infer<typeof ZApproveManyResult>;
export type ApproveManyResult = ApproveManyAnswer['results'][number];

export const LIFECYCLE_ACTIONS = [...QUOTE_LIFECYCLE_ACTIONS, 'copy'] as const;
export type LifecycleAction = (typeof LIFECYCLE_ACTIONS)[number];

export type LifecycleBody = z.input<typeof ZLifecycleBody>;
/** The quote after the action; for a copy, the new quote. */
export type LifecycleResult = z.infer<typeof ZLifecycleResult>;

/** Spec §6's views, and issue 33's: what the caller decided, and their own quotes' steps. */
export type AssignedTo = (typeof ASSIGNED_TO)[number];
/** One approval step as the queue lists it: waiting, or (DECIDED) decided by the caller. */
export type ApprovalQueueRow = z.infer<typeof ZQueueRow>;
export type ApprovalQueuePage = AnswerData<typeof ZQueueResponse>;
export type ApprovalQueueFilters = AnswerData<typeof ZQueueFiltersResponse>;
export type PendingCount = AnswerData<typeof ZPendingCountResponse>;

export type Delegation = z.infer<typeof ZDelegation>;
export type DelegationState = Delegation['state'];
export type Delegations = AnswerData<typeof ZDelegationsResponse>;
export type DelegateCandidates = AnswerData<typeof ZDelegateCandidatesResponse>;
export type CreateDelegationBody = z.input<typeof ZCreateDelegationBody>;

export type OutboxPage = AnswerData<typeof ZOutboxResponse>;
export type OutboxRow = OutboxPage['rows'][number];
