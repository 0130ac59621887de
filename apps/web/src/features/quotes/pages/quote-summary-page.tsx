import { formatCurrency } from '@bastion/domain/format/currency';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { Link, useParams } from 'react-router';
import { ErrorScreen } from '../../../components/error-screen.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { isApiError, type ApiError } from '../../../lib/api-client.ts';
import { PRODUCT_NAME, printDocument } from '../../../lib/print.ts';
import { ApprovalOnlySummary } from '../../approvals/components/approval-only-summary.tsx';
import { ApprovalsPanel } from '../../approvals/components/approvals-panel.tsx';
import { BudgetaryMarker } from '../../approvals/components/budgetary-marker.tsx';
import { QuoteLifecycleActions } from '../../approvals/components/quote-lifecycle-actions.tsx';
import { useQuoteTerms } from '../../terms/api/quote-terms.ts';
import { useQuote } from '../api/quotes.ts';
import { useQuoteSummary, type QuoteSummary } from '../api/summary.ts';
import { QUOTE_STEPS, QuoteSteps } from '../components/quote-steps.tsx';

/**
 * quote-summary/{id}/{ref} and legacy-quote-summary/{id}/{ref}: the quote as the customer will
 * read it, on screen and printed on A4 (spec §2, §9).
 */
export function QuoteSummaryPage() {
  const { id = '' } = useParams();
  const summary = useQuoteSummary(id);
  if (summary.isPending) {
    return <Spinner animation="border" role="status" aria-label="Loading the summary" />;
  }
  if (summary.isError) {
    // 409: the quote has not reached its summary (docs/decisions/011); say where to go instead.
    if (isApiError(summary.error) && summary.error.status === 409) {
      return <SummaryNotReached id={id} refusal={summary.error} />;
    }
    // An approver whose roles do not open quotes still sees what they are asked to decide.
    if (isApiError(summary.error) && summary.error.code === 'FORBIDDEN') {
      return <ApprovalOnlySummary quoteId={id} refusal={summary.error} />;
    }
    return <ErrorScreen error={summary.error} onRetry={() => void summary.refetch()} />;
  }
  return <Summary summary={summary.data} />;
}

/**
 * The server's refusal of a summary the quote has not reached: its terms are not saved (or lack a
 * required clause), or it is still at configure or shipping. The refusal's detail names which.
 */
function SummaryNotReached({ id, refusal }: { id: string; refusal: ApiError }) {
  const { context = 'cpq', ref = 'ref' } = useParams();
  const quote = useQuote(id);
  const isTerms = refusal.errors.some((e) => e.path === 'terms');
  const target = quote.data?.target_path ?? null;
  const targetStep = QUOTE_STEPS.find((step) => target?.split('/')[2] === step.route);
  const back = isTerms
    ? { to: `/${context}/terms-condition/${id}/${ref}`, label: 'Back to terms & conditions' }
    : target
      ? {
          to: target,
          label: targetStep ? `Back to ${targetStep.label.toLowerCase()}` : 'Open the quote',
        }
      : null;
  return (
    <>
      <PageHeader
        title="Quote summary"
        subtitle={
          quote.data ? (
            <>
              {quote.data.quote_number} · {quote.data.quote_name} ·{' '}
              <StatusBadge label={quote.data.status_label} tone={quote.data.status_tone} />
            </>
          ) : undefined
        }
      />
      {quote.data ? <QuoteSteps quote={quote.data} current="summary" /> : null}
      <Alert variant="warning" role="alert" data-testid="summary-not-reached">
        <Alert.Heading as="h2" className="h5">
          <i className="bi bi-signpost-split me-2" aria-hidden="true" />
          The summary is not ready yet
        </Alert.Heading>
        <p>{refusal.message}</p>
        {back ? (
          <Link className="btn btn-primary" to={back.to}>
            <i className="bi bi-arrow-left me-1" aria-hidden="true" />
            {back.label}
          </Link>
        ) : null}
      </Alert>
    </>
  );
}

function Summary({ summary }: { summary: QuoteSummary }) {
  const { quote, header, years } = summary;
  const isEla = quote.quote_type === 'ELA';
  const money = (minor: number) => formatCurrency(minor, quote.currency_code);
  const result = summary.pricing?.ok ? summary.pricing.result : null;
  const priced = new Map((result?.lines ?? []).map((line) => [line.line_id, line]));
  const nameOf = new Map(summary.lines.map((l) => [l.id, `${l.name} (${l.sku})`]));
  const labelOf = (options: readonly { value: string; label: string }[], value: string) =>
    options.find((o) => o.value === value)?.label ?? value;
  const rows: [string, string | null][] = [
    ['Customer', header.customer],
    ['Opportunity', header.opportunity_name ?? header.opportunity_id],
    ['Quote type', header.quote_type],
    ['Deal type', header.deal_type],
    ['Sales channel', header.sales_channel],
    ['Partner', header.partner],
    ['Distributor', header.distributor],
    ['Currency', header.currency_code],
    ['Contract', `${header.contract_length} months`],
    [
      'Contract dates',
      header.contract_start_date
        ? `${header.contract_start_date}${header.contract_end_date ? ` to ${header.contract_end_date}` : ''}`
        : null,
    ],
    ['Payment term', header.payment_term],
    ['SLA', header.sla],
    ['Contracting entity', header.contracting_entity],
  ];

  return (
    <div className="quote-summary">
      {/* Printed on every page: the page border (print stylesheet). */}
      <div className="print-border" aria-hidden="true" />
      <div className="print-only print-letterhead">
        <div>
          <div className="print-letterhead-brand">{header.contracting_entity ?? PRODUCT_NAME}</div>
          <div>Prepared for {header.customer}</div>
        </div>
        <div className="text-end">
          <div className="print-letterhead-title">Quotation {quote.quote_number}</div>
          <div>{quote.quote_name}</div>
          <div>Prices as of {summary.price_date}</div>
        </div>
      </div>
      <PageHeader
        title={summary.is_legacy ? 'Legacy quote summary' : 'Quote summary'}
        subtitle={
          <>
            {quote.quote_number} · {quote.quote_name} ·{' '}
            <StatusBadge label={quote.status_label} tone={quote.status_tone} />
          </>
        }
        actions={
          <div className="d-flex gap-2 no-print">
            {summary.actions.can_see_history ? (
              <Link
                className="btn btn-outline-secondary"
                to={`/cpq/quote-history/${quote.id}/${quote.quote_type}`}
              >
                <i className="bi bi-clock-history me-1" aria-hidden="true" />
                History
              </Link>
            ) : null}
            {summary.actions.can_edit ? (
              <Link
                className="btn btn-outline-secondary"
                to={`/cpq/configure-quote/${quote.id}/${quote.quote_type}`}
              >
                <i className="bi bi-pencil me-1" aria-hidden="true" />
                Edit
              </Link>
            ) : null}
            <Button
              variant="primary"
              onClick={() => printDocument(`${quote.quote_number} ${quote.quote_name}`)}
            >
              <i className="bi bi-printer me-1" aria-hidden="true" />
              Print
            </Button>
          </div>
        }
      />
      {summary.is_legacy ? null : (
        <div className="no-print">
          <QuoteSteps
            quote={quote}
            current="summary"
            canOpenSteps={summary.actions.can_open_flow_pages}
          />
        </div>
      )}
      {summary.is_legacy ? null : <BudgetaryMarker quote={quote} />}
      {summary.is_legacy ? null : (
        <QuoteLifecycleActions quoteId={quote.id} quoteType={quote.quote_type} />
      )}
      {summary.pricing && !summary.pricing.ok ? (
        <Alert variant="danger">
          This quote cannot be priced as it stands:{' '}
          {summary.pricing.errors.map((e) => e.message).join(' ')}
        </Alert>
      ) : null}

      <section className="summary-section" aria-labelledby="summary-header">
        <h2 id="summary-header" className="h5">
          Quote details
        </h2>
        <dl className="summary-grid">
          {rows
            .filter((row): row is [string, string] => Boolean(row[1]))
            .map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
        </dl>
      </section>

      <section className="summary-section" aria-labelledby="summary-lines">
        <h2 id="summary-lines" className="h5">
          Products
        </h2>
        {summary.lines.length === 0 ? (
          <p className="text-body-secondary">
            {summary.is_legacy
              ? 'A legacy quote keeps its figures in the system it came from.'
              : 'No products yet.'}
          </p>
        ) : (
          <Table size="sm" className="summary-table">
            <thead>
              <tr>
                <th scope="col">Product</th>
                {isEla ? (
                  Array.from({ length: years }, (_, i) => (
                    <th scope="col" className="text-end" key={i}>
                      Year {i + 1}
                    </th>
                  ))
                ) : (
                  <th scope="col" className="text-end">
                    Qty
                  </th>
                )}
                <th scope="col" className="text-end">
                  Unit list
                </th>
                <th scope="col" className="text-end">
                  Discount
                </th>
                <th scope="col" className="text-end">
                  Net
                </th>
              </tr>
            </thead>
            <tbody>
              {summary.lines.map((line) => {
                const price = priced.get(line.id);
                const isBundle = price?.is_bundle ?? false;
                return (
                  <tr key={line.id} className={line.parent_line_id ? 'is-component' : undefined}>
                    <td>
                      <div className={line.parent_line_id ? 'ps-3' : 'fw-semibold'}>
                        {line.name}
                      </div>
                      <div className="small text-body-secondary">{line.sku}</div>
                    </td>
                    {line.quantities.map((q, i) => (
                      <td className="text-end" key={i}>
                        {q}
                      </td>
                    ))}
                    <td className="text-end">
                      {price && !isBundle ? money(price.unit_list_price_minor) : ''}
                    </td>
                    <td className="text-end">
                      {price && price.effective_discount_percent_bp > 0
                        ? `${(price.effective_discount_percent_bp / 100).toFixed(2)} %`
                        : ''}
                    </td>
                    <td className="text-end fw-semibold">
                      {price
                        ? money(isBundle ? (price.rollup?.net_minor ?? 0) : price.net_minor)
                        : ''}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        )}
        {result ? (
          <div className="summary-totals">
            <dl>
              <div>
                <dt>List price</dt>
                <dd>{money(result.totals.list_minor)}</dd>
              </div>
              {result.totals.adjustment_minor !== 0 ? (
                <div>
                  <dt>Price adjustment</dt>
                  <dd>{money(result.totals.adjustment_minor)}</dd>
                </div>
              ) : null}
              <div>
                <dt>Discounts</dt>
                <dd>{money(-result.totals.discount_minor)}</dd>
              </div>
              {result.totals.per_year.length > 1
                ? result.totals.per_year.map((year) => (
                    <div key={year.year}>
                      <dt>Year {year.year}</dt>
                      <dd>{money(year.net_minor)}</dd>
                    </div>
                  ))
                : null}
              <div className="summary-total">
                <dt>Total ({quote.currency_code})</dt>
                <dd data-testid="summary-total">{money(result.totals.net_minor)}</dd>
              </div>
            </dl>
          </div>
        ) : summary.is_legacy ? (
          <p className="fw-semibold">Total: {money(quote.total_amount_minor)}</p>
        ) : null}
      </section>

      {summary.shipping && summary.shipping.lines.length > 0 ? (
        <section className="summary-section" aria-labelledby="summary-shipping">
          <h2 id="summary-shipping" className="h5">
            Shipping
          </h2>
          <Table size="sm" className="summary-table">
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Region</th>
                <th scope="col">Incoterm</th>
                <th scope="col" className="text-end">
                  {isEla ? 'Deployment by year' : 'Quantity'}
                </th>
              </tr>
            </thead>
            <tbody>
              {summary.shipping.lines.map((line) => (
                <tr key={line.id}>
                  <td>{nameOf.get(line.line_id) ?? line.line_id}</td>
                  <td>{labelOf(summary.shipping?.regions ?? [], line.region)}</td>
                  <td>{line.incoterm}</td>
                  <td className="text-end">
                    {isEla ? (line.years ?? []).join(' / ') : line.quantity}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </section>
      ) : null}

      {summary.is_legacy ? null : <TermsSection quoteId={quote.id} quoteType={quote.quote_type} />}

      {summary.is_legacy ? null : <ApprovalsPanel quote={quote} />}
      <div className="print-only print-footer-note">
        {header.contracting_entity ?? PRODUCT_NAME} · Quote {quote.quote_number} · Prices in{' '}
        {quote.currency_code}, valid as of {summary.price_date}
      </div>
    </div>
  );
}

/** The quote's terms as the customer reads them (from the terms feature). */
function TermsSection({ quoteId, quoteType }: { quoteId: string; quoteType: string }) {
  const terms = useQuoteTerms(quoteId);
  return (
    <section className="summary-section" aria-labelledby="summary-terms">
      <h2 id="summary-terms" className="h5">
        Terms &amp; conditions
      </h2>
      {terms.isPending ? (
        <Spinner animation="border" size="sm" role="status" aria-label="Loading the terms" />
      ) : terms.isError ? (
        <p className="text-danger mb-0">{terms.error.message}</p>
      ) : (
        <>
          {terms.data.has_terms_problems ? (
            <Alert variant="warning" className="no-print">
              The terms need attention: {terms.data.problems.join(' ')}{' '}
              <Link to={`/cpq/terms-condition/${quoteId}/${quoteType}`}>Open the terms</Link>
            </Alert>
          ) : null}
          <ol className="summary-terms mb-0">
            {terms.data.clauses.map((clause) => (
              <li key={clause.key}>
                <div className="fw-semibold">
                  {clause.title}
                  {clause.is_custom ? (
                    <Badge
                      bg="warning"
                      text="dark"
                      className="ms-2 no-print"
                      title="Text of the seller's own: the quote's terms are non-standard."
                    >
                      Non-standard
                    </Badge>
                  ) : null}
                </div>
                <p className="mb-2 small">{clause.text ?? clause.problem}</p>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
