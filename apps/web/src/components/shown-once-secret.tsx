import { useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';

/**
 * A secret the server shows this once (an API token, a webhook signing secret): the value to
 * select or copy, what to do with it, and a way to put it away. Only its hash or a sealed copy
 * is kept, so it cannot be shown again.
 */
export function ShownOnceSecret(props: {
  /** The notice's accessible name, e.g. "Signing secret". */
  label: string;
  title: ReactNode;
  /** What it is for and where to keep it. */
  children: ReactNode;
  secret: string;
  onDone: () => void;
}) {
  const [isCopied, setCopied] = useState(false);
  return (
    <Alert variant="success" className="mb-3 shown-once-secret" aria-label={props.label}>
      <p className="fw-semibold mb-1">{props.title}</p>
      <p className="mb-2">{props.children}</p>
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <code className="user-select-all bg-body border rounded px-2 py-1 text-break">
          {props.secret}
        </code>
        <Button
          size="sm"
          variant="outline-dark"
          onClick={() =>
            void navigator.clipboard?.writeText(props.secret).then(() => setCopied(true))
          }
        >
          <i className="bi bi-clipboard me-1" aria-hidden="true" />
          {isCopied ? 'Copied' : 'Copy'}
        </Button>
        <Button size="sm" variant="outline-secondary" onClick={props.onDone}>
          I have copied it
        </Button>
      </div>
    </Alert>
  );
}
