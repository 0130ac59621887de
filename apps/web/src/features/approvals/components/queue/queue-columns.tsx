import { createColumnHelper } from '@tanstack/react-table';
import { createContext, use } from 'react';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import type { ApprovalQueueRow } from '../../api/approval-types.ts';
import { money, percent, personName, when } from '../approval-format.ts';
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

/**
 * The queue's columns. Which quote (number and name), what is decided by which hat and why, and
 * the buttons to decide always show; the rest (the amount too: the decision dialog repeats it) is secondary: below about 1100px of room (a 1400px screen with the sidebar open,
 * or any narrow one) it moves into each row's detail, so the table never scrolls sideways.
 * The owner and the largest discount show when the server sends them; until then the submitter
 * stands in for the owner (see approval-types.ts).
 */
export function queueColumns(options: {
  hasOwner: boolean;
  hasDiscount: boolean;
  onToggle: (row: ApprovalQueueRow) => void;
  onDecide: (kind: DecisionKind, row: ApprovalQueueRow) => void;
}) {
  const { hasOwner, hasDiscount, onToggle, onDecide } = options;
  return [
    column.display({
      id: 'select',
      header: 'Select',
      meta: { isHeaderHidden: true, className: 'approval-queue-select' },
      cell: ({ row: { original: row } }) =>
        row.can_decide ? <SelectStep row={row} onToggle={() => onToggle(row)} /> : null,
    }),
    // The number opens the quote; its name goes under it, so a narrow table keeps both.
    column.accessor('quote_number', {
      ...unsorted,
      header: 'Quote',
      meta: { isText: true, className: 'approval-queue-quote' },
      cell: ({ row: { original: row } }) => (
        <>
          <Link to={row.target_path} className="fw-semibold text-nowrap">
            {row.quote_number}
          </Link>
          <div className="small text-body-secondary">{row.quote_name}</div>
        </>
      ),
    }),
    column.accessor('account_name', {
      ...unsorted,
      header: 'Account',
      meta: { isText: true, priority: 'low' },
    }),
    column.accessor((row) => personName(row.owner === undefined ? row.submitted_by : row.owner), {
      ...unsorted,
      id: 'owner',
      header: hasOwner ? 'Owner' : 'Submitted by',
      meta: { isText: true, priority: 'low' },
    }),
    column.accessor((row) => money(row.total_amount_minor, row.currency_code), {
      ...unsorted,
      id: 'total',
      header: 'Net total',
      meta: { align: 'end', priority: 'secondary' },
    }),
    ...(hasDiscount
      ? [
          column.accessor((row) => percent(row.max_line_discount_percent), {
            ...unsorted,
            id: 'max_discount',
            header: 'Largest discount',
            meta: { align: 'end', priority: 'secondary' },
          }),
        ]
      : []),
    column.accessor(queueStepText, {
      ...unsorted,
      id: 'step',
      header: 'Group and stage',
      meta: { isText: true },
    }),
    column.accessor((row) => row.reasons.join('; '), {
      ...unsorted,
      id: 'why',
      header: 'Why',
      meta: { isText: true, className: 'approval-queue-why' },
    }),
    column.accessor((row) => when(row.pending_since) || '—', {
      ...unsorted,
      id: 'pending_since',
      header: 'Pending since',
      meta: { priority: 'low' },
    }),
    column.display({
      id: 'decide',
      header: 'Decide',
      meta: { isHeaderHidden: true },
      cell: ({ row: { original: row } }) =>
        // The deal desk's "all" view lists steps others must decide: shown, not decided.
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
  ];
}
