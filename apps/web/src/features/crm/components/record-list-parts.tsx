import { useEffect, useState } from 'react';
import Pagination from 'react-bootstrap/Pagination';

/** The search text as typed, and as sent: a moment after the typing stops. */
export function useDebouncedSearch(delayMs = 300) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);
  return { text, setText, search };
}

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
 * Which record the side panel edits (null id: a new one) and whether it is open. The record stays
 * set while the panel slides out, so its content does not vanish mid-animation.
 */
export function useRecordPanel() {
  const [record, setRecord] = useState<{ id: string | null } | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  return {
    record,
    isOpen,
    open: (id: string | null) => {
      setRecord({ id });
      setIsOpen(true);
    },
    close: () => setIsOpen(false),
    /** For Offcanvas onExited. */
    clear: () => setRecord(null),
  };
}
