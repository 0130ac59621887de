import { formatCurrency } from '@bastion/domain/format/currency';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { StatusBadge } from '../status-badge.tsx';

export type GridCell = string | number | boolean | null;
export type GridRow = Record<string, GridCell>;

export interface GridColumn {
  key: string;
  label: string;
  type: string;
  sort?: string;
  /** Secondary columns give way when the grid is narrow (app.css: .grid-col-secondary). */
  priority?: 'secondary';
}

export interface GridSort {
  field: string;
  direction: 'asc' | 'desc';
}

interface DataGridProps {
  columns: readonly GridColumn[];
  rows: readonly GridRow[];
  sort: GridSort | null;
  onSort: (sort: GridSort) => void;
  /** Where a row leads when clicked (its link column too), if anywhere. */
  rowLink?: (row: GridRow) => string | null;
  onOpen: (path: string) => void;
  /** Renders an 'action' column's cell. */
  renderAction?: (column: GridColumn, row: GridRow) => React.ReactNode;
  caption: string;
}

const dateFormat = new Intl.DateTimeFormat('en-US', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

function cellText(column: GridColumn, row: GridRow): string {
  const value = row[column.key];
  if (value === null || value === undefined || value === '') return '—';
  if (column.type === 'money' && typeof value === 'number') {
    const currency = typeof row.currency_code === 'string' ? row.currency_code : 'USD';
    return formatCurrency(value, currency);
  }
  if (column.type === 'date' && typeof value === 'string') {
    const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
    return Number.isNaN(date.getTime()) ? value : dateFormat.format(date);
  }
  return String(value);
}

/** Figures, dates, badges and buttons never wrap; names and text may. */
function cellClass(column: GridColumn): string | undefined {
  const classes = [
    column.type === 'money'
      ? 'text-end text-nowrap'
      : column.type === 'text'
        ? 'grid-col-text'
        : 'text-nowrap',
    column.priority === 'secondary' ? 'grid-col-secondary' : '',
  ].filter(Boolean);
  return classes.length > 0 ? classes.join(' ') : undefined;
}

/** The list of spec §2's generic grid: columns come from the server, sorting is the server's. */
export function DataGrid(props: DataGridProps) {
  const { columns, rows, sort, onSort, rowLink, onOpen, renderAction, caption } = props;
  return (
    <Table hover responsive size="sm" className="data-grid align-middle bg-body mb-0">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => {
            const isSorted = sort?.field === column.sort;
            const ariaSort = isSorted
              ? sort?.direction === 'asc'
                ? 'ascending'
                : 'descending'
              : undefined;
            return (
              <th key={column.key} scope="col" aria-sort={ariaSort} className={cellClass(column)}>
                {column.sort ? (
                  <Button
                    variant="link"
                    onClick={() =>
                      onSort({
                        field: column.sort ?? column.key,
                        direction: isSorted && sort?.direction === 'desc' ? 'asc' : 'desc',
                      })
                    }
                  >
                    {column.label}
                    <i
                      className={`bi ms-1 ${
                        isSorted
                          ? sort?.direction === 'asc'
                            ? 'bi-sort-up'
                            : 'bi-sort-down'
                          : 'bi-arrow-down-up text-body-tertiary'
                      }`}
                      aria-hidden="true"
                    />
                  </Button>
                ) : column.type === 'action' ? (
                  <span className="visually-hidden">{column.label}</span>
                ) : (
                  column.label
                )}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const link = rowLink?.(row) ?? null;
          return (
            <tr
              key={String(row.id)}
              className={link ? 'is-clickable' : undefined}
              onClick={link ? () => onOpen(link) : undefined}
            >
              {columns.map((column) => (
                <td key={column.key} className={cellClass(column)}>
                  {column.type === 'badge' ? (
                    <StatusBadge
                      label={cellText(column, row)}
                      tone={typeof row.status_tone === 'string' ? row.status_tone : 'grey'}
                    />
                  ) : column.type === 'link' && link ? (
                    <a
                      href={link}
                      className="fw-semibold"
                      onClick={(event) => {
                        event.preventDefault();
                        event.stopPropagation();
                        onOpen(link);
                      }}
                    >
                      {cellText(column, row)}
                    </a>
                  ) : column.type === 'action' ? (
                    renderAction?.(column, row)
                  ) : (
                    cellText(column, row)
                  )}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
