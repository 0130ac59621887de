import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import Pagination from 'react-bootstrap/Pagination';
import { LoadState } from '@/components/admin/admin-layout.tsx';

export const PAGE_SIZE = 15;

export function RecordPager(props: {
  page: number;
  total: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const pageCount = Math.max(1, Math.ceil(props.total / PAGE_SIZE));
  if (pageCount <= 1) return null;
  return (
    <Pagination className="mt-3 mb-0" aria-label={props.label}>
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

export const resultCount = (total: number) =>
  total === 1 ? '1 result' : `${total.toLocaleString('en-US')} results`;

/**
 * The record a side panel edits, once loaded (null for a new one, which loads nothing): the
 * loading and failure states are LoadState's.
 */
export function LoadedRecord<T>(props: {
  id: string | null;
  query: UseQueryResult<T>;
  /** "the account": what is loading. */
  what: string;
  children: (record: T | null) => ReactNode;
}) {
  if (props.id === null) return <>{props.children(null)}</>;
  return (
    <LoadState query={props.query} what={props.what}>
      {props.children}
    </LoadState>
  );
}
