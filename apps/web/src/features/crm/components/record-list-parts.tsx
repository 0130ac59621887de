import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { LoadState } from '@/components/admin/admin-layout.tsx';
import { EditorActions } from '@/components/admin/editor-actions.tsx';
import { AppForm, FormProblem } from '@/components/form/form.tsx';

export const PAGE_SIZE = 15;

export const resultCount = (total: number) =>
  total === 1 ? '1 result' : `${total.toLocaleString('en-US')} results`;

/**
 * The record a side panel edits, once loaded (null for a new one, which loads nothing): the
 * loading and failure states are LoadState's.
 */
export function LoadedRecord<T>(props: {
  id: string | null;
  query: UseQueryResult<T>;
  /** "the account": what is loading. */
  what: string;
  children: (record: T | null) => ReactNode;
}) {
  if (props.id === null) return <>{props.children(null)}</>;
  return (
    <LoadState query={props.query} what={props.what}>
      {props.children}
    </LoadState>
  );
}

/** What a record's editor in the side panel is given: the record (null: a new one), and the ways out. */
export interface RecordEditorProps<T, TOnSaved> {
  record: T | null;
  onSaved: TOnSaved;
  onCancel: () => void;
}

/**
 * The side panel's editor of one record: the record loads (none for a new one), then `Editor`
 * shows it, a fresh one per record so that its form starts from that record.
 */
export function loadedEditor<T extends { id: string }, TOnSaved>(options: {
  useRecord: (id: string | null) => UseQueryResult<T>;
  /** "the account": what is loading. */
  what: string;
  Editor: ComponentType<RecordEditorProps<T, TOnSaved>>;
}) {
  const { useRecord, Editor } = options;
  return function LoadedEditor(
    props: Omit<RecordEditorProps<T, TOnSaved>, 'record'> & { id: string | null },
  ) {
    const { id, ...ways } = props;
    const query = useRecord(id);
    return (
      <LoadedRecord id={id} query={query} what={options.what}>
        {(record) => <Editor key={record?.id ?? 'new'} record={record} {...ways} />}
      </LoadedRecord>
    );
  };
}

/**
 * A record editor's form: `save` sends it, the server's field messages land under the fields and
 * the rest below them, then Save and Cancel (or Close).
 */
export function RecordForm<TIn extends FieldValues, TOut extends FieldValues, TSaved>(props: {
  form: UseFormReturn<TIn, unknown, TOut>;
  save: UseMutationResult<TSaved, Error, TOut>;
  'aria-label': string;
  onSaved: (saved: TSaved) => void;
  onCancel: () => void;
  cancelText?: string;
  children: ReactNode;
}) {
  const { save } = props;
  return (
    <AppForm
      form={props.form}
      error={save.error}
      aria-label={props['aria-label']}
      leaveGuard={`this ${props['aria-label'].toLowerCase()}`}
      onSubmit={(values) => save.mutateAsync(values).then(props.onSaved)}
    >
      {props.children}
      <FormProblem error={save.error} />
      <EditorActions
        submitText="Save"
        isPending={save.isPending}
        onCancel={props.onCancel}
        cancelText={props.cancelText}
      />
    </AppForm>
  );
}
