import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';

/** The signing secret, this once: it cannot be read again, only rolled. */
export function SecretNotice(props: { secret: string; url: string; onDone: () => void }) {
  const [isCopied, setCopied] = useState(false);
  return (
    <Alert variant="success" className="mb-3" aria-label="Signing secret">
      <p className="fw-semibold mb-1">The signing secret of {props.url}</p>
      <p className="mb-2">
        Copy it now into the receiver&apos;s configuration: it is not shown again. The receiver
        checks each post&apos;s <code>bastion-signature</code> header: <code>v1</code> is the
        HMAC-SHA256, under this secret, of the <code>t</code> value, a dot and the body.
      </p>
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <code className="user-select-all bg-body border rounded px-2 py-1 text-break" data-secret>
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
