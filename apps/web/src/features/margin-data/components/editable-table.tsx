import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, type CSSProperties, type ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { ConfirmButton } from '@/components/confirm-button.tsx';
import { DataTable } from '@/components/data-table/data-table.tsx';
import {
  DecimalInput,
  RowStatus,
  SaveButton,
  TextAreaInput,
  type DecimalInputProps,
} from './row-controls.tsx';
import {
  RowEditorsContext,
  textAt,
  useRowEditor,
  useRowEditors,
  type RowEditor,
  type RowEditorSpec,
  type RowValues,
} from '@/components/data-table/row-editors.ts';

/*
 * A margin-data table whose rows are edited in place: the columns are the page's, the Save,
 * Remove and status of each row are added here for those who may edit. Column definitions must
 * keep their identity between renders (module constants): their cells read the row's editor
 * from context, so an input keeps its focus while the user types.
 */

/** What an editable table shows, declared once: its name, its columns, and its Save / Remove column. */
export interface EditableColumns<TRow> {
  /** What the table lists, its accessible name ("Markups"). */
  caption: string;
  columns: readonly ColumnDef<TRow, never>[];
  /** What the last column's Save and Remove say, shown to those who may edit. */
  actions: RowActionsOptions<TRow>;
  /** What the table says when it has no rows (the `emptyState` prop says it when it varies). */
  emptyState?: ReactNode;
}

export function EditableTable<TRow, TValues extends RowValues, TOut>(props: {
  /** A module constant, so that the cells keep their identity. */
  table: EditableColumns<TRow>;
  rows: readonly TRow[];
  canEdit: boolean;
  spec: RowEditorSpec<TRow, TValues, TOut>;
  /** Above the table: how the figures are used. */
  intro?: ReactNode;
  footer?: ReactNode;
  emptyState?: ReactNode;
}) {
  const { canEdit, table } = props;
  const editorOf = useRowEditors(props.spec);
  const columns = useMemo(
    () => (canEdit ? [...table.columns, actionsColumn(table.actions)] : table.columns),
    [canEdit, table],
  );
  return (
    <RowEditorsContext.Provider value={{ editorOf: (row) => editorOf(row as TRow), canEdit }}>
      <Card>
        <Card.Body>
          {props.intro ? <p className="text-body-secondary">{props.intro}</p> : null}
          <DataTable
            data={props.rows}
            columns={columns}
            caption={table.caption}
            getRowId={props.spec.rowId}
            emptyState={props.emptyState ?? table.emptyState}
          />
          {props.footer}
        </Card.Body>
      </Card>
    </RowEditorsContext.Provider>
  );
}

/** How a row is removed: the button's accessible name and the question it asks. */
export interface Removal {
  label: string;
  question: string;
}

/** What a row's Save and Remove say: Remove only when `removal` gives one. */
export interface RowActionsOptions<TRow> {
  saveLabel: (row: TRow) => string;
  removal?: (row: TRow) => Removal | null;
  /** Said instead of Remove, when a row cannot be removed. */
  aside?: (row: TRow) => ReactNode;
  /** Room for the buttons and the status beside them. */
  minWidth: string;
}

/** The last column of an editable table: Save, Remove and the row's status. */
function actionsColumn<TRow>(options: RowActionsOptions<TRow>): ColumnDef<TRow, never> {
  return {
    id: 'actions',
    header: 'Actions',
    // Its buttons and status may wrap rather than push the table sideways.
    meta: { isHeaderHidden: true, isText: true },
    cell: ({ row }) => <RowActions row={row.original} {...options} />,
  };
}

function RowActions<TRow>(props: RowActionsOptions<TRow> & { row: TRow }) {
  const { editor } = useRowEditor(props.row);
  const removal = props.removal?.(props.row) ?? null;
  return (
    <div className="d-flex flex-wrap align-items-center gap-2" style={{ minWidth: props.minWidth }}>
      <SaveButton
        label={props.saveLabel(props.row)}
        isDisabled={!editor.canSave}
        isPending={editor.isPending}
        onSave={editor.submit}
      />
      {props.aside?.(props.row)}
      {removal ? (
        <ConfirmButton
          size="sm"
          label={removal.label}
          question={removal.question}
          confirmText="Remove"
          isPending={editor.isPending}
          onConfirm={editor.remove}
        />
      ) : null}
      <RowStatus isSaved={editor.isSaved} problem={editor.problem} />
    </div>
  );
}

/** What every editing cell is told: its row, the field it edits, its accessible name. */
interface EditCellProps {
  row: unknown;
  path: string;
  label: string;
  /** Shown instead to those who may not edit. */
  readOnly: ReactNode;
}

/** One field of a row, as the input that edits it takes it. */
interface CellField {
  label: string;
  value: string;
  error: string | null;
  onChange: (next: string) => void;
}

/** A kind of cell that edits one field of its row in place, drawn by `input`. */
function editCell<TProps extends EditCellProps>(
  input: (field: CellField, editor: RowEditor, props: TProps) => ReactNode,
) {
  return function EditCell(props: TProps) {
    const { editor, canEdit } = useRowEditor(props.row);
    if (!canEdit) return <>{props.readOnly}</>;
    const field: CellField = {
      label: props.label,
      value: textAt(editor, props.path),
      error: editor.errorOf(props.path),
      onChange: (next) => editor.change(props.path, next),
    };
    return <>{input(field, editor, props)}</>;
  };
}

/** How a decimal field looks: its unit before or after it, its width, its placeholder. */
type DecimalLooks = Pick<DecimalInputProps, 'prefix' | 'suffix' | 'width' | 'placeholder'>;

/** A decimal figure of the row, typed in place. */
const DecimalCell = editCell<EditCellProps & { looks: DecimalLooks }>((field, editor, props) => (
  <DecimalInput {...field} {...props.looks} onEnter={editor.submit} />
));

/** A text of the row on several lines, typed in place. */
export const TextAreaCell = editCell<EditCellProps>((field) => <TextAreaInput {...field} />);

/** A yes/no of the row, switched in place. */
export const SwitchCell = editCell<EditCellProps>((field, editor, props) => (
  <Form.Check
    type="switch"
    aria-label={field.label}
    checked={editor.values[props.path] === true}
    onChange={(event) => editor.change(props.path, event.target.checked)}
  />
));

/**
 * A column of a decimal figure typed in place (right-aligned); `after` goes under the figure
 * (when it was last changed, say).
 */
export function decimalColumn<TRow>(
  options: DecimalLooks & {
    id: string;
    header: ColumnDef<TRow, never>['header'];
    path: string;
    label: (row: TRow) => string;
    readOnly: (row: TRow) => ReactNode;
    after?: (row: TRow) => ReactNode;
  },
): ColumnDef<TRow, never> {
  const { id, header, path, label, readOnly, after, ...looks } = options;
  return {
    id,
    header,
    meta: { align: 'end' },
    cell: ({ row: { original: row } }) => (
      <>
        <DecimalCell
          row={row}
          path={path}
          label={label(row)}
          readOnly={readOnly(row)}
          looks={looks}
        />
        {after?.(row)}
      </>
    ),
  };
}

/** The first column, which names the row: its text wraps within `size` rather than crowd the figures. */
export function rowHeaderColumn<TRow>(options: {
  id: string;
  header: string;
  size: CSSProperties;
  cell: (row: TRow) => ReactNode;
}): ColumnDef<TRow, never> {
  return {
    id: options.id,
    header: options.header,
    meta: { isRowHeader: true, isText: true },
    cell: ({ row: { original: row } }) => (
      <div className="fw-normal text-wrap" style={options.size}>
        {options.cell(row)}
      </div>
    ),
  };
}
