import { useState } from 'react';
import Button from 'react-bootstrap/Button';

/** A delete button that asks once more in place, so a stray click changes nothing. */
export function ConfirmButton(props: {
  /** The accessible name, e.g. "Delete rule Thin margin". */
  label: string;
  question: string;
  confirmText: string;
  isPending: boolean;
  onConfirm: () => void;
  size?: 'sm';
}) {
  const [isAsking, setIsAsking] = useState(false);
  if (!isAsking) {
    return (
      <Button
        size={props.size}
        variant="outline-danger"
        aria-label={props.label}
        disabled={props.isPending}
        onClick={() => setIsAsking(true)}
      >
        <i className="bi bi-trash me-1" aria-hidden="true" />
        Delete
      </Button>
    );
  }
  return (
    <div
      role="alertdialog"
      aria-label={props.label}
      className="d-flex flex-wrap gap-2 align-items-center justify-content-end"
    >
      <span className="small">{props.question}</span>
      <Button
        size={props.size}
        variant="danger"
        onClick={() => {
          setIsAsking(false);
          props.onConfirm();
        }}
      >
        {props.confirmText}
      </Button>
      <Button size={props.size} variant="outline-secondary" onClick={() => setIsAsking(false)}>
        Keep it
      </Button>
    </div>
  );
}
