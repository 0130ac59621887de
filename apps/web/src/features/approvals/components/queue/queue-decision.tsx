import type { ApprovalQueueRow } from '../../api/approval-types.ts';
import { useDecideStep } from '../../api/quote-approval.ts';
import { money, personName } from '../approval-format.ts';
import { DecisionModal, type DecisionKind } from '../decision-modal.tsx';
import { requestModalProps, type RequestModalOutcome } from '../request-modal-props.ts';
import { queueRowLabel } from './queue-columns.tsx';

/** Approves or rejects one step from the queue; says what was done through onDone. */
export function QueueDecisionModal({
  kind,
  row,
  onHide,
  onDone,
}: { kind: DecisionKind; row: ApprovalQueueRow } & RequestModalOutcome<string>) {
  const decide = useDecideStep();
  return (
    <DecisionModal
      target={{
        kind,
        quoteLabel: queueRowLabel(row),
        amount: money(row.total_amount_minor, row.currency_code),
        stepLabel: `${row.group_name} (stage ${row.stage}: ${row.stage_name})`,
        reasons: row.reasons,
        onBehalfOf: row.acting_for ? personName(row.acting_for) : null,
      }}
      {...requestModalProps(decide, onHide)}
      onConfirm={(comment) => {
        const base = { quote_id: row.quote_id, step_id: row.step_id, version: row.version };
        decide.mutate(
          kind === 'reject'
            ? { action: 'reject', ...base, comment }
            : { action: 'approve', ...base, ...(comment ? { comment } : {}) },
          {
            onSuccess: () =>
              onDone(
                `${kind === 'reject' ? 'Rejected' : 'Approved'} ${queueRowLabel(row)} for ${row.group_name}.`,
              ),
          },
        );
      }}
    />
  );
}
