import { describe, expect, it } from 'vitest';
import { itReturns } from '../testing/cases.ts';
import { QUOTE_STATUSES } from './quote-types.ts';
import {
  quoteStatusColor,
  quoteStatusLabel,
  STATUS_LABEL_TONES,
  statusColor,
  type StatusTone,
} from './status-display.ts';

/** Spec §4 "Display labels and colours", label by label. */
const SPEC_LABEL_TONES: [string, StatusTone][] = [
  ['N/A', 'grey'],
  ['Incomplete', 'blue'],
  ['Shipping & Hardware', 'blue'],
  ['HW Configuration', 'blue'],
  ['New', 'blue'],
  ['Draft', 'blue'],
  ['Terms & Conditions', 'teal'],
  ['Budgetary', 'purple'],
  ['Needs Review', 'purple'],
  ['Pending Approval', 'warning'],
  ['In-Progress', 'warning'],
  ['In Review', 'warning'],
  ['Scheduled', 'warning'],
  ['Approved', 'success'],
  ['Accepted', 'success'],
  ['Active', 'success'],
  ['Rejected', 'pink'],
  ['Inactive', 'pink'],
  ['Disabled', 'red'],
  ['Archived', 'red'],
  ['Expired', 'danger'],
];

describe('statusColor (spec §4)', () => {
  it.each(SPEC_LABEL_TONES)('%s is %s', (label, tone) => {
    expect(statusColor(label)).toBe(tone);
    expect(statusColor(label.toUpperCase())).toBe(tone);
    expect(statusColor(label.toLowerCase())).toBe(tone);
    expect(statusColor(`  ${label} `)).toBe(tone);
  });

  it('knows exactly the labels of the spec', () => {
    expect(Object.entries(STATUS_LABEL_TONES)).toEqual(SPEC_LABEL_TONES);
  });

  itReturns('tolerates the variant %j (%s)', statusColor, [
    ['In Progress', 'warning'],
    ['IN_PROGRESS', 'warning'],
    ['in-progress', 'warning'],
    ['InProgress', 'warning'],
    ['in  review', 'warning'],
    ['In-Review', 'warning'],
    ['PENDING_APPROVAL', 'warning'],
    ['pending-approval', 'warning'],
    ['Needs-Review', 'purple'],
    ['Terms and Conditions', 'teal'],
    ['TERMS&CONDITIONS', 'teal'],
    ['Shipping and Hardware', 'blue'],
    ['HW-Configuration', 'blue'],
    ['n/a', 'grey'],
    ['NA', 'grey'],
  ]);

  it.each(['Completed', 'On Hold', 'Unknown', '', '   ', '-', null, undefined])(
    '%j is grey, like every other label',
    (label) => {
      expect(statusColor(label)).toBe('grey');
    },
  );
});

describe('quoteStatusLabel', () => {
  it.each([
    ['INCOMPLETE', 'Incomplete', 'blue'],
    ['SH_HW_CONFIG', 'Shipping & Hardware', 'blue'],
    ['TNC', 'Terms & Conditions', 'teal'],
    ['PENDING_APPROVAL', 'Pending Approval', 'warning'],
    ['BUDGETARY', 'Budgetary', 'purple'],
    ['REJECTED', 'Rejected', 'pink'],
    ['APPROVED', 'Approved', 'success'],
    ['ACCEPTED', 'Accepted', 'success'],
    ['COMPLETED', 'Completed', 'grey'],
    ['ARCHIVED', 'Archived', 'red'],
    ['tnc', 'Terms & Conditions', 'teal'],
    [' archived ', 'Archived', 'red'],
    ['EXPIRED', 'EXPIRED', 'danger'],
    ['ON_HOLD', 'ON_HOLD', 'grey'],
    ['', 'N/A', 'grey'],
    ['  ', 'N/A', 'grey'],
    [null, 'N/A', 'grey'],
    [undefined, 'N/A', 'grey'],
  ] as const)('%j reads %j in %s', (status, label, tone) => {
    expect(quoteStatusLabel(status)).toBe(label);
    expect(quoteStatusColor(status)).toBe(tone);
  });

  it('labels every quote status with a label of its own', () => {
    const labels = QUOTE_STATUSES.map(quoteStatusLabel);
    expect(new Set(labels).size).toBe(QUOTE_STATUSES.length);
    for (const [index, label] of labels.entries()) expect(label).not.toBe(QUOTE_STATUSES[index]);
  });
});
