import { useId, useRef, useState, type ReactNode } from 'react';
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
  const commentRef = useRef<HTMLTextAreaElement>(null);
  const isMissing = Boolean(commentSpec?.missingMessage) && comment.trim() === '';
  const isShowingMissing = isTouched && isMissing;
  const describedBy =
    [
      isShowingMissing ? `${commentId}-message` : null,
      commentSpec?.help ? `${commentId}-help` : null,
    ]
      .filter(Boolean)
      .join(' ') || undefined;
  return (
    <Modal
      show
      onHide={isPending ? undefined : onHide}
      // Not autoFocus: the modal would then not know which button opened it, and closing it
      // would leave focus nowhere instead of back on that button.
      onEntered={() => commentRef.current?.focus()}
      dialogClassName="app-modal"
      centered
      aria-labelledby={`${commentId}-title`}
    >
      <Form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setIsTouched(true);
          if (!isMissing) onConfirm(comment.trim());
          else commentRef.current?.focus();
        }}
      >
        <Modal.Header closeButton={!isPending}>
          <Modal.Title as="h2" className="h5" id={`${commentId}-title`}>
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
                ref={commentRef}
                required={Boolean(commentSpec.missingMessage)}
                isInvalid={isShowingMissing}
                aria-invalid={isShowingMissing || undefined}
                aria-describedby={describedBy}
                onChange={(event) => setComment(event.target.value)}
              />
              {/* Said as soon as it shows, and tied to the box for when focus comes back. */}
              {isShowingMissing ? (
                <div id={`${commentId}-message`} className="invalid-feedback d-block" role="alert">
                  {commentSpec.missingMessage}
                </div>
              ) : null}
              {commentSpec.help ? (
                <Form.Text id={`${commentId}-help`} className="d-block">
                  {commentSpec.help}
                </Form.Text>
              ) : null}
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
