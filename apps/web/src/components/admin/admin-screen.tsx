import type { QueryKey, UseQueryResult } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { ConfirmButton } from '../confirm-button.tsx';
import { DataTable } from '../data-table/data-table.tsx';
import { AppForm, FormProblem, showServerErrors, SubmitButton, useZodForm } from '../form/form.tsx';
import { SidePanel } from '../side-panel.tsx';
import { AdminLayout, LoadState, ReadOnlyNotice, type AdminTab } from './admin-layout.tsx';
import { useOptimisticListMutation, withoutRow, withRow } from './use-optimistic-list.ts';

/**
 * One admin resource: how its list loads and how a row is saved and removed. An area's api/
 * file declares it; AdminScreen does the rest.
 */
export interface AdminResource<TList, TRow, TValues extends FieldValues> {
  listKey: QueryKey;
  useList: () => UseQueryResult<TList>;
  rowsOf: (list: TList) => readonly TRow[];
  withRows: (list: TList, rows: TRow[]) => TList;
  canEdit: (list: TList) => boolean;
  rowId: (row: TRow) => string;
  /** The row's name in buttons and questions ("Delete markup Hardware"). */
  rowName: (row: TRow) => string;
  save: (values: TValues, editing: TRow | null) => Promise<unknown>;
  remove?: (row: TRow) => Promise<unknown>;
  /** How a saved row looks until the server answers, for the optimistic update. */
  preview: (values: TValues, editing: TRow | null) => TRow;
  /** Other lists a change shows in. */
  alsoInvalidates?: readonly QueryKey[];
}

export interface AdminScreenProps<TList, TRow, TIn extends FieldValues, TOut extends FieldValues> {
  title: string;
  subtitle: ReactNode;
  tabs?: { label: string; items: readonly AdminTab[] };
  /** "the markups": what the screen lists, for messages. */
  what: string;
  /** Singular, for buttons and the panel's title ("markup"). */
  noun: string;
  whoCanEdit: string;
  resource: AdminResource<TList, TRow, TOut>;
  columns: readonly ColumnDef<TRow, never>[];
  schema: z.ZodType<TOut, TIn>;
  /** The form's values for a new row (null) or for the row being edited. */
  valuesOf: (row: TRow | null) => DefaultValues<TIn>;
  /** The fields of the editor: Field components only. */
  fields: (editing: TRow | null) => ReactNode;
  /** Rows the filter text keeps (the filter bar shows when given). */
  matches?: (row: TRow, text: string) => boolean;
  /** Above the list (explanations, warnings). */
  intro?: (list: TList) => ReactNode;
  emptyState?: ReactNode;
  panelSize?: 'default' | 'large';
}

/**
 * The admin screen pattern: a list with a filter bar, an editor in a side panel, removal after
 * a question, and changes shown at once and taken back if the server refuses them.
 */
export function AdminScreen<TList, TRow, TIn extends FieldValues, TOut extends FieldValues>(
  props: AdminScreenProps<TList, TRow, TIn, TOut>,
) {
  const list = props.resource.useList();
  return (
    <AdminLayout title={props.title} subtitle={props.subtitle} tabs={props.tabs}>
      <LoadState query={list} what={props.what}>
        {(data) => <AdminScreenContent {...props} list={data} />}
      </LoadState>
    </AdminLayout>
  );
}

function AdminScreenContent<TList, TRow, TIn extends FieldValues, TOut extends FieldValues>(
  props: AdminScreenProps<TList, TRow, TIn, TOut> & { list: TList },
) {
  const { resource, list, noun } = props;
  const [filter, setFilter] = useState('');
  // undefined: panel closed; null: a new row; a row: that row.
  const [editing, setEditing] = useState<TRow | null | undefined>(undefined);
  const [isPanelShown, setIsPanelShown] = useState(false);
  const canEdit = resource.canEdit(list);
  const allRows = resource.rowsOf(list);
  const rows = useMemo(
    () =>
      props.matches && filter.trim()
        ? allRows.filter((row) => props.matches?.(row, filter.trim().toLowerCase()))
        : allRows,
    [allRows, filter, props],
  );
  const remove = useOptimisticListMutation<TList, TRow, unknown>({
    listKey: resource.listKey,
    mutationFn: (row) => resource.remove?.(row) ?? Promise.resolve(null),
    patch: (current, row) =>
      resource.withRows(
        current,
        withoutRow(resource.rowsOf(current), resource.rowId(row), resource.rowId),
      ),
    alsoInvalidates: resource.alsoInvalidates,
  });
  const columns = useMemo(() => {
    if (!canEdit || !resource.remove) return props.columns;
    const actions: ColumnDef<TRow, never> = {
      id: 'actions',
      header: 'Actions',
      meta: { isHeaderHidden: true, align: 'end' },
      cell: ({ row }) => (
        <ConfirmButton
          size="sm"
          label={`Delete ${noun} ${resource.rowName(row.original)}`}
          question={`Delete ${resource.rowName(row.original)}?`}
          confirmText="Delete"
          isPending={remove.isPending}
          onConfirm={() => remove.mutate(row.original)}
        />
      ),
    };
    return [...props.columns, actions];
  }, [canEdit, noun, props.columns, remove, resource]);

  const open = (row: TRow | null) => {
    setEditing(row);
    setIsPanelShown(true);
  };
  return (
    <div className="d-flex flex-column gap-3">
      {canEdit ? null : <ReadOnlyNotice whoCanEdit={props.whoCanEdit} />}
      {props.intro?.(list)}
      {props.matches || canEdit ? (
        <div className="d-flex flex-wrap gap-2 align-items-center">
          {props.matches ? (
            <Form.Control
              type="search"
              className="w-auto flex-grow-1"
              style={{ maxWidth: '24rem' }}
              placeholder="Filter…"
              aria-label={`Filter ${props.what}`}
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
            />
          ) : null}
          {canEdit ? (
            <Button className="ms-auto" onClick={() => open(null)}>
              <i className="bi bi-plus-lg me-1" aria-hidden="true" />
              New {noun}
            </Button>
          ) : null}
        </div>
      ) : null}
      {remove.isError ? <FormProblem error={remove.error} /> : null}
      <DataTable
        data={rows}
        columns={columns}
        caption={props.title}
        getRowId={resource.rowId}
        emptyState={props.emptyState}
        onRowOpen={canEdit ? (row) => open(row) : undefined}
        activeRowId={isPanelShown && editing ? resource.rowId(editing) : null}
      />
      <SidePanel
        show={isPanelShown}
        size={props.panelSize}
        title={editing ? `Edit ${noun} ${resource.rowName(editing)}` : `New ${noun}`}
        onHide={() => setIsPanelShown(false)}
        onExited={() => setEditing(undefined)}
      >
        {editing !== undefined ? (
          <AdminEditor
            {...props}
            // A new form for each row, so its values start from that row.
            key={editing ? resource.rowId(editing) : 'new'}
            editing={editing}
            onDone={() => setIsPanelShown(false)}
          />
        ) : null}
      </SidePanel>
    </div>
  );
}

function AdminEditor<TList, TRow, TIn extends FieldValues, TOut extends FieldValues>(
  props: AdminScreenProps<TList, TRow, TIn, TOut> & { editing: TRow | null; onDone: () => void },
) {
  const { resource, editing } = props;
  const form = useZodForm(props.schema, { defaultValues: props.valuesOf(editing) });
  const save = useOptimisticListMutation<TList, TOut, unknown>({
    listKey: resource.listKey,
    mutationFn: (values) => resource.save(values, editing),
    patch: (current, values) =>
      resource.withRows(
        current,
        withRow(resource.rowsOf(current), resource.preview(values, editing), resource.rowId),
      ),
    alsoInvalidates: resource.alsoInvalidates,
  });
  return (
    <AppForm
      form={form}
      aria-label={editing ? `Edit ${props.noun}` : `New ${props.noun}`}
      onSubmit={(values) =>
        save.mutate(values, {
          onSuccess: props.onDone,
          onError: (error) => showServerErrors(form, error),
        })
      }
    >
      <FormProblem error={save.error} />
      {props.fields(editing)}
      <div className="d-flex gap-2 mt-3">
        <SubmitButton isPending={save.isPending}>Save</SubmitButton>
        <Button variant="outline-secondary" onClick={props.onDone}>
          Cancel
        </Button>
      </div>
    </AppForm>
  );
}
