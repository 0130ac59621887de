import { useCallback, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import {
  ChecklistDropdown,
  DateRangeFilter,
  FilterBar,
  SearchBox,
} from '@/components/data-grid/filter-controls.tsx';
import type { GridFilterDefinition } from '../api/grid.ts';

export interface GridFilterValues {
  search: string;
  /** Chosen values per filter key; none chosen is "all". */
  selected: Record<string, string[]>;
  dateFrom: string;
  dateTo: string;
}

export const EMPTY_FILTERS: GridFilterValues = {
  search: '',
  selected: {},
  dateFrom: '',
  dateTo: '',
};

/** Whether any filter narrows the list (a search, a choice or a date). */
export function isFiltered(value: GridFilterValues): boolean {
  return (
    value.search !== '' ||
    value.dateFrom !== '' ||
    value.dateTo !== '' ||
    Object.values(value.selected).some((values) => values.length > 0)
  );
}

interface GridFilterBarProps {
  filters: readonly GridFilterDefinition[];
  dateLabel: string;
  value: GridFilterValues;
  onChange: (value: GridFilterValues) => void;
}

/** Text search (applied as the user pauses), a multi-choice picker per filter, a date range. */
export function GridFilterBar({ filters, dateLabel, value, onChange }: GridFilterBarProps) {
  const search = useCallback(
    (text: string) => onChange({ ...value, search: text }),
    [onChange, value],
  );

  return (
    <FilterBar>
      <SearchBox
        id="grid-search"
        // Wide enough for its hint beside four filters and the dates (issue 33: it was cut off).
        className="col-12 col-lg-4"
        placeholder="Number, name or account"
        value={value.search}
        onSearch={search}
      />
      {filters.map((filter) => (
        <div className="col-6 col-md-3 col-lg" key={filter.key}>
          <MultiChoiceFilter
            filter={filter}
            chosen={value.selected[filter.key] ?? []}
            onChange={(chosen) =>
              onChange({ ...value, selected: { ...value.selected, [filter.key]: chosen } })
            }
          />
        </div>
      ))}
      <DateRangeFilter
        idPrefix="grid-date"
        label={dateLabel}
        from={value.dateFrom}
        to={value.dateTo}
        className="col-6 col-md-3 col-lg-auto"
        onChange={({ from, to }) => onChange({ ...value, dateFrom: from, dateTo: to })}
      />
      {isFiltered(value) ? (
        <div className="col-auto">
          <Button variant="outline-secondary" onClick={() => onChange(EMPTY_FILTERS)}>
            Clear filters
          </Button>
        </div>
      ) : null}
    </FilterBar>
  );
}

/** Long option lists (owners) get a box to narrow them. */
const SEARCHABLE_FROM = 8;

function MultiChoiceFilter({
  filter,
  chosen,
  onChange,
}: {
  filter: GridFilterDefinition;
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
}) {
  const [narrow, setNarrow] = useState('');
  // The address changes in a transition; ticks made meanwhile build on each other, not on it.
  const [ticked, setTicked] = useState<readonly string[]>(chosen);
  const [given, setGiven] = useState(chosen);
  if (given !== chosen) {
    setGiven(chosen);
    setTicked(chosen);
  }
  const labelOf = (v: string) => filter.options.find((o) => o.value === v)?.label ?? v;
  const summary =
    ticked.length === 0
      ? 'All'
      : ticked.length === 1
        ? labelOf(ticked[0] ?? '')
        : `${labelOf(ticked[0] ?? '')} +${ticked.length - 1}`;
  const shown = narrow
    ? filter.options.filter((o) => o.label.toLowerCase().includes(narrow.toLowerCase()))
    : filter.options;
  const choose = (next: string[]) => {
    setTicked(next);
    onChange(next);
  };
  const toggle = (optionValue: string) =>
    choose(
      ticked.includes(optionValue)
        ? ticked.filter((v) => v !== optionValue)
        : [...ticked, optionValue],
    );
  const id = `grid-filter-${filter.key}`;

  return (
    <ChecklistDropdown
      id={id}
      label={filter.label}
      summary={summary}
      menuClassName="grid-filter-menu shadow-sm"
      narrow={
        filter.options.length >= SEARCHABLE_FROM
          ? { label: `Find ${filter.label.toLowerCase()}`, value: narrow, onChange: setNarrow }
          : undefined
      }
      clear={{ label: 'Show all', isShown: ticked.length > 0, onClear: () => choose([]) }}
    >
      <div className="grid-filter-options">
        {shown.length === 0 ? (
          <div className="px-3 py-1 small text-body-secondary">No match</div>
        ) : (
          shown.map((option) => (
            <Form.Check
              key={option.value}
              id={`${id}-${option.value}`}
              className="px-3 py-1 ms-4 text-nowrap"
              label={option.label}
              checked={ticked.includes(option.value)}
              onChange={() => toggle(option.value)}
            />
          ))
        )}
      </div>
    </ChecklistDropdown>
  );
}
