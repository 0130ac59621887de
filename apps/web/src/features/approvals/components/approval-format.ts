import { formatCurrency } from '@bastion/domain/format/currency';
import { formatDate, formatDateTime } from '@bastion/domain/format/date-time';
import { approvalStepTone } from '@bastion/domain/quotes/approval-step-display';
import type { StatusTone } from '@bastion/domain/quotes/status-display';
import type { PersonRef, StepVisualState, SubmissionState } from '../api/approval-types.ts';

const userTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** 'DD-MMM-YYYY hh:mm AM zone' in the user's time zone (spec §9); '' when absent. */
export function when(iso: string | null | undefined): string {
  if (!iso) return '';
  const millis = Date.parse(iso);
  return Number.isNaN(millis) ? '' : formatDateTime(millis / 1000, userTimeZone);
}

/** 'DD-MMM-YYYY' in the user's time zone (spec §9): where a list has no room for the time. */
export function day(iso: string | null | undefined): string {
  if (!iso) return '';
  const millis = Date.parse(iso);
  return Number.isNaN(millis) ? '' : formatDate(millis / 1000, userTimeZone);
}

/** Money with exactly two decimals, US formatting (spec §9); a bad currency shows its code. */
export function money(minorUnits: number, currencyCode: string): string {
  try {
    return formatCurrency(minorUnits, currencyCode);
  } catch {
    return `${currencyCode} ${(minorUnits / 100).toFixed(2)}`;
  }
}

export const percent = (value: number | null | undefined): string =>
  value == null ? '—' : `${value.toLocaleString('en-US', { maximumFractionDigits: 2 })} %`;

const STEP_LABELS: Readonly<Record<StepVisualState, string>> = {
  awaited: 'Not yet asked',
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** A step's badge: the spec's visual state (§4) and its tone; a voided step is grey, "Voided". */
export function stepDisplay(step: { state: StepVisualState; is_voided: boolean }): {
  label: string;
  tone: StatusTone;
} {
  if (step.is_voided && step.state !== 'approved' && step.state !== 'rejected') {
    return { label: 'Voided', tone: approvalStepTone('awaited') };
  }
  return { label: STEP_LABELS[step.state] ?? step.state, tone: approvalStepTone(step.state) };
}

export const SUBMISSION_LABELS: Readonly<Record<SubmissionState, string>> = {
  PENDING: 'Waiting for approval',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  RECALLED: 'Recalled',
  VOIDED: 'Voided',
};

export const SUBMISSION_TONES: Readonly<Record<SubmissionState, StatusTone>> = {
  PENDING: 'warning',
  APPROVED: 'success',
  REJECTED: 'pink',
  RECALLED: 'grey',
  VOIDED: 'grey',
};

export const personName = (person: PersonRef | null | undefined): string =>
  person?.name || 'someone no longer listed';
