import { useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';

/**
 * A destructive button that asks once more in place, so a stray click changes nothing. The
 * question shows beside the confirming button and the way back.
 */
export function ConfirmButton(props: {
  /** The accessible name, e.g. "Delete rule Thin margin". */
  label: string;
  question: ReactNode;
  /** The first button's text (default: a bin icon alone); the question's button's text. */
  text?: ReactNode;
  confirmText: string;
  cancelText?: string;
  isPending?: boolean;
  size?: 'sm';
  variant?: 'danger' | 'success' | 'warning';
  onConfirm: () => void;
}) {
  const [isAsking, setIsAsking] = useState(false);
  const variant = props.variant ?? 'danger';
  if (!isAsking) {
    return (
      <Button
        size={props.size}
        variant={`outline-${variant}`}
        aria-label={props.label}
        disabled={props.isPending}
        onClick={() => setIsAsking(true)}
      >
        {props.text ?? <i className="bi bi-trash" aria-hidden="true" />}
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
        variant={variant}
        onClick={() => {
          setIsAsking(false);
          props.onConfirm();
        }}
      >
        {props.confirmText}
      </Button>
      <Button size={props.size} variant="outline-secondary" onClick={() => setIsAsking(false)}>
        {props.cancelText ?? 'Cancel'}
      </Button>
    </div>
  );
}
