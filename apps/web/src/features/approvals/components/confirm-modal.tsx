import { useId, useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import './approvals.css';

/** Asks before an action that changes what others see; an optional comment goes with it. */
export function ConfirmModal({
  title,
  children,
  confirmLabel,
  confirmVariant = 'primary',
  commentLabel,
  isPending,
  error,
  onConfirm,
  onHide,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  confirmVariant?: string;
  /** Shows a comment box with this label. */
  commentLabel?: string;
  isPending: boolean;
  error: string | null;
  onConfirm: (comment: string) => void;
  onHide: () => void;
}) {
  const [comment, setComment] = useState('');
  const commentId = useId();
  return (
    <Modal show onHide={isPending ? undefined : onHide} dialogClassName="app-modal" centered>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm(comment.trim());
        }}
      >
        <Modal.Header closeButton={!isPending}>
          <Modal.Title as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className={commentLabel ? undefined : 'mb-0'}>{children}</p>
          {commentLabel ? (
            <Form.Group controlId={commentId}>
              <Form.Label>{commentLabel}</Form.Label>
              <Form.Control
                as="textarea"
                rows={3}
                maxLength={2000}
                value={comment}
                onChange={(event) => setComment(event.target.value)}
              />
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
