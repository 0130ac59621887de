import { exchangeRateSchema } from '@bastion/domain/exchange-rates/schemas';
import { useMemo } from 'react';
import Alert from 'react-bootstrap/Alert';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { AppForm, FormProblem, SubmitButton, useZodForm } from '@/components/form/form.tsx';
import { TextField } from '@/components/form/fields.tsx';
import { DateField } from '@/components/form/date-field.tsx';
import {
  useAddExchangeRate,
  type CurrencyRates,
  type ExchangeRateAdded,
} from '../api/exchange-rates.ts';
import { formatDay, formatRate, rateChange } from './rate-labels.ts';

const FIELDS = ['currency_code', 'units_per_usd', 'effective_from', 'note'] as const;

/** What an added rate did, in a sentence or two. */
export function addedMessage(added: ExchangeRateAdded): string {
  const what = `${added.currency_code} ${formatRate(added.units_per_usd)} from ${formatDay(added.effective_from)}`;
  const first = added.replaced_units_per_usd
    ? `Replaced the ${added.currency_code} rate of ${formatDay(added.effective_from)} (${formatRate(added.replaced_units_per_usd)}) with ${formatRate(added.units_per_usd)}.`
    : `Added the rate ${what}.`;
  const effect = added.is_new_currency
    ? `${added.currency_code} is a new currency: prices and quotes can now use it.`
    : added.is_in_effect
      ? added.previous_units_per_usd === added.units_per_usd
        ? 'It is the rate in effect today; the rate in use stays the same.'
        : `It is the rate in effect today: quotes priced from now on use it instead of ${formatRate(added.previous_units_per_usd ?? '')}.`
      : `A later rate stays in effect today (${formatRate(added.previous_units_per_usd ?? '')}): this one completes the history.`;
  return `${first} ${effect}`;
}

/**
 * Records a currency's rate from a day: today or earlier (a rate records what happened). A second
 * rate for the same currency and day replaces the first. The form checks with the server's schema,
 * and shows the server's messages at their fields.
 */
export function AddRateForm(props: {
  today: string;
  currencies: readonly CurrencyRates[];
  defaultCurrency: string;
  onAdded: (added: ExchangeRateAdded) => void;
}) {
  const { today, currencies } = props;
  const schema = useMemo(() => exchangeRateSchema(() => today), [today]);
  const form = useZodForm(schema, {
    defaultValues: {
      currency_code: props.defaultCurrency,
      units_per_usd: '',
      effective_from: today,
      note: '',
    },
  });
  const add = useAddExchangeRate();
  const [code, typed] = form.watch(['currency_code', 'units_per_usd']);
  const current = currencies.find(
    (currency) => !currency.is_base && currency.currency_code === code.trim().toUpperCase(),
  );
  const change =
    current && !form.formState.errors.units_per_usd
      ? rateChange(typed, current.units_per_usd)
      : null;

  return (
    <AppForm
      form={form}
      error={add.error}
      serverFields={FIELDS}
      aria-label="Add a rate"
      onSubmit={(values) =>
        add.mutateAsync(values, {
          onSuccess: (added) => {
            form.reset({ ...form.getValues(), units_per_usd: '', note: '' });
            props.onAdded(added);
          },
        })
      }
    >
      <Row className="g-2 align-items-start">
        <Col xs={4}>
          <TextField
            name="currency_code"
            label="Currency"
            className="mb-0 rate-currency-field"
            maxLength={3}
            autoComplete="off"
            suggestions={currencies.filter((c) => !c.is_base).map((c) => c.currency_code)}
            isRequired
          />
        </Col>
        <Col xs={8}>
          <TextField
            name="units_per_usd"
            label="Units per USD"
            className="mb-0"
            inputMode="decimal"
            placeholder="0.92"
            isFigure
            isRequired
            help={
              current
                ? `Now ${formatRate(current.units_per_usd)}${typed.trim() && change ? ` · ${change}` : ''}`
                : code.trim().length === 3
                  ? 'A new currency'
                  : undefined
            }
          />
        </Col>
        <Col xs={12}>
          <DateField
            name="effective_from"
            label="In effect from"
            className="mb-0"
            max={today}
            isRequired
          />
        </Col>
        <Col xs={12}>
          <TextField
            name="note"
            label="Note"
            className="mb-0"
            placeholder="Source of the rate, such as the treasury's month-end fixing"
          />
        </Col>
        <Col xs={12} className="d-flex flex-wrap align-items-center gap-2">
          <SubmitButton isPending={add.isPending}>Add rate</SubmitButton>
          <span className="small text-body-secondary">
            {`Today (${formatDay(today)}) or earlier; a second rate for a day replaces it.`}
          </span>
        </Col>
      </Row>
      <FormProblem error={add.error} className="mt-3 mb-0" />
      {add.isSuccess ? (
        <Alert
          variant="success"
          className="mt-3 mb-0"
          role="status"
          dismissible
          onClose={() => add.reset()}
        >
          {addedMessage(add.data)}
        </Alert>
      ) : null}
    </AppForm>
  );
}
