// Kept whole: DataTable and the header, row and narrow-screen parts only it uses.
import {
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type Cell,
  type ColumnDef,
  type Header,
  type Row,
  type RowData,
  type RowSelectionState,
  type SortingState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Fragment, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import './data-table.css';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the generics are TanStack's
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Figures align right and never wrap. */
    align?: 'end';
    /**
     * Gives way when the table is narrow, and shows in the row's detail instead (narrowDetail):
     * 'secondary' below the table's narrowAt width, 'low' below 1100px in every table.
     */
    priority?: 'secondary' | 'low';
    /** Text that may wrap (names, descriptions); everything else stays on one line. */
    isText?: boolean;
    /** The cell is the row's header (th scope=row), as a name column should be. */
    isRowHeader?: boolean;
    /** The header's text is read to screen readers only (action columns). */
    isHeaderHidden?: boolean;
    className?: string;
  }
}

/** Single-column sort, as the server sorts: the column's id and the direction. */
export interface TableSort {
  field: string;
  direction: 'asc' | 'desc';
}

export interface DataTableProps<T> {
  data: readonly T[];
  columns: readonly ColumnDef<T, never>[] | readonly ColumnDef<T, unknown>[];
  /** What the table lists, for screen readers ("Quotes", "Approval rules"). */
  caption: string;
  getRowId: (row: T) => string;
  /**
   * Server-side sort: the table shows `sort` and asks for another through onSortChange. Without
   * it, sortable columns (enableSorting) sort the rows it has.
   */
  sort?: TableSort | null;
  onSortChange?: (sort: TableSort) => void;
  isLoading?: boolean;
  /** Shown instead of the rows when there are none. */
  emptyState?: ReactNode;
  /** Rows under the list's own, in its columns (a row that adds one). */
  footer?: ReactNode;
  /** Opens a row: on click, and on Enter when the row has focus (arrow keys move between rows). */
  onRowOpen?: (row: T) => void;
  /** Marks the open row (the one a side panel edits). */
  activeRowId?: string | null;
  /** Check boxes in front of the rows; the state is the caller's, by row id. */
  selection?: {
    selected: RowSelectionState;
    onChange: (selected: RowSelectionState) => void;
    label: (row: T) => string;
  };
  /**
   * On narrow screens, secondary columns give way and each row gets a button that shows them
   * as a list below it, so nothing needs a sideways scroll.
   */
  narrowDetail?: boolean;
  /**
   * How narrow the table must be before secondary columns give way: 1100px (the default: names
   * keep a readable width beside them) or 900px (a work queue whose figures matter most).
   */
  narrowAt?: 900 | 1100;
  /** Draws only the rows in view; the table scrolls inside a box this many pixels high. */
  virtualHeight?: number;
  size?: 'sm';
  className?: string;
  rowClassName?: (row: T) => string | undefined;
}

const ROW_ESTIMATE_PX = 41;

function cellClass(
  meta: { align?: string; priority?: string; isText?: boolean; className?: string } | undefined,
) {
  return (
    [
      meta?.align === 'end'
        ? 'text-end text-nowrap'
        : meta?.isText
          ? 'grid-col-text'
          : 'text-nowrap',
      meta?.priority === 'secondary' ? 'grid-col-secondary' : '',
      meta?.priority === 'low' ? 'grid-col-low' : '',
      meta?.className ?? '',
    ]
      .filter(Boolean)
      .join(' ') || undefined
  );
}

const headerText = <T,>(header: Header<T, unknown>) =>
  typeof header.column.columnDef.header === 'string' ? header.column.columnDef.header : header.id;

function SortButton<T>({ header, label }: { header: Header<T, unknown>; label: ReactNode }) {
  const direction = header.column.getIsSorted();
  return (
    <Button variant="link" onClick={header.column.getToggleSortingHandler()}>
      {label}
      <i
        className={`bi ms-1 ${
          direction === 'asc'
            ? 'bi-sort-up'
            : direction === 'desc'
              ? 'bi-sort-down'
              : 'bi-arrow-down-up text-body-tertiary'
        }`}
        aria-hidden="true"
      />
    </Button>
  );
}

/** Moves focus to the previous or next focusable row. */
function moveRowFocus(event: KeyboardEvent<HTMLTableRowElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const rows = [
    ...(event.currentTarget
      .closest('tbody')
      ?.querySelectorAll<HTMLTableRowElement>('tr[tabindex]') ?? []),
  ];
  const next = rows[rows.indexOf(event.currentTarget) + (event.key === 'ArrowDown' ? 1 : -1)];
  if (next) {
    event.preventDefault();
    next.focus();
  }
}

/**
 * Every list of the app: column definitions in, a Bootstrap table out (TanStack Table, decision
 * 019). Sorting, selection, keyboard, sticky header, empty and loading states and long lists
 * are handled here once.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { data, caption, getRowId, sort, onSortChange, onRowOpen, selection } = props;
  const [localSorting, setLocalSorting] = useState<SortingState>([]);
  const [openDetails, setOpenDetails] = useState<ReadonlySet<string>>(new Set());
  const isServerSorted = onSortChange !== undefined;
  const sorting: SortingState = isServerSorted
    ? sort
      ? [{ id: sort.field, desc: sort.direction === 'desc' }]
      : []
    : localSorting;
  // TanStack Table keeps its own state; the React Compiler leaves this component unmemoised.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable<T>({
    data: data as T[],
    columns: props.columns as ColumnDef<T, unknown>[],
    getRowId: (row) => getRowId(row),
    getCoreRowModel: getCoreRowModel(),
    ...(isServerSorted ? { manualSorting: true } : { getSortedRowModel: getSortedRowModel() }),
    enableSortingRemoval: false,
    enableMultiSort: false,
    // Server sorts start descending (newest, largest first), as the quote grid always has.
    sortDescFirst: true,
    state: { sorting, rowSelection: selection?.selected ?? {} },
    enableRowSelection: selection !== undefined,
    onRowSelectionChange: (updater) => {
      if (!selection) return;
      selection.onChange(typeof updater === 'function' ? updater(selection.selected) : updater);
    },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      if (!isServerSorted) return setLocalSorting(next);
      const first = next[0];
      if (first) onSortChange({ field: first.id, direction: first.desc ? 'desc' : 'asc' });
    },
  });
  const rows = table.getRowModel().rows;
  const scrollRef = useRef<HTMLDivElement>(null);
  const isVirtual = props.virtualHeight !== undefined;
  const virtualizer = useVirtualizer({
    count: isVirtual ? rows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE_PX,
    overscan: 10,
  });
  const givingWay = table
    .getAllLeafColumns()
    .map((column) => column.columnDef.meta?.priority)
    .filter((priority) => priority !== undefined);
  const hasDetail = Boolean(props.narrowDetail) && givingWay.length > 0;
  const columnCount =
    table.getVisibleLeafColumns().length + (selection ? 1 : 0) + (hasDetail ? 1 : 0);

  const toggleDetail = (id: string) =>
    setOpenDetails((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const renderCell = (cell: Cell<T, unknown>) => {
    const meta = cell.column.columnDef.meta;
    const content = flexRender(cell.column.columnDef.cell, cell.getContext());
    return meta?.isRowHeader ? (
      <th key={cell.id} scope="row" className={cellClass(meta)}>
        {content}
      </th>
    ) : (
      <td key={cell.id} className={cellClass(meta)}>
        {content}
      </td>
    );
  };

  const renderRow = (row: Row<T>) => {
    const isOpenable = onRowOpen !== undefined;
    const isDetailOpen = openDetails.has(row.id);
    const classes = [
      isOpenable ? 'is-clickable' : '',
      props.activeRowId === row.id ? 'table-active' : '',
      props.rowClassName?.(row.original) ?? '',
    ].filter(Boolean);
    return (
      <Fragment key={row.id}>
        <tr
          className={classes.length > 0 ? classes.join(' ') : undefined}
          tabIndex={isOpenable ? 0 : undefined}
          aria-selected={selection ? row.getIsSelected() : undefined}
          onClick={
            isOpenable
              ? (event) => {
                  // Buttons, links and inputs in a row do their own thing.
                  if ((event.target as HTMLElement).closest('a,button,input,select,label')) return;
                  onRowOpen(row.original);
                }
              : undefined
          }
          onKeyDown={
            isOpenable
              ? (event) => {
                  if (event.target !== event.currentTarget) return;
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    onRowOpen(row.original);
                  } else moveRowFocus(event);
                }
              : undefined
          }
        >
          {selection ? (
            <td className="text-nowrap" style={{ width: '2.5rem' }}>
              <Form.Check
                aria-label={selection.label(row.original)}
                checked={row.getIsSelected()}
                onChange={row.getToggleSelectedHandler()}
              />
            </td>
          ) : null}
          {hasDetail ? (
            <td className="data-table-expander">
              <Button
                variant="link"
                size="sm"
                className="p-0"
                aria-expanded={isDetailOpen}
                aria-label={isDetailOpen ? 'Hide details' : 'Show details'}
                onClick={() => toggleDetail(row.id)}
              >
                <i
                  className={`bi ${isDetailOpen ? 'bi-chevron-down' : 'bi-chevron-right'}`}
                  aria-hidden="true"
                />
              </Button>
            </td>
          ) : null}
          {row.getVisibleCells().map(renderCell)}
        </tr>
        {hasDetail && isDetailOpen ? (
          <tr className="data-table-detail">
            <td colSpan={columnCount}>
              <dl className="row mb-0 small">
                {row
                  .getVisibleCells()
                  .filter((cell) => cell.column.columnDef.meta?.priority !== undefined)
                  .map((cell) => (
                    <Fragment key={cell.id}>
                      <dt
                        className={`col-5 text-body-secondary fw-normal detail-${cell.column.columnDef.meta?.priority}`}
                      >
                        {typeof cell.column.columnDef.header === 'string'
                          ? cell.column.columnDef.header
                          : cell.column.id}
                      </dt>
                      <dd className={`col-7 mb-1 detail-${cell.column.columnDef.meta?.priority}`}>
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </dd>
                    </Fragment>
                  ))}
              </dl>
            </td>
          </tr>
        ) : null}
      </Fragment>
    );
  };

  const virtualItems = isVirtual ? virtualizer.getVirtualItems() : [];
  const paddingTop = virtualItems[0]?.start ?? 0;
  const paddingBottom = isVirtual
    ? virtualizer.getTotalSize() - (virtualItems[virtualItems.length - 1]?.end ?? 0)
    : 0;
  const isAllSelected = table.getIsAllRowsSelected();

  const tableElement = (
    <Table
      hover={onRowOpen !== undefined}
      size={props.size}
      className={[
        'data-grid data-table align-middle bg-body mb-0',
        hasDetail ? 'has-narrow-detail' : '',
        props.narrowAt === 900 ? 'narrow-at-900' : '',
        givingWay.includes('low') ? 'has-low-columns' : '',
        props.className ?? '',
      ]
        .filter(Boolean)
        .join(' ')}
    >
      <caption className="visually-hidden">{caption}</caption>
      <thead className="data-table-head">
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id}>
            {selection ? (
              <th scope="col" style={{ width: '2.5rem' }}>
                <Form.Check
                  aria-label={`Select all ${caption.toLowerCase()}`}
                  checked={isAllSelected}
                  ref={(input: HTMLInputElement | null) => {
                    if (input)
                      input.indeterminate = table.getIsSomeRowsSelected() && !isAllSelected;
                  }}
                  onChange={table.getToggleAllRowsSelectedHandler()}
                />
              </th>
            ) : null}
            {hasDetail ? (
              <th scope="col" className="data-table-expander">
                <span className="visually-hidden">Details</span>
              </th>
            ) : null}
            {group.headers.map((header) => {
              const meta = header.column.columnDef.meta;
              const direction = header.column.getIsSorted();
              const label = header.isPlaceholder
                ? null
                : flexRender(header.column.columnDef.header, header.getContext());
              return (
                <th
                  key={header.id}
                  scope="col"
                  className={cellClass(meta)}
                  aria-sort={
                    direction === 'asc'
                      ? 'ascending'
                      : direction === 'desc'
                        ? 'descending'
                        : undefined
                  }
                >
                  {header.column.getCanSort() ? (
                    <SortButton header={header} label={label} />
                  ) : meta?.isHeaderHidden ? (
                    <span className="visually-hidden">{headerText(header)}</span>
                  ) : (
                    label
                  )}
                </th>
              );
            })}
          </tr>
        ))}
      </thead>
      <tbody>
        {props.isLoading && rows.length === 0 ? (
          <tr>
            <td colSpan={columnCount} className="text-center py-4">
              <Spinner
                animation="border"
                size="sm"
                role="status"
                aria-label={`Loading ${caption.toLowerCase()}`}
              />
            </td>
          </tr>
        ) : rows.length === 0 ? (
          <tr>
            <td colSpan={columnCount} className="text-body-secondary py-4 text-center">
              {props.emptyState ?? 'Nothing to show.'}
            </td>
          </tr>
        ) : isVirtual ? (
          <>
            {paddingTop > 0 ? (
              <tr aria-hidden="true">
                <td colSpan={columnCount} style={{ height: paddingTop, padding: 0, border: 0 }} />
              </tr>
            ) : null}
            {virtualItems.map((item) => {
              const row = rows[item.index];
              return row ? renderRow(row) : null;
            })}
            {paddingBottom > 0 ? (
              <tr aria-hidden="true">
                <td
                  colSpan={columnCount}
                  style={{ height: paddingBottom, padding: 0, border: 0 }}
                />
              </tr>
            ) : null}
          </>
        ) : (
          rows.map(renderRow)
        )}
      </tbody>
      {props.footer ? <tfoot>{props.footer}</tfoot> : null}
    </Table>
  );

  return (
    <div
      ref={scrollRef}
      className={`table-responsive data-table-scroll${isVirtual ? ' is-virtual' : ''}`}
      style={isVirtual ? { maxHeight: props.virtualHeight } : undefined}
    >
      {tableElement}
    </div>
  );
}
