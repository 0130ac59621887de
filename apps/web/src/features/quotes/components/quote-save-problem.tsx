import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { fieldErrorsOf, isStale, messageOf } from '@/lib/api-problems.ts';

/**
 * Why a save of the quote failed, above the page: someone else changed it meanwhile (409), with
 * a button to reload it rather than overwrite their change, or the server's message. Pages that
 * show field messages beside their fields pass `hasFieldMessages` to say nothing more about them.
 */
export function QuoteSaveProblem({
  error,
  onReload,
  hasFieldMessages = false,
}: {
  error: unknown;
  onReload: () => void;
  hasFieldMessages?: boolean;
}) {
  if (!error) return null;
  if (isStale(error)) {
    return (
      <Alert
        variant="warning"
        role="alert"
        className="d-flex align-items-center justify-content-between gap-2"
      >
        <span>{messageOf(error)}</span>
        <Button variant="outline-dark" size="sm" onClick={onReload}>
          Reload the quote
        </Button>
      </Alert>
    );
  }
  if (hasFieldMessages && Object.keys(fieldErrorsOf(error)).length > 0) return null;
  return (
    <Alert variant="danger" role="alert">
      {messageOf(error) ?? 'Nothing was saved.'}
    </Alert>
  );
}
