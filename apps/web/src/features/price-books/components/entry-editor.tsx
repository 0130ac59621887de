import {
  ZPriceBookEntryForm,
  type PriceBookEntryFormValues,
} from '@bastion/domain/price-books/schemas';
import { useWatch } from 'react-hook-form';
import { EditorForm } from '@/components/admin/editor-form.tsx';
import { FieldRow } from '@/components/form/field-row.tsx';
import { SelectField, TextField } from '@/components/form/fields.tsx';
import { useZodForm } from '@/components/form/form.tsx';
import { useDebouncedSearch } from '@/lib/use-debounced-value.ts';
import {
  useRemovePriceBookEntry,
  useSetPriceBookEntry,
  useSkuCodes,
  type PriceBookEntry,
} from '../api/price-books.ts';
import { moneyOf, priceText } from './price-book-labels.ts';

/** The SKU field, with the catalogue's codes offered as the admin types. */
function SkuField({ isReadOnly }: { isReadOnly: boolean }) {
  const sku = useWatch<PriceBookEntryFormValues, 'sku'>({ name: 'sku' });
  const suggestions = useSkuCodes(useDebouncedSearch(isReadOnly ? '' : (sku ?? '')));
  return (
    <TextField
      name="sku"
      label="SKU"
      isRequired
      isReadOnly={isReadOnly}
      autoComplete="off"
      placeholder="BX-100F-HW"
      suggestions={suggestions}
    />
  );
}

/**
 * Sets a book's price of a SKU in a currency (a new entry, or one of the table's), or removes it:
 * the SKU's standard list then applies again. The server's messages show under their fields.
 */
export function EntryEditor(props: {
  book: { id: string; name: string };
  entry: PriceBookEntry | null;
  currencies: readonly string[];
  onCancel: () => void;
  onDone: (message: string) => void;
}) {
  const { book, entry } = props;
  const form = useZodForm(ZPriceBookEntryForm, {
    defaultValues: {
      sku: entry?.sku ?? '',
      currency_code: entry?.currency_code ?? props.currencies[0] ?? 'USD',
      unit_price: entry ? priceText(entry.unit_price_minor) : '',
    },
  });
  const currency = useWatch({ control: form.control, name: 'currency_code' });
  const save = useSetPriceBookEntry();
  const remove = useRemovePriceBookEntry();
  const label = entry ? `${entry.sku} in ${entry.currency_code}` : 'the new price';
  return (
    <EditorForm
      form={form}
      error={save.error ?? remove.error}
      isPending={save.isPending}
      submitText={entry ? 'Save price' : 'Add price'}
      aria-label={entry ? `Price of ${label}` : 'New price'}
      what={`the price of ${label}`}
      onCancel={props.onCancel}
      remove={
        entry
          ? {
              label: `Remove the price of ${label}`,
              question: `Remove it? Quotes priced from ${book.name} then take the standard list of ${entry.sku}.`,
              confirmText: 'Remove price',
              isPending: remove.isPending,
              onConfirm: () =>
                remove.mutate(
                  { price_book_id: book.id, sku: entry.sku, currency_code: entry.currency_code },
                  {
                    onSuccess: () => props.onDone(`Removed the ${label} price from ${book.name}.`),
                  },
                ),
            }
          : undefined
      }
      onSubmit={(values) =>
        save
          .mutateAsync({
            price_book_id: book.id,
            sku: values.sku,
            currency_code: values.currency_code,
            unit_price: values.unit_price,
          })
          .then((change) =>
            props.onDone(
              `${book.name}: ${change.sku} at ${moneyOf(change.unit_price_minor, change.currency_code)}${
                change.previous_price_minor === null
                  ? ''
                  : ` (was ${moneyOf(change.previous_price_minor, change.currency_code)})`
              }.`,
            ),
          )
      }
    >
      <SkuField isReadOnly={entry !== null} />
      <FieldRow widths={[5, 7]}>
        <SelectField
          name="currency_code"
          label="Currency"
          isReadOnly={entry !== null}
          options={props.currencies.map((code) => ({ value: code, label: code }))}
        />
        <TextField
          name="unit_price"
          label="Unit price"
          isRequired
          inputMode="decimal"
          isFigure
          placeholder="1234.50"
          suffix={currency}
          help={
            entry?.list_price_minor != null
              ? `Standard list: ${moneyOf(entry.list_price_minor, entry.currency_code)}`
              : undefined
          }
        />
      </FieldRow>
    </EditorForm>
  );
}
