import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';

/**
 * Recovery codes, shown once: each signs in once without the phone. The user keeps them (copy,
 * download) and says so before going on.
 */
export function RecoveryCodes({
  codes,
  onDone,
  doneText = 'Done',
}: {
  codes: readonly string[];
  onDone: () => void;
  doneText?: string;
}) {
  const id = useId();
  const [isSaved, setIsSaved] = useState(false);
  const [copied, setCopied] = useState(false);
  const text = `Bastion CPQ recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'bastion-cpq-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  const copy = () => {
    void navigator.clipboard?.writeText(text).then(() => setCopied(true));
  };
  return (
    <div>
      <Alert variant="warning">
        <strong>Save these recovery codes now.</strong> They are shown only this once. If you lose
        your phone, each code signs you in one time instead of the authenticator app.
      </Alert>
      <ol className="recovery-codes list-unstyled font-monospace" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="d-flex flex-wrap gap-2 mb-3">
        <Button variant="outline-secondary" size="sm" onClick={download}>
          <i className="bi bi-download me-1" aria-hidden="true" />
          Download
        </Button>
        <Button variant="outline-secondary" size="sm" onClick={copy}>
          <i className="bi bi-clipboard me-1" aria-hidden="true" />
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <Form.Check
        id={`${id}-saved`}
        label="I have saved these codes somewhere safe"
        checked={isSaved}
        onChange={(event) => setIsSaved(event.target.checked)}
        className="mb-3"
      />
      <Button onClick={onDone} disabled={!isSaved}>
        {doneText}
      </Button>
    </div>
  );
}
