import { createContext, useContext, useState } from 'react';
import type { z } from 'zod';
import { fieldErrorsOf, problemOf } from '@/lib/api-problems.ts';

/*
 * Rows edited in place, inside a DataTable: each row's values are typed in the row itself and
 * saved with the row's Save button. They are checked as the user types with the schema the
 * server checks the save with, so the row says what the server would say before anything is
 * sent; what the server still refuses shows in the same places. Cells read their row's editor
 * from RowEditorsContext, so column definitions keep their identity and inputs keep focus.
 */

/** A row's values by field: text, a yes/no, or a list of texts (one per year). */
export type RowValues = Record<string, string | boolean | readonly string[]>;

/** How one table's rows are edited. */
export interface RowEditorSpec<TRow, TValues extends RowValues, TOut> {
  rowId: (row: TRow) => string;
  /** A row's values, as the server checks them when saved. */
  schema: z.ZodType<TOut, TValues>;
  /** What a row's fields show before anything is typed. */
  valuesOf: (row: TRow) => TValues;
  /** Whether checked values say what the row already says (then there is nothing to save). */
  isUnchanged: (values: TOut, row: TRow) => boolean;
  save: (values: TOut, row: TRow) => Promise<unknown>;
  remove?: (row: TRow) => Promise<unknown>;
}

export interface RowEditor {
  values: RowValues;
  /** Something was typed since the row was loaded or last saved. */
  isDrafting: boolean;
  /** The message for a field ("percent", "percents.2"): zod's while typing, else the server's. */
  errorOf: (path: string) => string | null;
  /** Why the last save or removal was refused, where no field of the row says it. */
  problem: string | null;
  isSaved: boolean;
  canSave: boolean;
  isPending: boolean;
  change: (path: string, value: string | boolean) => void;
  submit: () => void;
  /**
   * Saves the row as loaded with this one field changed, at once (a switch that takes effect
   * when flipped); a draft of the other fields stays.
   */
  saveField: (path: string, value: string | boolean) => void;
  /** Forgets the draft, and what the last save said. */
  discard: () => void;
  remove: () => void;
}

interface RowState {
  draft?: RowValues;
  isSaved?: boolean;
  isPending?: boolean;
  error?: unknown;
}

/** "percents.2" → ['percents', 2]-style access into a row's values. */
function valueAt(values: RowValues, path: string): unknown {
  const [key = '', index] = path.split('.');
  const value = values[key];
  return index !== undefined && Array.isArray(value) ? value[Number(index)] : value;
}

function withValueAt(values: RowValues, path: string, next: string | boolean): RowValues {
  const [key = '', index] = path.split('.');
  const current = values[key];
  if (index === undefined || !Array.isArray(current)) return { ...values, [key]: next };
  const list = [...(current as readonly string[])];
  list[Number(index)] = String(next);
  return { ...values, [key]: list };
}

/** Every field path a row has: "percent", or "percents.0" … "percents.4". */
function pathsOf(values: RowValues): Set<string> {
  const paths = new Set<string>();
  for (const [key, value] of Object.entries(values)) {
    if (Array.isArray(value)) value.forEach((_, index) => paths.add(`${key}.${index}`));
    else paths.add(key);
  }
  return paths;
}

/** The editors of a table's rows: `editorOf(row)` for each row shown. */
export function useRowEditors<TRow, TValues extends RowValues, TOut>(
  spec: RowEditorSpec<TRow, TValues, TOut>,
): (row: TRow) => RowEditor {
  const [states, setStates] = useState<Readonly<Record<string, RowState>>>({});
  const update = (id: string, next: (state: RowState) => RowState) =>
    setStates((current) => ({ ...current, [id]: next(current[id] ?? {}) }));

  /** Runs a save or removal; once done, the row's state is what `done` makes of it. */
  const run = (id: string, call: () => Promise<unknown>, done: (state: RowState) => RowState) => {
    update(id, (state) => ({ ...state, isPending: true, error: undefined, isSaved: false }));
    call().then(
      () => update(id, done),
      (error: unknown) => update(id, (state) => ({ ...state, isPending: false, error })),
    );
  };

  return (row) => {
    const id = spec.rowId(row);
    const state = states[id] ?? {};
    const values = state.draft ?? spec.valuesOf(row);
    const isDrafting = state.draft !== undefined;
    const parsed = spec.schema.safeParse(values);
    const typingErrors: Record<string, string> = {};
    if (isDrafting && !parsed.success) {
      for (const issue of parsed.error.issues) typingErrors[issue.path.join('.')] ??= issue.message;
    }
    const serverErrors = fieldErrorsOf(state.error);
    const paths = pathsOf(values);
    const unplaced = Object.entries(serverErrors).filter(([path]) => !paths.has(path));
    const isChanged = parsed.success && !spec.isUnchanged(parsed.data, row);
    const submit = () => {
      if (!isDrafting || !parsed.success || !isChanged || state.isPending) return;
      // The row shows the list's values again.
      run(
        id,
        () => spec.save(parsed.data, row),
        () => ({ isSaved: true }),
      );
    };
    return {
      values,
      isDrafting,
      errorOf: (path) => typingErrors[path] ?? serverErrors[path] ?? null,
      problem: !state.error
        ? null
        : Object.keys(serverErrors).length === 0
          ? problemOf(state.error)
          : unplaced.length > 0
            ? unplaced.map(([, message]) => message).join(' ')
            : null,
      isSaved: state.isSaved === true,
      canSave: isDrafting && isChanged,
      isPending: state.isPending === true,
      change: (path, value) =>
        update(id, (current) => ({
          draft: withValueAt(current.draft ?? values, path, value),
          isPending: current.isPending,
        })),
      submit,
      saveField: (path, value) => {
        const checked = spec.schema.safeParse(withValueAt(spec.valuesOf(row), path, value));
        if (!checked.success || state.isPending) return;
        run(
          id,
          () => spec.save(checked.data, row),
          ({ draft }) => ({ draft: draft && withValueAt(draft, path, value), isSaved: true }),
        );
      },
      discard: () => update(id, (current) => ({ isPending: current.isPending })),
      remove: () => {
        const remove = spec.remove;
        if (remove)
          run(
            id,
            () => remove(row),
            () => ({}),
          );
      },
    };
  };
}

/** The value of a field of the row, as text. */
export const textAt = (editor: RowEditor, path: string) => {
  const value = valueAt(editor.values, path);
  return typeof value === 'string' ? value : '';
};

/** What the cells of a table edited in place read: the row editors and whether the user may edit. */
export interface EditableTableContext {
  editorOf: (row: unknown) => RowEditor;
  canEdit: boolean;
}

export const RowEditorsContext = createContext<EditableTableContext | null>(null);

/** The editor of this row, for a cell of a table edited in place. */
export function useRowEditor(row: unknown): { editor: RowEditor; canEdit: boolean } {
  const context = useContext(RowEditorsContext);
  if (!context)
    throw new Error('useRowEditor is for the cells of a table under RowEditorsContext.');
  return { editor: context.editorOf(row), canEdit: context.canEdit };
}
