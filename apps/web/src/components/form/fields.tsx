import { useId, type ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { useController, useFormContext } from 'react-hook-form';
import { describedByOf, FieldNotes, FieldShell } from './field-shell.tsx';

/** What every bound field takes: its name in the form's values, and how it is shown. */
export interface BoundFieldProps {
  name: string;
  label: ReactNode;
  help?: ReactNode;
  isRequired?: boolean;
  isDisabled?: boolean;
  isReadOnly?: boolean;
  className?: string;
  isLabelHidden?: boolean;
}

const asText = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : '';

/** The field's value, its message (zod's or the server's) and the ids that tie them together. */
export function useBoundField(props: { name: string; help?: ReactNode }) {
  const id = useId();
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name: props.name, control });
  // Taken apart, so that reading the value is not mistaken for reading the ref during render.
  const { ref, ...binding } = field;
  const error = fieldState.error?.message;
  const describedBy = describedByOf(id, Boolean(error), Boolean(props.help));
  return {
    id,
    ref,
    binding,
    error,
    describedBy,
    /** What a text box or a select shows and changes: the value as text. */
    textBinding: {
      name: binding.name,
      value: asText(binding.value),
      onChange: (event: { target: { value: string } }) => binding.onChange(event.target.value),
      onBlur: binding.onBlur,
      isInvalid: Boolean(error),
      // Bootstrap's is-invalid is only a colour: screen readers hear aria-invalid.
      'aria-invalid': error ? (true as const) : undefined,
      'aria-describedby': describedBy,
    },
  };
}

/** FieldShell with what a bound field's props say about its label, help and message. */
export function BoundShell(props: {
  field: BoundFieldProps;
  id: string;
  error: string | undefined;
  children: ReactNode;
}) {
  // The id, the message and the control as given; the rest as the field's props say.
  const { field, ...shell } = props;
  return (
    <FieldShell
      {...shell}
      label={field.label}
      isRequired={field.isRequired}
      help={field.help}
      className={field.className}
      isLabelHidden={field.isLabelHidden}
    />
  );
}

export function TextField(
  props: BoundFieldProps & {
    type?: 'text' | 'email' | 'tel' | 'url' | 'password';
    placeholder?: string;
    maxLength?: number;
    inputMode?: 'decimal' | 'numeric' | 'email' | 'tel';
    autoComplete?: string;
    /** A textarea of this many rows instead of one line. */
    rows?: number;
    /** Text before and after the control ("$", "%", "cases"). */
    prefix?: ReactNode;
    suffix?: ReactNode;
    /** Suggestions offered as the user types (free text is still allowed). */
    suggestions?: readonly string[];
    /** Figures are right-aligned and monospaced. */
    isFigure?: boolean;
  },
) {
  const { id, ref, error, textBinding } = useBoundField(props);
  const listId = props.suggestions ? `${id}-options` : undefined;
  const control = (
    <Form.Control
      {...(props.rows
        ? { as: 'textarea' as const, rows: props.rows }
        : { type: props.type ?? 'text' })}
      {...textBinding}
      ref={ref}
      disabled={props.isDisabled}
      readOnly={props.isReadOnly}
      plaintext={props.isReadOnly}
      maxLength={props.maxLength}
      placeholder={props.placeholder}
      inputMode={props.inputMode}
      autoComplete={props.autoComplete}
      list={listId}
      className={props.isFigure ? 'text-end font-monospace' : undefined}
      aria-required={props.isRequired || undefined}
    />
  );
  return (
    <BoundShell field={props} id={id} error={error}>
      {props.prefix || props.suffix ? (
        <InputGroup hasValidation>
          {props.prefix ? <InputGroup.Text>{props.prefix}</InputGroup.Text> : null}
          {control}
          {props.suffix ? <InputGroup.Text>{props.suffix}</InputGroup.Text> : null}
        </InputGroup>
      ) : (
        control
      )}
      {props.suggestions ? (
        <datalist id={listId}>
          {props.suggestions.map((option) => (
            <option key={option} value={option} />
          ))}
        </datalist>
      ) : null}
    </BoundShell>
  );
}

export interface SelectOption {
  value: string;
  label: string;
  isDisabled?: boolean;
}

export function SelectField(
  props: BoundFieldProps & {
    options: readonly SelectOption[];
    /** The label of the empty choice; none when every record must choose. */
    emptyLabel?: string;
  },
) {
  const { id, ref, error, textBinding } = useBoundField(props);
  return (
    <BoundShell field={props} id={id} error={error}>
      <Form.Select
        {...textBinding}
        ref={ref}
        disabled={props.isDisabled || props.isReadOnly}
        aria-required={props.isRequired || undefined}
      >
        {props.emptyLabel !== undefined ? <option value="">{props.emptyLabel}</option> : null}
        {props.options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.isDisabled}>
            {option.label}
          </option>
        ))}
      </Form.Select>
    </BoundShell>
  );
}

export function CheckboxField(props: Omit<BoundFieldProps, 'isRequired' | 'isLabelHidden'>) {
  const { id, ref, binding: field, error, describedBy } = useBoundField(props);
  return (
    <Form.Group className={props.className ?? 'mb-2'}>
      <Form.Check
        id={id}
        type="checkbox"
        name={field.name}
        ref={ref}
        label={props.label}
        checked={field.value === true}
        onChange={(event) => field.onChange(event.target.checked)}
        onBlur={field.onBlur}
        disabled={props.isDisabled || props.isReadOnly}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <FieldNotes id={id} help={props.help} error={error} />
    </Form.Group>
  );
}

/** A titled group of fields inside a form. */
export function FieldSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="mb-3">
      <legend className="h6 text-body-secondary text-uppercase small fw-semibold mb-2">
        {title}
      </legend>
      {children}
    </fieldset>
  );
}
