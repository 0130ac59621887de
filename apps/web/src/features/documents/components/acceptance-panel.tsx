import { ACCEPTANCE_LINK_STATE_DISPLAY } from '@bastion/domain/documents/acceptance-link-state';
import type { AcceptanceLink, QuoteAcceptance } from '@bastion/domain/documents/acceptance-schemas';
import { formatDateTime } from '@bastion/domain/format/date-time';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { ConfirmButton } from '@/components/confirm-button.tsx';
import { StatusBadge } from '@/components/status-badge.tsx';
import { useQuoteAcceptance, useRevokeAcceptanceLink } from '../api/acceptance.ts';
import { AcceptanceRecordSheet } from './acceptance-record.tsx';
import { AcceptanceSendModal } from './acceptance-send-modal.tsx';
import './acceptance.css';

const when = (iso: string) => formatDateTime(Date.parse(iso) / 1000);

/**
 * The summary's "Customer acceptance" panel (issue 17, point 4): send an approved quote's PDF to
 * the customer as an expiring link, follow the links' states, withdraw one, and, once the
 * customer accepted, the printable acceptance record. Shown while the app setting
 * quote_document_link is on, and always once a quote was accepted.
 */
export function AcceptancePanel({ quoteId }: { quoteId: string }) {
  const acceptance = useQuoteAcceptance(quoteId);
  if (acceptance.isPending) return null;
  if (acceptance.isError) {
    return (
      <Alert variant="warning" className="no-print">
        Customer acceptance could not be loaded: {acceptance.error.message}{' '}
        <Button size="sm" variant="outline-secondary" onClick={() => void acceptance.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const data = acceptance.data;
  const isRelevant =
    data.acceptance !== null ||
    (data.enabled && (data.links.length > 0 || data.quote.status_id === 'APPROVED'));
  if (!isRelevant) return null;
  return (
    // Printed with the quote only once there is a record to print.
    <section
      className={`summary-section acceptance-panel${data.acceptance ? '' : ' no-print'}`}
      aria-labelledby="summary-acceptance"
    >
      <h2 id="summary-acceptance" className="h5">
        Customer acceptance
      </h2>
      <AcceptancePanelBody data={data} />
    </section>
  );
}

function AcceptancePanelBody({ data }: { data: QuoteAcceptance }) {
  const [isSending, setIsSending] = useState(false);
  return (
    <>
      {data.acceptance ? (
        <AcceptanceRecordSheet record={data.acceptance} quote={data.quote} />
      ) : data.can_send ? (
        <div className="d-flex flex-wrap align-items-center gap-3 mb-3 no-print">
          <Button variant="primary" onClick={() => setIsSending(true)}>
            <i className="bi bi-send-check me-1" aria-hidden="true" />
            Send for acceptance
          </Button>
          <span className="text-body-secondary small">
            E-mails {data.quote.customer} a link to read the PDF and accept it online.
          </span>
        </div>
      ) : null}
      {data.links.length > 0 ? (
        <LinksTable quoteId={data.quote.id} links={data.links} canRevoke={data.can_revoke} />
      ) : data.acceptance ? null : (
        <p className="text-body-secondary small mb-0 no-print">No link has been sent yet.</p>
      )}
      {isSending ? (
        <AcceptanceSendModal quote={data.quote} onHide={() => setIsSending(false)} />
      ) : null}
    </>
  );
}

function LinksTable({
  quoteId,
  links,
  canRevoke,
}: {
  quoteId: string;
  links: readonly AcceptanceLink[];
  canRevoke: boolean;
}) {
  const revoke = useRevokeAcceptanceLink(quoteId);
  return (
    <div className="no-print mt-3">
      {revoke.error ? (
        <Alert variant="danger" className="py-2">
          {revoke.error.message}
        </Alert>
      ) : null}
      <Table size="sm" responsive className="align-middle mb-0" aria-label="Acceptance links">
        <thead>
          <tr>
            <th scope="col">Sent to</th>
            <th scope="col">Sent</th>
            <th scope="col">Valid until</th>
            <th scope="col">Version</th>
            <th scope="col">State</th>
            {canRevoke ? (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {links.map((link) => {
            const shown = ACCEPTANCE_LINK_STATE_DISPLAY[link.state];
            return (
              <tr key={link.id}>
                <td>
                  {link.recipient_name}
                  <div className="small text-body-secondary">{link.recipient_email}</div>
                </td>
                <td>
                  {when(link.sent_at)}
                  {link.sent_by ? (
                    <div className="small text-body-secondary">by {link.sent_by}</div>
                  ) : null}
                </td>
                <td>{when(link.expires_at)}</td>
                <td title={`SHA-256 ${link.document.sha256}`}>{link.quote_version}</td>
                <td>
                  <StatusBadge label={shown.label} tone={shown.tone} />
                </td>
                {canRevoke ? (
                  <td className="text-end">
                    {link.state === 'active' ? (
                      <ConfirmButton
                        size="sm"
                        label={`Revoke the link sent to ${link.recipient_name}`}
                        text="Revoke"
                        question="The customer will no longer be able to open it."
                        confirmText="Revoke link"
                        isPending={revoke.isPending && revoke.variables === link.id}
                        onConfirm={() => revoke.mutate(link.id)}
                      />
                    ) : null}
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </Table>
      {revoke.isPending ? <Spinner animation="border" size="sm" role="status" /> : null}
    </div>
  );
}
