import { useId, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { isApiError } from '../../../lib/api-client.ts';

/** Field messages of a refused save, by the server's path ("name", "unit_price"…). */
export type FieldErrors = Readonly<Record<string, string>>;

export function fieldErrorsOf(error: unknown): FieldErrors {
  if (!isApiError(error)) return {};
  const errors: Record<string, string> = {};
  for (const item of error.errors) errors[item.path] ??= item.message;
  return errors;
}

/** What went wrong, above the form: field problems point down to the fields. */
export function SaveProblem({ error, fields }: { error: unknown; fields: readonly string[] }) {
  if (!error) return null;
  const errors = fieldErrorsOf(error);
  const isAboutShownFields = fields.some((field) => errors[field]);
  return (
    <Alert variant="danger" role="alert">
      {isAboutShownFields
        ? 'Nothing was saved. Correct the fields marked in red and try again.'
        : error instanceof Error
          ? error.message
          : 'Nothing was saved.'}
    </Alert>
  );
}

interface FieldProps {
  label: string;
  error?: string | undefined;
  isRequired?: boolean;
  help?: ReactNode;
  className?: string;
}

function Label({ label, isRequired }: { label: string; isRequired?: boolean | undefined }) {
  return (
    <Form.Label>
      {label}
      {isRequired ? (
        <span className="text-danger ms-1" aria-hidden="true">
          *
        </span>
      ) : null}
    </Form.Label>
  );
}

export function TextField(
  props: FieldProps & {
    value: string;
    onChange: (value: string) => void;
    type?: 'text' | 'date';
    maxLength?: number;
    placeholder?: string;
    inputMode?: 'decimal';
    isDisabled?: boolean;
    isMultiline?: boolean;
    min?: string;
  },
) {
  const id = useId();
  return (
    <Form.Group className={props.className ?? 'mb-3'} controlId={id}>
      <Label label={props.label} isRequired={props.isRequired} />
      {props.isMultiline ? (
        <Form.Control
          as="textarea"
          rows={3}
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
          isInvalid={Boolean(props.error)}
          maxLength={props.maxLength}
          disabled={props.isDisabled}
        />
      ) : (
        <Form.Control
          type={props.type ?? 'text'}
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
          isInvalid={Boolean(props.error)}
          required={props.isRequired}
          maxLength={props.maxLength}
          placeholder={props.placeholder}
          inputMode={props.inputMode}
          disabled={props.isDisabled}
          min={props.min}
        />
      )}
      {props.help ? <Form.Text>{props.help}</Form.Text> : null}
      <Form.Control.Feedback type="invalid">{props.error}</Form.Control.Feedback>
    </Form.Group>
  );
}

export function SelectField(
  props: FieldProps & {
    value: string;
    onChange: (value: string) => void;
    options: readonly { value: string; label: string }[];
    /** The label of the empty choice; none when a choice is required. */
    emptyLabel?: string;
    isDisabled?: boolean;
  },
) {
  const id = useId();
  return (
    <Form.Group className={props.className ?? 'mb-3'} controlId={id}>
      <Label label={props.label} isRequired={props.isRequired} />
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
  help?: string;
  isChecked: boolean;
  onChange: (isChecked: boolean) => void;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <Form.Group className="mb-2">
      <Form.Check
        id={id}
        type="switch"
        label={props.label}
        checked={props.isChecked}
        onChange={(event) => props.onChange(event.target.checked)}
        isInvalid={Boolean(props.error)}
        feedback={props.error}
        feedbackType="invalid"
      />
      {props.help ? <Form.Text className="d-block ms-5">{props.help}</Form.Text> : null}
    </Form.Group>
  );
}
