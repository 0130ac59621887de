import Button from 'react-bootstrap/Button';
import type { DecisionKind } from './decision-modal.tsx';

const LABELS: Readonly<Record<DecisionKind, string>> = { approve: 'Approve', reject: 'Reject' };
const ICONS: Readonly<Record<DecisionKind, string>> = { approve: 'bi-check-lg', reject: 'bi-x-lg' };

/**
 * Approve and Reject for one step; each opens the decision dialog. Compact in a table row,
 * with icons under a step of the summary's approvals panel.
 */
export function DecideButtons({
  subject,
  isCompact = false,
  onDecide,
}: {
  /** Completes each button's accessible name: "Approve for Finance approvers". */
  subject: string;
  isCompact?: boolean;
  onDecide: (kind: DecisionKind) => void;
}) {
  return (
    <span className={isCompact ? 'd-inline-flex gap-1' : 'd-flex gap-2 mt-2'}>
      {(['approve', 'reject'] as const).map((kind) => (
        <Button
          key={kind}
          size="sm"
          variant={kind === 'reject' ? 'outline-danger' : isCompact ? 'outline-success' : 'success'}
          aria-label={`${LABELS[kind]} ${subject}`}
          onClick={() => onDecide(kind)}
        >
          {isCompact ? null : <i className={`bi ${ICONS[kind]} me-1`} aria-hidden="true" />}
          {LABELS[kind]}
        </Button>
      ))}
    </span>
  );
}
