import { COVER_SCOPES, PRICING_METHODS } from '@bastion/domain/pricing/methods';
import {
  ZPricingMethodForm,
  type PricingMethodFormValues,
} from '@bastion/domain/pricing/methods-schema';
import { PRODUCT_KINDS } from '@bastion/domain/pricing/product-kinds';
import { formatUnitPrice } from '@bastion/domain/catalog/price-text';
import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useController, useFormContext } from 'react-hook-form';
import { ChoiceFieldset, CheckboxListField } from '@/components/form/choice-fields.tsx';
import { FieldRow } from '@/components/form/field-row.tsx';
import { SelectField, TextField } from '@/components/form/fields.tsx';
import { DateField } from '@/components/form/date-field.tsx';
import { AppForm, FormProblem, SubmitButton, useZodForm } from '@/components/form/form.tsx';
import { useFieldMessage } from '@/components/form/use-field-message.ts';
import { useSchedulePricingMethod, type SkuPricingView } from '../api/pricing-methods.ts';
import { formatDay, KIND_LABELS } from './catalog-labels.ts';
import { METHOD_HELP, METHOD_LABELS, SCOPE_LABELS } from './pricing-method-labels.ts';
import { SkuPicker } from './sku-picker.tsx';

/** The day after `iso`, the default start of a change. */
const nextDay = (iso: string) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The fields the server's messages may name. */
const FIELDS = [
  'method',
  'percent',
  'covers.scope',
  'covers.skus',
  'covers.kinds',
  'floor_usd',
  'ceiling_usd',
  'effective_from',
] as const;

const COVERED_KINDS = PRODUCT_KINDS.filter((kind) => kind !== 'BUNDLE');

/** The form starts from the latest method (the one in effect or scheduled), from tomorrow. */
function valuesOf(view: SkuPricingView): PricingMethodFormValues {
  const latest = view.rows[0];
  const money = (minor: number | null | undefined) =>
    minor === null || minor === undefined ? '' : formatUnitPrice(minor);
  return {
    sku: view.sku,
    method: latest?.method ?? 'LIST',
    percent: latest?.percent ?? '',
    covers: {
      scope: latest?.covers?.scope ?? '',
      skus: latest?.covers?.skus ?? [],
      kinds: latest?.covers?.kinds ?? [],
    },
    floor_usd: money(latest?.floor_usd_minor),
    ceiling_usd: money(latest?.ceiling_usd_minor),
    effective_from: nextDay(view.today),
  };
}

/** What a scheduled change did, in a sentence. */
function successText(change: {
  method: PricingMethodFormValues['method'];
  effective_from: string;
  is_replacement: boolean;
}) {
  const what = METHOD_LABELS[change.method];
  const day = formatDay(change.effective_from);
  return change.is_replacement
    ? `Replaced the method starting ${day}: ${what} from then on.`
    : `Scheduled ${what} from ${day}.`;
}

/** The SKUs a cover by SKU names: each removable, more found by code or name. */
function CoveredSkusField() {
  const { control } = useFormContext<PricingMethodFormValues>();
  const { field } = useController({ control, name: 'covers.skus' });
  const error = useFieldMessage('covers.skus');
  const chosen = field.value;
  return (
    <ChoiceFieldset
      legend="SKUs it covers"
      error={error}
      help="Its unit list price is a share of these lines’ net unit price."
    >
      {chosen.length > 0 ? (
        <ul className="list-unstyled d-flex flex-wrap gap-2 mb-2" aria-label="SKUs it covers">
          {chosen.map((code) => (
            <li key={code} className="covered-sku">
              <span className="fw-semibold">{code}</span>
              <Button
                size="sm"
                variant="link"
                className="p-0 px-1 text-body-secondary"
                aria-label={`Remove ${code}`}
                onClick={() => field.onChange(chosen.filter((other) => other !== code))}
              >
                <i className="bi bi-x-lg" aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <SkuPicker
        // A new search box once a SKU is added.
        key={chosen.length}
        label="Add a SKU it covers"
        isCompact
        selected={null}
        onSelect={(code) => {
          if (!chosen.includes(code)) field.onChange([...chosen, code]);
          field.onBlur();
        }}
      />
    </ChoiceFieldset>
  );
}

/**
 * Schedules a SKU's pricing method from a day (today or later): the method, its percentage
 * (a share of the covered lines, or a markup on cost), what a percent-of-total SKU covers and
 * its floor and ceiling. The method in effect that day ends on it.
 */
export function PricingMethodForm({
  view,
  onMethodChange,
}: {
  view: SkuPricingView;
  /** Hears the method chosen, so the panel can show the bands editor for a block price. */
  onMethodChange: (method: PricingMethodFormValues['method']) => void;
}) {
  const form = useZodForm(ZPricingMethodForm, { defaultValues: valuesOf(view) });
  const schedule = useSchedulePricingMethod();
  const [method, scope] = form.watch(['method', 'covers.scope']);
  const isShare = method === 'PERCENT_OF_TOTAL';

  useEffect(() => onMethodChange(method), [method, onMethodChange]);

  const scopeOptions = COVER_SCOPES.map((value) => ({
    value,
    label:
      value === 'MODEL'
        ? `${SCOPE_LABELS.MODEL} (${view.model ?? 'no model set'})`
        : SCOPE_LABELS[value],
  }));

  return (
    <AppForm
      form={form}
      error={schedule.error}
      serverFields={FIELDS}
      aria-label="Schedule a pricing method"
      leaveGuard="the pricing method change"
      onSubmit={(body) =>
        schedule.mutateAsync(body, {
          // The form goes on from what was scheduled, no longer changed.
          onSuccess: (saved) =>
            form.reset({ ...valuesOf(saved), effective_from: body.effective_from }),
        })
      }
    >
      <FieldRow widths={[7, 5]}>
        <SelectField
          name="method"
          label="Method"
          isRequired
          options={PRICING_METHODS.map((value) => ({ value, label: METHOD_LABELS[value] }))}
          help={METHOD_HELP[method]}
        />
        <DateField name="effective_from" label="From" isRequired />
      </FieldRow>
      {isShare || method === 'COST_PLUS' ? (
        <FieldRow widths={[7]}>
          <TextField
            name="percent"
            label={isShare ? 'Share of the covered net unit price' : 'Markup on cost'}
            isRequired
            inputMode="decimal"
            placeholder={isShare ? '20' : '25'}
            suffix="%"
            isFigure
            help="0 to 1000, at most 2 decimals."
          />
        </FieldRow>
      ) : null}
      {isShare ? (
        <>
          <FieldRow widths={[7]}>
            <SelectField
              name="covers.scope"
              label="Covers"
              isRequired
              emptyLabel="Choose what it covers"
              options={scopeOptions}
            />
          </FieldRow>
          {scope === 'SKU' ? <CoveredSkusField /> : null}
          {scope !== 'SKU' && scope !== '' ? (
            <CheckboxListField
              name="covers.kinds"
              legend="Of the kinds"
              help="None ticked: every kind. A percent-of-total SKU never covers itself."
              options={COVERED_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))}
            />
          ) : null}
          <FieldRow widths={[6, 6]} breakpoint="xs">
            <TextField
              name="floor_usd"
              label="Floor (USD)"
              inputMode="decimal"
              prefix="$"
              placeholder="None"
              isFigure
            />
            <TextField
              name="ceiling_usd"
              label="Ceiling (USD)"
              inputMode="decimal"
              prefix="$"
              placeholder="None"
              isFigure
            />
          </FieldRow>
        </>
      ) : null}
      <FormProblem error={schedule.error} className="mb-3" />
      {schedule.isSuccess ? (
        <Alert
          variant="success"
          className="mb-3"
          role="status"
          dismissible
          onClose={() => schedule.reset()}
        >
          {successText(schedule.data.change)}
        </Alert>
      ) : null}
      <SubmitButton isPending={schedule.isPending}>Schedule</SubmitButton>
    </AppForm>
  );
}
