import type { StatusTone } from './status-display.ts';

/** Visual states of an approval step and of a workflow node (spec §4). */
export const APPROVAL_STEP_STATES = ['awaited', 'pending', 'approved', 'rejected'] as const;
export type ApprovalStepState = (typeof APPROVAL_STEP_STATES)[number];

export const APPROVAL_STEP_TONES = {
  awaited: 'grey',
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
} as const satisfies Record<ApprovalStepState, StatusTone>;

/** States of the segment of the step progress bar that belongs to a step. */
export const STEP_BAR_STATES = ['completed', 'active', 'danger'] as const;
export type StepBarState = (typeof STEP_BAR_STATES)[number];

/**
 * A step not reached yet has no bar state: the bar stays plain until the step is pending
 * (active), then shows how it ended.
 */
export const STEP_BAR_STATE_BY_STEP = {
  awaited: null,
  pending: 'active',
  approved: 'completed',
  rejected: 'danger',
} as const satisfies Record<ApprovalStepState, StepBarState | null>;

/** Reads a step state as the server or a workflow template spells it ('PENDING', ' Approved'). */
export function parseApprovalStepState(value: string | null | undefined): ApprovalStepState | null {
  const normalized = value?.trim().toLowerCase();
  return APPROVAL_STEP_STATES.find((state) => state === normalized) ?? null;
}

/** An unknown state shows as awaited: grey promises nothing about the step. */
export const approvalStepTone = (value: string | null | undefined): StatusTone =>
  APPROVAL_STEP_TONES[parseApprovalStepState(value) ?? 'awaited'];

export const stepBarState = (value: string | null | undefined): StepBarState | null =>
  STEP_BAR_STATE_BY_STEP[parseApprovalStepState(value) ?? 'awaited'];
