import { formatCurrency } from '@bastion/domain/format/currency';
import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import type { PricingView } from './pricing-view.ts';

/** The totals card of a configurator: its heading, "Pricing…" while a price is on its way. */
export function TotalsCard({ isPricing, children }: { isPricing: boolean; children: ReactNode }) {
  return (
    <Card className="summary-panel" aria-live="polite" aria-busy={isPricing}>
      <Card.Header className="d-flex align-items-center justify-content-between">
        <h2 className="h6 mb-0">Totals</h2>
        {isPricing ? <span className="small text-body-secondary">Pricing…</span> : null}
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card>
  );
}

/** A figure of the totals above the net total. */
export function TotalsLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="d-flex justify-content-between py-1 border-bottom">
      <dt className="fw-normal text-body-secondary">{label}</dt>
      {children}
    </div>
  );
}

/** The net total, the figure that stands out. */
export function NetTotalLine({ amount }: { amount: string }) {
  return (
    <div className="d-flex justify-content-between py-2 fs-6">
      <dt>Net total</dt>
      <dd className="mb-0 fw-bold" data-testid="quote-net-total">
        {amount}
      </dd>
    </div>
  );
}

/** The quote's figures as they stand: list, adjustment, discounts, net, per year, margin. */
export function TotalsPanel({
  pricing,
  currency,
  isPricing,
}: {
  pricing: PricingView | null;
  currency: string;
  isPricing: boolean;
}) {
  const money = (minor: number) => formatCurrency(minor, currency);
  const totals = pricing?.totals;
  const rows: [string, string][] = totals
    ? [
        ['List price', money(totals.listMinor)],
        ...(totals.adjustmentMinor !== 0
          ? ([['Price adjustment', money(totals.adjustmentMinor)]] as [string, string][])
          : []),
        ['Discounts', money(-totals.discountMinor)],
      ]
    : [];
  return (
    <TotalsCard isPricing={isPricing}>
      {!totals ? (
        <p className="text-body-secondary small mb-0">Add products to see the price.</p>
      ) : (
        <dl className="mb-0 small">
          <TotalsLine label="Price book">
            <dd className="mb-0 text-end" data-testid="price-book">
              {pricing.priceBook?.name ?? 'Standard list'}
            </dd>
          </TotalsLine>
          {rows.map(([label, value]) => (
            <TotalsLine label={label} key={label}>
              <dd className="mb-0">{value}</dd>
            </TotalsLine>
          ))}
          <NetTotalLine amount={money(totals.netMinor)} />
          {totals.perYear.length > 1 ? (
            <div className="mt-2">
              <div className="text-body-secondary mb-1">Net per year</div>
              {totals.perYear.map((year) => (
                <div className="d-flex justify-content-between" key={year.year}>
                  <dt className="fw-normal">Year {year.year}</dt>
                  <dd className="mb-0" data-testid={`year-${year.year}-net`}>
                    {money(year.netMinor)}
                  </dd>
                </div>
              ))}
            </div>
          ) : null}
          {pricing.showsMargin ? (
            <div className="mt-3 pt-2 border-top" data-testid="margin">
              <div className="d-flex justify-content-between">
                <dt className="fw-normal text-body-secondary">Cost</dt>
                <dd className="mb-0">
                  {totals.costMinor === null ? 'Unknown' : money(totals.costMinor)}
                </dd>
              </div>
              <div className="d-flex justify-content-between">
                <dt>Margin</dt>
                <dd className="mb-0 fw-semibold">
                  {totals.marginMinor === null
                    ? 'Unknown'
                    : `${money(totals.marginMinor)}${
                        totals.marginPercent === null
                          ? ''
                          : ` (${percentText(totals.marginPercent)})`
                      }`}
                </dd>
              </div>
            </div>
          ) : null}
        </dl>
      )}
      {pricing && pricing.notices.length > 0 ? (
        <ul className="list-unstyled small mt-3 mb-0" data-testid="pricing-notices">
          {pricing.notices.map((notice) => (
            <li key={notice} className="alert alert-warning py-2 px-3 mb-2">
              {notice}
            </li>
          ))}
        </ul>
      ) : null}
    </TotalsCard>
  );
}

/** "42.1" → "42.10 %": two decimals, as the page has always shown a margin. */
function percentText(percent: string): string {
  const [whole = '0', fraction = ''] = percent.split('.');
  return `${whole}.${fraction.padEnd(2, '0')} %`;
}
