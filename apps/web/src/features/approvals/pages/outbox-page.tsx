import type { ColumnDef } from '@tanstack/react-table';
import { useDeferredValue, useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { TablePager } from '@/components/data-table/paged-table.tsx';
import { LoadState } from '@/components/admin/admin-layout.tsx';
import { actionsColumn, textColumn, valueColumn } from '@/components/admin/record-columns.tsx';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { NoData } from '@/components/no-data.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { SidePanel } from '@/components/side-panel.tsx';
import { StatusBadge } from '@/components/status-badge.tsx';
import type { OutboxRow } from '../api/approval-types.ts';
import { useOutbox } from '../api/outbox.ts';
import { when } from '../components/approval-format.ts';

const PAGE_SIZE = 25;

const STATE_TONES: Readonly<Record<OutboxRow['state'], { label: string; tone: string }>> = {
  queued: { label: 'Queued', tone: 'warning' },
  sent: { label: 'Sent', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

/** Opens a mail's text in the side panel; mail that may hold a single-use link stays hidden. */
function BodyCell({ row, onRead }: { row: OutboxRow; onRead: (row: OutboxRow) => void }) {
  return row.text_body !== null ? (
    <Button size="sm" variant="link" onClick={() => onRead(row)}>
      Read
    </Button>
  ) : (
    <span className="small text-body-secondary" title="May hold a single-use link">
      Hidden
    </span>
  );
}

const columnsReading = (onRead: (row: OutboxRow) => void): ColumnDef<OutboxRow, never>[] => [
  valueColumn('queued', 'Queued', (row) => when(row.created_at)),
  textColumn('to', 'To', (row) => row.recipient),
  textColumn('subject', 'Subject', (row) => row.subject),
  valueColumn('purpose', 'Purpose', (row) => row.purpose),
  textColumn('state', 'State', (row) => (
    <>
      <StatusBadge {...STATE_TONES[row.state]} />
      {row.sent_at ? <div className="small">{when(row.sent_at)}</div> : null}
      {row.last_error ? <div className="small text-danger">{row.last_error}</div> : null}
    </>
  )),
  actionsColumn((row) => <BodyCell row={row} onRead={onRead} />, 'body', 'Body'),
];

/**
 * outbox/{ref}: the e-mail the application queued and sent (approval requests and decisions,
 * password resets…), for root and IT admins: without SMTP_URL it is where mail waits.
 */
export function OutboxPage() {
  const [recipient, setRecipient] = useState('');
  const [page, setPage] = useState(1);
  const [reading, setReading] = useState<OutboxRow | null>(null);
  const [isPanelShown, setIsPanelShown] = useState(false);
  const deferredRecipient = useDeferredValue(recipient.trim());
  const outbox = useOutbox({
    ...(deferredRecipient ? { recipient: deferredRecipient } : {}),
    page,
    page_size: PAGE_SIZE,
  });
  const columns = useMemo(
    () =>
      columnsReading((row) => {
        setReading(row);
        setIsPanelShown(true);
      }),
    [],
  );

  return (
    <>
      <PageHeader
        title="Outgoing e-mail"
        subtitle="What the application queued and sent. Without an SMTP server configured, mail stays here."
      />
      <Form className="row g-2 mb-3" role="search" onSubmit={(e) => e.preventDefault()}>
        <Form.Group className="col-12 col-md-5" controlId="outbox-recipient">
          <Form.Label className="small mb-1">Recipient</Form.Label>
          <Form.Control
            type="search"
            placeholder="name@example.com"
            value={recipient}
            onChange={(event) => {
              setRecipient(event.target.value);
              setPage(1);
            }}
          />
        </Form.Group>
      </Form>
      <LoadState query={outbox} what="the e-mail" whoSees="root and IT admins">
        {(data) =>
          data.rows.length === 0 ? (
            <NoData title="No e-mail" message="No e-mail matches." icon="bi-envelope" />
          ) : (
            <>
              <div className="card">
                <DataTable
                  data={data.rows}
                  columns={columns}
                  caption="Outgoing e-mail"
                  getRowId={(row) => row.id}
                  size="sm"
                  activeRowId={isPanelShown ? reading?.id : null}
                />
              </div>
              <TablePager page={page} total={data.total} pageSize={PAGE_SIZE} onPage={setPage} />
            </>
          )
        }
      </LoadState>
      <SidePanel
        show={isPanelShown}
        size="default"
        title={reading?.subject ?? 'E-mail'}
        onHide={() => setIsPanelShown(false)}
        onExited={() => setReading(null)}
      >
        {reading ? (
          <>
            <dl className="small mb-3">
              <dt>To</dt>
              <dd>{reading.recipient}</dd>
              <dt>Queued</dt>
              <dd>{when(reading.created_at)}</dd>
            </dl>
            <pre className="mb-0 small" style={{ whiteSpace: 'pre-wrap' }}>
              {reading.text_body}
            </pre>
          </>
        ) : null}
      </SidePanel>
    </>
  );
}
