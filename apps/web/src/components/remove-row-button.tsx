import Button from 'react-bootstrap/Button';

/** The bin at the end of an editable table's row: removes the row, named for screen readers. */
export function RemoveRowButton({ name, onRemove }: { name: string; onRemove: () => void }) {
  return (
    <Button
      size="sm"
      variant="link"
      className="p-1 text-danger"
      aria-label={`Remove ${name}`}
      title="Remove"
      onClick={onRemove}
    >
      <i className="bi bi-trash" aria-hidden="true" />
    </Button>
  );
}
