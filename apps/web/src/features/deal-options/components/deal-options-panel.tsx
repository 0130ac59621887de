import { formatCurrency } from '@bastion/domain/format/currency';
import { OPTION_LABEL_MAX, OPTION_LABEL_SUGGESTIONS } from '@bastion/domain/deal-options/api';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { SectionLoadState } from '@/components/section-load-state.tsx';
import { StatusBadge } from '@/components/status-badge.tsx';
import {
  useDealOptions,
  useDownloadOptionsDocument,
  useMakeQuotePrimary,
  useSetQuoteOption,
  type DealOptions,
} from '../api/deal-options.ts';

/**
 * The summary's "Options of this deal" (issue 37, decision 043): the opportunity's quotes, each
 * with the option it is (Good, Better, Best…) and which one is primary, the quote whose amount
 * the CRM shows. Naming an option or choosing the primary changes nothing the quotes say.
 */
export function DealOptionsPanel({ quoteId }: { quoteId: string }) {
  const options = useDealOptions(quoteId);
  return (
    <section className="summary-section no-print" aria-labelledby="deal-options">
      <h2 id="deal-options" className="h5">
        Options of this deal
      </h2>
      <SectionLoadState query={options} what="the options of this deal">
        {(data) => <OptionsTable quoteId={quoteId} data={data} />}
      </SectionLoadState>
    </section>
  );
}

function OptionsTable({ quoteId, data }: { quoteId: string; data: DealOptions }) {
  const makePrimary = useMakeQuotePrimary();
  const error = makePrimary.error;
  return (
    <>
      <p className="small text-body-secondary">
        The quotes of this opportunity. The primary one is the quote whose amount the CRM shows;
        name each option to offer the customer a choice, and compare them side by side.
        {data.change_blocked ? ` ${data.change_blocked}` : ''}
      </p>
      {error ? <Alert variant="danger">{error.message}</Alert> : null}
      <Table responsive size="sm" className="align-middle small" aria-label="Options of this deal">
        <thead>
          <tr>
            <th scope="col">Quote</th>
            <th scope="col">Option</th>
            <th scope="col" className="text-end">
              Net
            </th>
            <th scope="col">Primary</th>
          </tr>
        </thead>
        <tbody>
          {data.quotes.map((quote) => (
            <tr key={quote.id} aria-current={quote.id === quoteId ? 'true' : undefined}>
              <td>
                <Link to={`/cpq/quote-summary/${quote.id}/${quote.quote_type}`}>
                  {quote.quote_number}
                </Link>
                <div>{quote.quote_name}</div>
                <StatusBadge label={quote.status_label} tone={quote.status_tone} />
                {quote.id !== quoteId ? (
                  <Link
                    className="ms-2 text-nowrap"
                    to={`/cpq/compare-quote-options/${quoteId}/${quote.id}`}
                    aria-label={`Compare with ${quote.quote_number}`}
                  >
                    Compare
                  </Link>
                ) : null}
              </td>
              <td>
                {quote.id === quoteId && data.can_change ? (
                  <OptionLabelForm quoteId={quote.id} label={quote.option_label} />
                ) : (
                  (quote.option_label ?? '—')
                )}
              </td>
              <td className="text-end text-nowrap">
                {formatCurrency(quote.total_amount_minor, quote.currency_code)}
              </td>
              <td>
                {quote.is_primary ? (
                  <Badge bg="primary">Primary</Badge>
                ) : data.can_change && quote.status_id !== 'ARCHIVED' ? (
                  <Button
                    size="sm"
                    variant="outline-primary"
                    disabled={makePrimary.isPending}
                    aria-label={`Make ${quote.quote_number} the primary quote`}
                    onClick={() => makePrimary.mutate({ quote_id: quote.id })}
                  >
                    Make primary
                  </Button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <OptionsDocumentButton quoteId={quoteId} data={data} />
    </>
  );
}

/** The named options in one PDF for the customer, once there are two to choose from. */
function OptionsDocumentButton({ quoteId, data }: { quoteId: string; data: DealOptions }) {
  const download = useDownloadOptionsDocument(quoteId);
  const named = data.quotes.filter((q) => q.option_label !== null && q.status_id !== 'ARCHIVED');
  if (named.length < 2) return null;
  return (
    <div className="d-flex flex-wrap align-items-center gap-2">
      <Button
        size="sm"
        variant="outline-secondary"
        disabled={download.isPending}
        onClick={() => download.mutate()}
      >
        <i className="bi bi-file-earmark-pdf me-1" aria-hidden="true" />
        Download the {named.length} options as one PDF
      </Button>
      {download.isError ? (
        <span className="small text-danger" role="alert">
          {download.error.message}
        </span>
      ) : null}
    </div>
  );
}

/** The option this quote is: a short name, saved on Enter or when leaving the field. */
function OptionLabelForm({ quoteId, label }: { quoteId: string; label: string | null }) {
  const save = useSetQuoteOption();
  const [value, setValue] = useState(label ?? '');
  const commit = () => {
    const next = value.trim() === '' ? null : value.trim();
    if (next !== label) save.mutate({ quote_id: quoteId, option_label: next });
  };
  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        commit();
      }}
    >
      <Form.Control
        size="sm"
        aria-label="Option of this quote"
        placeholder="e.g. Better"
        list="deal-option-names"
        maxLength={OPTION_LABEL_MAX}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onBlur={commit}
      />
      <datalist id="deal-option-names">
        {OPTION_LABEL_SUGGESTIONS.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      {save.isError ? <div className="text-danger small">{save.error.message}</div> : null}
    </Form>
  );
}
