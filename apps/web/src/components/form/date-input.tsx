import {
  DATE_INPUT_PLACEHOLDER,
  dateInputText,
  isUnreadableDate,
  parseDateInput,
} from '@bastion/domain/format/date-input';
import { useRef, useState, type Ref } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';

export interface DateInputProps {
  /** The ISO date (2027-03-15), '' for none, or text the user typed that is not a date yet. */
  value: string;
  /** Called with the ISO date when the text reads as one, '' when emptied, else the text. */
  onChange: (value: string) => void;
  onBlur?: () => void;
  id?: string;
  name?: string;
  /** The accessible name when no label points at the field. */
  'aria-label'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  'aria-required'?: boolean;
  isInvalid?: boolean;
  disabled?: boolean;
  /** ISO bounds for the calendar. */
  min?: string;
  max?: string;
  size?: 'sm';
  /**
   * Filters and live pages: only a date or '' reaches onChange, and text that is not a date is
   * put back to the value when the field is left. Forms leave it unset, so their check can say
   * what is wrong with what was typed.
   */
  onlyDates?: boolean;
  className?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A date typed as the app shows dates, DD-MMM-YYYY (spec §9; docs/decisions/033), with the
 * browser's own calendar behind the button. The value is the ISO date the API takes; the text
 * turns into DD-MMM-YYYY when the field is left, and text that is not a date stays for the user
 * to correct (the form's check says what is wrong).
 */
export function DateInput(props: DateInputProps) {
  const {
    value,
    onChange,
    onBlur,
    isInvalid,
    disabled,
    min,
    max,
    size,
    onlyDates = false,
    inputRef,
    className,
    'aria-label': label,
    ...attributes
  } = props;
  const [text, setText] = useState(() => dateInputText(value));
  // A value from outside (a reset, the calendar, a reload) replaces what is shown.
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    if (toValue(text) !== value) setText(dateInputText(value));
  }
  const calendar = useRef<HTMLInputElement>(null);

  return (
    <InputGroup
      size={size}
      hasValidation
      className={className ? `date-input ${className}` : 'date-input'}
    >
      <Form.Control
        {...attributes}
        ref={inputRef}
        type="text"
        inputMode="text"
        autoComplete="off"
        placeholder={DATE_INPUT_PLACEHOLDER}
        value={text}
        isInvalid={isInvalid}
        disabled={disabled}
        aria-label={label}
        onChange={(event) => {
          setText(event.target.value);
          const next = toValue(event.target.value);
          if (onlyDates && isUnreadableDate(next)) return;
          setShownValue(next);
          onChange(next);
        }}
        onBlur={() => {
          const parsed = parseDateInput(text);
          if (parsed.kind === 'date') setText(dateInputText(parsed.iso));
          else if (parsed.kind === 'invalid' && onlyDates) setText(dateInputText(value));
          onBlur?.();
        }}
      />
      <Button
        variant="outline-secondary"
        disabled={disabled}
        // Not named after the field: the field's own label names the text box alone.
        aria-label="Choose a date on a calendar"
        title="Choose a date on a calendar"
        onClick={() => calendar.current?.showPicker()}
      >
        <i className="bi bi-calendar3" aria-hidden="true" />
      </Button>
      {/* The browser's calendar, opened by the button; its own field is never seen. */}
      <input
        ref={calendar}
        type="date"
        className="date-input-calendar"
        tabIndex={-1}
        aria-hidden="true"
        value={parseDateInput(text).kind === 'date' ? value : ''}
        min={min}
        max={max}
        onChange={(event) => {
          const iso = event.target.value;
          setText(dateInputText(iso));
          setShownValue(iso);
          onChange(iso);
        }}
      />
    </InputGroup>
  );
}

function toValue(text: string): string {
  const parsed = parseDateInput(text);
  if (parsed.kind === 'date') return parsed.iso;
  return parsed.kind === 'empty' ? '' : text;
}
