import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { Link, useNavigate } from 'react-router';
import type {
  ApprovalCan,
  ApprovalSubmissionView,
  LifecycleAction,
} from '../api/approval-types.ts';
import { useApprovalState, useLifecycleAction } from '../api/quote-approval.ts';
import { personName, when } from './approval-format.ts';
import { ConfirmModal } from './confirm-modal.tsx';
import { requestModalProps } from './request-modal-props.ts';

interface ActionSpec {
  action: LifecycleAction;
  label: string;
  icon: string;
  variant: string;
  /** Asked before acting; lock and unlock act at once. */
  confirm?: { title: string; text: string; label?: string };
}

/** In the order a quote's life runs. */
const ACTIONS: readonly ActionSpec[] = [
  {
    action: 'accept',
    label: 'Mark accepted',
    icon: 'bi-hand-thumbs-up',
    variant: 'success',
    confirm: {
      title: 'Mark this quote accepted?',
      text: 'Record that the customer accepted this approved quote. It can no longer be changed; the deal desk then books it.',
      label: 'Mark accepted',
    },
  },
  {
    action: 'complete',
    label: 'Complete (booked)',
    icon: 'bi-check2-all',
    variant: 'success',
    confirm: {
      title: 'Complete this quote?',
      text: 'Book the accepted quote: its opportunity is marked Closed Won in the CRM. This is the end of the quote’s life.',
      label: 'Complete',
    },
  },
  {
    action: 'revise',
    label: 'Revise',
    icon: 'bi-pencil-square',
    variant: 'outline-primary',
    confirm: {
      title: 'Revise this quote?',
      text: 'The quote reopens for changes at its configure step. Its current approval no longer counts: it must be submitted again (the trail keeps what was decided).',
      label: 'Revise',
    },
  },
  {
    action: 'copy',
    label: 'Copy',
    icon: 'bi-copy',
    variant: 'outline-secondary',
    confirm: {
      title: 'Copy this quote?',
      text: 'A new quote is made with the same header, products and terms, and no approvals. You are taken to it.',
      label: 'Copy',
    },
  },
  { action: 'lock', label: 'Lock', icon: 'bi-lock', variant: 'outline-secondary' },
  { action: 'unlock', label: 'Unlock', icon: 'bi-unlock', variant: 'outline-secondary' },
  {
    action: 'archive',
    label: 'Archive',
    icon: 'bi-archive',
    variant: 'outline-danger',
    confirm: {
      title: 'Archive this quote?',
      text: 'The quote leaves the working lists. Unarchiving brings it back as it was.',
      label: 'Archive',
    },
  },
  {
    action: 'unarchive',
    label: 'Unarchive',
    icon: 'bi-box-arrow-up',
    variant: 'outline-secondary',
  },
];

/**
 * The quote's lifecycle buttons (docs/decisions/013), each shown only when the server's `can`
 * flag allows it: revise, mark accepted, complete, archive/unarchive, lock/unlock, copy.
 */
export function QuoteLifecycleActions({
  quoteId,
  quoteType,
}: {
  quoteId: string;
  quoteType: string;
}) {
  const state = useApprovalState(quoteId);
  const lifecycle = useLifecycleAction(quoteId);
  const navigate = useNavigate();
  const [asking, setAsking] = useState<ActionSpec | null>(null);
  if (!state.data) return null;
  const { can, lock, quote, current } = state.data;
  const shown = ACTIONS.filter((spec) => can[spec.action satisfies keyof ApprovalCan]);
  const pointer = approvalPointer(current);
  if (shown.length === 0 && !lock && !quote.copied_from && !pointer) return null;

  const run = (spec: ActionSpec) =>
    lifecycle.mutate(
      spec.action === 'copy'
        ? { action: 'copy', quote_id: quoteId }
        : { action: spec.action, quote_id: quoteId, version: quote.version },
      {
        onSuccess: (result) => {
          setAsking(null);
          // A copy opens the new quote; a revised one reopens where it is edited.
          if (spec.action === 'copy' || spec.action === 'revise') {
            void navigate(result.target_path);
          }
        },
      },
    );

  return (
    <div className="no-print">
      <div className="quote-lifecycle-bar" role="toolbar" aria-label="Quote actions">
        {pointer ? (
          <a
            href="#summary-approvals"
            className={`btn btn-sm ${pointer.isMine ? 'btn-warning' : 'btn-outline-secondary'}`}
          >
            <i className={`bi ${pointer.icon} me-1`} aria-hidden="true" />
            {pointer.text}
          </a>
        ) : null}
        {lock ? (
          <Badge bg="secondary" className="me-1" title={`Since ${when(lock.locked_at)}`}>
            <i className="bi bi-lock-fill me-1" aria-hidden="true" />
            {lock.is_mine
              ? 'Locked by you: only you can change it'
              : `Locked by ${personName(lock.user)}`}
          </Badge>
        ) : null}
        {quote.copied_from ? (
          <span className="small text-body-secondary me-2">
            Copied from{' '}
            <Link to={`/cpq/view-quote/${quote.copied_from.id}/${quoteType}`}>
              {quote.copied_from.quote_number}
            </Link>
          </span>
        ) : null}
        {shown.map((spec) => (
          <Button
            key={spec.action}
            size="sm"
            variant={spec.variant}
            disabled={lifecycle.isPending}
            onClick={() => (spec.confirm ? setAsking(spec) : run(spec))}
          >
            <i className={`bi ${spec.icon} me-1`} aria-hidden="true" />
            {spec.label}
          </Button>
        ))}
      </div>
      {lifecycle.isError && asking === null ? (
        <Alert variant="danger" dismissible onClose={() => lifecycle.reset()} role="alert">
          {lifecycle.error.message}
        </Alert>
      ) : null}
      {asking?.confirm ? (
        <ConfirmModal
          title={asking.confirm.title}
          confirmLabel={asking.confirm.label ?? asking.label}
          confirmVariant={asking.action === 'archive' ? 'danger' : 'primary'}
          {...requestModalProps(lifecycle, () => setAsking(null))}
          onConfirm={() => run(asking)}
        >
          {asking.confirm.text}
        </ConfirmModal>
      ) : null}
    </div>
  );
}

/**
 * The approvals panel sits at the foot of a long summary: while a submission is open or was
 * just rejected, a link at the top says where it stands and leads there.
 */
function approvalPointer(
  current: ApprovalSubmissionView | null,
): { text: string; icon: string; isMine: boolean } | null {
  if (!current) return null;
  const steps = current.stages.flatMap((stage) => stage.steps);
  if (current.state === 'PENDING') {
    if (steps.some((s) => s.can_decide && s.state === 'pending')) {
      return { text: 'Your approval is needed', icon: 'bi-hand-index', isMine: true };
    }
    const waiting = steps.filter((s) => s.state === 'pending').map((s) => s.group_name);
    return {
      text: waiting.length > 0 ? `Waiting for ${waiting.join(', ')}` : 'Waiting for approval',
      icon: 'bi-hourglass-split',
      isMine: false,
    };
  }
  if (current.state === 'REJECTED') {
    return { text: 'Rejected: see why', icon: 'bi-x-circle', isMine: false };
  }
  return null;
}
