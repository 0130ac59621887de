import { useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useController, useFormContext } from 'react-hook-form';
import { describedByOf, FieldShell } from '@/components/form/field-shell.tsx';

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a datetime-local input shows it, in the browser's time zone; '' if none. */
export function localInputValueOf(iso: string): string {
  const date = new Date(iso);
  if (iso === '' || Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** What a datetime-local input holds, read in the browser's time zone, as an instant; '' if none. */
export function instantOf(localValue: string): string {
  if (localValue === '') return '';
  const date = new Date(localValue);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

/**
 * A date and time the user enters in their own time zone; the form holds the instant (ISO, with
 * its offset), as the server takes it. The text is kept while it is being typed.
 */
export function DateTimeField(props: {
  name: string;
  label: string;
  help?: string;
  isRequired?: boolean;
}) {
  const id = useId();
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name: props.name, control });
  // Taken apart, so that reading the value is not mistaken for reading the ref during render.
  const { ref, ...binding } = field;
  const [text, setText] = useState(() => localInputValueOf(String(binding.value ?? '')));
  const error = fieldState.error?.message;
  return (
    <FieldShell
      id={id}
      label={props.label}
      isRequired={props.isRequired}
      help={props.help}
      error={error}
    >
      <Form.Control
        type="datetime-local"
        name={binding.name}
        ref={ref}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          binding.onChange(instantOf(event.target.value));
        }}
        onBlur={binding.onBlur}
        isInvalid={Boolean(error)}
        aria-required={props.isRequired || undefined}
        aria-describedby={describedByOf(id, Boolean(error), Boolean(props.help))}
      />
    </FieldShell>
  );
}
