import { describe, expect, it } from 'vitest';
import {
  APPROVAL_STEP_STATES,
  approvalStepTone,
  parseApprovalStepState,
  stepBarState,
} from './approval-step-display.ts';

describe('approval step display (spec §4)', () => {
  it.each([
    ['awaited', 'grey', null],
    ['pending', 'warning', 'active'],
    ['approved', 'success', 'completed'],
    ['rejected', 'danger', 'danger'],
  ] as const)('%s shows %s, step bar %j', (state, tone, bar) => {
    expect(approvalStepTone(state)).toBe(tone);
    expect(stepBarState(state)).toBe(bar);
  });

  it.each([
    ['PENDING', 'pending'],
    [' Approved ', 'approved'],
    ['REJECTED', 'rejected'],
    ['Awaited', 'awaited'],
    ['skipped', null],
    ['', null],
    [null, null],
  ] as const)('parseApprovalStepState(%j) is %j', (value, expected) => {
    expect(parseApprovalStepState(value)).toBe(expected);
  });

  it.each(['skipped', '', null, undefined])('an unknown state %j shows as awaited', (value) => {
    expect(approvalStepTone(value)).toBe('grey');
    expect(stepBarState(value)).toBeNull();
  });

  it('covers the four states of the spec', () => {
    expect(APPROVAL_STEP_STATES).toEqual(['awaited', 'pending', 'approved', 'rejected']);
  });
});
