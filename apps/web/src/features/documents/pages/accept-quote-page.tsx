import { ACCEPTANCE_LINK_NOT_VALID } from '@bastion/domain/documents/acceptance-link-state';
import {
  ZAcceptQuoteForm,
  type AcceptanceRecord,
  type PublicAcceptanceView,
} from '@bastion/domain/documents/acceptance-schemas';
import { formatDateTime } from '@bastion/domain/format/date-time';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { useParams } from 'react-router';
import { FieldRow } from '@/components/form/field-row.tsx';
import { CheckboxField, TextField } from '@/components/form/fields.tsx';
import { AppForm, FormProblem, SubmitButton, useZodForm } from '@/components/form/form.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { acceptanceDocumentUrl, useAcceptQuote, usePublicAcceptance } from '../api/acceptance.ts';
import { AcceptanceRecordSheet } from '../components/acceptance-record.tsx';
import '../components/acceptance.css';

const when = (iso: string) => formatDateTime(Date.parse(iso) / 1000);

/**
 * /accept/:token: the customer's page (no account, no app navigation). They read the quote's
 * PDF, the exact bytes the link was sent with, and accept it by name, title and e-mail; a link
 * that no longer works says why and what to do.
 */
export function AcceptQuotePage() {
  const { token = '' } = useParams();
  const view = usePublicAcceptance(token);
  return (
    <main className="accept-quote-page">
      <Card className="accept-quote-card shadow-sm">
        {view.isPending ? (
          <Card.Body className="text-center py-5">
            <Spinner animation="border" role="status" aria-label="Loading the quotation" />
          </Card.Body>
        ) : view.isError ? (
          <Card.Body>
            <h1 className="h4">Quotation</h1>
            <Alert variant="warning" className="mb-0" role="alert">
              {isApiError(view.error) && view.error.status === 404
                ? `${ACCEPTANCE_LINK_NOT_VALID} Check that you opened the whole link from the e-mail, or ask your contact for a new one.`
                : view.error.message}
            </Alert>
          </Card.Body>
        ) : (
          <Quotation token={token} view={view.data} />
        )}
      </Card>
    </main>
  );
}

function Quotation({ token, view }: { token: string; view: PublicAcceptanceView }) {
  const accept = useAcceptQuote(token);
  const record: AcceptanceRecord | null = accept.data ?? view.acceptance;
  const { quote } = view;
  const canOpenDocument = view.state === 'active' || view.state === 'accepted';
  return (
    <>
      <Card.Header className="bg-body py-3">
        <div className="d-flex flex-wrap justify-content-between gap-2">
          <div>
            <div className="fw-semibold">{view.vendor}</div>
            <div className="small text-body-secondary">Prepared for {quote.customer}</div>
          </div>
          <div className="text-end">
            <h1 className="h5 mb-0">Quotation {quote.quote_number}</h1>
            <div className="small text-body-secondary">
              {quote.quote_name} · version {quote.version}
            </div>
          </div>
        </div>
      </Card.Header>
      <Card.Body>
        <div className="d-flex flex-wrap justify-content-between align-items-end gap-3 mb-3">
          <div>
            <div className="small text-body-secondary">Total ({quote.currency_code})</div>
            <div className="accept-quote-total">{quote.total}</div>
          </div>
          {canOpenDocument ? (
            <a
              className="btn btn-outline-primary"
              href={acceptanceDocumentUrl(token)}
              target="_blank"
              rel="noopener noreferrer"
            >
              <i className="bi bi-file-earmark-pdf me-1" aria-hidden="true" />
              Open the quotation (PDF)
            </a>
          ) : null}
        </div>
        <p className="small text-body-secondary mb-4">
          Document {view.document.file_name}
          <br />
          SHA-256 <span className="acceptance-hash">{view.document.sha256}</span>
          {view.state === 'active' ? (
            <>
              <br />
              This link is valid until {when(view.expires_at)}.
            </>
          ) : null}
        </p>

        {record ? (
          <>
            <Alert variant="success" role="status">
              {accept.data
                ? `Thank you, ${record.accepted_name}. Your acceptance of quotation ${quote.quote_number} is recorded; ${view.vendor} has been told.`
                : `This quotation was accepted by ${record.accepted_name} on ${when(record.accepted_at)}.`}
            </Alert>
            <AcceptanceRecordSheet record={record} quote={quote} />
          </>
        ) : view.state !== 'active' ? (
          <Alert
            variant={view.state === 'closed' ? 'info' : 'warning'}
            role="alert"
            className="mb-0"
          >
            {view.refusal}
          </Alert>
        ) : (
          <AcceptForm
            customer={quote.customer}
            isPending={accept.isPending}
            error={accept.error}
            onAccept={(values) => {
              // The form refuses an unticked box; the request says the customer agreed.
              if (values.agreed) accept.mutate({ ...values, agreed: true });
            }}
          />
        )}
      </Card.Body>
    </>
  );
}

function AcceptForm(props: {
  customer: string;
  isPending: boolean;
  error: unknown;
  onAccept: (values: { name: string; title: string; email: string; agreed: boolean }) => void;
}) {
  const form = useZodForm(ZAcceptQuoteForm, {
    defaultValues: { name: '', title: '', email: '', agreed: false },
  });
  // A refusal that is no field's (the quote changed, the link expired meanwhile) shows above.
  const isFieldRefusal = isApiError(props.error) && props.error.errors.length > 0;
  return (
    <>
      <hr />
      <h2 className="h6">Accept this quotation</h2>
      <p className="small text-body-secondary">
        Please open and read the quotation first. Your acceptance is recorded with the time, your
        network address and the fingerprint (SHA-256) of the document above.
      </p>
      {props.error && !isFieldRefusal ? (
        <Alert variant="warning" role="alert">
          {props.error instanceof Error ? props.error.message : 'The acceptance was not recorded.'}
        </Alert>
      ) : (
        <FormProblem error={isFieldRefusal ? props.error : null} className="mb-3" />
      )}
      <AppForm
        form={form}
        error={props.error}
        aria-label="Accept this quotation"
        onSubmit={(values) => props.onAccept(values)}
      >
        <FieldRow widths={[6, 6]}>
          <TextField name="name" label="Full name" isRequired autoComplete="name" />
          <TextField name="title" label="Title" isRequired autoComplete="organization-title" />
        </FieldRow>
        <TextField name="email" label="E-mail" type="email" isRequired autoComplete="email" />
        <CheckboxField
          name="agreed"
          label={`I have read the quotation and accept it on behalf of ${props.customer}`}
          className="mb-3"
        />
        <SubmitButton isPending={props.isPending} variant="success">
          <i className="bi bi-check2-circle me-1" aria-hidden="true" />
          Accept
        </SubmitButton>
      </AppForm>
    </>
  );
}
