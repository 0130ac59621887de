import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useSearchParams } from 'react-router';
import { NoData } from '@/components/no-data.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { StatusBadge } from '@/components/status-badge.tsx';
import { useSession } from '../../auth/index.ts';
import { useCancelScheduledPrice, type PriceHistory } from '../api/sku-prices.ts';
import { formatDay, skuStatusOf } from '../components/catalog-labels.ts';
import { PriceChangeForm } from '../components/price-change-form.tsx';
import { LoadedPriceHistory, PriceHistoryTables } from '../components/price-history-table.tsx';
import { PriceExportCard, PriceImportCard } from '../components/price-transfer.tsx';
import { SkuPicker } from '../components/sku-picker.tsx';
import { SuccessNotice } from '../components/success-notice.tsx';

/** Today in UTC, as the server counts price days. */
const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * SKU pricing (spec §2 /{context}/skupricing/{ref}): one SKU's prices per currency, scheduled
 * changes, and the whole price list out and in as CSV. Catalogue admins only.
 */
export function SkuPricingPage() {
  const { permissions } = useSession().user;
  const canAdminister = permissions.is_catalog_admin || permissions.is_root_admin;
  const [params, setParams] = useSearchParams();
  const selected = params.get('sku');
  const [today] = useState(todayUtc);

  if (!canAdminister) {
    return (
      <>
        <PageHeader title="SKU pricing" />
        <NoData
          icon="bi-lock"
          title="Catalogue admins only"
          message="Ask a catalogue administrator to change list prices."
        />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="SKU pricing"
        subtitle="List prices per SKU and currency. A change starts on its day; quotes made before keep the prices of their own date."
      />
      <section aria-label="Prices of one SKU" className="mb-4">
        <Card className="mb-3">
          <Card.Body>
            <SkuPicker
              selected={selected}
              onSelect={(sku) => setParams({ sku }, { replace: true })}
            />
          </Card.Body>
        </Card>
        {selected ? (
          <LoadedPriceHistory code={selected}>
            {(history) => <SkuPriceCard history={history} />}
          </LoadedPriceHistory>
        ) : (
          <NoData
            icon="bi-tags"
            title="Choose a SKU"
            message="Search for a SKU by code or name to see and change its prices."
          />
        )}
      </section>
      <section aria-labelledby="price-list-heading">
        <h2 id="price-list-heading" className="h5 mb-3">
          The whole price list
        </h2>
        <Row className="g-4">
          <Col lg={5}>
            <PriceExportCard today={today} />
          </Col>
          <Col lg={7}>
            <PriceImportCard today={today} />
          </Col>
        </Row>
      </section>
    </>
  );
}

/** One SKU's prices: a change to schedule, and the history with its scheduled prices. */
function SkuPriceCard({ history }: { history: PriceHistory }) {
  const cancel = useCancelScheduledPrice();
  const status = skuStatusOf(history.is_active);
  return (
    <Card>
      <Card.Header className="d-flex align-items-center gap-2 flex-wrap">
        <h2 className="h5 mb-0">{history.sku}</h2>
        <StatusBadge label={status.label} tone={status.tone} />
        <span className="text-body-secondary">{history.name}</span>
      </Card.Header>
      <Card.Body className="d-flex flex-column gap-4">
        <section aria-labelledby="schedule-heading">
          <h3 id="schedule-heading" className="h6 text-uppercase text-body-secondary">
            Schedule a price change
          </h3>
          <PriceChangeForm key={history.sku} history={history} />
        </section>
        <section aria-labelledby="history-heading">
          <h3 id="history-heading" className="h6 text-uppercase text-body-secondary">
            {`Price history · today is ${formatDay(history.today)}`}
          </h3>
          {cancel.isError ? (
            <Alert variant="danger" role="alert" dismissible onClose={() => cancel.reset()}>
              {cancel.error.message}
            </Alert>
          ) : null}
          <SuccessNotice
            message={
              cancel.isSuccess ? 'Cancelled the scheduled price; the one before it runs on.' : null
            }
            onClose={() => cancel.reset()}
          />
          <PriceHistoryTables
            history={history}
            cancellingId={cancel.isPending ? cancel.variables : null}
            onCancel={(row) => cancel.mutate(row.id)}
          />
        </section>
      </Card.Body>
    </Card>
  );
}
