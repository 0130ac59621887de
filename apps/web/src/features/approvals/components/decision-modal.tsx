import { ConfirmModal, type ConfirmComment } from './confirm-modal.tsx';
import type { RequestModalProps } from './request-modal-props.ts';

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

/** The modal's words for each decision; a rejection asks for the reason the seller reads. */
const DECISION_WORDS: Readonly<
  Record<
    DecisionKind,
    { title: string; confirmLabel: string; confirmVariant: string; comment: ConfirmComment }
  >
> = {
  approve: {
    title: 'Approve this approval step',
    confirmLabel: 'Approve',
    confirmVariant: 'success',
    comment: { label: 'Comment (optional)', rows: 4 },
  },
  reject: {
    title: 'Reject this approval step',
    confirmLabel: 'Reject',
    confirmVariant: 'danger',
    comment: {
      label: 'Reason for rejecting (the seller reads it)',
      missingMessage: 'Say why you reject it, so the seller knows what to change.',
      help: 'Rejecting ends this submission: the seller revises the quote and submits it again.',
      rows: 4,
    },
  },
};

/**
 * Approve or reject one step: the confirmation with the step's facts. A rejection needs a
 * comment, which the seller reads; an approval's comment is optional.
 */
export function DecisionModal({
  target,
  ...request
}: { target: DecisionTarget } & RequestModalProps) {
  const facts: [string, string | null | undefined][] = [
    ['Quote', target.quoteLabel],
    ['Total', target.amount],
    ['Step', target.stepLabel],
    ['Why it needs approval', target.reasons.join('; ')],
    ['You decide for', target.onBehalfOf ? `${target.onBehalfOf} (delegated to you)` : null],
  ];
  return (
    <ConfirmModal {...DECISION_WORDS[target.kind]} {...request}>
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
