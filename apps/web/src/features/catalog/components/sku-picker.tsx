import { useEffect, useState } from 'react';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { useCatalogSkus } from '../api/catalog-skus.ts';
import { plural, skuStatusOf } from './catalog-labels.ts';

/** Finds a SKU by code or name, inactive ones too: their prices are kept as well. */
export function SkuPicker({
  selected,
  onSelect,
}: {
  selected: string | null;
  onSelect: (sku: string) => void;
}) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const results = useCatalogSkus(
    {
      search,
      family_id: '',
      kind: '',
      status: 'all',
      node_id: null,
      sort: 'sku',
      direction: 'asc',
      page: 1,
      page_size: 8,
    },
    { enabled: search !== '' },
  );

  return (
    <div>
      <Form.Label htmlFor="pricing-sku-search">Find a SKU</Form.Label>
      <Form.Control
        id="pricing-sku-search"
        type="search"
        placeholder="SKU code or name, e.g. FW-60F"
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
          <ListGroup className="mt-2" aria-label="Matching SKUs">
            {results.data.rows.map((row) => {
              const status = skuStatusOf(row.is_active);
              return (
                <ListGroup.Item
                  key={row.sku}
                  action
                  active={row.sku === selected}
                  onClick={() => onSelect(row.sku)}
                  className="d-flex align-items-center gap-2"
                >
                  <span className="fw-semibold text-nowrap">{row.sku}</span>
                  <span className="small text-truncate flex-grow-1">{row.name}</span>
                  {row.is_active ? null : <StatusBadge label={status.label} tone={status.tone} />}
                </ListGroup.Item>
              );
            })}
          </ListGroup>
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
