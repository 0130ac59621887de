import type { FieldState, JsonValue, Lookups } from '@bastion/domain/forms/recipe';
import Form from 'react-bootstrap/Form';
import { DateInput } from '../form/date-input.tsx';
import { describedByOf, FieldNotes, FieldShell } from '../form/field-shell.tsx';
import { textOf } from './composite-values.ts';
import { SecureAccessInput } from './secure-access-input.tsx';
import { ShippingBreakupsInput } from './shipping-breakups-input.tsx';

export interface FieldControlProps {
  field: FieldState;
  /** The field's value; a DateRange gets its two dates from `values`. */
  value: JsonValue | undefined;
  values: Readonly<Record<string, JsonValue | undefined>>;
  /** The message shown under the field, if any. */
  error: string | undefined;
  /** ShippingBreakups and SecureAccess: the errors of their parts, keyed below the field. */
  partErrors: Readonly<Record<string, string>>;
  lookups: Lookups;
  /** id of the element that says what is wrong, for aria-describedby. */
  id: string;
  onChange: (field: string, value: JsonValue | undefined) => void;
  onBlur: () => void;
}

const asText = (value: JsonValue | undefined) =>
  value === undefined || value === null ? '' : typeof value === 'object' ? '' : String(value);

const asList = (value: JsonValue | undefined): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** Empty inputs mean "no value", so required checks and payloads see undefined, not ''. */
const orUndefined = (text: string) => (text === '' ? undefined : text);

/** One field of a recipe, drawn by its renderer (spec §3). */
export function FieldControl(props: FieldControlProps) {
  const { field, value, values, error, id, onChange, onBlur } = props;
  const isInvalid = Boolean(error);
  const describedBy = describedByOf(id, isInvalid, Boolean(field.help_text));
  const isRequired = Boolean(field.is_required && !field.is_optional);
  // Label, required mark, help and message: the kit's, as on every other form.
  const shell = { id, label: field.label, isRequired, help: field.help_text, error };
  const inputProps = {
    disabled: field.is_disabled,
    isInvalid,
    onBlur,
    'aria-invalid': isInvalid || undefined,
    'aria-describedby': describedBy,
    'aria-required': isRequired || undefined,
  };

  // What a field made of parts takes: the quote it is for, and its parts' messages.
  const composite = {
    field,
    value,
    quoteType: textOf(values.quote_type),
    contractLength: values.contract_length,
    errors: props.partErrors,
    id,
    onChange: (next: JsonValue | undefined) => onChange(field.field, next),
    onBlur,
  };

  switch (field.renderer ?? 'Text') {
    case 'ShippingBreakups':
      return <ShippingBreakupsInput {...composite} lookups={props.lookups} />;
    case 'SecureAccess':
      return <SecureAccessInput {...composite} />;
    case 'Checkbox':
      // The label follows the box, as the kit's CheckboxField draws it.
      return (
        <Form.Group className="recipe-field recipe-field-check">
          <Form.Check
            type="checkbox"
            id={id}
            label={field.label}
            checked={value === true}
            disabled={field.is_disabled}
            isInvalid={isInvalid}
            onBlur={onBlur}
            aria-invalid={isInvalid || undefined}
            aria-describedby={describedBy}
            onChange={(event) => onChange(field.field, event.target.checked)}
          />
          <FieldNotes id={id} help={field.help_text} error={error} />
        </Form.Group>
      );
    case 'CheckBoxGroup': {
      const selected = asList(value);
      return (
        <FieldShell {...shell} className="recipe-field">
          <div role="group" aria-label={field.label} aria-describedby={describedBy}>
            {(field.options ?? []).map((option) => (
              <Form.Check
                key={option.value}
                inline
                type="checkbox"
                id={`${id}-${option.value}`}
                label={option.label}
                checked={selected.includes(option.value)}
                disabled={field.is_disabled}
                isInvalid={isInvalid}
                onBlur={onBlur}
                onChange={(event) => {
                  const next = event.target.checked
                    ? [...selected, option.value]
                    : selected.filter((v) => v !== option.value);
                  onChange(field.field, next.length > 0 ? next : undefined);
                }}
              />
            ))}
          </div>
        </FieldShell>
      );
    }
    case 'DateRange': {
      const startKey = field.field1 ?? `${field.field}_start`;
      const endKey = field.field2 ?? `${field.field}_end`;
      return (
        <FieldShell {...shell} className="recipe-field">
          <div className="recipe-date-range">
            <DateInput
              {...inputProps}
              id={id}
              aria-label={`${field.label}: from`}
              value={asText(values[startKey])}
              max={asText(values[endKey]) || undefined}
              onChange={(next) => onChange(startKey, orUndefined(next))}
            />
            <span className="text-body-secondary" aria-hidden="true">
              to
            </span>
            <DateInput
              {...inputProps}
              id={`${id}-end`}
              aria-label={`${field.label}: to`}
              value={asText(values[endKey])}
              min={asText(values[startKey]) || undefined}
              onChange={(next) => onChange(endKey, orUndefined(next))}
            />
          </div>
        </FieldShell>
      );
    }
    default:
      return (
        <FieldShell {...shell} className="recipe-field">
          <SimpleInput field={field} value={value} inputProps={inputProps} onChange={onChange} />
        </FieldShell>
      );
  }
}

/** A number typed as text, or undefined when there is none. */
function numberOrUndefined(text: string): number | undefined {
  const trimmed = text.trim();
  const number = Number(trimmed);
  return trimmed !== '' && Number.isFinite(number) ? number : undefined;
}

/** A one-control renderer: how its input looks, and the value its text stands for. */
interface TextInput {
  attributes: (field: FieldState) => Record<string, unknown>;
  valueOf: (text: string) => JsonValue | undefined;
}

/** Text, and any renderer without an input of its own. */
const PLAIN_TEXT: TextInput = { attributes: () => ({ type: 'text' }), valueOf: orUndefined };

const TEXT_INPUTS: Readonly<Record<string, TextInput>> = {
  TextArea: { attributes: () => ({ as: 'textarea', rows: 3 }), valueOf: orUndefined },
  Number: {
    attributes: (field) => ({
      type: 'number',
      inputMode: 'decimal',
      min: field.min,
      max: field.max,
    }),
    valueOf: numberOrUndefined,
  },
  EmailInput: {
    attributes: () => ({ type: 'email', autoComplete: 'email' }),
    valueOf: (text) => orUndefined(text.trim()),
  },
};

function SimpleInput({
  field,
  value,
  inputProps: props,
  onChange,
}: {
  field: FieldState;
  value: JsonValue | undefined;
  /** Shared by every input: disabled, invalid, blur and aria wiring. */
  inputProps: Record<string, unknown>;
  onChange: FieldControlProps['onChange'];
}) {
  switch (field.renderer ?? 'Text') {
    case 'Select':
      return (
        <Form.Select
          {...props}
          value={asText(value)}
          onChange={(event) => onChange(field.field, orUndefined(event.target.value))}
        >
          <option value="">{field.placeholder ?? 'Select…'}</option>
          {(field.options ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Form.Select>
      );
    default: {
      const input = TEXT_INPUTS[field.renderer ?? 'Text'] ?? PLAIN_TEXT;
      return (
        <Form.Control
          {...props}
          {...input.attributes(field)}
          placeholder={field.placeholder}
          value={asText(value)}
          onChange={(event) => onChange(field.field, input.valueOf(event.target.value))}
        />
      );
    }
  }
}
