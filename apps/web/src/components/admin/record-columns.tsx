import type { ColumnDef, ColumnMeta } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';

/*
 * Columns and marks the lists of admin records share: one value of the row under a header, the
 * column naming the row, text that may wrap, the last column of the row's buttons, the mark of a
 * record that is switched off, and the grey of its row.
 */

/** A column showing what `cell` makes of the row; `meta` as DataTable reads it. */
export function valueColumn<T>(
  id: string,
  header: string,
  cell: (row: T) => ReactNode,
  meta?: ColumnMeta<T, never>,
): ColumnDef<T, never> {
  return { id, header, ...(meta ? { meta } : {}), cell: ({ row }) => cell(row.original) };
}

/** The column that names the row: the row's header for screen readers, its text may wrap. */
export const nameColumn = <T,>(id: string, header: string, cell: (row: T) => ReactNode) =>
  valueColumn(id, header, cell, { isRowHeader: true, isText: true });

/** A column of text that may wrap (addresses, subjects, reasons). */
export const textColumn = <T,>(id: string, header: string, cell: (row: T) => ReactNode) =>
  valueColumn(id, header, cell, { isText: true });

/** The last column: the row's buttons, under a header only screen readers hear. */
export const actionsColumn = <T,>(
  cell: (row: T) => ReactNode,
  id = 'actions',
  header = 'Actions',
) => valueColumn(id, header, cell, { isHeaderHidden: true, align: 'end' });

/** Beside a record's name: it is switched off ("Inactive", "Withdrawn"). */
export function OffBadge({ children }: { children: ReactNode }) {
  return (
    <Badge bg="secondary" className="ms-2">
      {children}
    </Badge>
  );
}

/** A switched-off record's row reads grey. */
export const inactiveRowClass = (row: { is_active: boolean }) =>
  row.is_active ? undefined : 'text-body-secondary';
