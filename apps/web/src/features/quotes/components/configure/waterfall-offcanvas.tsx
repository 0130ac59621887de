import { formatCurrency } from '@bastion/domain/format/currency';
import Alert from 'react-bootstrap/Alert';
import Offcanvas from 'react-bootstrap/Offcanvas';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import type { PricingMethodResult } from '@bastion/domain/pricing/model';
import {
  useLineExplanation,
  type LineDraftPayload,
  type PricedLine,
  type WaterfallStep,
} from '../../api/configure.ts';

const STEP_LABELS: Record<WaterfallStep['step'], string> = {
  LIST: 'List price',
  PRICE_ADJUSTMENT: 'Price adjustment',
  VOLUME: 'Volume discount',
  TERM: 'Term discount',
  PARTNER: 'Partner discount',
  MANUAL: 'Seller’s discount',
  NET: 'Net',
};

const percentText = (bp: number) => `${(bp / 100).toFixed(2)} %`;
const unitsText = (count: number, noun: string) =>
  `${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}`;

/** What a step read beyond its rate, so a buyer can redo it by hand. */
function stepDetail(
  step: WaterfallStep,
  line: Pick<PricedLine, 'years' | 'volume_schedule' | 'pricing_method'>,
  year: PricedLine['years'][number],
  money: (minor: number) => string,
): string {
  if (step.step === 'LIST') {
    const isBlock = line.pricing_method?.method === 'BLOCK';
    const units = isBlock
      ? `Block ${money(year.unit_minor)}`
      : `${year.quantity.toLocaleString('en-US')} × ${money(year.unit_minor)}`;
    // A yearly price over another length of contract: its term factor, shown.
    const whole = isBlock ? year.unit_minor : year.quantity * year.unit_minor;
    return step.amount_minor !== whole && year.months !== 12
      ? `${units} × ${year.months}/12 months`
      : units;
  }
  if (step.step === 'VOLUME' && step.percent_bp !== 0) {
    const kind = line.volume_schedule === 'SLAB' ? 'slab, each band at its rate' : 'range';
    return `${year.volume_quantity.toLocaleString('en-US')} units on the quote, ${kind}`;
  }
  if (step.step === 'TERM' && step.percent_bp !== 0) {
    const months = line.years.reduce((sum, each) => sum + each.months, 0);
    return `${months}-month contract`;
  }
  return '';
}

/** How the unit list was worked out, in a sentence; null when it is the price list's. */
function methodSentence(
  method: PricingMethodResult | null,
  money: (minor: number) => string,
): string | null {
  if (method === null) return null;
  switch (method.method) {
    case 'PERCENT_OF_TOTAL':
      if (method.bound === 'NO_COVERED_LINE' || method.base_unit_minor === null) {
        return 'Priced as a percentage of the products it covers; none is on the quote, so the price list’s price applies.';
      }
      return `Unit list: ${percentText(method.percent_bp ?? 0)} of ${money(method.base_unit_minor)}, the net price per unit of the ${unitsText(method.covered_units ?? 0, 'covered unit')}${
        method.bound === 'FLOOR'
          ? ', raised to the floor'
          : method.bound === 'CEILING'
            ? ', capped at the ceiling'
            : ''
      }.`;
    case 'BLOCK':
      return method.block
        ? `Block price for ${method.block.min_quantity}${method.block.max_quantity === null ? ' units and more' : `–${method.block.max_quantity} units`}: ${money(method.block.price_minor)}.`
        : 'Block priced: one price per band of quantity.';
    case 'COST_PLUS':
      return `Unit list: cost ${money(method.base_unit_minor ?? 0)} plus ${percentText(method.percent_bp ?? 0)}.`;
  }
}

/**
 * How a line's price was reached, year by year: list → each adjustment → net. The pricing the
 * page holds has no waterfall; the line's is fetched when the panel opens (pricing/explain-line),
 * for the draft as it was last priced.
 */
export function WaterfallOffcanvas({
  quoteId,
  line,
  revision,
  pricedLines,
  currency,
  onClose,
}: {
  quoteId: string;
  /** The line whose details are open; null: closed. */
  line: { key: string; name: string; sku: string } | null;
  /** Which pricing of the draft the figures are of (a new one fetches anew). */
  revision: number;
  /** The draft lines as last priced. */
  pricedLines: () => LineDraftPayload[];
  currency: string;
  onClose: () => void;
}) {
  const explanation = useLineExplanation({
    quoteId,
    lineKey: line?.key ?? null,
    revision,
    lines: pricedLines,
  });
  const money = (minor: number) => formatCurrency(minor, currency);
  const priced = line ? explanation.data?.line : undefined;
  return (
    <Offcanvas show={line !== null} onHide={onClose} placement="end" className="offcanvas-wide">
      <Offcanvas.Header closeButton>
        <Offcanvas.Title as="h2" className="h5">
          {line ? `${line.name}` : ''}
          <div className="small text-body-secondary fw-normal">{line?.sku}</div>
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body>
        {line && explanation.isPending ? (
          <div className="text-body-secondary" role="status">
            <Spinner size="sm" className="me-2" aria-hidden="true" />
            Working out the price…
          </div>
        ) : null}
        {line && explanation.isError ? (
          <Alert variant="danger">
            {explanation.error instanceof Error
              ? explanation.error.message
              : 'The price details could not be loaded.'}
          </Alert>
        ) : null}
        {priced?.is_bundle ? (
          <p>A bundle has no price of its own: its components below it carry the price.</p>
        ) : null}
        {priced && !priced.is_bundle ? (
          <>
            {methodSentence(priced.pricing_method, money) ? (
              <p className="small">{methodSentence(priced.pricing_method, money)}</p>
            ) : null}
            <dl className="row small mb-3">
              <dt className="col-7 fw-normal">Seller’s discount</dt>
              <dd className="col-5 text-end mb-1">
                {percentText(priced.seller_discount_percent_bp)}
              </dd>
              <dt className="col-7 fw-normal">Effective discount from list</dt>
              <dd className="col-5 text-end mb-0">
                {percentText(priced.effective_discount_percent_bp)}
              </dd>
            </dl>
          </>
        ) : null}
        {priced?.years.map((year) => (
          <section key={year.year} className="mb-4">
            <h3 className="h6">
              {priced.years.length > 1 ? `Year ${year.year}` : 'Price'} · {year.quantity} ×{' '}
              {money(priced.unit_list_price_minor)}
              {priced.adjusted_unit_list_minor !== null
                ? ` · unit list changed to ${money(priced.adjusted_unit_list_minor)}`
                : ''}
              {year.months !== 12 ? ` · ${year.months} months` : ''}
            </h3>
            <Table size="sm" className="mb-0 waterfall-table">
              <tbody>
                {year.waterfall.map((step) => (
                  <tr key={step.step} className={step.step === 'NET' ? 'fw-semibold' : undefined}>
                    <th scope="row" className="fw-normal">
                      {STEP_LABELS[step.step]}
                      {step.percent_bp !== null && step.percent_bp !== 0
                        ? ` (${percentText(step.percent_bp)})`
                        : ''}
                      {stepDetail(step, priced, year, money) ? (
                        <div className="small text-body-secondary">
                          {stepDetail(step, priced, year, money)}
                        </div>
                      ) : null}
                    </th>
                    <td className="text-end">
                      {step.step === 'LIST' || step.step === 'NET' ? '' : money(step.amount_minor)}
                    </td>
                    <td className="text-end">{money(step.subtotal_minor)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </section>
        ))}
        {priced && explanation.data?.shows_margin ? (
          <p className="small">
            Cost {priced.cost_minor === null ? 'unknown' : money(priced.cost_minor)} · margin{' '}
            {priced.margin_minor === null ? 'unknown' : money(priced.margin_minor)}
            {priced.margin_percent_bp === null
              ? ''
              : ` (${(priced.margin_percent_bp / 100).toFixed(2)} %)`}
          </p>
        ) : null}
      </Offcanvas.Body>
    </Offcanvas>
  );
}
