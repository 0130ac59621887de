import { formatDate } from '@bastion/domain/format/date-time';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { PendingIconButton } from '@/components/form/pending-button.tsx';

export interface DecimalInputProps {
  /** The accessible name, e.g. "Markup for Hardware". */
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  onEnter?: () => void;
  width?: string;
  placeholder?: string;
  prefix?: string;
  suffix?: string;
}

/** A decimal field for one row, with its unit before or after it and its problem beneath. */
export function DecimalInput(props: DecimalInputProps) {
  return (
    <div style={{ maxWidth: props.width ?? '9rem' }} className="ms-auto">
      <InputGroup size="sm" hasValidation>
        {props.prefix ? <InputGroup.Text>{props.prefix}</InputGroup.Text> : null}
        <Form.Control
          aria-label={props.label}
          inputMode="decimal"
          className="text-end"
          value={props.value}
          placeholder={props.placeholder}
          isInvalid={props.error !== null}
          onChange={(event) => props.onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') props.onEnter?.();
          }}
        />
        {props.suffix ? <InputGroup.Text>{props.suffix}</InputGroup.Text> : null}
        <Form.Control.Feedback type="invalid" className="text-start">
          {props.error}
        </Form.Control.Feedback>
      </InputGroup>
    </div>
  );
}

/** Save for one row: enabled only with a valid change; says when it is saving. */
export function SaveButton(props: {
  label: string;
  isDisabled: boolean;
  isPending: boolean;
  onSave: () => void;
}) {
  return (
    <PendingIconButton
      size="sm"
      variant="primary"
      icon="bi-check2"
      aria-label={props.label}
      disabled={props.isDisabled}
      isPending={props.isPending}
      onClick={props.onSave}
    >
      Save
    </PendingIconButton>
  );
}

/** What happened to a row's last save: "Saved" until the next edit, or the server's reason. */
export function RowStatus({ isSaved, problem }: { isSaved: boolean; problem: string | null }) {
  if (problem) {
    return (
      <div role="alert" className="small text-danger mt-1">
        {problem}
      </div>
    );
  }
  if (!isSaved) return null;
  return (
    <span role="status" className="small text-success text-nowrap">
      <i className="bi bi-check-circle-fill me-1" aria-hidden="true" />
      Saved
    </span>
  );
}

/** A multi-line text for one row, its problem beneath. */
export function TextAreaInput(
  props: Pick<DecimalInputProps, 'label' | 'value' | 'onChange' | 'error'>,
) {
  return (
    <>
      <Form.Control
        as="textarea"
        rows={3}
        size="sm"
        aria-label={props.label}
        value={props.value}
        isInvalid={props.error !== null}
        onChange={(event) => props.onChange(event.target.value)}
      />
      <Form.Control.Feedback type="invalid">{props.error}</Form.Control.Feedback>
    </>
  );
}

const userTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** When a row's figure was last saved, under it: "Updated 3 Mar 2026". */
export function UpdatedOn({ at }: { at: string }) {
  return (
    <div className="small text-body-secondary mt-1 text-nowrap">
      Updated {formatDate(Date.parse(at) / 1000, userTimeZone)}
    </div>
  );
}
