import Table from 'react-bootstrap/Table';
import type { QuoteSummary } from '../../api/summary.ts';

/** Where the hardware ships, when it ships at all. */
export function SummaryShipping({ summary }: { summary: QuoteSummary }) {
  const shipping = summary.shipping;
  if (!shipping || shipping.lines.length === 0) return null;
  const isEla = summary.quote.quote_type === 'ELA';
  const nameOf = new Map(summary.lines.map((l) => [l.id, `${l.name} (${l.sku})`]));
  const regionOf = (value: string) =>
    shipping.regions.find((o) => o.value === value)?.label ?? value;
  return (
    <section className="summary-section" aria-labelledby="summary-shipping">
      <h2 id="summary-shipping" className="h5">
        Shipping
      </h2>
      <Table size="sm" className="summary-table">
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Region</th>
            <th scope="col">Incoterm</th>
            <th scope="col" className="text-end">
              {isEla ? 'Deployment by year' : 'Quantity'}
            </th>
          </tr>
        </thead>
        <tbody>
          {shipping.lines.map((line) => (
            <tr key={line.id}>
              <td>{nameOf.get(line.line_id) ?? line.line_id}</td>
              <td>{regionOf(line.region)}</td>
              <td>{line.incoterm}</td>
              <td className="text-end">{isEla ? (line.years ?? []).join(' / ') : line.quantity}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </section>
  );
}
