import {
  unallocated,
  validateShippingPlan,
  type ShippingPlan,
} from '@bastion/domain/quotes/shipping-plan';
import { useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { ErrorScreen } from '../../../components/error-screen.tsx';
import { NoData } from '../../../components/no-data.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import {
  useQuoteShipping,
  useSaveShipping,
  type QuoteShipping,
  type ShippingOption,
} from '../api/shipping.ts';
import { QuoteSteps } from '../components/quote-steps.tsx';

/** configure-sh-hw/{id}/{ref}: how the quote's hardware ships (spec §2, §3, §5). */
export function ShippingPage() {
  const { id = '' } = useParams();
  const shipping = useQuoteShipping(id);
  // After a change elsewhere (the products) the cached answer is stale: wait for the new one.
  if (shipping.isPending || (shipping.isFetching && shipping.isStale)) {
    return <Spinner animation="border" role="status" aria-label="Loading the shipping" />;
  }
  if (shipping.isError) {
    return <ErrorScreen error={shipping.error} onRetry={() => void shipping.refetch()} />;
  }
  const data = shipping.data;
  // Products changed after shipping was set: the configuration page says why (spec §8).
  if (data.needs_configuration && data.needs_realignment) {
    return (
      <Navigate to={`/cpq/configure-quote/${data.quote.id}/${data.quote.quote_type}`} replace />
    );
  }
  return (
    <ShippingEditor
      key={`${data.quote.id}:${data.quote.version}`}
      shipping={data}
      onReload={() => void shipping.refetch()}
    />
  );
}

interface DraftLine {
  key: string;
  line_id: string;
  region: string;
  incoterm: string;
  /** STANDARD: one; ELA: per year. As typed. */
  counts: string[];
}

let counter = 0;
const newKey = () => `ship-${(counter += 1)}`;

const toCount = (text: string): number | null => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d{1,7}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
};

function ShippingEditor({ shipping, onReload }: { shipping: QuoteShipping; onReload: () => void }) {
  const navigate = useNavigate();
  const { quote, years } = shipping;
  const isEla = quote.quote_type === 'ELA';
  const isReadOnly = shipping.is_read_only;
  const save = useSaveShipping(quote.id);
  const [attempted, setAttempted] = useState(false);
  const [manual, setManual] = useState<Record<string, string[]>>(() =>
    Object.fromEntries(
      shipping.products.map((p) => [
        p.line_id,
        Array.from({ length: years }, (_, i) => {
          const value = p.manual_shipping_quantities[i];
          return value === null || value === undefined ? '' : String(value);
        }),
      ]),
    ),
  );
  const [lines, setLines] = useState<DraftLine[]>(() =>
    shipping.lines.map((l) => ({
      key: newKey(),
      line_id: l.line_id,
      region: l.region,
      incoterm: l.incoterm,
      counts: isEla
        ? Array.from({ length: years }, (_, i) => String(l.years?.[i] ?? 0))
        : [String(l.quantity ?? '')],
    })),
  );
  const [isDirty, setIsDirty] = useState(false);

  const plan: ShippingPlan = useMemo(
    () => ({
      quote_type: quote.quote_type,
      contract_length: quote.contract_length,
      products: shipping.products.map((p) => ({
        line_id: p.line_id,
        quantities: p.quantities,
        manual_shipping_quantities: (manual[p.line_id] ?? []).map(toCount),
      })),
      lines: lines.map((l) => ({
        line_id: l.line_id,
        region: l.region,
        incoterm: l.incoterm,
        ...(isEla ? { years: l.counts.map(toCount) } : { quantity: toCount(l.counts[0] ?? '') }),
      })),
    }),
    [quote, shipping.products, manual, lines, isEla],
  );
  const liveErrors = useMemo(() => validateShippingPlan(plan), [plan]);
  const left = useMemo(() => unallocated(plan), [plan]);
  const serverErrors = isApiError(save.error)
    ? Object.fromEntries(save.error.errors.map((e) => [e.path, e.message]))
    : {};
  const errors: Record<string, string> = attempted
    ? { ...serverErrors, ...liveErrors }
    : serverErrors;
  const hasErrors = Object.keys(liveErrors).length > 0;
  const isStale = isApiError(save.error) && save.error.status === 409;

  const change = (update: () => void) => {
    update();
    setIsDirty(true);
  };
  const submit = (advance: boolean) => {
    setAttempted(true);
    if (hasErrors) return;
    save.mutate(
      {
        version: quote.version,
        advance,
        products: shipping.products.map((p) => ({
          line_id: p.line_id,
          manual_shipping_quantities: (manual[p.line_id] ?? []).map(toCount),
        })),
        lines: lines.map((l) => ({
          line_id: l.line_id,
          region: l.region,
          incoterm: l.incoterm,
          ...(isEla ? { years: l.counts.map(toCount) } : { quantity: toCount(l.counts[0] ?? '') }),
        })),
      },
      {
        onSuccess: (saved) => {
          if (advance)
            void navigate(`/cpq/terms-condition/${saved.quote.id}/${saved.quote.quote_type}`);
        },
      },
    );
  };

  return (
    <>
      <PageHeader
        title="Shipping & hardware"
        subtitle={
          <>
            {quote.quote_number} · {quote.quote_name} · {quote.quote_type}
            {isEla ? ` · ${quote.contract_length} months` : ''} ·{' '}
            <StatusBadge label={quote.status_label} tone={quote.status_tone} />
          </>
        }
      />
      <QuoteSteps quote={quote} current="shipping" />
      {shipping.needs_configuration ? (
        <Alert variant="info">
          Finish configuring the products first.{' '}
          <Link to={`/cpq/configure-quote/${quote.id}/${quote.quote_type}`}>
            Open the configuration
          </Link>
        </Alert>
      ) : null}
      {isStale ? (
        <Alert variant="warning" className="d-flex align-items-center justify-content-between">
          <span>{save.error?.message}</span>
          <Button variant="outline-dark" size="sm" onClick={onReload}>
            Reload the quote
          </Button>
        </Alert>
      ) : save.isError && Object.keys(serverErrors).length === 0 ? (
        <Alert variant="danger">{save.error.message}</Alert>
      ) : null}
      {attempted && hasErrors ? (
        <Alert variant="danger" role="alert">
          Some shipping details need attention: see the products marked below.
        </Alert>
      ) : null}
      {shipping.products.length === 0 ? (
        <NoData
          icon="bi-truck"
          title="Nothing to ship"
          message="This quote has no hardware: there is no shipping to set. Go on to the terms."
        />
      ) : (
        shipping.products.map((product) => {
          const own = lines.filter((l) => l.line_id === product.line_id);
          const remaining = left.get(product.line_id) ?? [];
          const productError =
            errors[`products.${product.line_id}`] ??
            errors[`products.${product.line_id}.shipping_quantity`] ??
            Array.from(
              { length: years },
              (_, i) => errors[`products.${product.line_id}.year${i + 1}`],
            ).find(Boolean);
          return (
            <Card
              key={product.line_id}
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
                    <Badge
                      key={i}
                      bg={count === 0 ? 'success' : count > 0 ? 'warning' : 'danger'}
                      text={count > 0 ? 'dark' : undefined}
                    >
                      {isEla ? `Year ${i + 1}: ` : ''}
                      {count === 0
                        ? 'all allocated'
                        : count > 0
                          ? `${count} left`
                          : `${-count} too many`}
                    </Badge>
                  ))}
                </div>
              </Card.Header>
              <Card.Body>
                <div className="row g-2 align-items-end mb-3">
                  {product.quantities.map((bought, i) => (
                    <div className="col-6 col-md-2" key={i}>
                      <Form.Label
                        className="small mb-1"
                        htmlFor={`to-ship-${product.line_id}-${i}`}
                      >
                        {isEla ? `Year ${i + 1} to ship` : 'Total shipping quantity'}
                      </Form.Label>
                      <Form.Control
                        id={`to-ship-${product.line_id}-${i}`}
                        size="sm"
                        inputMode="numeric"
                        placeholder={String(bought)}
                        disabled={isReadOnly}
                        value={manual[product.line_id]?.[i] ?? ''}
                        onChange={(event) =>
                          change(() =>
                            setManual((current) => ({
                              ...current,
                              [product.line_id]: (current[product.line_id] ?? []).map((v, j) =>
                                j === i ? event.target.value : v,
                              ),
                            })),
                          )
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
                    <thead>
                      <tr>
                        <th scope="col">Region</th>
                        <th scope="col">Incoterm</th>
                        {isEla ? (
                          Array.from({ length: years }, (_, i) => (
                            <th scope="col" key={i} className="text-end">
                              Year {i + 1}
                            </th>
                          ))
                        ) : (
                          <th scope="col" className="text-end">
                            Quantity
                          </th>
                        )}
                        <th scope="col">
                          <span className="visually-hidden">Remove</span>
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {own.map((line, n) => {
                        const index = lines.indexOf(line);
                        const label = `${product.name}, shipping line ${n + 1}`;
                        const setLine = (next: Partial<DraftLine>) =>
                          change(() =>
                            setLines((current) =>
                              current.map((l) => (l.key === line.key ? { ...l, ...next } : l)),
                            ),
                          );
                        return (
                          <tr key={line.key}>
                            <td>
                              <Choice
                                label={`Region of ${label}`}
                                options={shipping.regions}
                                value={line.region}
                                disabled={isReadOnly}
                                error={errors[`lines.${index}.region`]}
                                onChange={(region) => setLine({ region })}
                              />
                            </td>
                            <td>
                              <Choice
                                label={`Incoterm of ${label}`}
                                options={shipping.incoterms}
                                value={line.incoterm}
                                disabled={isReadOnly}
                                error={errors[`lines.${index}.incoterm`]}
                                onChange={(incoterm) => setLine({ incoterm })}
                              />
                            </td>
                            {line.counts.map((count, i) => {
                              const error =
                                errors[`lines.${index}.${isEla ? `year${i + 1}` : 'quantity'}`] ??
                                (i === 0
                                  ? errors[`lines.${index}.deployment_schedule`]
                                  : undefined);
                              return (
                                <td key={i} className="shipping-count">
                                  <Form.Control
                                    size="sm"
                                    className="text-end"
                                    inputMode="numeric"
                                    aria-label={
                                      isEla ? `Year ${i + 1} of ${label}` : `Quantity of ${label}`
                                    }
                                    value={count}
                                    disabled={isReadOnly}
                                    isInvalid={Boolean(error)}
                                    onChange={(event) =>
                                      setLine({
                                        counts: line.counts.map((c, j) =>
                                          j === i ? event.target.value : c,
                                        ),
                                      })
                                    }
                                  />
                                  {error ? (
                                    <div className="invalid-feedback d-block">{error}</div>
                                  ) : null}
                                </td>
                              );
                            })}
                            <td className="text-end">
                              {isReadOnly ? null : (
                                <Button
                                  size="sm"
                                  variant="link"
                                  className="text-danger p-1"
                                  aria-label={`Remove ${label}`}
                                  onClick={() =>
                                    change(() =>
                                      setLines((current) =>
                                        current.filter((l) => l.key !== line.key),
                                      ),
                                    )
                                  }
                                >
                                  <i className="bi bi-trash" aria-hidden="true" />
                                </Button>
                              )}
                            </td>
                          </tr>
                        );
                      })}
                    </tbody>
                  </Table>
                ) : null}
                {isReadOnly ? null : (
                  <Button
                    size="sm"
                    variant="outline-primary"
                    onClick={() =>
                      change(() =>
                        setLines((current) => [
                          ...current,
                          {
                            key: newKey(),
                            line_id: product.line_id,
                            region: '',
                            incoterm: '',
                            // A first line takes what is left to ship.
                            counts: remaining.map((count) =>
                              count > 0 ? String(count) : isEla ? '0' : '',
                            ),
                          },
                        ]),
                      )
                    }
                  >
                    <i className="bi bi-plus-lg me-1" aria-hidden="true" />
                    Add shipping line<span className="visually-hidden"> for {product.name}</span>
                  </Button>
                )}
              </Card.Body>
            </Card>
          );
        })
      )}
      <div className="d-flex flex-wrap gap-2 justify-content-between mt-3">
        <Link
          className="btn btn-outline-secondary"
          to={`/cpq/configure-quote/${quote.id}/${quote.quote_type}`}
        >
          <i className="bi bi-arrow-left me-1" aria-hidden="true" />
          Back: Configure
        </Link>
        {isReadOnly ? null : (
          <div className="d-flex gap-2">
            <Button
              variant="outline-primary"
              disabled={save.isPending || !isDirty}
              onClick={() => submit(false)}
            >
              {save.isPending ? 'Saving…' : isDirty ? 'Save' : 'Saved'}
            </Button>
            <Button disabled={save.isPending} onClick={() => submit(true)}>
              Next: Terms &amp; conditions
              <i className="bi bi-arrow-right ms-1" aria-hidden="true" />
            </Button>
          </div>
        )}
      </div>
    </>
  );
}

function Choice({
  label,
  options,
  value,
  disabled,
  error,
  onChange,
}: {
  label: string;
  options: readonly ShippingOption[];
  value: string;
  disabled: boolean;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <>
      <Form.Select
        size="sm"
        aria-label={label}
        value={value}
        disabled={disabled}
        isInvalid={Boolean(error)}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">Select…</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Form.Select>
      {error ? <div className="invalid-feedback d-block">{error}</div> : null}
    </>
  );
}
