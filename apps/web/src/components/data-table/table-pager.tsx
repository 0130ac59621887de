import Pagination from 'react-bootstrap/Pagination';

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
