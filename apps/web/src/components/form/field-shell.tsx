import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';

/** The red star after a required field's label (screen readers hear aria-required instead). */
export function RequiredMark() {
  return (
    <span className="text-danger ms-1" aria-hidden="true">
      *
    </span>
  );
}

/** ids of a field's parts, so its control can point at its help and its message. */
export const messageIdOf = (id: string) => `${id}-message`;
export const helpIdOf = (id: string) => `${id}-help`;

/** aria-describedby of a control: its message when it has one, and its help. */
export function describedByOf(id: string, hasError: boolean, hasHelp: boolean) {
  const ids = [hasError ? messageIdOf(id) : null, hasHelp ? helpIdOf(id) : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/**
 * Label, control, help and message of one field: the same on every form, whether the control is
 * bound to react-hook-form (fields.tsx) or drawn by the recipe renderer.
 */
export function FieldShell(props: {
  id: string;
  label: ReactNode;
  isRequired?: boolean | undefined;
  help?: ReactNode;
  error?: string | undefined;
  className?: string | undefined;
  /** Hides the label visually (table cells); screen readers still read it. */
  isLabelHidden?: boolean;
  children: ReactNode;
}) {
  const { id, label, isRequired, help, error } = props;
  return (
    <Form.Group className={props.className ?? 'mb-3'} controlId={id}>
      <Form.Label className={props.isLabelHidden ? 'visually-hidden' : undefined}>
        {label}
        {isRequired ? <RequiredMark /> : null}
      </Form.Label>
      {props.children}
      <FieldNotes id={id} help={help} error={error} />
    </Form.Group>
  );
}

/** A field's help, then what is wrong with it: the ids its control's aria-describedby names. */
export function FieldNotes(props: {
  id: string;
  help?: ReactNode;
  error?: string | undefined;
  /** Announced as soon as it shows (a group of choices has no single control to describe). */
  isAlert?: boolean;
}) {
  const { id, help, error } = props;
  return (
    <>
      {help ? (
        <Form.Text id={helpIdOf(id)} className="d-block">
          {help}
        </Form.Text>
      ) : null}
      {error ? (
        <div
          id={messageIdOf(id)}
          className="invalid-feedback d-block"
          role={props.isAlert ? 'alert' : undefined}
        >
          {error}
        </div>
      ) : null}
    </>
  );
}
