import Alert from 'react-bootstrap/Alert';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header.tsx';
import { StatusBadge } from '@/components/status-badge.tsx';
import type { ApiError } from '@/lib/api-client.ts';
import { useQuote } from '../../api/quotes.ts';
import { QUOTE_STEPS, QuoteSteps } from '../quote-steps.tsx';

/**
 * The server's refusal of a summary the quote has not reached: its terms are not saved (or lack a
 * required clause), or it is still at configure or shipping. The refusal's detail names which.
 */
export function SummaryNotReached({ id, refusal }: { id: string; refusal: ApiError }) {
  const { context = 'cpq', ref = 'ref' } = useParams();
  const quote = useQuote(id);
  const isTerms = refusal.errors.some((e) => e.path === 'terms');
  const target = quote.data?.target_path ?? null;
  const targetStep = QUOTE_STEPS.find((step) => target?.split('/')[2] === step.route);
  const back = isTerms
    ? { to: `/${context}/terms-condition/${id}/${ref}`, label: 'Back to terms & conditions' }
    : target
      ? {
          to: target,
          label: targetStep ? `Back to ${targetStep.label.toLowerCase()}` : 'Open the quote',
        }
      : null;
  return (
    <>
      <PageHeader
        title="Quote summary"
        subtitle={
          quote.data ? (
            <>
              {quote.data.quote_number} · {quote.data.quote_name} ·{' '}
              <StatusBadge label={quote.data.status_label} tone={quote.data.status_tone} />
            </>
          ) : undefined
        }
      />
      {quote.data ? <QuoteSteps quote={quote.data} current="summary" /> : null}
      <Alert variant="warning" role="alert" data-testid="summary-not-reached">
        <Alert.Heading as="h2" className="h5">
          <i className="bi bi-signpost-split me-2" aria-hidden="true" />
          The summary is not ready yet
        </Alert.Heading>
        <p>{refusal.message}</p>
        {back ? (
          <Link className="btn btn-primary" to={back.to}>
            <i className="bi bi-arrow-left me-1" aria-hidden="true" />
            {back.label}
          </Link>
        ) : null}
      </Alert>
    </>
  );
}
