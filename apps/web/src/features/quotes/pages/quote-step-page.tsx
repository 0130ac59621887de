import Spinner from 'react-bootstrap/Spinner';
import { useParams } from 'react-router';
import { ErrorScreen } from '@/components/error-screen.tsx';
import { NoData } from '@/components/no-data.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { StatusBadge } from '@/components/status-badge.tsx';
import { useQuote } from '../api/quotes.ts';
import { QuoteHeaderActions } from '../components/quote-header-actions.tsx';

/**
 * A step of a quote's flow whose screen is not built yet (configure, shipping, terms, summary):
 * it names the quote and leads to what exists, so a quote opened from a list is never a dead end.
 */
export function QuoteStepPage({ step }: { step: string }) {
  const { id = '', ref = 'ref' } = useParams();
  const quote = useQuote(id);
  if (quote.isPending) return <Spinner animation="border" role="status" aria-label="Loading" />;
  if (quote.isError)
    return <ErrorScreen error={quote.error} onRetry={() => void quote.refetch()} />;
  const q = quote.data;
  return (
    <>
      <PageHeader
        title={step}
        subtitle={
          <>
            {q.quote_number} · {q.quote_name} ·{' '}
            <StatusBadge label={q.status_label} tone={q.status_tone} />
          </>
        }
        actions={<QuoteHeaderActions quoteId={q.id} quoteRef={ref} hasHistory />}
      />
      <NoData
        icon="bi-hourglass-split"
        title={`${step} is coming`}
        message="The quote is saved. This step of the quote will be available in a coming release."
      />
    </>
  );
}
