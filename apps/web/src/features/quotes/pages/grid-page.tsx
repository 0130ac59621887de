import type { GridModuleName } from '@bastion/domain/quotes/api/grid';
import { useCallback, useMemo, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Pagination from 'react-bootstrap/Pagination';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DataGrid, type GridSort } from '@/components/data-grid/data-grid.tsx';
import { ErrorScreen } from '@/components/error-screen.tsx';
import { NoData } from '@/components/no-data.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { useSession } from '../../auth/index.ts';
import { CrmSyncButton } from '../../crm/index.ts';
import { useGridPage } from '../api/grid.ts';
import {
  EMPTY_FILTERS,
  GridFilterBar,
  isFiltered,
  type GridFilterValues,
} from '../components/grid-filter-bar.tsx';
import {
  readGridViewState,
  writeGridViewState,
  type GridViewState,
} from '@/components/data-grid/grid-url-state.ts';

const PAGE_SIZE = 25;

/** The modules this page lists; other grids of spec §2 come with their features. */
const QUOTE_GRID_MODULES: ReadonlySet<string> = new Set<GridModuleName>([
  'quotes',
  'my-quotes',
  'opportunities',
]);

/** Whether a route's module name is one of the grids the contract knows. */
export const isQuoteGridModule = (name: string): name is GridModuleName =>
  QUOTE_GRID_MODULES.has(name);

/** A generic grid of spec §2 for one module: filters, sorting and pages are the server's. */
export function GridPage({
  moduleName,
  opportunityId,
}: {
  moduleName: GridModuleName;
  opportunityId?: string;
}) {
  const navigate = useNavigate();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readGridViewState(params), [params]);
  const filters: GridFilterValues = useMemo(
    () => ({
      search: view.search,
      selected: view.selected,
      dateFrom: view.dateFrom,
      dateTo: view.dateTo,
    }),
    [view],
  );
  const { sort, page } = view;
  const showView = useCallback(
    (next: GridViewState) => setParams(writeGridViewState(next)),
    [setParams],
  );
  const grid = useGridPage({
    module_name: moduleName,
    opp_id: opportunityId,
    search: filters.search || undefined,
    filters: {
      ...Object.fromEntries(
        Object.entries(filters.selected).filter(([, values]) => values.length > 0),
      ),
      date_from: filters.dateFrom || undefined,
      date_to: filters.dateTo || undefined,
    },
    sort: sort ?? undefined,
    page,
    page_size: PAGE_SIZE,
  });
  // A new filter starts again at page 1.
  const changeFilters = useCallback(
    (next: GridFilterValues) => showView({ ...next, sort, page: 1 }),
    [showView, sort],
  );
  const setPage = (next: number) => showView({ ...view, page: next });
  const setSort = (next: GridSort) => showView({ ...view, sort: next, page: 1 });

  const title = grid.data?.title ?? (moduleName === 'opportunities' ? 'Opportunities' : 'Quotes');
  const canCreate = session.user.permissions.can_create_quote;
  // Channel managers and renewals staff quote partner deals only (spec §6).
  const canCreateDirect = session.user.permissions.can_create_direct_quote;
  const pageCount = grid.data ? Math.max(1, Math.ceil(grid.data.total / PAGE_SIZE)) : 1;
  const newQuote = (
    <Link to="/cpq/create-quote/new/ref" className="btn btn-primary">
      <i className="bi bi-plus-lg me-1" aria-hidden="true" />
      New quote
    </Link>
  );

  return (
    <>
      <PageHeader
        title={title}
        subtitle={opportunityId ? `Opportunity ${opportunityId}` : undefined}
        actions={
          // The opportunity grid has the CRM's sync button, for those who may sync (issue 19).
          moduleName === 'opportunities' ? <CrmSyncButton /> : canCreate ? newQuote : undefined
        }
      />
      {grid.data ? (
        <GridFilterBar
          filters={grid.data.filters}
          dateLabel={grid.data.date_label}
          value={filters}
          onChange={changeFilters}
        />
      ) : null}
      {grid.isPending ? (
        <Spinner animation="border" role="status" aria-label="Loading the list" />
      ) : grid.isError ? (
        <ErrorScreen error={grid.error} onRetry={() => void grid.refetch()} />
      ) : grid.data.rows.length === 0 ? (
        <GridEmptyState
          moduleName={moduleName}
          isFiltered={isFiltered(filters)}
          newQuote={canCreate ? newQuote : null}
          onClearFilters={() => changeFilters(EMPTY_FILTERS)}
        />
      ) : (
        <>
          <div className="d-flex align-items-center mb-2 small text-body-secondary">
            <span aria-live="polite">
              {grid.data.total === 1
                ? '1 result'
                : `${grid.data.total.toLocaleString('en-US')}${grid.data.total_is_capped ? '+' : ''} results`}
            </span>
            {grid.isFetching ? <Spinner animation="border" size="sm" className="ms-2" /> : null}
          </div>
          <div className="card">
            <DataGrid
              caption={title}
              columns={grid.data.columns}
              rows={grid.data.rows}
              sort={sort}
              onSort={setSort}
              rowLink={(row) => (typeof row.target_path === 'string' ? row.target_path : null)}
              onOpen={(path) => void navigate(path)}
              renderAction={(_column, row) =>
                canCreate &&
                typeof row.create_quote === 'string' &&
                (row.sales_channel !== 'DIRECT' || canCreateDirect) ? (
                  <Button
                    size="sm"
                    variant="outline-primary"
                    onClick={() => void navigate(String(row.create_quote))}
                  >
                    Create quote
                  </Button>
                ) : canCreate ? (
                  <span className="small text-body-secondary">Partner deals only</span>
                ) : null
              }
            />
          </div>
          {pageCount > 1 ? (
            <Pagination className="mt-3" aria-label="Pages">
              <Pagination.Prev disabled={page <= 1} onClick={() => setPage(page - 1)} />
              <Pagination.Item active>
                {`Page ${page} of ${pageCount}${grid.data.total_is_capped ? '+' : ''}`}
              </Pagination.Item>
              <Pagination.Next
                disabled={page >= pageCount && !grid.data.total_is_capped}
                onClick={() => setPage(page + 1)}
              />
            </Pagination>
          ) : null}
        </>
      )}
    </>
  );
}

/** An empty grid says why, and offers the way on: clearing the filters, or a first quote. */
function GridEmptyState(props: {
  moduleName: string;
  isFiltered: boolean;
  newQuote: ReactNode;
  onClearFilters: () => void;
}) {
  const isOpportunities = props.moduleName === 'opportunities';
  const newQuote = isOpportunities ? null : props.newQuote;
  if (props.isFiltered) {
    return (
      <NoData
        title="Nothing matches"
        message={
          isOpportunities
            ? 'No opportunity of yours matches these filters.'
            : 'No quote of yours matches these filters.'
        }
      >
        <Button variant="outline-secondary" onClick={props.onClearFilters}>
          Clear filters
        </Button>
        {newQuote}
      </NoData>
    );
  }
  return (
    <NoData
      title={isOpportunities ? 'No opportunities yet' : 'No quotes yet'}
      message={
        isOpportunities
          ? 'Opportunities of your regions and accounts, and those you work on, appear here.'
          : newQuote
            ? 'Quotes you make, and those of your regions and accounts, appear here. Start one from an opportunity.'
            : 'Quotes of your regions and accounts appear here.'
      }
    >
      {newQuote}
    </NoData>
  );
}
