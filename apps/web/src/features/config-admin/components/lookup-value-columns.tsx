import { ZLookupValueLabel } from '@bastion/domain/forms/schemas';
import type { ColumnDef } from '@tanstack/react-table';
import { createContext, useContext } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { z } from 'zod';
import {
  textAt,
  useRowEditor,
  type RowEditor,
  type RowEditorSpec,
} from '@/components/data-table/row-editors.ts';
import type { LookupValue, SaveLookupValueInput } from '../api/lookup-lists.ts';
import { FamilySelect, InlineProblem } from './lookup-value-parts.tsx';

/*
 * The columns of a list's values, each value edited in its row: its order, label, family and
 * whether forms offer it. The cells read their row's editor (and the list) from context, so the
 * columns are module constants and an input keeps its focus while the user types.
 */

/** A value's fields as its row edits them; the label is checked as the server checks it. */
const ZLookupValueFields = z.object({
  label: ZLookupValueLabel,
  /** '' is none, as the family select says it. */
  family: z.string().transform((family) => (family === '' ? null : family)),
  /** Flipped by its switch, which saves it at once; a draft carries it as saved. */
  is_active: z.boolean(),
});

/** How a list's values are edited in their rows, saved with the list's save. */
export function lookupValueEditing(
  lookup: string,
  save: (input: SaveLookupValueInput) => Promise<unknown>,
): RowEditorSpec<
  LookupValue,
  z.input<typeof ZLookupValueFields>,
  z.output<typeof ZLookupValueFields>
> {
  return {
    rowId: (value) => value.value,
    schema: ZLookupValueFields,
    valuesOf: (value) => ({
      label: value.label,
      family: value.family ?? '',
      is_active: value.is_active,
    }),
    isUnchanged: (fields, value) => fields.label === value.label && fields.family === value.family,
    save: (fields, value) => save({ lookup, value: value.value, ...fields }),
  };
}

/** What the cells need of the list the table shows. */
export interface LookupListOfTable {
  lookup: string;
  /** The list's families, when it uses them. */
  families: readonly string[];
  count: number;
  isMoving: boolean;
  onMove: (code: string, direction: 'up' | 'down') => void;
}

export const LookupListContext = createContext<LookupListOfTable | null>(null);

function useLookupList(): LookupListOfTable {
  const list = useContext(LookupListContext);
  if (!list) throw new Error('The cells of a lookup list need LookupListContext.');
  return list;
}

/** Whether the row's label or family differs from what is saved (an empty label included). */
const isEdited = (editor: RowEditor, value: LookupValue) =>
  textAt(editor, 'label').trim() !== value.label ||
  textAt(editor, 'family') !== (value.family ?? '');

function MoveButtons({ value, index }: { value: LookupValue; index: number }) {
  const list = useLookupList();
  return (
    <div className="btn-group btn-group-sm">
      {(['up', 'down'] as const).map((direction) => (
        <Button
          key={direction}
          variant="outline-secondary"
          aria-label={`Move ${value.value} ${direction}`}
          disabled={!(direction === 'up' ? index > 0 : index < list.count - 1) || list.isMoving}
          onClick={() => list.onMove(value.value, direction)}
        >
          <i className={`bi bi-arrow-${direction}`} aria-hidden="true" />
        </Button>
      ))}
    </div>
  );
}

function LabelInput({ value }: { value: LookupValue }) {
  const { editor } = useRowEditor(value);
  const problem = editor.errorOf('label');
  return (
    <>
      <Form.Control
        size="sm"
        aria-label={`Label of ${value.value}`}
        value={textAt(editor, 'label')}
        maxLength={120}
        isInvalid={problem !== null}
        onChange={(e) => editor.change('label', e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') editor.submit();
          if (e.key === 'Escape') editor.discard();
        }}
      />
      <InlineProblem message={problem} />
    </>
  );
}

function FamilyInput({ value }: { value: LookupValue }) {
  const { editor } = useRowEditor(value);
  const { families } = useLookupList();
  return (
    <FamilySelect
      label={`Family of ${value.value}`}
      families={families}
      value={textAt(editor, 'family') || null}
      problem={editor.errorOf('family')}
      onChange={(next) => editor.change('family', next ?? '')}
    />
  );
}

function OfferedSwitch({ value }: { value: LookupValue }) {
  const { editor } = useRowEditor(value);
  const { lookup } = useLookupList();
  return (
    <>
      <Form.Check
        type="switch"
        id={`lookup-active-${lookup}-${value.value}`}
        aria-label={`Offer ${value.value}`}
        label={value.is_active ? 'On' : 'Off'}
        checked={value.is_active}
        disabled={editor.isPending}
        onChange={(e) => editor.saveField('is_active', e.target.checked)}
      />
      <InlineProblem message={editor.errorOf('is_active')} />
    </>
  );
}

function ValueActions({ value }: { value: LookupValue }) {
  const { editor } = useRowEditor(value);
  return (
    <>
      {isEdited(editor, value) ? (
        <div className="d-flex gap-1 justify-content-end">
          <Button
            size="sm"
            variant="primary"
            aria-label={`Save ${value.value}`}
            disabled={editor.isPending || !editor.canSave}
            onClick={editor.submit}
          >
            Save
          </Button>
          <Button
            size="sm"
            variant="outline-secondary"
            aria-label={`Undo the changes to ${value.value}`}
            onClick={editor.discard}
          >
            Undo
          </Button>
        </div>
      ) : editor.isSaved ? (
        <span role="status" className="small text-success text-nowrap">
          <i className="bi bi-check-circle-fill me-1" aria-hidden="true" />
          Saved
        </span>
      ) : null}
      <InlineProblem message={editor.problem} />
    </>
  );
}

/** Every column; lists without families leave out the Family column. */
const COLUMNS: readonly ColumnDef<LookupValue, never>[] = [
  {
    id: 'order',
    header: 'Order',
    meta: { className: 'lookup-col-order' },
    cell: ({ row }) => <MoveButtons value={row.original} index={row.index} />,
  },
  {
    id: 'code',
    header: 'Code',
    meta: { isText: true, className: 'lookup-col-code' },
    cell: ({ row: { original: value } }) => (
      <code className={value.is_active ? undefined : 'text-body-secondary'}>{value.value}</code>
    ),
  },
  {
    id: 'label',
    header: 'Label',
    meta: { isText: true },
    cell: ({ row }) => <LabelInput value={row.original} />,
  },
  {
    id: 'family',
    header: 'Family',
    meta: { isText: true, className: 'lookup-col-family' },
    cell: ({ row }) => <FamilyInput value={row.original} />,
  },
  {
    id: 'offered',
    header: 'Offered',
    meta: { isText: true, className: 'lookup-col-offered' },
    cell: ({ row }) => <OfferedSwitch value={row.original} />,
  },
  {
    id: 'actions',
    header: 'Actions',
    meta: { isHeaderHidden: true, isText: true, className: 'lookup-col-actions text-end' },
    cell: ({ row }) => <ValueActions value={row.original} />,
  },
];

export const LOOKUP_VALUE_COLUMNS = {
  withFamilies: COLUMNS,
  withoutFamilies: COLUMNS.filter((column) => column.id !== 'family'),
};
