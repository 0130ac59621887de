import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';

/**
 * A button that asks before it acts: the question shows in place with the action and "Cancel",
 * so a stray click changes nothing.
 */
export function ConfirmAction(props: {
  label: string;
  question: string;
  confirmLabel: string;
  variant: 'danger' | 'success' | 'warning';
  isPending?: boolean;
  onConfirm: () => void;
}) {
  const [isAsking, setIsAsking] = useState(false);
  if (!isAsking) {
    return (
      <Button
        variant={`outline-${props.variant}`}
        onClick={() => setIsAsking(true)}
        disabled={props.isPending}
      >
        {props.label}
      </Button>
    );
  }
  return (
    <Alert
      variant={props.variant}
      className="mb-0 w-100"
      role="alertdialog"
      aria-label={props.label}
    >
      <p className="mb-2">{props.question}</p>
      <div className="d-flex gap-2">
        <Button
          variant={props.variant}
          disabled={props.isPending}
          onClick={() => {
            props.onConfirm();
            setIsAsking(false);
          }}
        >
          {props.confirmLabel}
        </Button>
        <Button variant="outline-secondary" onClick={() => setIsAsking(false)}>
          Cancel
        </Button>
      </div>
    </Alert>
  );
}
