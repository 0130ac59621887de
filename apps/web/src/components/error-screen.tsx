import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';

interface ErrorScreenProps {
  error: unknown;
  onRetry?: () => void;
}

function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'An unexpected error occurred.';
}

/** The generic screen error of spec §8. */
export function ErrorScreen({ error, onRetry }: ErrorScreenProps) {
  return (
    <div className="error-screen">
      <Alert variant="danger" className="mb-0">
        <Alert.Heading as="h1" className="h4">
          <i className="bi bi-exclamation-octagon me-2" aria-hidden="true" />
          Something went wrong.
        </Alert.Heading>
        <p className="mb-3">{messageOf(error)}</p>
        <div className="d-flex flex-wrap gap-2">
          {onRetry ? (
            <Button variant="danger" onClick={onRetry}>
              Try again
            </Button>
          ) : null}
          <Button variant="outline-danger" onClick={() => window.location.reload()}>
            Reload page
          </Button>
        </div>
      </Alert>
    </div>
  );
}
