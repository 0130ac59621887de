import type { ComponentProps, ReactNode } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import { DataTable, type DataTableProps } from './data-table.tsx';
import { TablePager } from './table-pager.tsx';

/** One page of a list the server pages: the table in a card, and the pager under it. */
export function PagedTable<T>({
  pager,
  ...table
}: DataTableProps<T> & { pager: ComponentProps<typeof TablePager> }) {
  return (
    <>
      <div className="card">
        <DataTable {...table} />
      </div>
      <TablePager {...pager} />
    </>
  );
}

/**
 * Above a paged list: how many rows match ("42 users"), announced when it changes, a spinner
 * while the next page or filter loads, then `children` (a "Clear filters" link).
 */
export function ListCount(props: { count: ReactNode; isFetching: boolean; children?: ReactNode }) {
  return (
    <div className="d-flex align-items-center mb-2 small text-body-secondary">
      <span aria-live="polite">{props.count}</span>
      {props.isFetching ? <Spinner animation="border" size="sm" className="ms-2" /> : null}
      {props.children}
    </div>
  );
}
