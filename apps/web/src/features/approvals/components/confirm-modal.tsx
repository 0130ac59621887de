import { useId, useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import './approvals.css';

/** The comment box a confirmation may carry. */
export interface ConfirmComment {
  label: string;
  /** A decision that needs a reason (a rejection): this message shows until one is given. */
  missingMessage?: string;
  help?: ReactNode;
  rows?: number;
}

/**
 * Asks before an action that changes what others see (spec §9: modal 800px wide); a comment
 * goes with it when `comment` is given. Shown by its parent only while open.
 */
export function ConfirmModal({
  title,
  children,
  confirmLabel,
  confirmVariant = 'primary',
  comment: commentSpec,
  isPending,
  error,
  onConfirm,
  onHide,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  confirmVariant?: string;
  comment?: ConfirmComment;
  isPending: boolean;
  error: string | null;
  onConfirm: (comment: string) => void;
  onHide: () => void;
}) {
  const [comment, setComment] = useState('');
  const [isTouched, setIsTouched] = useState(false);
  const commentId = useId();
  const isMissing = Boolean(commentSpec?.missingMessage) && comment.trim() === '';
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
          <div className={commentSpec ? 'mb-3' : undefined}>{children}</div>
          {commentSpec ? (
            <Form.Group controlId={commentId}>
              <Form.Label>{commentSpec.label}</Form.Label>
              <Form.Control
                as="textarea"
                rows={commentSpec.rows ?? 3}
                maxLength={2000}
                value={comment}
                autoFocus
                required={Boolean(commentSpec.missingMessage)}
                isInvalid={isTouched && isMissing}
                onChange={(event) => setComment(event.target.value)}
              />
              {commentSpec.missingMessage ? (
                <Form.Control.Feedback type="invalid">
                  {commentSpec.missingMessage}
                </Form.Control.Feedback>
              ) : null}
              {commentSpec.help ? <Form.Text>{commentSpec.help}</Form.Text> : null}
            </Form.Group>
          ) : null}
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
          <Button type="submit" variant={confirmVariant} disabled={isPending}>
            {isPending ? <Spinner animation="border" size="sm" className="me-1" /> : null}
            {confirmLabel}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
