import { formatContractStartDate } from '@bastion/domain/quotes/contract-dates';
import type { ReactNode } from 'react';
import { quoteTypeLabel, salesChannelLabel } from '@bastion/domain/quotes/labels';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header.tsx';
import { StatusBadge } from '@/components/status-badge.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { PRODUCT_NAME, printDocument } from '@/lib/print.ts';
import {
  ApprovalOnlySummary,
  ApprovalsPanel,
  BudgetaryMarker,
  QuoteLifecycleActions,
} from '../../approvals/index.ts';
import { QuoteAttachments } from '../../attachments/index.ts';
import { QuoteCommentsButton } from '../../comments/index.ts';
import { QuoteRevisionsLink } from '../../revisions/index.ts';
import { DealOptionsPanel } from '../../deal-options/index.ts';
import {
  AcceptancePanel,
  DocumentButtons,
  LineFileMenu,
  QuoteDocumentsSection,
} from '../../documents/index.ts';
import { useQuoteSummary, type QuoteSummary } from '../api/summary.ts';
import {
  FactList,
  QuoteHistoryLink,
  QuotePageLink,
  type Fact,
} from '../components/quote-facts.tsx';
import { QuoteLoadState } from '../components/quote-load-state.tsx';
import { configurePathOf, QuoteSteps } from '../components/quote-steps.tsx';
import { useSession } from '../../auth/index.ts';
import type { InstalledBaseSlot } from '../components/installed-base-slot.ts';
import { SummaryNotReached } from '../components/summary/summary-not-reached.tsx';
import { SummaryProducts } from '../components/summary/summary-products.tsx';
import { SummaryShipping } from '../components/summary/summary-shipping.tsx';
import { TermsSection } from '../components/summary/summary-terms.tsx';

/**
 * quote-summary/{id}/{ref} and legacy-quote-summary/{id}/{ref}: the quote as the customer will
 * read it, on screen and printed on A4 (spec §2, §9).
 */
export function QuoteSummaryPage({
  InstalledBasePanel,
}: {
  InstalledBasePanel: InstalledBaseSlot;
}) {
  const { id = '' } = useParams();
  const summary = useQuoteSummary(id);
  return (
    <QuoteLoadState
      query={summary}
      what="the summary"
      refusal={(error) => summaryRefusal(id, error)}
    >
      {(data) => <Summary summary={data} InstalledBasePanel={InstalledBasePanel} />}
    </QuoteLoadState>
  );
}

/** The refusals the summary answers in its own words; null for the error screen. */
function summaryRefusal(id: string, error: Error): ReactNode {
  // 409: the quote has not reached its summary (docs/decisions/011); say where to go instead.
  if (isApiError(error) && error.status === 409) {
    return <SummaryNotReached id={id} refusal={error} />;
  }
  // An approver whose roles do not open quotes still sees what they are asked to decide.
  if (isApiError(error) && error.code === 'FORBIDDEN') {
    return <ApprovalOnlySummary quoteId={id} refusal={error} />;
  }
  return null;
}

/** The header's facts, in the order the printed quotation lists them. */
function detailsOf({ header }: QuoteSummary): Fact[] {
  return [
    ['Customer', header.customer],
    ['Opportunity', header.opportunity_name ?? header.opportunity_id],
    ['Quote type', quoteTypeLabel(header.quote_type)],
    ['Deal type', header.deal_type],
    ['Sales channel', salesChannelLabel(header.sales_channel)],
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
}

function Summary({
  summary,
  InstalledBasePanel,
}: {
  summary: QuoteSummary;
  InstalledBasePanel: InstalledBaseSlot;
}) {
  const { quote, header } = summary;
  const isFlow = !summary.is_legacy;
  const canSeeInstalledBase = useSession().user.permissions.can_see_quotes;
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
          <div>
            Prices as of {formatContractStartDate(summary.price_date) ?? summary.price_date}
          </div>
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
          <div className="d-flex flex-wrap gap-2 no-print">
            {summary.actions.can_see_history ? <QuoteHistoryLink quote={quote} /> : null}
            {isFlow ? <QuoteRevisionsLink quote={quote} /> : null}
            <QuoteCommentsButton quoteId={quote.id} />
            {summary.actions.can_edit ? (
              <QuotePageLink
                quote={quote}
                page="configure-quote"
                to={configurePathOf(quote)}
                icon="bi-pencil"
              >
                Edit
              </QuotePageLink>
            ) : null}
            <Button
              variant="primary"
              onClick={() => printDocument(`${quote.quote_number} ${quote.quote_name}`)}
            >
              <i className="bi bi-printer me-1" aria-hidden="true" />
              Print
            </Button>
            <DocumentButtons quote={quote} canDownloadDocx={summary.actions.can_download_docx} />
            <LineFileMenu quoteId={quote.id} />
          </div>
        }
      />
      {isFlow ? (
        <>
          <div className="no-print">
            <QuoteSteps
              quote={quote}
              current="summary"
              canOpenSteps={summary.actions.can_open_flow_pages}
            />
          </div>
          <BudgetaryMarker quote={quote} />
          <QuoteLifecycleActions quoteId={quote.id} quoteType={quote.quote_type} />
          <AcceptancePanel quoteId={quote.id} />
        </>
      ) : null}
      {summary.pricing && !summary.pricing.ok ? (
        <Alert variant="danger">
          This quote cannot be priced as it stands:{' '}
          {summary.pricing.errors.map((e) => e.message).join(' ')}
        </Alert>
      ) : null}

      <section className="summary-section" aria-labelledby="summary-header">
        <div className="d-flex align-items-baseline justify-content-between gap-2">
          <h2 id="summary-header" className="h5">
            Quote details
          </h2>
          {summary.actions.can_edit && !summary.is_legacy ? (
            <Link
              className="small no-print"
              to={`/cpq/view-quote/${quote.id}/${quote.quote_type}?edit=details`}
            >
              Change details
            </Link>
          ) : null}
        </div>
        <FactList facts={detailsOf(summary)} layout="summary" />
      </section>
      {/* Asked only of those the server answers: an approver who does not see quotes would get 403s. */}
      {isFlow && header.opportunity_id && canSeeInstalledBase ? (
        <DealOptionsPanel quoteId={quote.id} />
      ) : null}
      {header.opportunity_id && canSeeInstalledBase ? (
        <div className="no-print">
          <InstalledBasePanel opportunityId={header.opportunity_id} />
        </div>
      ) : null}
      <SummaryProducts summary={summary} />
      <SummaryShipping summary={summary} />
      {isFlow ? (
        <>
          <TermsSection quoteId={quote.id} quoteType={quote.quote_type} />
          <ApprovalsPanel quote={quote} />
        </>
      ) : null}
      <QuoteDocumentsSection
        quoteId={quote.id}
        canDownloadDocx={summary.actions.can_download_docx}
      />
      <div className="no-print">
        <QuoteAttachments quoteId={quote.id} />
      </div>
      <div className="print-only print-footer-note">
        {header.contracting_entity ?? PRODUCT_NAME} · Quote {quote.quote_number} · Prices in{' '}
        {quote.currency_code}, valid as of {summary.price_date}
      </div>
    </div>
  );
}
