import { formatCurrency } from '@bastion/domain/format/currency';
import { PRODUCT_KINDS, type ProductKind } from '@bastion/domain/pricing/model';
import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Pagination from 'react-bootstrap/Pagination';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { useParams } from 'react-router';
import { ErrorScreen } from '../../../components/error-screen.tsx';
import { NoData } from '../../../components/no-data.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { useSession } from '../../auth/components/session-context.tsx';
import {
  useCatalogFamilies,
  useCatalogSkus,
  useProductLines,
  type CatalogSkuListRequest,
  type SkuSortField,
} from '../api/catalog-skus.ts';
import { formatDay, KIND_LABELS, plural, skuStatusOf } from '../components/catalog-labels.ts';
import { ProductLineFilter } from '../components/product-line-filter.tsx';
import { SkuOffcanvas } from '../components/sku-offcanvas.tsx';

const PAGE_SIZE = 25;

const COLUMNS: readonly { key: string; label: string; sort?: SkuSortField; className?: string }[] =
  [
    { key: 'sku', label: 'SKU', sort: 'sku' },
    { key: 'name', label: 'Name', sort: 'name' },
    { key: 'family', label: 'Family', sort: 'family' },
    { key: 'kind', label: 'Kind', sort: 'kind' },
    { key: 'price', label: 'List price (USD)', className: 'text-end' },
    { key: 'status', label: 'Status', sort: 'status' },
  ];

/** The search as typed, and as sent: a moment after the typing stops. */
function useDebounced(text: string, delayMs = 300) {
  const [value, setValue] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setValue(text.trim()), delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);
  return value;
}

/** The product catalogue (spec §2 /commcat/grid/catalog/ref): every SKU, with its panel. */
export function CatalogGridPage() {
  const { context = 'commcat' } = useParams();
  const { permissions } = useSession().user;
  const canAdminister = permissions.is_catalog_admin || permissions.is_root_admin;
  const [text, setText] = useState('');
  const search = useDebounced(text);
  const [filters, setFilters] = useState<
    Omit<CatalogSkuListRequest, 'search' | 'page_size' | 'node_ids'> & { node_ids: string[] }
  >({
    family_id: '',
    kind: '',
    status: 'all',
    node_id: null,
    node_ids: [],
    sort: 'sku',
    direction: 'asc',
    page: 1,
  });
  const [panel, setPanel] = useState<{ code: string | null; isOpen: boolean } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const families = useCatalogFamilies();
  const productLines = useProductLines();
  const list = useCatalogSkus({ ...filters, search, page_size: PAGE_SIZE });

  // A new search starts again at page 1.
  const [shownSearch, setShownSearch] = useState(search);
  if (shownSearch !== search) {
    setShownSearch(search);
    setFilters((current) => ({ ...current, page: 1 }));
  }
  const filter = (change: Partial<typeof filters>) =>
    setFilters((current) => ({ ...current, page: 1, ...change }));
  const sortBy = (field: SkuSortField) =>
    filter({
      sort: field,
      direction: filters.sort === field && filters.direction === 'asc' ? 'desc' : 'asc',
    });
  const open = (code: string | null) => {
    setNotice(null);
    setPanel({ code, isOpen: true });
  };
  const isFiltered =
    text !== '' ||
    filters.family_id !== '' ||
    filters.node_ids.length > 0 ||
    filters.kind !== '' ||
    filters.status !== 'all';
  const clearFilters = () => {
    setText('');
    filter({ family_id: '', node_ids: [], kind: '', status: 'all' });
  };
  const pageCount = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;

  return (
    <>
      <PageHeader
        title="Product catalog"
        subtitle="Every SKU quotes are built from. Open one to see its details."
        actions={
          canAdminister ? (
            <Button onClick={() => open(null)}>
              <i className="bi bi-plus-lg me-1" aria-hidden="true" />
              New SKU
            </Button>
          ) : undefined
        }
      />
      <Form
        className="row g-2 align-items-end mb-3"
        role="search"
        onSubmit={(event) => event.preventDefault()}
      >
        <div className="col-12 col-md-6 col-xl-3">
          <Form.Label htmlFor="catalog-search" className="small mb-1">
            Search
          </Form.Label>
          <Form.Control
            id="catalog-search"
            type="search"
            placeholder="SKU code or name"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <div className="col-6 col-md-3 col-xl-2">
          <Form.Label htmlFor="catalog-family" className="small mb-1">
            Family
          </Form.Label>
          <Form.Select
            id="catalog-family"
            value={filters.family_id}
            onChange={(event) => filter({ family_id: event.target.value })}
          >
            <option value="">All families</option>
            {(families.data?.families ?? []).map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </Form.Select>
        </div>
        <div className="col-6 col-md-3 col-xl-3">
          <ProductLineFilter
            id="catalog-product-line"
            lines={productLines.data?.nodes ?? []}
            chosen={filters.node_ids}
            onChange={(nodeIds) => filter({ node_ids: nodeIds })}
            onOpen={() => void productLines.refetch()}
          />
        </div>
        <div className="col-6 col-md-6 col-xl-2">
          <Form.Label htmlFor="catalog-kind" className="small mb-1">
            Kind
          </Form.Label>
          <Form.Select
            id="catalog-kind"
            value={filters.kind}
            onChange={(event) => filter({ kind: event.target.value as ProductKind | '' })}
          >
            <option value="">All kinds</option>
            {PRODUCT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {KIND_LABELS[kind]}
              </option>
            ))}
          </Form.Select>
        </div>
        <div className="col-6 col-md-6 col-xl-2">
          <Form.Label htmlFor="catalog-status" className="small mb-1">
            Status
          </Form.Label>
          <Form.Select
            id="catalog-status"
            value={filters.status}
            onChange={(event) =>
              filter({ status: event.target.value as CatalogSkuListRequest['status'] })
            }
          >
            <option value="all">All statuses</option>
            <option value="active">Active</option>
            <option value="inactive">Inactive</option>
          </Form.Select>
        </div>
      </Form>
      {notice ? (
        <Alert variant="success" dismissible onClose={() => setNotice(null)} role="status">
          {notice}
        </Alert>
      ) : null}
      {list.isPending ? (
        <Spinner animation="border" role="status" aria-label="Loading the catalogue" />
      ) : list.isError ? (
        <ErrorScreen error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.rows.length === 0 ? (
        <>
          <NoData title="Nothing matches" message="No SKU matches this search and these filters." />
          {isFiltered ? (
            <div className="text-center mt-3">
              <Button variant="outline-secondary" onClick={clearFilters}>
                Clear filters
              </Button>
            </div>
          ) : null}
        </>
      ) : (
        <>
          <div className="d-flex align-items-center mb-2 small text-body-secondary">
            <span aria-live="polite">
              {plural(list.data.total, 'SKU', 'SKUs')} · USD list prices on{' '}
              {formatDay(list.data.price_date)}
            </span>
            {list.isFetching ? <Spinner animation="border" size="sm" className="ms-2" /> : null}
            {isFiltered ? (
              <Button variant="link" size="sm" className="ms-auto p-0" onClick={clearFilters}>
                Clear filters
              </Button>
            ) : null}
          </div>
          <Card>
            <Table
              hover
              responsive
              size="sm"
              className="data-grid align-middle mb-0"
              aria-label="SKUs"
            >
              <thead>
                <tr>
                  {COLUMNS.map((column) => {
                    const isSorted = column.sort !== undefined && filters.sort === column.sort;
                    return (
                      <th
                        key={column.key}
                        scope="col"
                        className={column.className}
                        aria-sort={
                          isSorted
                            ? filters.direction === 'asc'
                              ? 'ascending'
                              : 'descending'
                            : undefined
                        }
                      >
                        {column.sort ? (
                          <Button variant="link" onClick={() => column.sort && sortBy(column.sort)}>
                            {column.label}
                            <i
                              className={`bi ms-1 ${
                                isSorted
                                  ? filters.direction === 'asc'
                                    ? 'bi-sort-up'
                                    : 'bi-sort-down'
                                  : 'bi-arrow-down-up text-body-tertiary'
                              }`}
                              aria-hidden="true"
                            />
                          </Button>
                        ) : (
                          column.label
                        )}
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody>
                {list.data.rows.map((row) => {
                  const status = skuStatusOf(row.is_active);
                  return (
                    <tr key={row.sku} className="is-clickable" onClick={() => open(row.sku)}>
                      <td className="text-nowrap">
                        <a
                          href={`#${row.sku}`}
                          className="fw-semibold"
                          onClick={(event) => {
                            event.preventDefault();
                            event.stopPropagation();
                            open(row.sku);
                          }}
                        >
                          {row.sku}
                        </a>
                      </td>
                      <td className="grid-col-text">
                        <div>{row.name}</div>
                        {row.hierarchy_path ? (
                          <div className="small text-body-secondary">{row.hierarchy_path}</div>
                        ) : null}
                      </td>
                      <td className="text-nowrap">{row.family_name}</td>
                      <td className="text-nowrap">{KIND_LABELS[row.kind]}</td>
                      <td className="text-end text-nowrap">
                        {row.kind === 'BUNDLE' ? (
                          <span className="small text-body-secondary">its components</span>
                        ) : row.usd_price_minor === null ? (
                          <span className="text-body-secondary" title="No USD price today">
                            —
                          </span>
                        ) : (
                          formatCurrency(row.usd_price_minor, 'USD')
                        )}
                      </td>
                      <td>
                        <StatusBadge label={status.label} tone={status.tone} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </Table>
          </Card>
          {pageCount > 1 ? (
            <Pagination className="mt-3" aria-label="Pages">
              <Pagination.Prev
                disabled={filters.page <= 1}
                onClick={() => setFilters((c) => ({ ...c, page: c.page - 1 }))}
                aria-label="Previous page"
              />
              <Pagination.Item active>{`Page ${filters.page} of ${pageCount}`}</Pagination.Item>
              <Pagination.Next
                disabled={filters.page >= pageCount}
                onClick={() => setFilters((c) => ({ ...c, page: c.page + 1 }))}
                aria-label="Next page"
              />
            </Pagination>
          ) : null}
        </>
      )}
      {panel ? (
        <SkuOffcanvas
          show={panel.isOpen}
          code={panel.code}
          context={context}
          canAdminister={canAdminister}
          onHide={() => setPanel((current) => current && { ...current, isOpen: false })}
          onExited={() => setPanel(null)}
          onSaved={(sku, isCreated) => {
            if (isCreated) {
              setNotice(
                `Created ${sku.sku}. Give it prices under SKU pricing before it is quoted.`,
              );
              setPanel({ code: sku.sku, isOpen: true });
            } else {
              setNotice(`Saved ${sku.sku}.`);
            }
          }}
        />
      ) : null}
    </>
  );
}
