import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import { ErrorScreen } from '@/components/error-screen.tsx';

/** A quote page while its data loads or when it fails, then the page itself. */
export function QuoteLoadState<T>(props: {
  query: UseQueryResult<T>;
  /** "the quote": what loads, for screen readers. */
  what: string;
  /** What the page says instead of the error screen for a refusal of its own (null: nothing). */
  refusal?: (error: Error) => ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { query } = props;
  if (query.isPending) {
    return <Spinner animation="border" role="status" aria-label={`Loading ${props.what}`} />;
  }
  if (query.isError) {
    return (
      props.refusal?.(query.error) ?? (
        <ErrorScreen error={query.error} onRetry={() => void query.refetch()} />
      )
    );
  }
  return <>{props.children(query.data)}</>;
}
