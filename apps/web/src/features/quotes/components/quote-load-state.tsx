import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import { Navigate, useLocation } from 'react-router';
import { ErrorScreen } from '@/components/error-screen.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useQuote } from '../api/quotes.ts';

/** A quote page while its data loads or when it fails, then the page itself. */
export function QuoteLoadState<T>(props: {
  query: UseQueryResult<T>;
  /** "the quote": what loads, for screen readers. */
  what: string;
  /** What the page says instead of the error screen for a refusal of its own (null: nothing). */
  refusal?: (error: Error) => ReactNode;
  /**
   * A configurator of one kind of quote: a quote of another kind (409) is sent to its own page,
   * its spec §2 target, instead of failing (a STANDARD quote on a renewal page, say).
   */
  quoteId?: string;
  children: (data: T) => ReactNode;
}) {
  const { query } = props;
  if (query.isPending) {
    return <Spinner animation="border" role="status" aria-label={`Loading ${props.what}`} />;
  }
  if (query.isError) {
    if (props.quoteId && isApiError(query.error) && query.error.status === 409) {
      return <ToQuoteTarget quoteId={props.quoteId} refusal={query.error} what={props.what} />;
    }
    return (
      props.refusal?.(query.error) ?? (
        <ErrorScreen error={query.error} onRetry={() => void query.refetch()} />
      )
    );
  }
  return <>{props.children(query.data)}</>;
}

/** What a configurator is given: the quote's configuration as loaded, and a way to load it again. */
export interface ConfiguratorProps<T> {
  configuration: T;
  onReload: () => void;
}

/**
 * A configurator page: the load state of its configuration, then the configurator, a fresh one
 * per saved version of the quote (the loaded draft is its starting state).
 */
export function QuoteConfiguratorLoadState<T extends { quote: { id: string; version: number } }>({
  query,
  what,
  quoteId,
  configurator: Configurator,
}: {
  query: UseQueryResult<T>;
  what: string;
  quoteId: string;
  configurator: ComponentType<ConfiguratorProps<T>>;
}) {
  return (
    <QuoteLoadState query={query} what={what} quoteId={quoteId}>
      {(data) => (
        <Configurator
          key={`${data.quote.id}:${data.quote.version}`}
          configuration={data}
          onReload={() => void query.refetch()}
        />
      )}
    </QuoteLoadState>
  );
}

/** The quote's own page; the refusal itself when there is no other page to go to. */
function ToQuoteTarget(props: { quoteId: string; refusal: Error; what: string }) {
  const quote = useQuote(props.quoteId);
  const { pathname } = useLocation();
  if (quote.isPending) {
    return <Spinner animation="border" role="status" aria-label={`Loading ${props.what}`} />;
  }
  const target = quote.data?.target_path;
  if (!target || target === pathname) return <ErrorScreen error={props.refusal} />;
  return <Navigate to={target} replace />;
}
