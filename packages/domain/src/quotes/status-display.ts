import { ARCHIVED_STATUS, parseQuoteStatus, type QuoteStatusId } from './quote-types.ts';

/**
 * Display labels and their colours (spec §4). A tone names a colour role, not a hex value, so
 * the web app's theme decides what "warning" looks like.
 */
export const STATUS_TONES = [
  'grey',
  'blue',
  'teal',
  'purple',
  'warning',
  'success',
  'pink',
  'red',
  'danger',
] as const;
export type StatusTone = (typeof STATUS_TONES)[number];

/** Every label the spec colours, with its tone; any other label is grey. */
export const STATUS_LABEL_TONES = {
  'N/A': 'grey',
  Incomplete: 'blue',
  'Shipping & Hardware': 'blue',
  'HW Configuration': 'blue',
  New: 'blue',
  Draft: 'blue',
  'Terms & Conditions': 'teal',
  Budgetary: 'purple',
  'Needs Review': 'purple',
  'Pending Approval': 'warning',
  'In-Progress': 'warning',
  'In Review': 'warning',
  Scheduled: 'warning',
  Approved: 'success',
  Accepted: 'success',
  Active: 'success',
  Rejected: 'pink',
  Inactive: 'pink',
  Disabled: 'red',
  Archived: 'red',
  Expired: 'danger',
} as const satisfies Record<string, StatusTone>;
export type StatusLabel = keyof typeof STATUS_LABEL_TONES;

/** The label shown when a record has no status. */
export const NO_STATUS_LABEL = 'N/A' satisfies StatusLabel;

// Labels come from several tables and people: 'In Progress', 'IN_PROGRESS', 'in-progress' and
// 'Terms and Conditions' are the same label. Only letters and digits are compared, with '&'
// read as "and"; no two labels of the spec collide under this.
const labelKey = (label: string) =>
  label
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]/g, '');

const TONE_BY_LABEL_KEY = new Map<string, StatusTone>(
  Object.entries(STATUS_LABEL_TONES).map(([label, tone]) => [labelKey(label), tone]),
);

/** The tone of a status badge for a display label; grey for anything the spec does not list. */
export function statusColor(label: string | null | undefined): StatusTone {
  if (label == null) return 'grey';
  return TONE_BY_LABEL_KEY.get(labelKey(label)) ?? 'grey';
}

const QUOTE_STATUS_LABELS = {
  INCOMPLETE: 'Incomplete',
  SH_HW_CONFIG: 'Shipping & Hardware',
  TNC: 'Terms & Conditions',
  PENDING_APPROVAL: 'Pending Approval',
  BUDGETARY: 'Budgetary',
  REJECTED: 'Rejected',
  APPROVED: 'Approved',
  ACCEPTED: 'Accepted',
  // Not among the coloured labels of §4, so it shows grey like any "other" label.
  COMPLETED: 'Completed',
  ARCHIVED: 'Archived',
} as const satisfies Record<QuoteStatusId, string>;

/**
 * The label of a quote status. No status reads 'N/A'; an unknown one is shown as it is stored,
 * which tells a user more than 'N/A' would.
 */
export function quoteStatusLabel(status: string | null | undefined): string {
  const trimmed = status?.trim() ?? '';
  if (trimmed === '') return NO_STATUS_LABEL;
  if (trimmed.toUpperCase() === ARCHIVED_STATUS) return QUOTE_STATUS_LABELS.ARCHIVED;
  const known = parseQuoteStatus(trimmed);
  return known ? QUOTE_STATUS_LABELS[known] : trimmed;
}

/** The badge tone of a quote status: the tone of its label. */
export const quoteStatusColor = (status: string | null | undefined): StatusTone =>
  statusColor(quoteStatusLabel(status));
