/*
 * The fields of a stored admin record every view of it ends with, as zEditedFields and
 * zVersionedFields (lib/envelope.ts) describe them.
 */

/** When the record last changed, and by whom (null: by no one known). */
export function editedFieldsOf(record: { updatedAt: Date }, editor: string | null) {
  return { updated_at: record.updatedAt.toISOString(), updated_by: editor };
}

/** The version a save must name, then when and by whom the record last changed. */
export function versionedFieldsOf(
  record: { version: number; updatedAt: Date },
  editor: string | null,
) {
  return { version: record.version, ...editedFieldsOf(record, editor) };
}
