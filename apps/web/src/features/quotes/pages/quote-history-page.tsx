import { formatDateTime } from '@bastion/domain/format/date-time';
import {
  historyActionLabel,
  historyFieldLabel,
  historyValueText,
} from '@bastion/domain/quotes/history-display';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useParams } from 'react-router';
import { ErrorScreen } from '@/components/error-screen.tsx';
import { NoData } from '@/components/no-data.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { QuoteCommentsButton } from '../../comments/index.ts';
import { useQuoteHistory } from '../api/quotes.ts';

/** A customer who accepted through a link is not a user: the entry names them in its changes. */
function customerOf(changes: readonly { field: string; after: unknown }[]): string | null {
  const customer = changes.find((change) => change.field === 'customer')?.after;
  return typeof customer === 'string' ? `Customer (${customer})` : null;
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
                    <strong>{historyActionLabel(entry.action)}</strong>
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
                            <td>{historyFieldLabel(change.field)}</td>
                            <td className="text-break">
                              {historyValueText(
                                change.before,
                                change.field,
                                history.data.currency_code,
                              )}
                            </td>
                            <td className="text-break">
                              {historyValueText(
                                change.after,
                                change.field,
                                history.data.currency_code,
                              )}
                            </td>
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
