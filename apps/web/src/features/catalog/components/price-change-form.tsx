import { ZChangePriceBody } from '@bastion/domain/catalog/schemas';
import { formatCurrency, parseCurrency } from '@bastion/domain/format/currency';
import Alert from 'react-bootstrap/Alert';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { AppForm, FormProblem, SubmitButton, useZodForm } from '@/components/form/form.tsx';
import { SelectField, TextField } from '@/components/form/fields.tsx';
import { DateField } from '@/components/form/date-field.tsx';
import { useChangePrice, type PriceHistory } from '../api/sku-prices.ts';
import { formatDay } from './catalog-labels.ts';

/** The day after `iso`, for the default start of a change. */
function nextDay(iso: string): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

const FIELDS = ['currency_code', 'unit_price', 'effective_from'] as const;

/**
 * Schedules a new price for the SKU in one currency from a day (today or later). The price in
 * effect that day ends on it; a price already scheduled later refuses the change.
 */
export function PriceChangeForm({ history }: { history: PriceHistory }) {
  const form = useZodForm(ZChangePriceBody, {
    defaultValues: {
      sku: history.sku,
      currency_code: history.currency_codes.includes('USD')
        ? 'USD'
        : (history.currency_codes[0] ?? ''),
      unit_price: '',
      effective_from: nextDay(history.today),
    },
  });
  const change = useChangePrice();
  const [currency, price] = form.watch(['currency_code', 'unit_price']);
  const current = history.rows.find(
    (row) => row.currency_code === currency && row.status === 'in_effect',
  );
  const typed = parseCurrency(price);
  const priceError = form.formState.errors.unit_price;

  return (
    <AppForm
      form={form}
      error={change.error}
      serverFields={FIELDS}
      aria-label="Schedule a price change"
      leaveGuard="the price change"
      onSubmit={(values) =>
        change.mutateAsync(
          {
            sku: values.sku,
            currency_code: values.currency_code,
            unit_price: values.unit_price.trim(),
            effective_from: values.effective_from,
          },
          {
            onSuccess: () => form.reset({ ...form.getValues(), unit_price: '' }),
          },
        )
      }
    >
      <Row className="g-2 align-items-start">
        <Col xs={6} md={2}>
          <SelectField
            name="currency_code"
            label="Currency"
            className="mb-0"
            options={history.currency_codes.map((code) => ({ value: code, label: code }))}
          />
        </Col>
        <Col xs={6} md={4}>
          <TextField
            name="unit_price"
            label="New unit price"
            className="mb-0"
            inputMode="decimal"
            placeholder="1234.50"
            isFigure
            help={
              current
                ? `Now ${formatCurrency(current.unit_price_minor, currency)}${
                    typed !== null && !priceError ? ` → ${formatCurrency(typed, currency)}` : ''
                  }`
                : `No ${currency} price in effect today.`
            }
          />
        </Col>
        <Col xs={6} md={3}>
          <DateField name="effective_from" label="From" className="mb-0" />
        </Col>
        <Col xs={6} md={3} className="d-grid">
          <Form.Label className="invisible" aria-hidden="true">
            Schedule
          </Form.Label>
          <SubmitButton isPending={change.isPending} isDisabled={price.trim() === ''}>
            Schedule
          </SubmitButton>
        </Col>
      </Row>
      <FormProblem error={change.error} className="mt-3 mb-0" />
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
    </AppForm>
  );
}
