import type { ComponentProps, ReactNode } from 'react';
import Pagination from 'react-bootstrap/Pagination';
import Spinner from 'react-bootstrap/Spinner';
import { DataTable, type DataTableProps } from './data-table.tsx';

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

/** Previous, "Page N of M", next under a paged table; nothing when everything fits one page. */
export function TablePager(props: {
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** Names the pager for screen readers ("Pages", "Account pages"). */
  label?: string;
  size?: 'sm';
  className?: string;
}) {
  const pageCount = Math.max(1, Math.ceil(props.total / props.pageSize));
  if (pageCount <= 1) return null;
  return (
    <Pagination
      className={props.className ?? 'mt-3'}
      size={props.size}
      aria-label={props.label ?? 'Pages'}
    >
      <Pagination.Prev
        disabled={props.page <= 1}
        onClick={() => props.onPage(props.page - 1)}
        aria-label="Previous page"
      />
      <Pagination.Item active>{`Page ${props.page} of ${pageCount}`}</Pagination.Item>
      <Pagination.Next
        disabled={props.page >= pageCount}
        onClick={() => props.onPage(props.page + 1)}
        aria-label="Next page"
      />
    </Pagination>
  );
}
