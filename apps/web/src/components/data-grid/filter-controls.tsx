import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import Form from 'react-bootstrap/Form';
import { useNavigation } from 'react-router';
import { DateInput } from '@/components/form/date-input.tsx';

/** One control of a grid's filter bar, with its small label above it. */
export function FilterField({
  id,
  label,
  className,
  children,
}: {
  /** The control's id, which the label points at. */
  id: string;
  label: ReactNode;
  className: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <Form.Label htmlFor={id} className="small mb-1">
        {label}
      </Form.Label>
      {children}
    </div>
  );
}

/**
 * A filter bar's search box: applied as the user pauses (300 ms) or presses Enter. `value` is the
 * applied search (in the address): Back and forward change it, and the box follows.
 */
export function SearchBox({
  id,
  value,
  placeholder,
  className,
  onSearch,
}: {
  id: string;
  value: string;
  placeholder: string;
  className: string;
  onSearch: (search: string) => void;
}) {
  const [typed, setTyped] = useState(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setTyped(value);
  }
  // While the app is moving to another page (a row clicked before the pause ended, its code
  // still loading), the search must not fire: it would navigate back to the grid.
  const isLeaving = useNavigation().state !== 'idle';
  useEffect(() => {
    if (typed === value || isLeaving) return;
    const timer = setTimeout(() => onSearch(typed), 300);
    return () => clearTimeout(timer);
  }, [typed, value, onSearch, isLeaving]);
  return (
    <FilterField id={id} label="Search" className={className}>
      <Form.Control
        id={id}
        type="search"
        placeholder={placeholder}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          onSearch(typed);
        }}
      />
    </FilterField>
  );
}

/** A grid's filter bar: a row of labelled controls that wraps on narrow screens. */
export function FilterBar({ children }: { children: ReactNode }) {
  return (
    <Form
      className="grid-filter-bar row g-2 align-items-end mb-3"
      role="search"
      onSubmit={(event) => event.preventDefault()}
    >
      {children}
    </Form>
  );
}

/** "Created from" and "to": two dates, each bounding the other. */
export function DateRangeFilter({
  idPrefix,
  label,
  from,
  to,
  className,
  onChange,
}: {
  idPrefix: string;
  label: string;
  from: string;
  to: string;
  className: string;
  onChange: (range: { from: string; to: string }) => void;
}) {
  const ends = [
    { key: 'from', value: from, min: undefined, max: to || undefined },
    { key: 'to', value: to, min: from || undefined, max: undefined },
  ] as const;
  return ends.map((end) => (
    <FilterField
      key={end.key}
      id={`${idPrefix}-${end.key}`}
      label={`${label} ${end.key}`}
      className={className}
    >
      <DateInput
        id={`${idPrefix}-${end.key}`}
        onlyDates
        value={end.value}
        min={end.min}
        max={end.max}
        onChange={(value) =>
          onChange(end.key === 'from' ? { from: value, to } : { from, to: value })
        }
      />
    </FilterField>
  ));
}

/**
 * A filter of several ticked choices, in a dropdown: its label above, what is chosen on the
 * button, a box that narrows the list (when given), the list, and an item that clears the ticks.
 */
export function ChecklistDropdown(props: {
  id: string;
  label: ReactNode;
  /** What is chosen, on the button ("Hardware +2"). */
  summary: string;
  /** The button's tooltip. */
  title?: string;
  /** Opening the list is a good moment to fetch choices added since. */
  onOpen?: () => void;
  menuClassName: string;
  menuStyle?: CSSProperties;
  /** The box that narrows the list ("Find a product line"); none for a short list. */
  narrow?: { label: string; value: string; onChange: (text: string) => void };
  /** The item that clears the ticks ("All product lines"), shown while anything is ticked. */
  clear: { label: string; isShown: boolean; onClear: () => void };
  /** The choices. */
  children: ReactNode;
}) {
  const { id, narrow, clear } = props;
  return (
    <>
      <div className="small mb-1" id={`${id}-label`}>
        {props.label}
      </div>
      <Dropdown
        autoClose="outside"
        onToggle={(isOpen) => {
          if (isOpen) props.onOpen?.();
        }}
      >
        <Dropdown.Toggle
          id={id}
          variant="outline-secondary"
          className="w-100 d-flex align-items-center justify-content-between text-truncate bg-body text-body"
          aria-labelledby={`${id}-label ${id}`}
          title={props.title}
        >
          <span className="text-truncate">{props.summary}</span>
        </Dropdown.Toggle>
        <Dropdown.Menu className={props.menuClassName} style={props.menuStyle}>
          {narrow ? (
            <div className="px-2 pb-2">
              <Form.Control
                size="sm"
                type="search"
                placeholder={narrow.label}
                aria-label={narrow.label}
                value={narrow.value}
                onChange={(event) => narrow.onChange(event.target.value)}
              />
            </div>
          ) : null}
          {props.children}
          {clear.isShown ? (
            <>
              <Dropdown.Divider />
              <Dropdown.Item as="button" type="button" onClick={clear.onClear}>
                {clear.label}
              </Dropdown.Item>
            </>
          ) : null}
        </Dropdown.Menu>
      </Dropdown>
    </>
  );
}
