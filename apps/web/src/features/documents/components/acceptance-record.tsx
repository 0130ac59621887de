import type { AcceptanceRecord } from '@bastion/domain/documents/acceptance-schemas';
import { formatDateTime } from '@bastion/domain/format/date-time';
import Button from 'react-bootstrap/Button';
import { printDocument } from '@/lib/print.ts';
import './acceptance.css';

const PRINTING_CLASS = 'printing-acceptance-record';

/** Prints the record alone: the rest of the page is hidden while the browser prints. */
function printRecord(title: string) {
  document.body.classList.add(PRINTING_CLASS);
  window.addEventListener('afterprint', () => document.body.classList.remove(PRINTING_CLASS), {
    once: true,
  });
  printDocument(title);
}

/**
 * The customer's acceptance as recorded: who, in what capacity, when (spec §9 format), from which
 * address, of which exact document (its SHA-256) and version. Printable on A4.
 */
export function AcceptanceRecordSheet({
  record,
  quote,
}: {
  record: AcceptanceRecord;
  quote: { quote_number: string; quote_name: string; customer: string };
}) {
  const facts: [string, string][] = [
    ['Quote', `${quote.quote_number} · ${quote.quote_name}`],
    ['Customer', quote.customer],
    ['Accepted by', record.accepted_name],
    ['Title', record.accepted_title],
    ['E-mail', record.accepted_email],
    ['Accepted on', formatDateTime(Date.parse(record.accepted_at) / 1000)],
    ['From address', record.client_address],
    ['Quote version', String(record.quote_version)],
    ['Document', record.document_file_name],
  ];
  return (
    <div className="acceptance-record-sheet">
      <div className="d-flex justify-content-between align-items-start gap-2 mb-2">
        <h3 className="h6 mb-0">
          <i className="bi bi-patch-check-fill text-success me-1" aria-hidden="true" />
          Acceptance record
        </h3>
        <Button
          size="sm"
          variant="outline-secondary"
          onClick={() => printRecord(`Acceptance ${quote.quote_number}`)}
        >
          <i className="bi bi-printer me-1" aria-hidden="true" />
          Print record
        </Button>
      </div>
      <dl className="acceptance-record-list" aria-label="Acceptance record">
        {facts.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div style={{ display: 'contents' }}>
          <dt>Document SHA-256</dt>
          <dd className="acceptance-hash">{record.document_sha256}</dd>
        </div>
      </dl>
    </div>
  );
}
