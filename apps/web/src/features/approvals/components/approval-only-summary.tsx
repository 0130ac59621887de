import Alert from 'react-bootstrap/Alert';
import { quoteTypeLabel } from '@bastion/domain/quotes/labels';
import Spinner from 'react-bootstrap/Spinner';
import { ErrorScreen } from '@/components/error-screen.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { StatusBadge } from '@/components/status-badge.tsx';
import { useApprovalState } from '../api/quote-approval.ts';
import { money, personName } from './approval-format.ts';
import { ApprovalsPanel } from './approvals-panel.tsx';

/**
 * The summary of a quote the user may not open but is asked to approve (an approver whose roles
 * do not see quotes): what the approval call tells them, and the panel to decide. When that is
 * refused too, the summary's own refusal is shown.
 */
export function ApprovalOnlySummary({ quoteId, refusal }: { quoteId: string; refusal: Error }) {
  const state = useApprovalState(quoteId);
  if (state.isPending) {
    return <Spinner animation="border" role="status" aria-label="Loading the approval" />;
  }
  if (state.isError) return <ErrorScreen error={refusal} />;
  const { quote } = state.data;
  return (
    <div className="quote-summary">
      <PageHeader
        title="Quote approval"
        subtitle={
          <>
            {quote.quote_number} · {quote.quote_name} ·{' '}
            <StatusBadge label={quote.status_label} tone={quote.status_tone} />
          </>
        }
      />
      <Alert variant="info" className="small">
        <i className="bi bi-info-circle me-2" aria-hidden="true" />
        You are asked to approve this quote; your roles do not open its full summary. Below is what
        it needs approval for, with the quote&apos;s own values.
      </Alert>
      <section className="summary-section" aria-labelledby="approval-only-details">
        <h2 id="approval-only-details" className="h5">
          Quote details
        </h2>
        <dl className="summary-grid">
          <div>
            <dt>Owner</dt>
            <dd>{personName(quote.owner)}</dd>
          </div>
          <div>
            <dt>Region</dt>
            <dd>{quote.region}</dd>
          </div>
          <div>
            <dt>Quote type</dt>
            <dd>{quoteTypeLabel(quote.quote_type)}</dd>
          </div>
          <div>
            <dt>Total ({quote.currency_code})</dt>
            <dd>{money(quote.total_amount_minor, quote.currency_code)}</dd>
          </div>
        </dl>
      </section>
      <ApprovalsPanel quote={quote} />
    </div>
  );
}
