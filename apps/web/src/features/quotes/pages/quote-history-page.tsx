import { formatCurrency } from '@bastion/domain/format/currency';
import { formatDateTime } from '@bastion/domain/format/date-time';
import { quoteStatusLabel } from '@bastion/domain/quotes/status-display';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useParams } from 'react-router';
import { ErrorScreen } from '@/components/error-screen.tsx';
import { NoData } from '@/components/no-data.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { QuoteCommentsButton } from '../../comments/components/quote-comments-button.tsx';
import { useQuoteHistory } from '../api/quotes.ts';

const ACTION_LABELS: Readonly<Record<string, string>> = {
  created: 'Created the quote',
  updated: 'Changed the quote',
  details_changed: 'Changed the quote details',
  status_changed: 'Moved the quote on',
  acceptance_link_sent: 'Sent the quote to the customer for acceptance',
  acceptance_link_revoked: 'Withdrew a customer acceptance link',
  customer_accepted: 'Accepted the quote',
  document_generated: 'Generated a document',
  document_downloaded: 'Downloaded a stored document',
  attachment_uploaded: 'Attached a file',
  attachment_downloaded: 'Downloaded an attachment',
  attachment_downloaded_by_link: 'An attachment was downloaded through a shared link',
  attachment_deleted: 'Deleted an attachment',
};

const FIELD_LABELS: Readonly<Record<string, string>> = {
  status_id: 'Status',
  quote_name: 'Name',
  quote_type: 'Type',
  contract_length: 'Contract length',
  deal_type: 'Deal type',
  partner_type: 'Partner type',
  partner_contact_email: 'Partner contact e-mail',
  can_nofity_partner: 'Notify the partner when approved',
  contract_start_date: 'Contract start',
  contract_end_date: 'Contract end',
  sla: 'Support level (SLA)',
  products_evaluated: 'Products evaluated',
  notes: 'Notes for the deal desk',
  total: 'Total',
};

/** A customer who accepted through a link is not a user: the entry names them in its changes. */
function customerOf(changes: readonly { field: string; after: unknown }[]): string | null {
  const customer = changes.find((change) => change.field === 'customer')?.after;
  return typeof customer === 'string' ? `Customer (${customer})` : null;
}

function show(value: unknown, field: string, currency: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'total' && typeof value === 'number') return formatCurrency(value, currency);
  if (field === 'status_id' && typeof value === 'string') return quoteStatusLabel(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
    return value.join(', ');
  }
  return JSON.stringify(value);
}

/** quote-history/{id}/{ref}: every change to the quote, newest first. */
export function QuoteHistoryPage() {
  const { id = '', ref = 'ref' } = useParams();
  const history = useQuoteHistory(id);
  if (history.isPending) return <Spinner animation="border" role="status" aria-label="Loading" />;
  if (history.isError) {
    return <ErrorScreen error={history.error} onRetry={() => void history.refetch()} />;
  }
  const { quote_number: number, quote_name: name, entries } = history.data;
  return (
    <>
      <PageHeader
        title="Quote history"
        subtitle={`${number} · ${name}`}
        actions={
          <>
            <QuoteCommentsButton quoteId={id} />
            <Link className="btn btn-outline-secondary" to={`/cpq/view-quote/${id}/${ref}`}>
              Back to the quote
            </Link>
          </>
        }
      />
      {entries.length === 0 ? (
        <NoData title="No history yet" />
      ) : (
        <ol className="history-timeline list-unstyled" aria-label="Changes">
          {entries.map((entry) => (
            <li key={entry.id} className="history-entry">
              <Card className="mb-3">
                <Card.Body>
                  <div className="d-flex flex-wrap gap-2 align-items-baseline">
                    <strong>{ACTION_LABELS[entry.action] ?? entry.action}</strong>
                    <span className="text-body-secondary small">
                      by {entry.actor?.name ?? customerOf(entry.changes) ?? 'the system'}
                      {entry.impersonated_by
                        ? ` (${entry.impersonated_by} acting as them)`
                        : ''} · {formatDateTime(Date.parse(entry.occurred_at) / 1000)} · version{' '}
                      {entry.version}
                    </span>
                  </div>
                  {entry.changes.length > 0 ? (
                    <table className="table table-sm mb-0 mt-2 small">
                      <thead>
                        <tr>
                          <th scope="col">Field</th>
                          <th scope="col">Before</th>
                          <th scope="col">After</th>
                        </tr>
                      </thead>
                      <tbody>
                        {entry.changes.map((change) => (
                          <tr key={change.field}>
                            <td>{FIELD_LABELS[change.field] ?? change.field}</td>
                            <td>{show(change.before, change.field, history.data.currency_code)}</td>
                            <td>{show(change.after, change.field, history.data.currency_code)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  ) : null}
                </Card.Body>
              </Card>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
