import { useDeferredValue, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Pagination from 'react-bootstrap/Pagination';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { ErrorScreen } from '../../../components/error-screen.tsx';
import { NoData } from '../../../components/no-data.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import type { OutboxRow } from '../api/approval-types.ts';
import { useOutbox } from '../api/outbox.ts';
import { when } from '../components/approval-format.ts';

const PAGE_SIZE = 25;

const STATE_TONES: Readonly<Record<OutboxRow['state'], { label: string; tone: string }>> = {
  queued: { label: 'Queued', tone: 'warning' },
  sent: { label: 'Sent', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

/**
 * outbox/{ref}: the e-mail the application queued and sent (approval requests and decisions,
 * password resets…), for root and IT admins: without SMTP_URL it is where mail waits.
 */
export function OutboxPage() {
  const [recipient, setRecipient] = useState('');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const deferredRecipient = useDeferredValue(recipient.trim());
  const outbox = useOutbox({
    ...(deferredRecipient ? { recipient: deferredRecipient } : {}),
    page,
    page_size: PAGE_SIZE,
  });
  const pageCount = outbox.data ? Math.max(1, Math.ceil(outbox.data.total / PAGE_SIZE)) : 1;

  return (
    <>
      <PageHeader
        title="Outgoing e-mail"
        subtitle="What the application queued and sent. Without an SMTP server configured, mail stays here."
      />
      <Form className="row g-2 mb-3" role="search" onSubmit={(e) => e.preventDefault()}>
        <div className="col-12 col-md-5">
          <Form.Label htmlFor="outbox-recipient" className="small mb-1">
            Recipient
          </Form.Label>
          <Form.Control
            id="outbox-recipient"
            type="search"
            placeholder="name@example.com"
            value={recipient}
            onChange={(event) => {
              setRecipient(event.target.value);
              setPage(1);
            }}
          />
        </div>
      </Form>
      {outbox.isPending ? (
        <Spinner animation="border" role="status" aria-label="Loading the e-mail" />
      ) : outbox.isError ? (
        <ErrorScreen error={outbox.error} onRetry={() => void outbox.refetch()} />
      ) : outbox.data.rows.length === 0 ? (
        <NoData title="No e-mail" message="No e-mail matches." icon="bi-envelope" />
      ) : (
        <>
          <div className="card">
            <Table size="sm" responsive hover className="mb-0 align-middle">
              <caption className="visually-hidden">Outgoing e-mail</caption>
              <thead>
                <tr>
                  <th scope="col">Queued</th>
                  <th scope="col">To</th>
                  <th scope="col">Subject</th>
                  <th scope="col">Purpose</th>
                  <th scope="col">State</th>
                  <th scope="col">
                    <span className="visually-hidden">Body</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {outbox.data.rows.map((row) => {
                  const state = STATE_TONES[row.state];
                  const isOpen = openId === row.id;
                  return (
                    <OutboxEntry
                      key={row.id}
                      row={row}
                      state={state}
                      isOpen={isOpen}
                      onToggle={() => setOpenId(isOpen ? null : row.id)}
                    />
                  );
                })}
              </tbody>
            </Table>
          </div>
          {pageCount > 1 ? (
            <Pagination className="mt-3" aria-label="Pages">
              <Pagination.Prev disabled={page <= 1} onClick={() => setPage(page - 1)} />
              <Pagination.Item active>{`Page ${page} of ${pageCount}`}</Pagination.Item>
              <Pagination.Next disabled={page >= pageCount} onClick={() => setPage(page + 1)} />
            </Pagination>
          ) : null}
        </>
      )}
    </>
  );
}

function OutboxEntry({
  row,
  state,
  isOpen,
  onToggle,
}: {
  row: OutboxRow;
  state: { label: string; tone: string };
  isOpen: boolean;
  onToggle: () => void;
}) {
  return (
    <>
      <tr>
        <td className="text-nowrap">{when(row.created_at)}</td>
        <td>{row.recipient}</td>
        <td>{row.subject}</td>
        <td className="text-nowrap">{row.purpose}</td>
        <td>
          <StatusBadge label={state.label} tone={state.tone} />
          {row.sent_at ? <div className="small">{when(row.sent_at)}</div> : null}
          {row.last_error ? <div className="small text-danger">{row.last_error}</div> : null}
        </td>
        <td className="text-end">
          {row.text_body !== null ? (
            <Button size="sm" variant="link" onClick={onToggle} aria-expanded={isOpen}>
              {isOpen ? 'Hide' : 'Read'}
            </Button>
          ) : (
            <span className="small text-body-secondary" title="May hold a single-use link">
              Hidden
            </span>
          )}
        </td>
      </tr>
      {isOpen && row.text_body !== null ? (
        <tr>
          <td colSpan={6}>
            <pre className="mb-0 small" style={{ whiteSpace: 'pre-wrap' }}>
              {row.text_body}
            </pre>
          </td>
        </tr>
      ) : null}
    </>
  );
}
