import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { ShippingLinesHead } from '@/components/recipe-form/shipping-lines-head.tsx';
import type { QuoteShipping } from '../../api/shipping.ts';
import { quantityHeadings } from '../quote-facts.tsx';
import { newKey, productErrorOf, type DraftLine } from './shipping-draft.ts';
import { ShippingLineRow } from './shipping-line-row.tsx';

type ShippingProduct = QuoteShipping['products'][number];

/** What is left to allocate of one year: all, some, or too many. */
function RemainingBadge({ count, year }: { count: number; year: number | null }) {
  return (
    <Badge
      bg={count === 0 ? 'success' : count > 0 ? 'warning' : 'danger'}
      text={count > 0 ? 'dark' : undefined}
    >
      {year === null ? '' : `Year ${year}: `}
      {count === 0 ? 'all allocated' : count > 0 ? `${count} left` : `${-count} too many`}
    </Badge>
  );
}

/**
 * One hardware product: how many to ship (a year each on an ELA), what is left to allocate, and
 * its shipping lines, which can be added and removed.
 */
export function ProductShippingCard({
  shipping,
  product,
  manual,
  lines,
  remaining,
  errors,
  onManualChange,
  onLinesChange,
}: {
  shipping: QuoteShipping;
  product: ShippingProduct;
  /** The "to ship" quantities as typed, one a year. */
  manual: readonly string[];
  /** Every line of the quote: this product's are drawn, the index names them to the server. */
  lines: readonly DraftLine[];
  remaining: readonly number[];
  errors: Readonly<Record<string, string>>;
  onManualChange: (manual: string[]) => void;
  onLinesChange: (update: (current: DraftLine[]) => DraftLine[]) => void;
}) {
  const { years } = shipping;
  const isEla = shipping.quote.quote_type === 'ELA';
  const isReadOnly = shipping.is_read_only;
  const own = lines.filter((l) => l.line_id === product.line_id);
  const productError = productErrorOf(errors, product.line_id, years);
  return (
    <Card
      className={`mb-3${productError ? ' border-danger' : ''}`}
      aria-label={`Shipping of ${product.name}`}
      role="region"
    >
      <Card.Header className="d-flex flex-wrap align-items-center gap-2 justify-content-between">
        <div>
          <span className="fw-semibold">{product.name}</span>{' '}
          <span className="small text-body-secondary">{product.sku}</span>
          {product.needs_realignment ? (
            <Badge bg="warning" text="dark" className="ms-2">
              Products changed: add its shipping again
            </Badge>
          ) : null}
        </div>
        <div className="d-flex gap-1 flex-wrap" aria-label="Left to allocate">
          {remaining.map((count, i) => (
            <RemainingBadge key={i} count={count} year={isEla ? i + 1 : null} />
          ))}
        </div>
      </Card.Header>
      <Card.Body>
        <div className="row g-2 align-items-end mb-3">
          {product.quantities.map((bought, i) => (
            <div className="col-6 col-md-2" key={i}>
              <Form.Label className="small mb-1" htmlFor={`to-ship-${product.line_id}-${i}`}>
                {isEla ? `Year ${i + 1} to ship` : 'Total shipping quantity'}
              </Form.Label>
              <Form.Control
                id={`to-ship-${product.line_id}-${i}`}
                size="sm"
                inputMode="numeric"
                placeholder={String(bought)}
                disabled={isReadOnly}
                value={manual[i] ?? ''}
                onChange={(event) =>
                  onManualChange(manual.map((v, j) => (j === i ? event.target.value : v)))
                }
              />
              <div className="form-text">Bought {bought}</div>
            </div>
          ))}
        </div>
        {productError ? (
          <div className="text-danger small mb-2" role="alert">
            {productError}
          </div>
        ) : null}
        {own.length > 0 ? (
          <Table size="sm" className="align-middle mb-2 shipping-lines">
            <ShippingLinesHead
              columns={[
                { label: 'Region' },
                { label: 'Incoterm' },
                ...quantityHeadings(isEla, years, 'Quantity').map((label) => ({
                  label,
                  className: 'text-end',
                })),
              ]}
            />
            <tbody>
              {own.map((line, n) => (
                <ShippingLineRow
                  key={line.key}
                  line={line}
                  index={lines.indexOf(line)}
                  label={`${product.name}, shipping line ${n + 1}`}
                  isEla={isEla}
                  isReadOnly={isReadOnly}
                  regions={shipping.regions}
                  incoterms={shipping.incoterms}
                  errors={errors}
                  onChange={(next) =>
                    onLinesChange((current) =>
                      current.map((l) => (l.key === line.key ? { ...l, ...next } : l)),
                    )
                  }
                  onRemove={() =>
                    onLinesChange((current) => current.filter((l) => l.key !== line.key))
                  }
                />
              ))}
            </tbody>
          </Table>
        ) : null}
        {isReadOnly ? null : (
          <Button
            size="sm"
            variant="outline-primary"
            onClick={() =>
              onLinesChange((current) => [
                ...current,
                {
                  key: newKey(),
                  line_id: product.line_id,
                  region: '',
                  incoterm: '',
                  // A first line takes what is left to ship.
                  counts: remaining.map((count) => (count > 0 ? String(count) : isEla ? '0' : '')),
                },
              ])
            }
          >
            <i className="bi bi-plus-lg me-1" aria-hidden="true" />
            Add shipping line<span className="visually-hidden"> for {product.name}</span>
          </Button>
        )}
      </Card.Body>
    </Card>
  );
}
