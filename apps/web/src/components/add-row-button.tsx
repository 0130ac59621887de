import Button from 'react-bootstrap/Button';

/** Under an editable table or list: the button that adds a row ("Add band"). */
export function AddRowButton(props: { children: string; onClick: () => void; className?: string }) {
  return (
    <Button size="sm" variant="outline-primary" className={props.className} onClick={props.onClick}>
      <i className="bi bi-plus-lg me-1" aria-hidden="true" />
      {props.children}
    </Button>
  );
}
