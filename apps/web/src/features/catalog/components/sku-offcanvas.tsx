import { formatCurrency } from '@bastion/domain/format/currency';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { LoadState } from '@/components/admin/admin-layout.tsx';
import { SidePanel } from '@/components/side-panel.tsx';
import { StatusBadge } from '@/components/status-badge.tsx';
import { useCatalogSku, type CatalogSkuDetail } from '../api/catalog-skus.ts';
import { BundleComponentsList } from './bundle-components-list.tsx';
import {
  BILLING_LABELS,
  formatDay,
  KIND_LABELS,
  plural,
  SIZE_LABELS,
  skuStatusOf,
} from './catalog-labels.ts';
import { SkuForm } from './sku-form.tsx';

// Only catalogue admins opening a bundle edit its components: the editor loads with them.
const BundleComponentsEditor = lazy(() =>
  import('./bundle-components-editor.tsx').then((module) => ({
    default: module.BundleComponentsEditor,
  })),
);

// Issue 35: the pricing method, block bands and discount schedule, and the admins' price
// history, are a chunk of their own, loaded with the panel.
const PricingMethodSection = lazy(() =>
  import('./pricing-method-section.tsx').then((module) => ({
    default: module.PricingMethodSection,
  })),
);
const SkuPriceHistory = lazy(() =>
  import('./pricing-method-section.tsx').then((module) => ({ default: module.SkuPriceHistory })),
);

const FACTS_GRID = { gridTemplateColumns: 'max-content 1fr', columnGap: '1.5rem' } as const;

/**
 * The side panel of one SKU (the large one: 700px on wide screens): its details, and for
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
  return (
    <SidePanel
      show={props.show}
      title={props.code ?? 'New SKU'}
      onHide={props.onHide}
      onExited={props.onExited}
    >
      {props.code === null ? (
        <SkuForm sku={null} onSaved={(sku) => props.onSaved(sku, true)} onCancel={props.onHide} />
      ) : (
        <SkuPanel {...props} code={props.code} />
      )}
    </SidePanel>
  );
}

interface PanelProps {
  context: string;
  canAdminister: boolean;
  onHide: () => void;
  onSaved: (sku: CatalogSkuDetail, isCreated: boolean) => void;
}

function SkuPanel({ code, ...props }: PanelProps & { code: string }) {
  const sku = useCatalogSku(code);
  return (
    <LoadState query={sku} what="the SKU">
      {(data) => <SkuDetails {...props} sku={data} />}
    </LoadState>
  );
}

/** What everyone reads of a SKU; for catalogue admins, its form and price history too. */
function SkuDetails({ sku, ...props }: PanelProps & { sku: CatalogSkuDetail }) {
  const status = skuStatusOf(sku.is_active);
  return (
    <div className="d-flex flex-column gap-4">
      <section aria-label="Details">
        <div className="d-flex align-items-center gap-2 mb-2">
          <StatusBadge label={status.label} tone={status.tone} />
          <span className="fw-semibold">{sku.name}</span>
        </div>
        {sku.description ? <p className="text-body-secondary">{sku.description}</p> : null}
        <dl className="d-grid gap-1 mb-0 small" style={FACTS_GRID}>
          <dt>Family</dt>
          <dd className="mb-0">{sku.family_name}</dd>
          <dt>Product line</dt>
          <dd className="mb-0">{sku.hierarchy_path || 'Not placed'}</dd>
          <dt>Kind</dt>
          <dd className="mb-0">{KIND_LABELS[sku.kind]}</dd>
          <dt>Billing</dt>
          <dd className="mb-0">{BILLING_LABELS[sku.billing]}</dd>
          {sku.pricing_model ? (
            <>
              <dt>Secure access</dt>
              <dd className="mb-0">
                {sku.pricing_model}
                {sku.size ? `, size ${SIZE_LABELS[sku.size]}` : ''}
              </dd>
            </>
          ) : null}
          <dt>Shippable</dt>
          <dd className="mb-0">{sku.is_shippable ? 'Yes' : 'No'}</dd>
          <dt>On quotes</dt>
          <dd className="mb-0">{plural(sku.quote_line_count, 'quote line', 'quote lines')}</dd>
          <dt>{`List price on ${formatDay(sku.price_date)}`}</dt>
          <dd className="mb-0">
            {sku.prices_today.length === 0
              ? 'None: not sellable today'
              : [...sku.prices_today]
                  .sort(
                    (a, b) => Number(b.currency_code === 'USD') - Number(a.currency_code === 'USD'),
                  )
                  .map((p) => formatCurrency(p.unit_price_minor, p.currency_code))
                  .join(' · ')}
          </dd>
        </dl>
      </section>
      {sku.kind === 'BUNDLE' ? (
        <section aria-labelledby="sku-components-heading" className="border-top pt-3">
          <h3 id="sku-components-heading" className="h6 text-uppercase text-body-secondary">
            Components
          </h3>
          {props.canAdminister ? (
            <Suspense fallback={<p className="small text-body-secondary">Loading the editor…</p>}>
              <BundleComponentsEditor bundle={sku} />
            </Suspense>
          ) : (
            <BundleComponentsList components={sku.components} features={sku.features} />
          )}
        </section>
      ) : null}
      {sku.kind === 'BUNDLE' ? null : (
        <section aria-labelledby="sku-method-heading" className="border-top pt-3">
          <h3 id="sku-method-heading" className="h6 text-uppercase text-body-secondary">
            Pricing method
          </h3>
          <Suspense fallback={<p className="small text-body-secondary">Loading…</p>}>
            <PricingMethodSection
              sku={sku.sku}
              canAdminister={props.canAdminister}
              context={props.context}
            />
          </Suspense>
        </section>
      )}
      {props.canAdminister ? (
        <>
          <section aria-labelledby="sku-edit-heading" className="border-top pt-3">
            <h3 id="sku-edit-heading" className="h6 text-uppercase text-body-secondary">
              Edit
            </h3>
            <SkuForm
              key={sku.updated_at}
              sku={sku}
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
                to={`/${props.context}/skupricing/ref?sku=${encodeURIComponent(sku.sku)}`}
                className="small"
              >
                Schedule a price change
              </Link>
            </div>
            <Suspense fallback={<p className="small text-body-secondary">Loading…</p>}>
              <SkuPriceHistory code={sku.sku} />
            </Suspense>
          </section>
        </>
      ) : null}
    </div>
  );
}
