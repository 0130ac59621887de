import { formatCurrency } from '@bastion/domain/format/currency';
import Alert from 'react-bootstrap/Alert';
import Offcanvas from 'react-bootstrap/Offcanvas';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import {
  useLineExplanation,
  type LineDraftPayload,
  type WaterfallStep,
} from '../../api/configure.ts';

const STEP_LABELS: Record<WaterfallStep['step'], string> = {
  LIST: 'List price',
  PRICE_ADJUSTMENT: 'Price adjustment',
  VOLUME: 'Volume discount',
  PARTNER: 'Partner discount',
  MANUAL: 'Line discount',
  NET: 'Net',
};

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
                        ? ` (${(step.percent_bp / 100).toFixed(2)} %)`
                        : ''}
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
