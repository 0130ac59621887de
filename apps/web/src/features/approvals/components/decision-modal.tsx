import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import './approvals.css';

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
 * Approve or reject one step (spec §9: modal 800px wide). A rejection needs a comment, which
 * the seller reads; an approval's comment is optional. Shown by its parent only while open.
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
  const [comment, setComment] = useState('');
  const [isTouched, setIsTouched] = useState(false);
  const commentId = useId();
  const isReject = target.kind === 'reject';
  const isMissing = isReject && comment.trim() === '';
  const title = isReject ? 'Reject this approval step' : 'Approve this approval step';

  return (
    <Modal show onHide={isPending ? undefined : onHide} dialogClassName="app-modal" centered>
      <Form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setIsTouched(true);
          if (!isMissing) onConfirm(comment.trim());
        }}
      >
        <Modal.Header closeButton={!isPending}>
          <Modal.Title as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <dl className="decision-facts">
            <div>
              <dt>Quote</dt>
              <dd>{target.quoteLabel}</dd>
            </div>
            {target.amount ? (
              <div>
                <dt>Total</dt>
                <dd>{target.amount}</dd>
              </div>
            ) : null}
            <div>
              <dt>Step</dt>
              <dd>{target.stepLabel}</dd>
            </div>
            {target.reasons.length > 0 ? (
              <div>
                <dt>Why it needs approval</dt>
                <dd>{target.reasons.join('; ')}</dd>
              </div>
            ) : null}
            {target.onBehalfOf ? (
              <div>
                <dt>You decide for</dt>
                <dd>{target.onBehalfOf} (delegated to you)</dd>
              </div>
            ) : null}
          </dl>
          <Form.Group controlId={commentId}>
            <Form.Label>
              {isReject ? 'Reason for rejecting (the seller reads it)' : 'Comment (optional)'}
            </Form.Label>
            <Form.Control
              as="textarea"
              rows={4}
              maxLength={2000}
              value={comment}
              autoFocus
              required={isReject}
              isInvalid={isTouched && isMissing}
              onChange={(event) => setComment(event.target.value)}
            />
            <Form.Control.Feedback type="invalid">
              Say why you reject it, so the seller knows what to change.
            </Form.Control.Feedback>
            {isReject ? (
              <Form.Text>
                Rejecting ends this submission: the seller revises the quote and submits it again.
              </Form.Text>
            ) : null}
          </Form.Group>
          {error ? (
            <Alert variant="danger" className="mt-3 mb-0" role="alert">
              {error}
            </Alert>
          ) : null}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onHide} disabled={isPending}>
            Cancel
          </Button>
          <Button type="submit" variant={isReject ? 'danger' : 'success'} disabled={isPending}>
            {isPending ? <Spinner animation="border" size="sm" className="me-1" /> : null}
            {isReject ? 'Reject' : 'Approve'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
