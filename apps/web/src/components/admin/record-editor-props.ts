import type { UseMutationResult } from '@tanstack/react-query';
import type { EditorRemoval } from './editor-actions.tsx';

/** A record of an admin list: saves and removals name it by id, at the version the admin saw. */
export interface VersionedRecord {
  id: string;
  version: number;
}

/** What a save sends to say which record it changes: nothing for a new one. */
export const versionOf = (record: VersionedRecord | null) =>
  record ? { id: record.id, version: record.version } : {};

/**
 * The bookkeeping of the row an editor previews in its list while the save runs: the record's
 * own, or a stand-in for a new one (`new-…`) until the server's row takes its place.
 */
export function previewStampOf(
  record: (VersionedRecord & { updated_at: string; updated_by: string | null }) | null,
  newKey: string,
) {
  return {
    id: record?.id ?? `new-${newKey}`,
    version: record?.version ?? 1,
    updated_at: record?.updated_at ?? new Date().toISOString(),
    updated_by: record?.updated_by ?? null,
  };
}

/** An editor's starting values: the record's own where it has them, else these (a new record). */
export function formValuesOf<TValues extends object>(
  record: { [K in keyof TValues]?: TValues[K] } | null,
  defaults: TValues,
): TValues {
  const values = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof TValues)[]) {
    values[key] = record?.[key] ?? defaults[key];
  }
  return values;
}

/** The removal of the record an editor shows: asked about, then deleted through `mutation`. */
export interface RecordRemoval<TRow> {
  mutation: UseMutationResult<unknown, Error, TRow>;
  question: string;
  onDone: (row: TRow) => void;
  /** Instead of "Delete rule Thin margin". */
  label?: string;
}

/**
 * EditorForm's props about the record it edits, in the words every admin editor uses: "Create
 * rule" or "Save rule", "New rule" or "Edit rule Thin margin", and with `remove`, "Delete rule
 * Thin margin" after a question. The save's (or the removal's) error shows above the fields.
 * An editor whose words differ spreads these first and says its own after.
 */
export function recordEditorProps<TRow extends VersionedRecord>(
  record: TRow | null,
  /** "rule", and the record's name ("Thin margin"). */
  words: { noun: string; name: string | undefined },
  mutations: { save: { error: Error | null; isPending: boolean }; remove?: RecordRemoval<TRow> },
): {
  error: Error | null;
  isPending: boolean;
  submitText: string;
  'aria-label': string;
  what: string;
  remove: EditorRemoval | undefined;
} {
  const { noun, name } = words;
  const { save, remove } = mutations;
  return {
    error: save.error ?? remove?.mutation.error ?? null,
    isPending: save.isPending,
    submitText: record ? `Save ${noun}` : `Create ${noun}`,
    'aria-label': record ? `Edit ${noun} ${name}` : `New ${noun}`,
    what: record ? `the ${noun} ${name}` : `the new ${noun}`,
    remove:
      record && remove
        ? {
            label: remove.label ?? `Delete ${noun} ${name}`,
            question: remove.question,
            confirmText: `Delete ${noun}`,
            isPending: remove.mutation.isPending,
            onConfirm: () =>
              remove.mutation.mutate(record, { onSuccess: () => remove.onDone(record) }),
          }
        : undefined,
  };
}
