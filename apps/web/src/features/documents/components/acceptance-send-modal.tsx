import {
  ZSendAcceptanceLinkForm,
  type SentAcceptanceLink,
} from '@bastion/domain/documents/acceptance-schemas';
import { DEFAULT_ACCEPTANCE_LINK_DAYS } from '@bastion/domain/documents/acceptance-link-state';
import { formatDateTime } from '@bastion/domain/format/date-time';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Modal from 'react-bootstrap/Modal';
import { FieldRow } from '@/components/form/field-row.tsx';
import { TextField } from '@/components/form/fields.tsx';
import { AppForm, FormProblem, SubmitButton, useZodForm } from '@/components/form/form.tsx';
import { useSendAcceptanceLink } from '../api/acceptance.ts';

/**
 * "Send for acceptance": who receives the link and for how long; then the link itself, shown this
 * once, to copy into one's own e-mail as well.
 */
export function AcceptanceSendModal({
  quote,
  onHide,
}: {
  quote: { id: string; version: number; quote_number: string; customer: string };
  onHide: () => void;
}) {
  const send = useSendAcceptanceLink(quote.id);
  const form = useZodForm(ZSendAcceptanceLinkForm, {
    defaultValues: {
      recipient_name: '',
      recipient_email: '',
      expires_in_days: String(DEFAULT_ACCEPTANCE_LINK_DAYS),
    },
  });
  const formId = `send-acceptance-${quote.id}`;
  return (
    <Modal
      show
      onHide={send.isPending ? undefined : onHide}
      dialogClassName="app-modal"
      centered
      aria-labelledby={`${formId}-title`}
    >
      <Modal.Header closeButton={!send.isPending}>
        <Modal.Title as="h2" className="h5" id={`${formId}-title`}>
          Send {quote.quote_number} for acceptance
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {send.data ? (
          <SentLink sent={send.data} />
        ) : (
          <>
            <p className="text-body-secondary">
              The customer receives a link to read this quote&rsquo;s PDF and accept it on behalf of{' '}
              {quote.customer}, without an account. The PDF is generated now; if the quote changes
              later, the link stops working.
            </p>
            <FormProblem error={send.error} className="mb-3" />
            <AppForm
              form={form}
              id={formId}
              error={send.error}
              aria-label="Send for acceptance"
              onSubmit={(values) =>
                send.mutate({ quote_id: quote.id, version: quote.version, ...values })
              }
            >
              <FieldRow widths={[6, 6]}>
                <TextField
                  name="recipient_name"
                  label="Recipient's name"
                  isRequired
                  autoComplete="off"
                />
                <TextField
                  name="recipient_email"
                  label="Recipient's e-mail"
                  type="email"
                  isRequired
                  autoComplete="off"
                />
              </FieldRow>
              <TextField
                name="expires_in_days"
                label="Link valid for"
                inputMode="numeric"
                suffix="days"
                help="From 1 to 90 days."
                className="mb-0 acceptance-days"
              />
            </AppForm>
          </>
        )}
      </Modal.Body>
      <Modal.Footer>
        {send.data ? (
          <Button variant="primary" onClick={onHide}>
            Done
          </Button>
        ) : (
          <>
            <Button variant="outline-secondary" onClick={onHide} disabled={send.isPending}>
              Cancel
            </Button>
            <SubmitButton form={formId} isPending={send.isPending}>
              <i className="bi bi-send me-1" aria-hidden="true" />
              Send link
            </SubmitButton>
          </>
        )}
      </Modal.Footer>
    </Modal>
  );
}

/** The link, this once: the list will never show it again. */
function SentLink({ sent }: { sent: SentAcceptanceLink }) {
  const [isCopied, setIsCopied] = useState(false);
  const copy = () =>
    void navigator.clipboard
      ?.writeText(sent.url)
      .then(() => setIsCopied(true))
      .catch(() => setIsCopied(false));
  return (
    <>
      <Alert variant="success" role="status">
        Sent. The link was also e-mailed to {sent.link.recipient_name} ({sent.link.recipient_email}
        ); it is valid until {formatDateTime(Date.parse(sent.link.expires_at) / 1000)}.
      </Alert>
      <Form.Label htmlFor="acceptance-url">Link for the customer</Form.Label>
      <InputGroup>
        <Form.Control
          id="acceptance-url"
          readOnly
          value={sent.url}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="outline-primary" onClick={copy}>
          <i className={`bi ${isCopied ? 'bi-check2' : 'bi-clipboard'} me-1`} aria-hidden="true" />
          {isCopied ? 'Copied' : 'Copy'}
        </Button>
      </InputGroup>
      <Form.Text>
        You may paste it into your own e-mail too. It is shown only now: the list below keeps the
        link&rsquo;s state, never the link itself.
      </Form.Text>
    </>
  );
}
