import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { GridFilterDefinition } from '../api/grid.ts';

export interface GridFilterValues {
  search: string;
  /** One value per filter key; '' is "all". */
  selected: Record<string, string>;
  dateFrom: string;
  dateTo: string;
}

export const EMPTY_FILTERS: GridFilterValues = {
  search: '',
  selected: {},
  dateFrom: '',
  dateTo: '',
};

interface GridFilterBarProps {
  filters: readonly GridFilterDefinition[];
  dateLabel: string;
  value: GridFilterValues;
  onChange: (value: GridFilterValues) => void;
}

/** Text search (applied as the user pauses), one picker per filter, and a date range. */
export function GridFilterBar({ filters, dateLabel, value, onChange }: GridFilterBarProps) {
  const [search, setSearch] = useState(value.search);
  useEffect(() => {
    if (search === value.search) return;
    const timer = setTimeout(() => onChange({ ...value, search }), 300);
    return () => clearTimeout(timer);
  }, [search, value, onChange]);

  const isFiltered =
    value.search !== '' ||
    value.dateFrom !== '' ||
    value.dateTo !== '' ||
    Object.values(value.selected).some(Boolean);

  return (
    <Form
      className="grid-filter-bar row g-2 align-items-end mb-3"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ ...value, search });
      }}
    >
      <div className="col-12 col-lg-3">
        <Form.Label htmlFor="grid-search" className="small mb-1">
          Search
        </Form.Label>
        <Form.Control
          id="grid-search"
          type="search"
          placeholder="Number, name or account"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      {filters.map((filter) => (
        <div className="col-6 col-md-3 col-lg-2" key={filter.key}>
          <Form.Label htmlFor={`grid-filter-${filter.key}`} className="small mb-1">
            {filter.label}
          </Form.Label>
          <Form.Select
            id={`grid-filter-${filter.key}`}
            value={value.selected[filter.key] ?? ''}
            onChange={(event) =>
              onChange({
                ...value,
                selected: { ...value.selected, [filter.key]: event.target.value },
              })
            }
          >
            <option value="">All</option>
            {filter.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Form.Select>
        </div>
      ))}
      <div className="col-6 col-md-3 col-lg-2">
        <Form.Label htmlFor="grid-date-from" className="small mb-1">
          {dateLabel} from
        </Form.Label>
        <Form.Control
          id="grid-date-from"
          type="date"
          value={value.dateFrom}
          max={value.dateTo || undefined}
          onChange={(event) => onChange({ ...value, dateFrom: event.target.value })}
        />
      </div>
      <div className="col-6 col-md-3 col-lg-2">
        <Form.Label htmlFor="grid-date-to" className="small mb-1">
          {dateLabel} to
        </Form.Label>
        <Form.Control
          id="grid-date-to"
          type="date"
          value={value.dateTo}
          min={value.dateFrom || undefined}
          onChange={(event) => onChange({ ...value, dateTo: event.target.value })}
        />
      </div>
      {isFiltered ? (
        <div className="col-auto">
          <Button
            variant="outline-secondary"
            onClick={() => {
              setSearch('');
              onChange(EMPTY_FILTERS);
            }}
          >
            Clear filters
          </Button>
        </div>
      ) : null}
    </Form>
  );
}
