import { formatUnitPrice } from '@bastion/domain/catalog/price-text';
import { formatCurrency } from '@bastion/domain/format/currency';
import { MAX_PRICE_BANDS } from '@bastion/domain/pricing/method-messages';
import {
  ZPriceBlocksForm,
  type PriceBlocksFormValues,
} from '@bastion/domain/pricing/methods-schema';
import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { useFieldArray } from 'react-hook-form';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { AddRowButton } from '@/components/add-row-button.tsx';
import { fieldArrayColumns } from '@/components/data-table/field-array-columns.tsx';
import { AppForm, FormProblem, SubmitButton, useZodForm } from '@/components/form/form.tsx';
import {
  useSavePriceBlocks,
  type PriceBlockView,
  type SkuPricingView,
} from '../api/pricing-methods.ts';
import { plural } from './catalog-labels.ts';

type BandRow = PriceBlocksFormValues['bands'][number] & { id: string };

const bandsOf = (view: SkuPricingView, currency: string) =>
  view.blocks.filter((block) => block.currency_code === currency);

function valuesOf(view: SkuPricingView, currency: string): PriceBlocksFormValues {
  return {
    sku: view.sku,
    currency_code: currency,
    bands: bandsOf(view, currency).map((block) => ({
      min_quantity: String(block.min_quantity),
      max_quantity: block.max_quantity === null ? '' : String(block.max_quantity),
      price: formatUnitPrice(block.price_minor),
    })),
  };
}

function bandColumns(currency: string, onRemove: (index: number) => void) {
  const columns = fieldArrayColumns<BandRow>('bands', (_, index) => `band ${index + 1}`);
  return [
    columns.text({
      field: 'min_quantity',
      header: 'From',
      label: 'First quantity',
      inputMode: 'numeric',
      className: 'pricing-quantity-field',
    }),
    columns.text({
      field: 'max_quantity',
      header: 'To',
      label: 'Last quantity',
      inputMode: 'numeric',
      placeholder: 'No end',
      className: 'pricing-quantity-field',
    }),
    columns.text({
      field: 'price',
      header: `Price (${currency})`,
      meta: { align: 'end' },
      label: 'Price',
      inputMode: 'decimal',
      className: 'pricing-amount-field',
    }),
    columns.remove(onRemove),
  ];
}

/** One currency's bands: every row at once, saved whole. */
function BandsForm({ view, currency }: { view: SkuPricingView; currency: string }) {
  const form = useZodForm(ZPriceBlocksForm, {
    defaultValues: valuesOf(view, currency),
    mode: 'all',
  });
  const bands = useFieldArray({ control: form.control, name: 'bands' });
  const save = useSavePriceBlocks();
  const { isDirty } = form.formState;

  const addBand = () => {
    const last = form.getValues('bands').at(-1);
    const next =
      last && /^\d+$/.test(last.max_quantity.trim()) ? Number(last.max_quantity) + 1 : '';
    bands.append({ min_quantity: String(next), max_quantity: '', price: '' });
  };

  return (
    <AppForm
      form={form}
      error={save.error}
      className="pricing-rows"
      aria-label={`${currency} bands of ${view.sku}`}
      leaveGuard={`the ${currency} bands`}
      onSubmit={(body) =>
        save.mutateAsync(body, {
          onSuccess: (saved) => form.reset(valuesOf(saved, currency)),
        })
      }
    >
      <DataTable
        caption={`${currency} bands`}
        size="sm"
        getRowId={(row) => row.id}
        data={bands.fields}
        columns={bandColumns(currency, bands.remove)}
        emptyState={`No ${currency} bands: a block price in ${currency} has none to read.`}
      />
      <div className="d-flex flex-wrap align-items-center gap-2 mt-2">
        {bands.fields.length < MAX_PRICE_BANDS ? (
          <AddRowButton onClick={addBand}>Add band</AddRowButton>
        ) : null}
        <SubmitButton isPending={save.isPending} isDisabled={!isDirty}>
          {`Save ${currency} bands`}
        </SubmitButton>
      </div>
      <FormProblem error={save.error} className="mt-3 mb-0" />
      {save.isSuccess && !isDirty ? (
        <Alert variant="success" className="mt-3 mb-0" role="status">
          {`Saved ${plural(bandsOf(save.data, currency).length, 'band', 'bands')} in ${currency}.`}
        </Alert>
      ) : null}
    </AppForm>
  );
}

/** The bands as read-only text: "1–5: $2,995.00". */
export function PriceBlocksList({ blocks }: { blocks: readonly PriceBlockView[] }) {
  if (blocks.length === 0) return <p className="small text-body-secondary mb-0">No bands yet.</p>;
  return (
    <ul className="small mb-0">
      {blocks.map((block) => (
        <li key={`${block.currency_code}:${block.min_quantity}`}>
          {`${block.min_quantity}${block.max_quantity === null ? ' and more' : `–${block.max_quantity}`}: ${formatCurrency(block.price_minor, block.currency_code)}`}
        </li>
      ))}
    </ul>
  );
}

/**
 * A block-priced SKU's bands, one currency at a time: a flat price for any quantity from a band's
 * first to its last (blank: no end), bands never sharing a quantity; gaps have no block price.
 */
export function PriceBlocksEditor({ view }: { view: SkuPricingView }) {
  const currencyId = useId();
  const [currency, setCurrency] = useState(
    view.currency_codes.includes('USD') ? 'USD' : (view.currency_codes[0] ?? 'USD'),
  );
  return (
    <div className="d-flex flex-column gap-2">
      <Form.Group className="d-flex align-items-center gap-2" controlId={currencyId}>
        <Form.Label className="mb-0">Currency</Form.Label>
        <Form.Select
          size="sm"
          className="w-auto"
          value={currency}
          onChange={(event) => setCurrency(event.target.value)}
        >
          {view.currency_codes.map((code) => (
            <option key={code} value={code}>
              {`${code} (${plural(bandsOf(view, code).length, 'band', 'bands')})`}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <BandsForm key={currency} view={view} currency={currency} />
    </div>
  );
}
