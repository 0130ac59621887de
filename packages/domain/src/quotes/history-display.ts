import { formatCurrency } from '../format/currency.ts';
import { dateInputText } from '../format/date-input.ts';
import { labelOfCode, quoteTypeLabel, salesChannelLabel } from './labels.ts';
import { quoteStatusLabel } from './status-display.ts';

/*
 * What a quote's history page says of each entry (issue 33: entries read "approval_submitted",
 * a line's change as JSON and "STANDARD"). The server records the actions below; the column is
 * typed with them, so a new action does not compile until it has its words here.
 */

export const QUOTE_HISTORY_ACTIONS = {
  created: 'Created the quote',
  updated: 'Changed the quote',
  details_changed: 'Changed the quote details',
  status_changed: 'Moved the quote on',
  products_saved: 'Saved the products',
  lines_imported: 'Imported lines',
  configured: 'Configured the products',
  secure_access_sized: 'Sized secure access',
  shipping_saved: 'Saved the shipping plan',
  shipping_configured: 'Planned the shipping',
  terms_saved: 'Saved the terms and conditions',
  approval_submitted: 'Submitted for approval',
  submitted_budgetary: 'Submitted as a budgetary quote',
  approval_step_approved: 'Approved a step',
  approval_step_rejected: 'Rejected a step',
  approval_recalled: 'Recalled the submission',
  approval_voided: 'A change voided the approvals',
  revised: 'Revised the quote',
  accepted: 'Marked the quote accepted',
  completed: 'Completed the quote',
  archived: 'Archived the quote',
  unarchived: 'Took the quote out of the archive',
  locked: 'Locked the quote',
  unlocked: 'Unlocked the quote',
  acceptance_link_sent: 'Sent the quote to the customer for acceptance',
  acceptance_link_revoked: 'Withdrew a customer acceptance link',
  customer_accepted: 'Accepted the quote',
  document_generated: 'Generated a document',
  document_downloaded: 'Downloaded a stored document',
  attachment_uploaded: 'Attached a file',
  attachment_downloaded: 'Downloaded an attachment',
  attachment_downloaded_by_link: 'An attachment was downloaded through a shared link',
  attachment_deleted: 'Deleted an attachment',
  revision_saved: 'Saved a revision',
  revision_restored: 'Restored a revision',
  option_labelled: 'Named the option of the deal',
  primary_changed: 'Changed the primary quote of the opportunity',
} as const satisfies Record<string, string>;

export type QuoteHistoryAction = keyof typeof QUOTE_HISTORY_ACTIONS;

/** An entry's heading; an action recorded by an older version reads as words, not as a code. */
export const historyActionLabel = (action: string): string =>
  (QUOTE_HISTORY_ACTIONS as Record<string, string>)[action] ?? labelOfCode(action);

const FIELD_LABELS: Readonly<Record<string, string>> = {
  status_id: 'Status',
  pre_archive_status_id: 'Status before the archive',
  quote_name: 'Name',
  quote_type: 'Type',
  contract_length: 'Contract length',
  deal_type: 'Deal type',
  sales_channel: 'Sales channel',
  partner_type: 'Partner type',
  partner_contact_email: 'Partner contact e-mail',
  can_nofity_partner: 'Notify the partner when approved',
  contract_start_date: 'Contract start',
  contract_end_date: 'Contract end',
  sla: 'Support level (SLA)',
  products_evaluated: 'Products evaluated',
  notes: 'Notes for the deal desk',
  total: 'Total',
  contract_id: 'Contract',
  renewal_kind: 'Renewal kind',
  renewal: 'Renewal terms',
  approval: 'Approval',
  'crm opportunity': 'CRM opportunity',
  revision: 'Revision',
  restored_from: 'Restored from',
  option_label: 'Option',
  is_primary: 'Primary quote',
};

/** "line BX-60-HW" and "clause …" already read as words; codes get theirs. */
export const historyFieldLabel = (field: string): string =>
  FIELD_LABELS[field] ?? (/^[a-z]+(_[a-z]+)+$/.test(field) ? labelOfCode(field) : field);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A configured line as recorded ({sku, quantities, discount, high_availability?}): "16 units, 10 %
 * discount".
 */
function lineText(line: Record<string, unknown>): string | null {
  const quantities = line.quantities;
  if (!Array.isArray(quantities) || !quantities.every((q) => typeof q === 'number')) return null;
  const years = quantities.slice(0, Math.max(1, quantities.findLastIndex((q) => q !== 0) + 1));
  const units =
    years.length === 1
      ? `${years[0]} ${years[0] === 1 ? 'unit' : 'units'}`
      : years.map((q, i) => `year ${i + 1}: ${q}`).join(', ');
  const discount = line.discount;
  const hasDiscount =
    (typeof discount === 'string' || typeof discount === 'number') && Number(discount) !== 0;
  const described = hasDiscount ? `${units}, ${discount} % discount` : units;
  return line.high_availability === true ? `${described}, high-availability pair` : described;
}

/** A value of an entry's change as people read it. */
export function historyValueText(value: unknown, field: string, currency: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'total' && typeof value === 'number') return formatCurrency(value, currency);
  if ((field === 'status_id' || field === 'pre_archive_status_id') && typeof value === 'string')
    return quoteStatusLabel(value);
  if (field === 'quote_type' && typeof value === 'string') return quoteTypeLabel(value);
  if (field === 'sales_channel' && typeof value === 'string') return salesChannelLabel(value);
  if (field === 'renewal_kind' && typeof value === 'string') return labelOfCode(value);
  // Dates as every date of the app reads (spec §9): 15-Mar-2027.
  if (typeof value === 'string')
    return /^\d{4}-\d{2}-\d{2}$/.test(value) ? dateInputText(value) : value;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
    return value.join(', ');
  }
  if (isRecord(value) && field.startsWith('line ')) {
    const text = lineText(value);
    if (text) return text;
  }
  if (isRecord(value) && field === 'renewal' && typeof value.kind === 'string') {
    const term =
      typeof value.term_start === 'string' && typeof value.term_end === 'string'
        ? `, ${dateInputText(value.term_start)} to ${dateInputText(value.term_end)}`
        : '';
    return `${labelOfCode(value.kind)}${term}`;
  }
  return JSON.stringify(value);
}
