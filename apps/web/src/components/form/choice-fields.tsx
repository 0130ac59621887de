import { useId, type ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import { useController, useFormContext } from 'react-hook-form';
import { describedByOf, FieldNotes } from './field-shell.tsx';
import { useFieldMessage } from './use-field-message.ts';

/**
 * A group of choices (radios, check boxes, a custom picker) under a legend, with its help and
 * its message: what FieldShell is for one control, for several.
 */
export function ChoiceFieldset(props: {
  legend: ReactNode;
  help?: ReactNode;
  error?: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  const { help, error } = props;
  return (
    <fieldset
      className={props.className ?? 'mb-3'}
      aria-describedby={describedByOf(id, Boolean(error), Boolean(help))}
    >
      <legend className="form-label fs-6 mb-1">{props.legend}</legend>
      {props.children}
      <FieldNotes id={id} help={help} error={error} isAlert />
    </fieldset>
  );
}

/** What every group of choices takes: its name in the form's values, and how it is shown. */
interface ChoiceFieldProps {
  name: string;
  legend: ReactNode;
  help?: ReactNode;
  className?: string;
  /** Other paths whose message belongs here ("members" for "roles"). */
  alsoMessagesOf?: readonly string[];
}

/** A group of choices bound by `name`: its ids, its value, its message, and its fieldset. */
function useChoiceField(props: ChoiceFieldProps) {
  const id = useId();
  const { control } = useFormContext();
  const { field } = useController({ name: props.name, control });
  const error = useFieldMessage(props.name, ...(props.alsoMessagesOf ?? []));
  const fieldset = { legend: props.legend, help: props.help, error, className: props.className };
  return { id, field, error, fieldset };
}

export interface ChoiceOption<T> {
  value: T;
  label: ReactNode;
  isDisabled?: boolean;
}

/** One of a few values, as radios bound to the form by `name`. */
export function RadioGroupField<T extends string | boolean>(
  props: ChoiceFieldProps & { options: readonly ChoiceOption<T>[] },
) {
  const { id, field, fieldset } = useChoiceField(props);
  return (
    <ChoiceFieldset {...fieldset}>
      {props.options.map((option) => (
        <Form.Check
          key={String(option.value)}
          type="radio"
          id={`${id}-${String(option.value)}`}
          name={`${id}-${props.name}`}
          label={option.label}
          checked={field.value === option.value}
          disabled={option.isDisabled}
          onChange={() => field.onChange(option.value)}
          onBlur={field.onBlur}
        />
      ))}
    </ChoiceFieldset>
  );
}

/** Any number of values (a list of strings in the form), as check boxes bound by `name`. */
export function CheckboxListField(
  props: ChoiceFieldProps & {
    options: readonly ChoiceOption<string>[];
    /** Where the options sit (default: wrapped in a row). */
    listClassName?: string;
    /** Shown instead of the options when there are none. */
    emptyText?: ReactNode;
  },
) {
  const { id, field, error, fieldset } = useChoiceField(props);
  const chosen = (field.value ?? []) as string[];
  return (
    <ChoiceFieldset {...fieldset}>
      {props.options.length === 0 && props.emptyText ? (
        <p className="text-body-secondary small mb-0">{props.emptyText}</p>
      ) : (
        <div className={props.listClassName ?? 'd-flex flex-wrap column-gap-4'}>
          {props.options.map((option) => (
            <Form.Check
              key={option.value}
              id={`${id}-${option.value}`}
              label={option.label}
              isInvalid={Boolean(error)}
              disabled={option.isDisabled}
              checked={chosen.includes(option.value)}
              onBlur={field.onBlur}
              onChange={(event) =>
                field.onChange(
                  event.target.checked
                    ? [...chosen, option.value]
                    : chosen.filter((value) => value !== option.value),
                )
              }
            />
          ))}
        </div>
      )}
    </ChoiceFieldset>
  );
}
