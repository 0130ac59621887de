import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, type ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { ConfirmButton } from '@/components/confirm-button.tsx';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { DecimalInput, RowStatus, SaveButton, TextAreaInput } from './row-controls.tsx';
import {
  RowEditorsContext,
  textAt,
  useRowEditor,
  useRowEditors,
  type RowEditor,
  type RowEditorSpec,
  type RowValues,
} from './row-editor.ts';

/*
 * A margin-data table whose rows are edited in place: the columns are the page's, the Save,
 * Remove and status of each row are added here for those who may edit. Column definitions must
 * keep their identity between renders (module constants): their cells read the row's editor
 * from context, so an input keeps its focus while the user types.
 */

export function EditableTable<TRow, TValues extends RowValues, TOut>(props: {
  /** What the table lists, its accessible name ("Markups"). */
  caption: string;
  rows: readonly TRow[];
  columns: readonly ColumnDef<TRow, never>[];
  /** The Save / Remove column (see actionsColumn), shown to those who may edit. */
  actions: ColumnDef<TRow, never>;
  canEdit: boolean;
  spec: RowEditorSpec<TRow, TValues, TOut>;
  /** Above the table: how the figures are used. */
  intro?: ReactNode;
  footer?: ReactNode;
  emptyState?: ReactNode;
}) {
  const { canEdit, actions } = props;
  const editorOf = useRowEditors(props.spec);
  const columns = useMemo(
    () => (canEdit ? [...props.columns, actions] : props.columns),
    [canEdit, actions, props.columns],
  );
  return (
    <RowEditorsContext.Provider value={{ editorOf: (row) => editorOf(row as TRow), canEdit }}>
      <Card>
        <Card.Body>
          {props.intro ? <p className="text-body-secondary">{props.intro}</p> : null}
          <DataTable
            data={props.rows}
            columns={columns}
            caption={props.caption}
            getRowId={props.spec.rowId}
            emptyState={props.emptyState}
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

/** The last column of an editable table: Save, Remove (when `removal` gives one) and the status. */
export function actionsColumn<TRow>(options: {
  saveLabel: (row: TRow) => string;
  removal?: (row: TRow) => Removal | null;
  /** Said instead of Remove, when a row cannot be removed. */
  aside?: (row: TRow) => ReactNode;
  /** Room for the buttons and the status beside them. */
  minWidth: string;
}): ColumnDef<TRow, never> {
  return {
    id: 'actions',
    header: 'Actions',
    // Its buttons and status may wrap rather than push the table sideways.
    meta: { isHeaderHidden: true, isText: true },
    cell: ({ row }) => <RowActions row={row.original} {...options} />,
  };
}

function RowActions<TRow>(props: {
  row: TRow;
  saveLabel: (row: TRow) => string;
  removal?: (row: TRow) => Removal | null;
  aside?: (row: TRow) => ReactNode;
  minWidth: string;
}) {
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

/** A cell that edits the row in place, or shows `readOnly` to those who may not edit. */
function EditCell(props: {
  row: unknown;
  readOnly: ReactNode;
  children: (editor: RowEditor) => ReactNode;
}) {
  const { editor, canEdit } = useRowEditor(props.row);
  return <>{canEdit ? props.children(editor) : props.readOnly}</>;
}

/** What every editing cell is told: its row, the field it edits, its accessible name. */
interface EditCellProps {
  row: unknown;
  path: string;
  label: string;
  readOnly: ReactNode;
}

/** A decimal figure of the row, typed in place. */
export function DecimalCell(
  props: EditCellProps & { prefix?: string; suffix?: string; width?: string; placeholder?: string },
) {
  return (
    <EditCell row={props.row} readOnly={props.readOnly}>
      {(editor) => (
        <DecimalInput
          label={props.label}
          value={textAt(editor, props.path)}
          error={editor.errorOf(props.path)}
          prefix={props.prefix}
          suffix={props.suffix}
          width={props.width}
          placeholder={props.placeholder}
          onEnter={editor.submit}
          onChange={(next) => editor.change(props.path, next)}
        />
      )}
    </EditCell>
  );
}

/** A text of the row on several lines, typed in place. */
export function TextAreaCell(props: EditCellProps) {
  return (
    <EditCell row={props.row} readOnly={props.readOnly}>
      {(editor) => (
        <TextAreaInput
          label={props.label}
          value={textAt(editor, props.path)}
          error={editor.errorOf(props.path)}
          onChange={(next) => editor.change(props.path, next)}
        />
      )}
    </EditCell>
  );
}

/** A yes/no of the row, switched in place. */
export function SwitchCell(props: EditCellProps) {
  return (
    <EditCell row={props.row} readOnly={props.readOnly}>
      {(editor) => (
        <Form.Check
          type="switch"
          aria-label={props.label}
          checked={editor.values[props.path] === true}
          onChange={(event) => editor.change(props.path, event.target.checked)}
        />
      )}
    </EditCell>
  );
}
