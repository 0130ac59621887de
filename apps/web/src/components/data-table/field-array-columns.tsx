import type { ColumnDef, ColumnMeta } from '@tanstack/react-table';
import type { ComponentProps } from 'react';
import { TextField } from '@/components/form/fields.tsx';
import { RemoveRowButton } from '@/components/remove-row-button.tsx';

/*
 * Tables whose rows are a react-hook-form field array (useFieldArray), every row typed at once
 * and saved with the form: each cell holds one bound field of its row, its label (heard, not
 * shown) saying what it is and of which row ("Price of band 2"), and the last cell the row's bin.
 */

type TextInput = Pick<
  ComponentProps<typeof TextField>,
  'inputMode' | 'placeholder' | 'suffix' | 'maxLength'
>;

export interface TextColumnSpec<TRow> extends TextInput {
  /** The row's field the cell edits: `<array>.<index>.<field>` in the form's values. */
  field: keyof TRow & string;
  header: string;
  /** What the field is, before " of <row>" ("Price"). */
  label: string;
  /** Classes of the field beside `mb-0` (its width). */
  className?: string;
  meta?: ColumnMeta<TRow, unknown>;
}

/**
 * The columns of the field array `arrayName`, whose rows `rowName` names for screen readers
 * ("band 2", a SKU's code).
 */
export function fieldArrayColumns<TRow>(
  arrayName: string,
  rowName: (row: TRow, index: number) => string,
) {
  return {
    /** A text box bound to the row's `field`. */
    text: ({
      field,
      header,
      label,
      className,
      meta,
      ...input
    }: TextColumnSpec<TRow>): ColumnDef<TRow, unknown> => ({
      id: field,
      header,
      ...(meta ? { meta } : {}),
      cell: ({ row: { original, index } }) => (
        <TextField
          {...input}
          name={`${arrayName}.${index}.${field}`}
          label={`${label} of ${rowName(original, index)}`}
          isLabelHidden
          className={className ? `mb-0 ${className}` : 'mb-0'}
        />
      ),
    }),
    /** The last column: the bin that takes the row out of the array. */
    remove: (onRemove: (index: number) => void): ColumnDef<TRow, unknown> => ({
      id: 'actions',
      header: 'Actions',
      meta: { isHeaderHidden: true, align: 'end' },
      cell: ({ row: { original, index } }) => (
        <RemoveRowButton name={rowName(original, index)} onRemove={() => onRemove(index)} />
      ),
    }),
  };
}
