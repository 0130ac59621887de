import { unallocated, validateShippingPlan } from '@bastion/domain/quotes/shipping-plan';
import { quoteTypeLabel } from '@bastion/domain/quotes/labels';
import { useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { ErrorScreen } from '@/components/error-screen.tsx';
import { NoData } from '@/components/no-data.tsx';
import { useLeaveGuard } from '@/components/leave-guard.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { StatusBadge } from '@/components/status-badge.tsx';
import { QuoteCommentsButton } from '../../comments/index.ts';
import { fieldErrorsOf } from '@/lib/api-problems.ts';
import { useQuoteShipping, useSaveShipping, type QuoteShipping } from '../api/shipping.ts';
import { QuoteSaveProblem } from '../components/quote-save-problem.tsx';
import { configurePathOf, QuoteSteps } from '../components/quote-steps.tsx';
import { ProductShippingCard } from '../components/shipping/product-shipping-card.tsx';
import {
  draftLinesOf,
  manualCountsOf,
  planOf,
  type DraftLine,
  type ManualCounts,
} from '../components/shipping/shipping-draft.ts';

/** configure-sh-hw/{id}/{ref}: how the quote's hardware ships (spec §2, §3, §5). */
export function ShippingPage() {
  const { id = '' } = useParams();
  const shipping = useQuoteShipping(id);
  // After a change elsewhere (the products) the cached answer is stale: wait for the new one.
  if (shipping.isPending || (shipping.isFetching && shipping.isStale)) {
    return <Spinner animation="border" role="status" aria-label="Loading the shipping" />;
  }
  if (shipping.isError) {
    return <ErrorScreen error={shipping.error} onRetry={() => void shipping.refetch()} />;
  }
  const data = shipping.data;
  // Products changed after shipping was set: the configuration page says why (spec §8).
  if (data.needs_configuration && data.needs_realignment) {
    return <Navigate to={configurePathOf(data.quote)} replace />;
  }
  return (
    <ShippingEditor
      key={`${data.quote.id}:${data.quote.version}`}
      shipping={data}
      onReload={() => void shipping.refetch()}
    />
  );
}

function ShippingEditor({ shipping, onReload }: { shipping: QuoteShipping; onReload: () => void }) {
  const navigate = useNavigate();
  const { quote } = shipping;
  const isEla = quote.quote_type === 'ELA';
  const isReadOnly = shipping.is_read_only;
  const save = useSaveShipping(quote.id);
  const [attempted, setAttempted] = useState(false);
  const [manual, setManual] = useState<ManualCounts>(() => manualCountsOf(shipping));
  const [lines, setLines] = useState<DraftLine[]>(() => draftLinesOf(shipping));
  const [isDirty, setIsDirty] = useState(false);

  const { plan, payload } = useMemo(
    () => planOf(shipping, manual, lines),
    [shipping, manual, lines],
  );
  const liveErrors = useMemo(() => validateShippingPlan(plan), [plan]);
  const left = useMemo(() => unallocated(plan), [plan]);
  const serverErrors = fieldErrorsOf(save.error);
  const errors: Record<string, string> = attempted
    ? { ...serverErrors, ...liveErrors }
    : serverErrors;
  const hasErrors = Object.keys(liveErrors).length > 0;

  const leaveGuard = useLeaveGuard({
    isDirty: !isReadOnly && isDirty,
    what: 'how this quote ships',
    save: () =>
      save.mutateAsync({ version: quote.version, advance: false, ...payload }).then(() => true),
    cannotSave: hasErrors ? 'Correct the shipping details marked in red before saving.' : null,
  });

  const submit = (advance: boolean) => {
    setAttempted(true);
    if (hasErrors) return;
    save.mutate(
      { version: quote.version, advance, ...payload },
      {
        onSuccess: (saved) => {
          if (!advance) return;
          leaveGuard.release();
          void navigate(`/cpq/terms-condition/${saved.quote.id}/${saved.quote.quote_type}`);
        },
      },
    );
  };

  return (
    <>
      {leaveGuard.dialog}
      <PageHeader
        title="Shipping & hardware"
        subtitle={
          <>
            {quote.quote_number} · {quote.quote_name} · {quoteTypeLabel(quote.quote_type)}
            {isEla ? ` · ${quote.contract_length} months` : ''} ·{' '}
            <StatusBadge label={quote.status_label} tone={quote.status_tone} />
          </>
        }
        actions={<QuoteCommentsButton quoteId={quote.id} />}
      />
      <QuoteSteps quote={quote} current="shipping" />
      {shipping.needs_configuration ? (
        <Alert variant="info">
          Finish configuring the products first.{' '}
          <Link to={configurePathOf(quote)}>Open the configuration</Link>
        </Alert>
      ) : null}
      <QuoteSaveProblem error={save.error} onReload={onReload} hasFieldMessages />
      {attempted && hasErrors ? (
        <Alert variant="danger" role="alert">
          Some shipping details need attention: see the products marked below.
        </Alert>
      ) : null}
      {shipping.products.length === 0 ? (
        <NoData
          icon="bi-truck"
          title="Nothing to ship"
          message="This quote has no hardware: there is no shipping to set. Go on to the terms."
        />
      ) : (
        shipping.products.map((product) => (
          <ProductShippingCard
            key={product.line_id}
            shipping={shipping}
            product={product}
            manual={manual[product.line_id] ?? []}
            lines={lines}
            remaining={left.get(product.line_id) ?? []}
            errors={errors}
            onManualChange={(next) => {
              setManual((current) => ({ ...current, [product.line_id]: next }));
              setIsDirty(true);
            }}
            onLinesChange={(update) => {
              setLines(update);
              setIsDirty(true);
            }}
          />
        ))
      )}
      <div className="d-flex flex-wrap gap-2 justify-content-between mt-3">
        <Link className="btn btn-outline-secondary" to={configurePathOf(quote)}>
          <i className="bi bi-arrow-left me-1" aria-hidden="true" />
          Back: Configure
        </Link>
        {isReadOnly ? null : (
          <div className="d-flex gap-2">
            <Button
              variant="outline-primary"
              disabled={save.isPending || !isDirty}
              onClick={() => submit(false)}
            >
              {save.isPending ? 'Saving…' : isDirty ? 'Save' : 'Saved'}
            </Button>
            <Button disabled={save.isPending} onClick={() => submit(true)}>
              Next: Terms &amp; conditions
              <i className="bi bi-arrow-right ms-1" aria-hidden="true" />
            </Button>
          </div>
        )}
      </div>
    </>
  );
}
