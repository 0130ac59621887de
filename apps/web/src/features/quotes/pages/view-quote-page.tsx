import { formatCurrency } from '@bastion/domain/format/currency';
import { labelOfCode, quoteTypeLabel, salesChannelLabel } from '@bastion/domain/quotes/labels';
import { dealTypeName } from '@bastion/domain/quotes/quote-types';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useParams } from 'react-router';
import { ErrorScreen } from '@/components/error-screen.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { StatusBadge } from '@/components/status-badge.tsx';
import { QuoteCommentsButton } from '../../comments/components/quote-comments-button.tsx';
import { useSession } from '../../auth/components/session-context.tsx';
import { useQuote } from '../api/quotes.ts';
import { FactList, QuoteHistoryLink, type Fact } from '../components/quote-facts.tsx';
import { RenameQuoteForm } from '../components/rename-quote-form.tsx';

/** view-quote/{id}/{ref}: the quote, read-only. */
export function ViewQuotePage() {
  const { id = '' } = useParams();
  const quote = useQuote(id);
  const session = useSession();
  const [isRenaming, setIsRenaming] = useState(false);
  if (quote.isPending) return <Spinner animation="border" role="status" aria-label="Loading" />;
  if (quote.isError)
    return <ErrorScreen error={quote.error} onRetry={() => void quote.refetch()} />;
  const q = quote.data;
  const facts: Fact[] = [
    ['Account', q.account_name],
    ['Region', q.region],
    ['Type', quoteTypeLabel(q.quote_type)],
    ['Deal type', dealTypeName(q.deal_type) ?? q.deal_type],
    ['Contract length', `${q.contract_length} months`],
    ['Sales channel', salesChannelLabel(q.sales_channel)],
    ['Partner type', q.partner_type ? labelOfCode(q.partner_type) : '—'],
    ['Total', formatCurrency(q.total_amount_minor, q.currency_code)],
    // Its name as the CRM gave it when quoted; the id only when there is no name.
    ['Opportunity', opportunityNameOf(q.details) ?? q.opportunity_id ?? '—'],
    ['Version', String(q.version)],
  ];
  return (
    <>
      <PageHeader
        title={`${q.quote_number} · ${q.quote_name}`}
        subtitle={<StatusBadge label={q.status_label} tone={q.status_tone} />}
        actions={
          <>
            {q.status_id === 'INCOMPLETE' && !isRenaming ? (
              <Button variant="outline-secondary" onClick={() => setIsRenaming(true)}>
                <i className="bi bi-pencil me-1" aria-hidden="true" />
                Rename
              </Button>
            ) : null}
            {session.user.permissions.can_see_history ? <QuoteHistoryLink quote={q} /> : null}
            <QuoteCommentsButton quoteId={q.id} />
            <Link className="btn btn-primary" to={q.target_path}>
              Open
            </Link>
          </>
        }
      />
      {isRenaming ? (
        <RenameQuoteForm
          key={q.version}
          quote={q}
          onDone={() => setIsRenaming(false)}
          onReload={() => void quote.refetch()}
        />
      ) : null}
      <Card>
        <Card.Body>
          <FactList facts={facts} layout="columns" />
        </Card.Body>
      </Card>
    </>
  );
}

/** The opportunity's name in the quote's copy of it (details.opportunity), if it has one. */
function opportunityNameOf(details: Record<string, unknown>): string | null {
  const opportunity = details.opportunity;
  if (typeof opportunity !== 'object' || opportunity === null) return null;
  const name = (opportunity as Record<string, unknown>).opportunity_name;
  return typeof name === 'string' && name.trim() !== '' ? name : null;
}
