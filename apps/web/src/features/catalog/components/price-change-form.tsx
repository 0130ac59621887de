import { formatCurrency, parseCurrency } from '@bastion/domain/format/currency';
import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { useChangePrice, type PriceHistory } from '../api/sku-prices.ts';
import { formatDay } from './catalog-labels.ts';
import { fieldErrorsOf, SelectField, TextField } from './form-fields.tsx';

/** The day after `iso`, for the default start of a change. */
function nextDay(iso: string): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/**
 * Schedules a new price for the SKU in one currency from a day (today or later). The price in
 * effect that day ends on it; a price already scheduled later refuses the change.
 */
export function PriceChangeForm({ history }: { history: PriceHistory }) {
  const [currency, setCurrency] = useState(
    history.currency_codes.includes('USD') ? 'USD' : (history.currency_codes[0] ?? ''),
  );
  const [price, setPrice] = useState('');
  const [from, setFrom] = useState(() => nextDay(history.today));
  const change = useChangePrice();
  const errors = fieldErrorsOf(change.error);
  const current = history.rows.find(
    (row) => row.currency_code === currency && row.status === 'in_effect',
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    change.mutate(
      { sku: history.sku, currency_code: currency, unit_price: price.trim(), effective_from: from },
      { onSuccess: () => setPrice('') },
    );
  };
  const typed = parseCurrency(price);

  return (
    <Form noValidate onSubmit={submit} aria-label="Schedule a price change">
      <Row className="g-2 align-items-start">
        <Col xs={6} md={2}>
          <SelectField
            label="Currency"
            className="mb-0"
            options={history.currency_codes.map((code) => ({ value: code, label: code }))}
            value={currency}
            onChange={setCurrency}
            error={errors.currency_code}
          />
        </Col>
        <Col xs={6} md={4}>
          <TextField
            label="New unit price"
            className="mb-0"
            inputMode="decimal"
            placeholder="1234.50"
            value={price}
            onChange={setPrice}
            error={errors.unit_price}
            help={
              current
                ? `Now ${formatCurrency(current.unit_price_minor, currency)}${
                    typed !== null && !errors.unit_price
                      ? ` → ${formatCurrency(typed, currency)}`
                      : ''
                  }`
                : `No ${currency} price in effect today.`
            }
          />
        </Col>
        <Col xs={6} md={3}>
          <TextField
            label="From"
            className="mb-0"
            type="date"
            min={history.today}
            value={from}
            onChange={setFrom}
            error={errors.effective_from}
          />
        </Col>
        <Col xs={6} md={3} className="d-grid">
          <Form.Label className="invisible" aria-hidden="true">
            Schedule
          </Form.Label>
          <Button type="submit" disabled={change.isPending || price.trim() === ''}>
            {change.isPending ? (
              <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />
            ) : null}
            Schedule
          </Button>
        </Col>
      </Row>
      {change.isError && Object.keys(errors).length === 0 ? (
        <Alert variant="danger" className="mt-3 mb-0" role="alert">
          {change.error.message}
        </Alert>
      ) : null}
      {change.isSuccess ? (
        <Alert
          variant="success"
          className="mt-3 mb-0"
          role="status"
          dismissible
          onClose={() => change.reset()}
        >
          {`${change.data.change.is_replacement ? 'Replaced the' : 'Scheduled the'} ${
            change.data.change.currency_code
          } price: ${formatCurrency(
            change.data.change.unit_price_minor,
            change.data.change.currency_code,
          )} from ${formatDay(change.data.change.effective_from)}.`}
        </Alert>
      ) : null}
    </Form>
  );
}
