/** What an admin editor tells its screen: the record it saved, or that it was closed unsaved. */
export interface EditorCallbacks<TRecord> {
  onSaved: (saved: TRecord) => void;
  onCancel: () => void;
}
