import { formatCurrency } from '@bastion/domain/format/currency';
import { formatCalendarDate, formatDate } from '@bastion/domain/format/date-time';
import { quoteTypeLabel, salesChannelLabel } from '@bastion/domain/quotes/labels';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { DataTable } from '../data-table/data-table.tsx';
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
  /** On narrow screens, secondary columns show in a detail below each row. */
  narrowDetail?: boolean;
}

const userTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Spec §9's DD-MMM-YYYY, as every other page writes dates (issue 33: the grid read "Dec 01,
 * 2026"): a calendar date as it is, an instant as its day falls in the user's time zone.
 */
function dateText(value: string): string {
  const calendar = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (calendar) {
    return (
      formatCalendarDate(Number(calendar[1]), Number(calendar[2]), Number(calendar[3])) || value
    );
  }
  const millis = Date.parse(value);
  return Number.isNaN(millis) ? value : formatDate(millis / 1000, userTimeZone) || value;
}

/** Columns whose cells are codes the API keeps: people read their labels (issue 33). */
const CODE_LABELS: Readonly<Record<string, (code: string) => string>> = {
  quote_type: quoteTypeLabel,
  sales_channel: salesChannelLabel,
};

function cellText(column: GridColumn, row: GridRow): string {
  const value = row[column.key];
  if (value === null || value === undefined || value === '') return '—';
  const label = CODE_LABELS[column.key];
  if (label && typeof value === 'string') return label(value);
  if (column.type === 'money' && typeof value === 'number') {
    const currency = typeof row.currency_code === 'string' ? row.currency_code : 'USD';
    return formatCurrency(value, currency);
  }
  if (column.type === 'date' && typeof value === 'string') return dateText(value);
  return String(value);
}

const columnHelper = createColumnHelper<GridRow>();

/** The server's column list as DataTable column definitions. */
function columnDefsOf(
  columns: readonly GridColumn[],
  rowLink: DataGridProps['rowLink'],
  onOpen: DataGridProps['onOpen'],
  renderAction: DataGridProps['renderAction'],
) {
  return columns.map((column) =>
    columnHelper.display({
      // The server sorts by the column's sort field, so that is the column's id.
      id: column.sort ?? column.key,
      header: column.label,
      enableSorting: Boolean(column.sort),
      meta: {
        align: column.type === 'money' ? 'end' : undefined,
        isText: column.type === 'text',
        priority: column.priority,
        isHeaderHidden: column.type === 'action',
      },
      cell: ({ row: { original: row } }) => {
        const link = rowLink?.(row) ?? null;
        if (column.type === 'badge') {
          return (
            <StatusBadge
              label={cellText(column, row)}
              tone={typeof row.status_tone === 'string' ? row.status_tone : 'grey'}
            />
          );
        }
        if (column.type === 'link' && link) {
          return (
            <a
              href={link}
              className="fw-semibold"
              onClick={(event) => {
                event.preventDefault();
                onOpen(link);
              }}
            >
              {cellText(column, row)}
            </a>
          );
        }
        if (column.type === 'action') return renderAction?.(column, row);
        return cellText(column, row);
      },
    }),
  );
}

/** The list of spec §2's generic grid: columns come from the server, sorting is the server's. */
export function DataGrid(props: DataGridProps) {
  const { columns, rows, sort, onSort, rowLink, onOpen, renderAction, caption } = props;
  const columnDefs = useMemo(
    () => columnDefsOf(columns, rowLink, onOpen, renderAction),
    [columns, rowLink, onOpen, renderAction],
  );
  return (
    <DataTable
      data={rows}
      columns={columnDefs}
      caption={caption}
      getRowId={(row) => String(row.id)}
      sort={sort}
      onSortChange={onSort}
      size="sm"
      narrowDetail={props.narrowDetail}
      onRowOpen={
        rowLink
          ? (row) => {
              const link = rowLink(row);
              if (link) onOpen(link);
            }
          : undefined
      }
    />
  );
}
