import { formatCurrency } from '@bastion/domain/format/currency';
import { ZHwSkuCostForm } from '@bastion/domain/margin-data/schemas';
import type { ColumnDef } from '@tanstack/react-table';
import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Pagination from 'react-bootstrap/Pagination';
import { Link, useParams } from 'react-router';
import {
  useDeleteHwSkuCost,
  useHwSkuCosts,
  useSaveHwSkuCost,
  type HwKind,
  type HwSkuCost,
  type HwSkuCostPage,
  type HwSkuCostRequest,
} from '../api/hw-sku-costs.ts';
import {
  decimalColumn,
  EditableTable,
  rowHeaderColumn,
  type EditableColumns,
} from '../components/editable-table.tsx';
import { centsOf, centsText, impliedPercent } from '../components/input-checks.ts';
import { KIND_LABELS } from '../components/kind-labels.ts';
import { MarginDataScreen } from '../components/margin-data-screen.tsx';
import { UpdatedOn } from '../components/row-controls.tsx';
import { textAt, useRowEditor } from '@/components/data-table/row-editors.ts';

const PAGE_SIZE = 25;

interface Filters {
  search: string;
  kind: HwKind | null;
  isMissingOnly: boolean;
  includeRetired: boolean;
}

/** The unit cost's share of list price, following what is typed. */
function ImpliedPercentCell({ row }: { row: HwSkuCost }) {
  const { editor } = useRowEditor(row);
  const implied = editor.isDrafting
    ? impliedPercent(centsOf(textAt(editor, 'unit_cost_usd')), row.usd_list_price_minor)
    : row.implied_cost_percent;
  return <>{implied === null ? '—' : `${implied} %`}</>;
}

/** The SKU's code (and whether it is retired), its name, kind and family. */
function SkuCell({ row }: { row: HwSkuCost }) {
  return (
    <>
      <div className="text-nowrap">
        <span className="fw-semibold font-monospace">{row.sku}</span>
        {row.is_active ? null : (
          <Badge bg="secondary" className="ms-2">
            Retired
          </Badge>
        )}
      </div>
      <div className="small text-body-secondary">{row.name}</div>
      <div className="small text-body-secondary">
        {KIND_LABELS[row.kind]} · {row.family_name}
      </div>
    </>
  );
}

const columns: readonly ColumnDef<HwSkuCost, never>[] = [
  rowHeaderColumn({
    id: 'sku',
    header: 'SKU',
    size: { minWidth: '14rem' },
    cell: (row) => <SkuCell row={row} />,
  }),
  {
    id: 'list_price',
    header: 'List price today',
    meta: { align: 'end' },
    cell: ({ row: { original: row } }) =>
      row.usd_list_price_minor === null ? (
        <span className="text-body-secondary small">No USD price today</span>
      ) : (
        <span className="font-monospace">{formatCurrency(row.usd_list_price_minor, 'USD')}</span>
      ),
  },
  decimalColumn({
    id: 'unit_cost',
    header: 'Unit cost (USD)',
    path: 'unit_cost_usd',
    label: (row) => `Unit cost of ${row.sku} in US dollars`,
    prefix: '$',
    width: '10rem',
    placeholder: 'No cost',
    readOnly: (row) =>
      row.unit_cost_usd_minor === null ? (
        <Badge bg="warning" text="dark">
          No cost
        </Badge>
      ) : (
        <span className="font-monospace">{formatCurrency(row.unit_cost_usd_minor, 'USD')}</span>
      ),
    after: (row) => (row.updated_at ? <UpdatedOn at={row.updated_at} /> : null),
  }),
  {
    id: 'implied',
    header: () => (
      <span title="Unit cost as a share of today's USD list price, before markup">
        Cost % of list
      </span>
    ),
    meta: { align: 'end', className: 'font-monospace' },
    cell: ({ row: { original: row } }) => <ImpliedPercentCell row={row} />,
  },
];

const table: EditableColumns<HwSkuCost> = {
  caption: 'Hardware SKU costs',
  columns,
  actions: {
    saveLabel: (row) => `Save unit cost of ${row.sku}`,
    removal: (row) =>
      row.unit_cost_usd_minor === null
        ? null
        : {
            label: `Remove the cost of ${row.sku}`,
            question: 'Quotes will show no margin for it.',
          },
    minWidth: '9rem',
  },
};

/**
 * The filters as set: the search applies once typing pauses, and any change shows page 1 again.
 */
function useFilters() {
  const [filters, setFilters] = useState<Filters>({
    search: '',
    kind: null,
    isMissingOnly: false,
    includeRetired: false,
  });
  const [searchText, setSearchText] = useState('');
  const [page, setPage] = useState(1);
  useEffect(() => {
    const timer = setTimeout(() => {
      setFilters((current) =>
        current.search === searchText.trim() ? current : { ...current, search: searchText.trim() },
      );
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [searchText]);
  const change = (patch: Partial<Filters>) => {
    setFilters({ ...filters, ...patch });
    setPage(1);
  };
  return { filters, change, searchText, setSearchText, page, setPage };
}

type FilterState = ReturnType<typeof useFilters>;

/**
 * mc-hw-sku-costs/{id} (spec §2): the landed unit cost of every hardware and access-point SKU;
 * {id} is `all`, or a SKU to show alone.
 */
export function HwSkuCostsPage() {
  const { id = 'all', context = 'cpq' } = useParams();
  const focusSku = id === 'all' ? null : id;
  const filterState = useFilters();
  const { filters, page, setPage } = filterState;
  const request: HwSkuCostRequest = {
    search: focusSku ? '' : filters.search,
    kind: focusSku ? null : filters.kind,
    missing_cost: focusSku ? false : filters.isMissingOnly,
    include_retired: filters.includeRetired,
    focus_sku: focusSku,
    page: focusSku ? 1 : page,
    page_size: PAGE_SIZE,
  };
  const costs = useHwSkuCosts(request);
  const save = useSaveHwSkuCost(request);
  const remove = useDeleteHwSkuCost(request);

  return (
    <MarginDataScreen
      title="Hardware SKU costs"
      subtitle="The landed cost of one unit of each appliance and access point, in US dollars."
      query={costs}
      isMarginData
    >
      {(data) => (
        <>
          <p className="text-body-secondary mb-0">
            Quotes add the markup ({KIND_LABELS.HARDWARE} {data.markups.HARDWARE} %,{' '}
            {KIND_LABELS.ACCESS_POINT.toLowerCase()} {data.markups.ACCESS_POINT} %) and convert the
            cost to the quote&apos;s currency. List prices are those in effect on {data.price_date}.
          </p>
          {focusSku ? (
            <Alert variant="info" className="mb-0 d-flex flex-wrap gap-2 align-items-center">
              <span>
                Showing <strong>{focusSku}</strong> only.
              </span>
              <Link to={`/${context}/mc-hw-sku-costs/all/ref`} className="alert-link">
                Show all hardware SKUs
              </Link>
            </Alert>
          ) : (
            <>
              {data.missing_cost_count > 0 ? (
                <Alert variant="warning" className="mb-0 d-flex flex-wrap gap-2 align-items-center">
                  <span>
                    <strong>{data.missing_cost_count.toLocaleString('en-US')}</strong>{' '}
                    {data.missing_cost_count === 1 ? 'SKU on sale has' : 'SKUs on sale have'} no
                    cost: quotes with them show no margin.
                  </span>
                  {filters.isMissingOnly ? null : (
                    <Button
                      size="sm"
                      variant="outline-dark"
                      onClick={() => filterState.change({ isMissingOnly: true })}
                    >
                      Show only these
                    </Button>
                  )}
                </Alert>
              ) : null}
              <FilterBar state={filterState} />
            </>
          )}
          <EditableTable
            table={table}
            rows={data.rows}
            canEdit={data.can_edit}
            emptyState={
              focusSku
                ? `${focusSku} is not a hardware or access-point SKU. Subscriptions, support and services are costed under Cost lookup.`
                : 'No hardware SKU matches these filters.'
            }
            footer={<Pager data={data} onPage={setPage} />}
            spec={{
              rowId: (row) => row.sku,
              schema: ZHwSkuCostForm,
              valuesOf: (row) => ({
                sku: row.sku,
                unit_cost_usd: centsText(row.unit_cost_usd_minor),
              }),
              isUnchanged: (values, row) =>
                centsOf(values.unit_cost_usd) === row.unit_cost_usd_minor,
              save: (values) => save.mutateAsync(values),
              remove: (row) => remove.mutateAsync({ sku: row.sku }),
            }}
          />
        </>
      )}
    </MarginDataScreen>
  );
}

/** The yes/no filters, as switches. */
const SWITCHES = [
  { id: 'hw-cost-missing', label: 'Missing cost only', filter: 'isMissingOnly' },
  { id: 'hw-cost-retired', label: 'Include retired SKUs', filter: 'includeRetired' },
] as const;

function FilterBar({ state }: { state: FilterState }) {
  const { filters, change: onChange } = state;
  return (
    <Form
      role="search"
      className="row g-2 align-items-end"
      onSubmit={(event) => event.preventDefault()}
    >
      <Form.Group className="col-12 col-md-5 col-lg-4" controlId="hw-cost-search">
        <Form.Label className="small mb-1">Search</Form.Label>
        <Form.Control
          type="search"
          placeholder="SKU or product name"
          value={state.searchText}
          onChange={(event) => state.setSearchText(event.target.value)}
        />
      </Form.Group>
      <Form.Group className="col-6 col-md-3 col-lg-2" controlId="hw-cost-kind">
        <Form.Label className="small mb-1">Kind</Form.Label>
        <Form.Select
          value={filters.kind ?? ''}
          onChange={(event) =>
            onChange({ kind: event.target.value === '' ? null : (event.target.value as HwKind) })
          }
        >
          <option value="">All</option>
          <option value="HARDWARE">{KIND_LABELS.HARDWARE}</option>
          <option value="ACCESS_POINT">{KIND_LABELS.ACCESS_POINT}</option>
        </Form.Select>
      </Form.Group>
      <div className="col-auto d-flex gap-3 pb-2">
        {SWITCHES.map(({ id, label, filter }) => (
          <Form.Check
            key={id}
            id={id}
            type="switch"
            label={label}
            checked={filters[filter]}
            onChange={(event) => onChange({ [filter]: event.target.checked })}
          />
        ))}
      </div>
    </Form>
  );
}

function Pager({ data, onPage }: { data: HwSkuCostPage; onPage: (page: number) => void }) {
  const pageCount = Math.max(1, Math.ceil(data.total / data.page_size));
  const first = data.total === 0 ? 0 : (data.page - 1) * data.page_size + 1;
  const last = Math.min(data.total, data.page * data.page_size);
  return (
    <div className="d-flex flex-wrap justify-content-between align-items-center mt-3 gap-2">
      <span className="small text-body-secondary">
        {data.total === 0
          ? 'No SKUs'
          : `${first.toLocaleString('en-US')}–${last.toLocaleString('en-US')} of ${data.total.toLocaleString('en-US')} SKUs`}
      </span>
      {pageCount > 1 ? (
        <Pagination className="mb-0" aria-label="Pages of hardware SKUs">
          <Pagination.Prev
            disabled={data.page <= 1}
            onClick={() => onPage(data.page - 1)}
            aria-label="Previous page"
          />
          <Pagination.Item active>{`Page ${data.page} of ${pageCount}`}</Pagination.Item>
          <Pagination.Next
            disabled={data.page >= pageCount}
            onClick={() => onPage(data.page + 1)}
            aria-label="Next page"
          />
        </Pagination>
      ) : null}
    </div>
  );
}
