import { ConfirmModal } from './confirm-modal.tsx';

export type DecisionKind = 'approve' | 'reject';

export interface DecisionTarget {
  kind: DecisionKind;
  /** "Q-2026-000123 Firewall refresh". */
  quoteLabel: string;
  /** "Finance approvers (stage 2: Finance and legal)". */
  stepLabel: string;
  /** The quote's total, as shown ("$12,345.00"). */
  amount?: string;
  /** Why the step was asked for: matched rule names. */
  reasons: readonly string[];
  /** When deciding as someone's delegate. */
  onBehalfOf?: string | null;
}

/**
 * Approve or reject one step: the confirmation with the step's facts. A rejection needs a
 * comment, which the seller reads; an approval's comment is optional.
 */
export function DecisionModal({
  target,
  isPending,
  error,
  onConfirm,
  onHide,
}: {
  target: DecisionTarget;
  isPending: boolean;
  error: string | null;
  onConfirm: (comment: string) => void;
  onHide: () => void;
}) {
  const isReject = target.kind === 'reject';
  const facts: [string, string | null | undefined][] = [
    ['Quote', target.quoteLabel],
    ['Total', target.amount],
    ['Step', target.stepLabel],
    ['Why it needs approval', target.reasons.join('; ')],
    ['You decide for', target.onBehalfOf ? `${target.onBehalfOf} (delegated to you)` : null],
  ];
  return (
    <ConfirmModal
      title={isReject ? 'Reject this approval step' : 'Approve this approval step'}
      confirmLabel={isReject ? 'Reject' : 'Approve'}
      confirmVariant={isReject ? 'danger' : 'success'}
      comment={
        isReject
          ? {
              label: 'Reason for rejecting (the seller reads it)',
              missingMessage: 'Say why you reject it, so the seller knows what to change.',
              help: 'Rejecting ends this submission: the seller revises the quote and submits it again.',
              rows: 4,
            }
          : { label: 'Comment (optional)', rows: 4 }
      }
      isPending={isPending}
      error={error}
      onConfirm={onConfirm}
      onHide={onHide}
    >
      <dl className="decision-facts mb-0">
        {facts
          .filter((fact): fact is [string, string] => Boolean(fact[1]))
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
    </ConfirmModal>
  );
}
