import Alert from 'react-bootstrap/Alert';
import type { ApprovalQueueRow, ApproveManyResult } from '../../api/approval-types.ts';
import { useApproveMany } from '../../api/quote-approval.ts';
import { ConfirmModal } from '../confirm-modal.tsx';
import { queueRowLabel } from './queue-columns.tsx';
import { requestModalProps, type RequestModalOutcome } from '../request-modal-props.ts';

export interface BulkOutcome {
  results: (ApproveManyResult & { label: string })[];
}

/** Approves the selected steps, each on its own, with one optional comment for all. */
export function BulkApproveModal({
  rows,
  onHide,
  onDone,
}: { rows: readonly ApprovalQueueRow[] } & RequestModalOutcome<BulkOutcome>) {
  const approveMany = useApproveMany();
  return (
    <ConfirmModal
      title={`Approve ${rows.length} ${rows.length === 1 ? 'step' : 'steps'}?`}
      confirmLabel="Approve"
      confirmVariant="success"
      comment={{ label: 'Comment for every selected step (optional)' }}
      {...requestModalProps(approveMany, onHide)}
      onConfirm={(comment) => {
        const labels = new Map(rows.map((r) => [r.step_id, queueRowLabel(r)]));
        approveMany.mutate(
          { step_ids: rows.map((r) => r.step_id), ...(comment ? { comment } : {}) },
          {
            onSuccess: ({ results }) =>
              onDone({
                results: results.map((r) => ({ ...r, label: labels.get(r.step_id) ?? r.step_id })),
              }),
          },
        );
      }}
    >
      <p className="mb-0">
        Each selected step is approved on its own: one that someone else decided meanwhile, or whose
        quote changed, is refused and stays as it is. The results are shown afterwards.
        <span className="d-block mt-2 small">
          {rows.map((r) => `${r.quote_number} (${r.group_name})`).join(', ')}
        </span>
      </p>
    </ConfirmModal>
  );
}

/** The outcome of each step of a bulk approval. */
export function BulkResults({ outcome, onClose }: { outcome: BulkOutcome; onClose: () => void }) {
  const failed = outcome.results.filter((r) => !r.ok).length;
  return (
    <Alert
      variant={failed === 0 ? 'success' : 'warning'}
      dismissible
      onClose={onClose}
      role="status"
      aria-label="Bulk approval results"
    >
      <div className="fw-semibold mb-1">
        {failed === 0
          ? `Approved ${outcome.results.length} ${outcome.results.length === 1 ? 'step' : 'steps'}.`
          : `${outcome.results.length - failed} approved, ${failed} not approved.`}
      </div>
      <ul className="mb-0 small">
        {outcome.results.map((r) => (
          <li key={r.step_id}>
            <i
              className={`bi ${r.ok ? 'bi-check-circle text-success' : 'bi-x-circle text-danger'} me-1`}
              aria-hidden="true"
            />
            {r.label}: {r.ok ? 'approved' : r.message || 'not approved'}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
