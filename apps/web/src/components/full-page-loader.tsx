import Spinner from 'react-bootstrap/Spinner';

interface FullPageLoaderProps {
  message?: string;
}

export function FullPageLoader({ message }: FullPageLoaderProps) {
  return (
    <div className="full-page-center" role="status" aria-live="polite">
      <Spinner animation="border" variant="primary" aria-hidden="true" />
      <p className="mt-3 mb-0 text-body-secondary">{message ?? 'Loading…'}</p>
    </div>
  );
}
