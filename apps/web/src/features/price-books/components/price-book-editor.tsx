import { ZPriceBookForm, type PriceBookFormValues } from '@bastion/domain/price-books/schemas';
import { PRICE_BOOK_CHANNELS } from '@bastion/domain/price-books/limits';
import { EditorForm } from '@/components/admin/editor-form.tsx';
import { FieldRow } from '@/components/form/field-row.tsx';
import { CheckboxField, FieldSection, SelectField, TextField } from '@/components/form/fields.tsx';
import { DateField } from '@/components/form/date-field.tsx';
import { useZodForm } from '@/components/form/form.tsx';
import {
  useDeletePriceBook,
  useSavePriceBook,
  type PriceBookList,
  type PriceBookView,
} from '../api/price-books.ts';
import { plural } from './price-book-labels.ts';

const CHANNEL_LABELS: Readonly<Record<(typeof PRICE_BOOK_CHANNELS)[number], string>> = {
  DIRECT: 'DIRECT (sold by us)',
  T1: 'T1 (through a partner)',
  T2: 'T2 (a distributor and a partner)',
};

function valuesOf(book: PriceBookView | null, today: string): PriceBookFormValues {
  return {
    name: book?.name ?? '',
    segment: book?.segment ?? '',
    region: book?.region ?? '',
    sales_channel: book?.sales_channel ?? '',
    partner_type: book?.partner_type ?? '',
    priority: String(book?.priority ?? 0),
    effective_from: book?.effective_from ?? today,
    effective_to: book?.effective_to ?? '',
    is_active: book?.is_active ?? true,
  };
}

/**
 * Creates a price book or changes one (issue 35): its name, what quotes it is for (blank: any),
 * its priority and the days it is in effect. The server's messages show under their fields.
 */
export function PriceBookEditor(props: {
  book: PriceBookView | null;
  /** The list's suggestions: the CRM's segments, the regions, the partner types. */
  choices: Pick<PriceBookList, 'segments' | 'regions' | 'partner_types' | 'today'>;
  onCancel: () => void;
  onDone: (message: string, saved: PriceBookView | null) => void;
}) {
  const { book, choices } = props;
  const form = useZodForm(ZPriceBookForm, { defaultValues: valuesOf(book, choices.today) });
  const save = useSavePriceBook();
  const remove = useDeletePriceBook();
  const isUsed = (book?.quote_count ?? 0) > 0;
  return (
    <EditorForm
      form={form}
      error={save.error ?? remove.error}
      isPending={save.isPending}
      submitText={book ? 'Save price book' : 'Create price book'}
      aria-label={book ? `Edit price book ${book.name}` : 'New price book'}
      what={book ? `the price book ${book.name}` : 'the new price book'}
      onCancel={props.onCancel}
      remove={
        book && !isUsed
          ? {
              label: `Delete price book ${book.name}`,
              question: `Delete it and its ${plural(book.entry_count, 'price', 'prices')}? No quote was priced from it.`,
              confirmText: 'Delete price book',
              isPending: remove.isPending,
              onConfirm: () =>
                remove.mutate(
                  { id: book.id },
                  { onSuccess: () => props.onDone(`Deleted the price book ${book.name}.`, null) },
                ),
            }
          : undefined
      }
      onSubmit={(values) =>
        save
          .mutateAsync({ ...(book ? { id: book.id } : {}), ...values })
          .then((saved) =>
            props.onDone(`${book ? 'Saved' : 'Created'} the price book ${saved.name}.`, saved),
          )
      }
    >
      <TextField name="name" label="Name" isRequired maxLength={120} />
      <FieldSection title="Quotes it prices (blank: any)">
        <FieldRow widths={[6, 6]}>
          <TextField
            name="segment"
            label="Customer segment"
            suggestions={choices.segments}
            help="As the CRM names it, such as Public sector."
          />
          <TextField name="region" label="Region" suggestions={choices.regions} />
        </FieldRow>
        <FieldRow widths={[6, 6]}>
          <SelectField
            name="sales_channel"
            label="Sales channel"
            emptyLabel="Any channel"
            options={PRICE_BOOK_CHANNELS.map((value) => ({ value, label: CHANNEL_LABELS[value] }))}
          />
          <TextField name="partner_type" label="Partner type" suggestions={choices.partner_types} />
        </FieldRow>
      </FieldSection>
      <FieldRow widths={[4, 4, 4]}>
        <TextField
          name="priority"
          label="Priority"
          inputMode="numeric"
          isFigure
          help="0 to 1000; the highest wins."
        />
        <DateField name="effective_from" label="Effective from" isRequired />
        <DateField
          name="effective_to"
          label="Effective to"
          help="The first day it no longer applies; blank: open."
        />
      </FieldRow>
      <CheckboxField
        name="is_active"
        label="Active"
        help={
          isUsed
            ? `${plural(book?.quote_count ?? 0, 'quote was', 'quotes were')} priced from it: switch it off rather than delete it.`
            : 'A book switched off prices no quote.'
        }
      />
    </EditorForm>
  );
}
