import { useId, type ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import type { CatalogSkuSummary } from '../api/catalog-skus.ts';
import { useSkuSearch } from '../api/sku-search.ts';
import { KIND_LABELS, plural } from './catalog-labels.ts';

/** One found SKU: its code, its name and kind, and what the caller puts at the end. */
function SkuResult({ row, end }: { row: CatalogSkuSummary; end: ReactNode }) {
  return (
    <>
      <span className="fw-semibold text-nowrap">{row.sku}</span>
      <span className="text-truncate flex-grow-1" title={row.name}>
        {row.name}
        <span className="opacity-75"> · {KIND_LABELS[row.kind]}</span>
      </span>
      {end}
    </>
  );
}

/**
 * A search box for SKUs by code or name and what it finds (the SKU pricing page's picker, the
 * bundle editor's finder). With onSelect each found SKU is a button that chooses it; without,
 * a list whose rows end with `end` (an Add button, or why not).
 */
export function SkuSearch(props: {
  label: string;
  placeholder: string;
  /** The found SKUs' accessible name ("Matching SKUs"). */
  listLabel: string;
  isCompact?: boolean;
  selected?: string | null;
  onSelect?: (row: CatalogSkuSummary) => void;
  end?: (row: CatalogSkuSummary) => ReactNode;
}) {
  const id = useId();
  const { text, setText, search, results } = useSkuSearch();
  const { onSelect, end, isCompact } = props;
  const itemClass = `d-flex align-items-center gap-2${isCompact ? ' py-1 small' : ''}`;

  return (
    <div>
      <Form.Label htmlFor={id} className={isCompact ? 'small mb-1' : undefined}>
        {props.label}
      </Form.Label>
      <Form.Control
        id={id}
        size={isCompact ? 'sm' : undefined}
        type="search"
        placeholder={props.placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {search === '' ? null : results.isPending ? (
        <Spinner
          animation="border"
          size="sm"
          className="mt-2"
          role="status"
          aria-label="Searching"
        />
      ) : results.isError ? (
        <div className="text-danger small mt-2" role="alert">
          {results.error.message}
        </div>
      ) : results.data.rows.length === 0 ? (
        <p className="small text-body-secondary mt-2 mb-0">{`No SKU matches “${search}”.`}</p>
      ) : (
        <>
          {onSelect ? (
            <ListGroup className="mt-2" aria-label={props.listLabel}>
              {results.data.rows.map((row) => (
                <ListGroup.Item
                  key={row.sku}
                  action
                  // Inside a form, choosing a SKU must not submit it.
                  type="button"
                  active={row.sku === props.selected}
                  onClick={() => onSelect(row)}
                  className={itemClass}
                >
                  <SkuResult row={row} end={end?.(row)} />
                </ListGroup.Item>
              ))}
            </ListGroup>
          ) : (
            <ListGroup as="ul" className="mt-2" aria-label={props.listLabel}>
              {results.data.rows.map((row) => (
                <ListGroup.Item as="li" key={row.sku} className={itemClass}>
                  <SkuResult row={row} end={end?.(row)} />
                </ListGroup.Item>
              ))}
            </ListGroup>
          )}
          {results.data.total > results.data.rows.length ? (
            <p className="small text-body-secondary mt-1 mb-0">
              {`${plural(results.data.total, 'match', 'matches')}; type more to narrow them.`}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
