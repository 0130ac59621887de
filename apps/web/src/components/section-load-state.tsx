import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';

/**
 * A section of a page (a quote's documents, attachments, approvals) while its data loads or when
 * it fails, with Try again, then the section's content. The page around it stays usable.
 */
export function SectionLoadState<T>({
  query,
  what,
  children,
}: {
  query: UseQueryResult<T>;
  /** "the documents": what loads, for screen readers and the failure's message. */
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return <Spinner animation="border" size="sm" role="status" aria-label={`Loading ${what}`} />;
  }
  if (query.isError) {
    return (
      <Alert variant="danger" className="mb-0">
        {what.charAt(0).toUpperCase() + what.slice(1)} could not be loaded: {query.error.message}{' '}
        <Button size="sm" variant="outline-danger" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  return <>{children(query.data)}</>;
}
