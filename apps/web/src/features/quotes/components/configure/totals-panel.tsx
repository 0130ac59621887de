import { formatCurrency } from '@bastion/domain/format/currency';
import Card from 'react-bootstrap/Card';
import type { PricingResult } from '../../api/configure.ts';

const percent = (bp: number) => `${(bp / 100).toFixed(2)} %`;

/** The quote's figures as they stand: list, adjustment, discounts, net, per year, margin. */
export function TotalsPanel({
  pricing,
  currency,
  isPricing,
}: {
  pricing: PricingResult | null;
  currency: string;
  isPricing: boolean;
}) {
  const money = (minor: number) => formatCurrency(minor, currency);
  const totals = pricing?.totals;
  const rows: [string, string][] = totals
    ? [
        ['List price', money(totals.list_minor)],
        ...(totals.adjustment_minor !== 0
          ? ([['Price adjustment', money(totals.adjustment_minor)]] as [string, string][])
          : []),
        ['Discounts', money(-totals.discount_minor)],
      ]
    : [];
  return (
    <Card className="summary-panel" aria-live="polite" aria-busy={isPricing}>
      <Card.Header className="d-flex align-items-center justify-content-between">
        <h2 className="h6 mb-0">Totals</h2>
        {isPricing ? <span className="small text-body-secondary">Pricing…</span> : null}
      </Card.Header>
      <Card.Body>
        {!totals ? (
          <p className="text-body-secondary small mb-0">Add products to see the price.</p>
        ) : (
          <dl className="mb-0 small">
            {rows.map(([label, value]) => (
              <div className="d-flex justify-content-between py-1 border-bottom" key={label}>
                <dt className="fw-normal text-body-secondary">{label}</dt>
                <dd className="mb-0">{value}</dd>
              </div>
            ))}
            <div className="d-flex justify-content-between py-2 fs-6">
              <dt>Net total</dt>
              <dd className="mb-0 fw-bold" data-testid="quote-net-total">
                {money(totals.net_minor)}
              </dd>
            </div>
            {totals.per_year.length > 1 ? (
              <div className="mt-2">
                <div className="text-body-secondary mb-1">Net per year</div>
                {totals.per_year.map((year) => (
                  <div className="d-flex justify-content-between" key={year.year}>
                    <dt className="fw-normal">Year {year.year}</dt>
                    <dd className="mb-0" data-testid={`year-${year.year}-net`}>
                      {money(year.net_minor)}
                    </dd>
                  </div>
                ))}
              </div>
            ) : null}
            {pricing.shows_margin ? (
              <div className="mt-3 pt-2 border-top" data-testid="margin">
                <div className="d-flex justify-content-between">
                  <dt className="fw-normal text-body-secondary">Cost</dt>
                  <dd className="mb-0">
                    {totals.cost_minor === null ? 'Unknown' : money(totals.cost_minor)}
                  </dd>
                </div>
                <div className="d-flex justify-content-between">
                  <dt>Margin</dt>
                  <dd className="mb-0 fw-semibold">
                    {totals.margin_minor === null
                      ? 'Unknown'
                      : `${money(totals.margin_minor)}${
                          totals.margin_percent_bp === null
                            ? ''
                            : ` (${percent(totals.margin_percent_bp)})`
                        }`}
                  </dd>
                </div>
              </div>
            ) : null}
          </dl>
        )}
      </Card.Body>
    </Card>
  );
}
