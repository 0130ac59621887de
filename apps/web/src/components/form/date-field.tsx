import { DATE_INPUT_INVALID_MESSAGE, isUnreadableDate } from '@bastion/domain/format/date-input';
import { DateInput } from './date-input.tsx';
import { BoundShell, useBoundField, type BoundFieldProps } from './fields.tsx';

// A file of its own: the sign-in pages use fields.tsx, and need no calendar.

/** A date typed DD-MMM-YYYY (or picked on the calendar); the form's value is the ISO date. */
export function DateField(props: BoundFieldProps & { min?: string; max?: string }) {
  const { id, ref, error, textBinding } = useBoundField(props);
  // Typed text that is not a date: say how to write one (the schema's message names the API's
  // ISO form, which the field also reads, but is not what it shows).
  const shownError =
    isUnreadableDate(textBinding.value) && error ? DATE_INPUT_INVALID_MESSAGE : error;
  return (
    <BoundShell field={props} id={id} error={shownError}>
      <DateInput
        id={id}
        name={textBinding.name}
        inputRef={ref}
        value={textBinding.value}
        onChange={(value) => textBinding.onChange({ target: { value } })}
        onBlur={textBinding.onBlur}
        isInvalid={textBinding.isInvalid}
        aria-invalid={textBinding['aria-invalid']}
        aria-describedby={textBinding['aria-describedby']}
        aria-required={props.isRequired || undefined}
        disabled={props.isDisabled}
        min={props.min}
        max={props.max}
      />
    </BoundShell>
  );
}
