import { formatCurrency } from '@bastion/domain/format/currency';
import Offcanvas from 'react-bootstrap/Offcanvas';
import Table from 'react-bootstrap/Table';
import type { PricedLine, WaterfallStep } from '../../api/configure.ts';

const STEP_LABELS: Record<WaterfallStep['step'], string> = {
  LIST: 'List price',
  PRICE_ADJUSTMENT: 'Price adjustment',
  VOLUME: 'Volume discount',
  PARTNER: 'Partner discount',
  MANUAL: 'Line discount',
  NET: 'Net',
};

/** How a line's price was reached, year by year: list → each adjustment → net. */
export function WaterfallOffcanvas({
  line,
  currency,
  showsMargin,
  onClose,
}: {
  line: PricedLine | null;
  currency: string;
  showsMargin: boolean;
  onClose: () => void;
}) {
  const money = (minor: number) => formatCurrency(minor, currency);
  return (
    <Offcanvas show={line !== null} onHide={onClose} placement="end" className="offcanvas-wide">
      <Offcanvas.Header closeButton>
        <Offcanvas.Title as="h2" className="h5">
          {line ? `${line.name}` : ''}
          <div className="small text-body-secondary fw-normal">{line?.sku}</div>
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body>
        {line?.is_bundle ? (
          <p>A bundle has no price of its own: its components below it carry the price.</p>
        ) : null}
        {line?.years.map((year) => (
          <section key={year.year} className="mb-4">
            <h3 className="h6">
              {line.years.length > 1 ? `Year ${year.year}` : 'Price'} · {year.quantity} ×{' '}
              {money(line.unit_list_price_minor)}
              {line.adjusted_unit_list_minor !== null
                ? ` · unit list changed to ${money(line.adjusted_unit_list_minor)}`
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
        {line && showsMargin ? (
          <p className="small">
            Cost {line.cost_minor === null ? 'unknown' : money(line.cost_minor)} · margin{' '}
            {line.margin_minor === null ? 'unknown' : money(line.margin_minor)}
            {line.margin_percent_bp === null
              ? ''
              : ` (${(line.margin_percent_bp / 100).toFixed(2)} %)`}
          </p>
        ) : null}
      </Offcanvas.Body>
    </Offcanvas>
  );
}
