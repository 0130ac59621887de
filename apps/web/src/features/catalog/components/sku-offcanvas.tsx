import { formatCurrency } from '@bastion/domain/format/currency';
import { useId } from 'react';
import Offcanvas from 'react-bootstrap/Offcanvas';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { ErrorScreen } from '../../../components/error-screen.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { useCatalogSku, type CatalogSkuDetail } from '../api/catalog-skus.ts';
import { usePriceHistory } from '../api/sku-prices.ts';
import { BundleComponentsEditor, BundleComponentsList } from './bundle-components-editor.tsx';
import {
  BILLING_LABELS,
  formatDay,
  KIND_LABELS,
  plural,
  SIZE_LABELS,
  skuStatusOf,
} from './catalog-labels.ts';
import { PriceHistoryTables } from './price-history-table.tsx';
import { SkuForm } from './sku-form.tsx';

const FACTS_GRID = { gridTemplateColumns: 'max-content 1fr', columnGap: '1.5rem' } as const;

/**
 * The side panel of one SKU (spec §9: 500px, 700px on wide screens): its details, and for
 * catalogue admins its edit form and price history. A null code adds a new SKU.
 */
export function SkuOffcanvas(props: {
  show: boolean;
  /** null: a new SKU. */
  code: string | null;
  context: string;
  canAdminister: boolean;
  onHide: () => void;
  onExited: () => void;
  onSaved: (sku: CatalogSkuDetail, isCreated: boolean) => void;
}) {
  const titleId = useId();
  return (
    <Offcanvas
      show={props.show}
      onHide={props.onHide}
      onExited={props.onExited}
      placement="end"
      className="offcanvas-wide"
      aria-labelledby={titleId}
    >
      <Offcanvas.Header closeButton closeLabel="Close">
        <Offcanvas.Title as="h2" className="h5" id={titleId}>
          {props.code ?? 'New SKU'}
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body>
        {props.code === null ? (
          <SkuForm sku={null} onSaved={(sku) => props.onSaved(sku, true)} onCancel={props.onHide} />
        ) : (
          <SkuPanel {...props} code={props.code} />
        )}
      </Offcanvas.Body>
    </Offcanvas>
  );
}

function SkuPanel(props: {
  code: string;
  context: string;
  canAdminister: boolean;
  onHide: () => void;
  onSaved: (sku: CatalogSkuDetail, isCreated: boolean) => void;
}) {
  const sku = useCatalogSku(props.code);
  if (sku.isPending)
    return <Spinner animation="border" role="status" aria-label="Loading the SKU" />;
  if (sku.isError) return <ErrorScreen error={sku.error} onRetry={() => void sku.refetch()} />;
  const status = skuStatusOf(sku.data.is_active);
  return (
    <div className="d-flex flex-column gap-4">
      <section aria-label="Details">
        <div className="d-flex align-items-center gap-2 mb-2">
          <StatusBadge label={status.label} tone={status.tone} />
          <span className="fw-semibold">{sku.data.name}</span>
        </div>
        {sku.data.description ? (
          <p className="text-body-secondary">{sku.data.description}</p>
        ) : null}
        <dl className="d-grid gap-1 mb-0 small" style={FACTS_GRID}>
          <dt>Family</dt>
          <dd className="mb-0">{sku.data.family_name}</dd>
          <dt>Product line</dt>
          <dd className="mb-0">{sku.data.hierarchy_path || 'Not placed'}</dd>
          <dt>Kind</dt>
          <dd className="mb-0">{KIND_LABELS[sku.data.kind]}</dd>
          <dt>Billing</dt>
          <dd className="mb-0">{BILLING_LABELS[sku.data.billing]}</dd>
          {sku.data.pricing_model ? (
            <>
              <dt>Secure access</dt>
              <dd className="mb-0">
                {sku.data.pricing_model}
                {sku.data.size ? `, size ${SIZE_LABELS[sku.data.size]}` : ''}
              </dd>
            </>
          ) : null}
          <dt>Shippable</dt>
          <dd className="mb-0">{sku.data.is_shippable ? 'Yes' : 'No'}</dd>
          <dt>On quotes</dt>
          <dd className="mb-0">{plural(sku.data.quote_line_count, 'quote line', 'quote lines')}</dd>
          <dt>{`List price on ${formatDay(sku.data.price_date)}`}</dt>
          <dd className="mb-0">
            {sku.data.prices_today.length === 0
              ? 'None: not sellable today'
              : [...sku.data.prices_today]
                  .sort(
                    (a, b) => Number(b.currency_code === 'USD') - Number(a.currency_code === 'USD'),
                  )
                  .map((p) => formatCurrency(p.unit_price_minor, p.currency_code))
                  .join(' · ')}
          </dd>
        </dl>
      </section>
      {sku.data.kind === 'BUNDLE' ? (
        <section aria-labelledby="sku-components-heading" className="border-top pt-3">
          <h3 id="sku-components-heading" className="h6 text-uppercase text-body-secondary">
            Components
          </h3>
          {props.canAdminister ? (
            <BundleComponentsEditor bundle={sku.data} />
          ) : (
            <BundleComponentsList components={sku.data.components} />
          )}
        </section>
      ) : null}
      {props.canAdminister ? (
        <>
          <section aria-labelledby="sku-edit-heading" className="border-top pt-3">
            <h3 id="sku-edit-heading" className="h6 text-uppercase text-body-secondary">
              Edit
            </h3>
            <SkuForm
              key={sku.data.updated_at}
              sku={sku.data}
              onSaved={(saved) => props.onSaved(saved, false)}
              onCancel={props.onHide}
            />
          </section>
          <section aria-labelledby="sku-prices-heading" className="border-top pt-3">
            <div className="d-flex align-items-baseline justify-content-between mb-2">
              <h3 id="sku-prices-heading" className="h6 text-uppercase text-body-secondary mb-0">
                Price history
              </h3>
              <Link
                to={`/${props.context}/skupricing/ref?sku=${encodeURIComponent(sku.data.sku)}`}
                className="small"
              >
                Schedule a price change
              </Link>
            </div>
            <SkuPriceHistory code={sku.data.sku} />
          </section>
        </>
      ) : null}
    </div>
  );
}

function SkuPriceHistory({ code }: { code: string }) {
  const history = usePriceHistory(code);
  if (history.isPending) {
    return <Spinner animation="border" size="sm" role="status" aria-label="Loading prices" />;
  }
  if (history.isError) {
    return <ErrorScreen error={history.error} onRetry={() => void history.refetch()} />;
  }
  return <PriceHistoryTables history={history.data} />;
}
