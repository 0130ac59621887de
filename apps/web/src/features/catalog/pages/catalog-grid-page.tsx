import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useParams, useSearchParams } from 'react-router';
import { LoadState } from '@/components/admin/admin-layout.tsx';
import type { TableSort } from '@/components/data-table/data-table.tsx';
import { ListCount, PagedTable } from '@/components/data-table/paged-table.tsx';
import { NoData } from '@/components/no-data.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { SidePanel } from '@/components/side-panel.tsx';
import { useSession } from '../../auth/index.ts';
import { useCatalogSkus, type SkuSortField } from '../api/catalog-skus.ts';
import { useDebouncedSearch } from '@/lib/use-debounced-value.ts';
import { catalogColumns } from '../components/catalog-columns.tsx';
import {
  CatalogFilterBar,
  NO_FILTERS,
  type CatalogFilters,
} from '../components/catalog-filter-bar.tsx';
import { formatDay, plural } from '../components/catalog-labels.ts';
import { SkuOffcanvas } from '../components/sku-offcanvas.tsx';
import { SuccessNotice } from '../components/success-notice.tsx';

// Only catalogue admins move SKUs as CSV: the export and import load when one opens them.
const SkuTransfer = lazy(() =>
  import('../components/sku-transfer.tsx').then((module) => ({ default: module.SkuTransfer })),
);

const PAGE_SIZE = 25;

/** The product catalogue (spec §2 /commcat/grid/catalog/ref): every SKU, with its panel. */
export function CatalogGridPage() {
  const { context = 'commcat' } = useParams();
  const { permissions } = useSession().user;
  const canAdminister = permissions.is_catalog_admin || permissions.is_root_admin;
  // The global search opens a SKU as ?sku=CODE: the list finds it and its panel opens.
  const [params] = useSearchParams();
  const skuParam = params.get('sku') ?? '';
  const [text, setText] = useState(skuParam);
  const search = useDebouncedSearch(text);
  const [filters, setFilters] = useState<CatalogFilters>(NO_FILTERS);
  const [sort, setSort] = useState<{ field: SkuSortField; direction: 'asc' | 'desc' }>({
    field: 'sku',
    direction: 'asc',
  });
  const [page, setPage] = useState(1);
  const [panel, setPanel] = useState<{ code: string | null; isOpen: boolean } | null>(
    skuParam ? { code: skuParam, isOpen: true } : null,
  );
  const [openedSku, setOpenedSku] = useState(skuParam);
  if (openedSku !== skuParam) {
    setOpenedSku(skuParam);
    if (skuParam) {
      setText(skuParam);
      setPanel({ code: skuParam, isOpen: true });
    }
  }
  const [notice, setNotice] = useState<string | null>(null);
  /** The CSV panel: open, closing (still shown while it slides out) or gone. */
  const [transfer, setTransfer] = useState<'open' | 'closing' | null>(null);
  const list = useCatalogSkus({
    ...filters,
    node_id: null,
    search,
    sort: sort.field,
    direction: sort.direction,
    page,
    page_size: PAGE_SIZE,
  });

  // A new search starts again at page 1.
  const [shownSearch, setShownSearch] = useState(search);
  if (shownSearch !== search) {
    setShownSearch(search);
    setPage(1);
  }
  const filter = (change: Partial<CatalogFilters>) => {
    setFilters((current) => ({ ...current, ...change }));
    setPage(1);
  };
  const open = useCallback((code: string | null) => {
    setNotice(null);
    setPanel({ code, isOpen: true });
  }, []);
  const columns = useMemo(() => catalogColumns(open), [open]);
  const isFiltered =
    text !== '' ||
    filters.family_id !== '' ||
    filters.node_ids.length > 0 ||
    filters.kind !== '' ||
    filters.status !== 'all';
  const clearFilters = () => {
    setText('');
    filter(NO_FILTERS);
  };

  return (
    <>
      <PageHeader
        title="Product catalog"
        subtitle="Every SKU quotes are built from. Open one to see its details."
        actions={
          canAdminister ? (
            <>
              <Button variant="outline-secondary" onClick={() => setTransfer('open')}>
                <i className="bi bi-filetype-csv me-1" aria-hidden="true" />
                Export / import
              </Button>
              <Button onClick={() => open(null)}>
                <i className="bi bi-plus-lg me-1" aria-hidden="true" />
                New SKU
              </Button>
            </>
          ) : undefined
        }
      />
      <CatalogFilterBar text={text} onTextChange={setText} filters={filters} onChange={filter} />
      <SuccessNotice message={notice} onClose={() => setNotice(null)} />
      <LoadState query={list} what="the catalogue">
        {(data) =>
          data.rows.length === 0 ? (
            <>
              <NoData
                title="Nothing matches"
                message="No SKU matches this search and these filters."
              />
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
              <ListCount
                count={`${plural(data.total, 'SKU', 'SKUs')} · USD list prices on ${formatDay(data.price_date)}`}
                isFetching={list.isFetching}
              >
                {isFiltered ? (
                  <Button variant="link" size="sm" className="ms-auto p-0" onClick={clearFilters}>
                    Clear filters
                  </Button>
                ) : null}
              </ListCount>
              <PagedTable
                caption="SKUs"
                size="sm"
                data={data.rows}
                columns={columns}
                getRowId={(row) => row.sku}
                sort={sort}
                onSortChange={(next: TableSort) => {
                  setSort({ field: next.field as SkuSortField, direction: next.direction });
                  setPage(1);
                }}
                onRowOpen={(row) => open(row.sku)}
                activeRowId={panel?.isOpen ? panel.code : null}
                pager={{ page, total: data.total, pageSize: PAGE_SIZE, onPage: setPage }}
              />
            </>
          )
        }
      </LoadState>
      {transfer ? (
        <SidePanel
          show={transfer === 'open'}
          title="SKUs as CSV"
          onHide={() => setTransfer('closing')}
          onExited={() => setTransfer(null)}
        >
          <Suspense fallback={<p className="small text-body-secondary">Loading…</p>}>
            <SkuTransfer />
          </Suspense>
        </SidePanel>
      ) : null}
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
