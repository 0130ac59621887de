import { useId, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { isApiError } from '../../../lib/api-client.ts';

/** Field messages of a refused save, by the server's path ("name", "team.0.email"…). */
export type FieldErrors = Readonly<Record<string, string>>;

export function fieldErrorsOf(error: unknown): FieldErrors {
  if (!isApiError(error)) return {};
  const errors: Record<string, string> = {};
  for (const item of error.errors) errors[item.path] ??= item.message;
  return errors;
}

/** What went wrong with a save, above the form: field problems point down to the fields. */
export function SaveProblem({ error }: { error: unknown }) {
  if (!error) return null;
  const hasFieldErrors = Object.keys(fieldErrorsOf(error)).length > 0;
  return (
    <Alert variant="danger" role="alert">
      {hasFieldErrors
        ? 'Nothing was saved. Correct the fields marked in red and save again.'
        : error instanceof Error
          ? error.message
          : 'Nothing was saved.'}
    </Alert>
  );
}

interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  type?: 'text' | 'email' | 'date' | 'number' | 'tel';
  isRequired?: boolean;
  maxLength?: number;
  help?: ReactNode;
  /** Suggestions offered as the user types (free text is still allowed). */
  suggestions?: readonly string[];
  placeholder?: string;
  inputMode?: 'decimal' | 'numeric';
  className?: string;
}

export function TextField(props: TextFieldProps) {
  const id = useId();
  const listId = props.suggestions ? `${id}-options` : undefined;
  return (
    <Form.Group className={props.className ?? 'mb-3'} controlId={id}>
      <Form.Label>
        {props.label}
        {props.isRequired ? (
          <span className="text-danger ms-1" aria-hidden="true">
            *
          </span>
        ) : null}
      </Form.Label>
      <Form.Control
        type={props.type ?? 'text'}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        isInvalid={Boolean(props.error)}
        required={props.isRequired}
        maxLength={props.maxLength}
        list={listId}
        placeholder={props.placeholder}
        inputMode={props.inputMode}
        min={props.type === 'number' ? 0 : undefined}
      />
      {props.suggestions ? (
        <datalist id={listId}>
          {props.suggestions.map((option) => (
            <option key={option} value={option} />
          ))}
        </datalist>
      ) : null}
      {props.help ? <Form.Text>{props.help}</Form.Text> : null}
      <Form.Control.Feedback type="invalid">{props.error}</Form.Control.Feedback>
    </Form.Group>
  );
}

interface SelectFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  error?: string | undefined;
  isRequired?: boolean;
  /** The label of the empty choice; none when every record must choose. */
  emptyLabel?: string;
  help?: ReactNode;
  isDisabled?: boolean;
  className?: string;
}

export function SelectField(props: SelectFieldProps) {
  const id = useId();
  return (
    <Form.Group className={props.className ?? 'mb-3'} controlId={id}>
      <Form.Label>
        {props.label}
        {props.isRequired ? (
          <span className="text-danger ms-1" aria-hidden="true">
            *
          </span>
        ) : null}
      </Form.Label>
      <Form.Select
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        isInvalid={Boolean(props.error)}
        required={props.isRequired}
        disabled={props.isDisabled}
      >
        {props.emptyLabel !== undefined ? <option value="">{props.emptyLabel}</option> : null}
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Form.Select>
      {props.help ? <Form.Text>{props.help}</Form.Text> : null}
      <Form.Control.Feedback type="invalid">{props.error}</Form.Control.Feedback>
    </Form.Group>
  );
}

export function CheckField(props: {
  label: string;
  isChecked: boolean;
  onChange: (isChecked: boolean) => void;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <Form.Check
      id={id}
      className="mb-2"
      type="checkbox"
      label={props.label}
      checked={props.isChecked}
      onChange={(event) => props.onChange(event.target.checked)}
      isInvalid={Boolean(props.error)}
      feedback={props.error}
      feedbackType="invalid"
    />
  );
}

/** A titled group of fields inside a record form. */
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

/** '' → null, "30" → 30; anything else is sent as typed for the server to refuse clearly. */
export function daysOrNull(text: string): number | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : Number(trimmed);
}

export const textOf = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);
