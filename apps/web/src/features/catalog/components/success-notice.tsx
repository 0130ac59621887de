import Alert from 'react-bootstrap/Alert';

/** What a change did, above the list it changed, until it is closed or the next change. */
export function SuccessNotice({
  message,
  onClose,
}: {
  message: string | null;
  onClose: () => void;
}) {
  if (!message) return null;
  return (
    <Alert variant="success" dismissible onClose={onClose} role="status">
      {message}
    </Alert>
  );
}
