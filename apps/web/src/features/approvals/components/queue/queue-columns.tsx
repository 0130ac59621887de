import { createColumnHelper } from '@tanstack/react-table';
import { createContext, use } from 'react';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { DISCOUNT_NAMES } from '@bastion/domain/pricing/discount-names';
import type { ApprovalQueueRow } from '../../api/approval-types.ts';
import { day, money, percent, personName, when } from '../approval-format.ts';
import { DecideButtons } from '../decide-buttons.tsx';
import type { DecisionKind } from '../decision-modal.tsx';

/** "Q-2026-000123 Firewall refresh": how a row is named to screen readers and in notices. */
export const queueRowLabel = (row: ApprovalQueueRow) => `${row.quote_number} ${row.quote_name}`;

/** "Finance approvers · stage 2: Finance and legal (for Avery Approver)". */
export const queueStepText = (row: ApprovalQueueRow) =>
  `${row.group_name} · stage ${row.stage}: ${row.stage_name}${row.acting_for ? ` (for ${personName(row.acting_for)})` : ''}`;

/**
 * The selected steps, by step id. A context, not an argument of queueColumns: new column
 * definitions remount every cell, and the checkbox just pressed would lose focus (issue 21).
 */
export const SelectedStepsContext = createContext<ReadonlySet<string>>(new Set());

function SelectStep({ row, onToggle }: { row: ApprovalQueueRow; onToggle: () => void }) {
  const selected = use(SelectedStepsContext);
  return (
    <Form.Check
      id={`select-${row.step_id}`}
      aria-label={`Select ${queueRowLabel(row)}`}
      checked={selected.has(row.step_id)}
      onChange={onToggle}
    />
  );
}

const column = createColumnHelper<ApprovalQueueRow>();
/** The server orders and pages the queue: one page is not re-sorted on its own. */
const unsorted = { enableSorting: false } as const;

/** "3 days", "5 hours", "a few minutes": how long something has waited, for a glance. */
export function waitedFor(iso: string | null, now = Date.now()): string {
  if (!iso) return '—';
  const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
  if (minutes < 60) return minutes < 5 ? 'a few minutes' : `${minutes} minutes`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return hours === 1 ? '1 hour' : `${hours} hours`;
  return `${Math.floor(hours / 24)} days`;
}

/**
 * The queue's columns (issue 33: account, owner, submitted and waiting since in sight at
 * 1440 px): the quote with its account under it, the owner with when it was submitted, the amount
 * with the deepest discount, the group with why it was asked, how long it has waited (or, in the
 * decided view, what was decided when), and the buttons to decide. The owner, the amount and the
 * wait move into a row's detail on a narrow table, so it never scrolls sideways.
 */
export function queueColumns(options: {
  isDecidedView: boolean;
  /** The view lists steps to decide (not the decided ones, nor a seller's own quotes). */
  isDecisionView: boolean;
  onToggle: (row: ApprovalQueueRow) => void;
  onDecide: (kind: DecisionKind, row: ApprovalQueueRow) => void;
}) {
  const { isDecidedView, isDecisionView, onToggle, onDecide } = options;
  return [
    ...(!isDecisionView
      ? []
      : [
          column.display({
            id: 'select',
            header: 'Select',
            meta: { isHeaderHidden: true, className: 'approval-queue-select' },
            cell: ({ row: { original: row } }) =>
              row.can_decide ? <SelectStep row={row} onToggle={() => onToggle(row)} /> : null,
          }),
        ]),
    // The number opens the quote; its name and account go under it.
    column.accessor('quote_number', {
      ...unsorted,
      header: 'Quote',
      meta: { isText: true, className: 'approval-queue-quote' },
      cell: ({ row: { original: row } }) => (
        <>
          <Link to={row.target_path} className="fw-semibold text-nowrap">
            {row.quote_number}
          </Link>
          <div className="small">{row.quote_name}</div>
          <div className="small text-body-secondary">{row.account_name}</div>
        </>
      ),
    }),
    column.accessor((row) => personName(row.owner ?? row.submitted_by), {
      ...unsorted,
      id: 'owner',
      header: 'Owner',
      meta: { isText: true, priority: 'secondary' },
      cell: ({ row: { original: row } }) => (
        <>
          <div>{personName(row.owner ?? row.submitted_by)}</div>
          <div className="small text-body-secondary" title={when(row.submitted_at)}>
            {day(row.submitted_at)}
          </div>
        </>
      ),
    }),
    column.accessor((row) => money(row.total_amount_minor, row.currency_code), {
      ...unsorted,
      id: 'total',
      header: 'Net total',
      meta: { align: 'end', priority: 'secondary' },
      cell: ({ row: { original: row } }) => (
        <>
          <div className="text-nowrap">{money(row.total_amount_minor, row.currency_code)}</div>
          {row.max_seller_discount_percent !== null ? (
            <div className="small text-body-secondary text-nowrap">
              {DISCOUNT_NAMES.seller} up to {percent(row.max_seller_discount_percent)}
            </div>
          ) : null}
          {row.max_line_discount_percent !== null ? (
            <div className="small text-body-secondary text-nowrap">
              {DISCOUNT_NAMES.effective} up to {percent(row.max_line_discount_percent)}
            </div>
          ) : null}
        </>
      ),
    }),
    column.accessor(queueStepText, {
      ...unsorted,
      id: 'step',
      header: 'Step',
      meta: { isText: true, className: 'approval-queue-why' },
      cell: ({ row: { original: row } }) => (
        <>
          <div>{queueStepText(row)}</div>
          <div className="small text-body-secondary">{row.reasons.join('; ')}</div>
        </>
      ),
    }),
    isDecidedView
      ? column.accessor((row) => row.decision ?? '', {
          ...unsorted,
          id: 'decision',
          header: 'Decided',
          meta: { isText: true },
          cell: ({ row: { original: row } }) => (
            <>
              <div className={row.decision === 'REJECTED' ? 'text-danger' : 'text-success'}>
                {row.decision === 'REJECTED' ? 'Rejected' : 'Approved'}
              </div>
              <div className="small text-body-secondary" title={when(row.decided_at)}>
                {day(row.decided_at)}
              </div>
              {row.decision_comment ? (
                <div className="small fst-italic">“{row.decision_comment}”</div>
              ) : null}
            </>
          ),
        })
      : column.accessor((row) => waitedFor(row.pending_since), {
          ...unsorted,
          id: 'pending_since',
          header: 'Waiting',
          meta: { isText: true, priority: 'secondary' },
          cell: ({ row: { original: row } }) => (
            <>
              <div className="text-nowrap">{waitedFor(row.pending_since)}</div>
              <div className="small text-body-secondary" title={when(row.pending_since)}>
                since {day(row.pending_since) || '—'}
              </div>
            </>
          ),
        }),
    ...(!isDecisionView
      ? []
      : [
          column.display({
            id: 'decide',
            header: 'Decide',
            meta: { isHeaderHidden: true },
            cell: ({ row: { original: row } }) =>
              // The deal desk's "anyone" view and a seller's own quotes: shown, not decided.
              row.can_decide ? (
                <DecideButtons
                  subject={queueRowLabel(row)}
                  isCompact
                  onDecide={(kind) => onDecide(kind, row)}
                />
              ) : (
                <span className="small text-body-secondary">Not yours to decide</span>
              ),
          }),
        ]),
  ];
}
