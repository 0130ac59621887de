import { formatCurrency } from '@bastion/domain/format/currency';
import type { ColumnDef } from '@tanstack/react-table';
import { useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useNavigate } from 'react-router';
import { actionsColumn, valueColumn } from '@/components/admin/record-columns.tsx';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { TablePager } from '@/components/data-table/paged-table.tsx';
import { ErrorScreen } from '@/components/error-screen.tsx';
import { NoData } from '@/components/no-data.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { SidePanel } from '@/components/side-panel.tsx';
import { useDebouncedSearch } from '@/lib/use-debounced-value.ts';
import {
  useContract,
  useContractsPage,
  useCreateRenewalQuote,
  type ContractsBody,
  type ContractSummary,
  type RenewalKind,
} from '../api/contracts.ts';
import { ContractActions, type DeskPermissions } from '../components/contract-actions.tsx';
import {
  ContractLinesTable,
  ContractStatusBadge,
  contractDate,
  EndsBadge,
  RenewalQuoteLink,
} from '../components/contract-display.tsx';
import { ImportContractsModal } from '../components/import-contracts-modal.tsx';
import { MarkLostModal } from '../components/mark-lost-modal.tsx';
import {
  DEFAULT_RENEWALS_FILTERS,
  RenewalsFilterBar,
  type RenewalsFilterValues,
} from '../components/renewals-filter-bar.tsx';

const PAGE_SIZE = 25;

const KIND_NAMES: Readonly<Record<RenewalKind, string>> = {
  RENEWAL: 'renewal',
  COTERM: 'co-term',
  TRUE_UP: 'true-up',
};

interface RowHandlers {
  permissions: DeskPermissions;
  pending: { contractId: string; kind: RenewalKind } | null;
  onCreate: (contract: ContractSummary, kind: RenewalKind) => void;
  onMarkLost: (contract: ContractSummary) => void;
}

function columnsOf(handlers: RowHandlers): ColumnDef<ContractSummary, never>[] {
  return [
    // The number names the row and never wraps.
    valueColumn<ContractSummary>('contract_number', 'Contract', (row) => row.contract_number, {
      isRowHeader: true,
    }),
    valueColumn<ContractSummary>('account', 'Account', (row) => row.account_name, {
      isText: true,
    }),
    valueColumn<ContractSummary>('region', 'Region', (row) => row.region, {
      priority: 'secondary',
    }),
    valueColumn<ContractSummary>('start', 'Start', (row) => contractDate(row.start_date), {
      priority: 'secondary',
    }),
    valueColumn<ContractSummary>('end', 'End', (row) => (
      <div className="d-flex flex-column align-items-start gap-1">
        {contractDate(row.end_date)}
        <EndsBadge contract={row} />
      </div>
    )),
    valueColumn<ContractSummary>(
      'amount',
      'To renew',
      (row) => formatCurrency(row.amount_to_renew_minor, row.currency_code),
      { align: 'end' },
    ),
    valueColumn<ContractSummary>('csm', 'CSM', (row) => row.csm_name || '—', {
      priority: 'secondary',
      isText: true,
    }),
    valueColumn<ContractSummary>('cam', 'CAM', (row) => row.cam_name || '—', {
      priority: 'low',
      isText: true,
    }),
    valueColumn<ContractSummary>('status', 'Status', (row) => (
      <div className="d-flex flex-column align-items-start gap-1">
        <ContractStatusBadge contract={row} />
        {row.renewal_quote ? (
          <span className="small">
            <RenewalQuoteLink contract={row} />
          </span>
        ) : null}
      </div>
    )),
    actionsColumn<ContractSummary>((row) => (
      <ContractActions
        contract={row}
        permissions={handlers.permissions}
        pendingKind={handlers.pending?.contractId === row.id ? handlers.pending.kind : null}
        isBusy={handlers.pending !== null}
        onCreate={(kind) => handlers.onCreate(row, kind)}
        onMarkLost={() => handlers.onMarkLost(row)}
      />
    )),
  ];
}

const bodyOf = (filters: RenewalsFilterValues, account: string, page: number): ContractsBody => ({
  search: filters.search,
  ends_within_days: filters.endsWithinDays,
  include_overdue: filters.includeOverdue,
  region: filters.region,
  account,
  csm: filters.csm,
  cam: filters.cam,
  status: filters.status,
  page,
  page_size: PAGE_SIZE,
});

/**
 * grid/renewals/{ref}: the renewals desk (issue 18). Contracts of the caller's scope by end
 * date, each with what is to be renewed and its renewal's state; one click makes the renewal
 * quote, the menu a true-up or co-term, or marks the contract lost. A row opens its lines.
 */
export function RenewalsDeskPage() {
  const navigate = useNavigate();
  const [filters, setFilters] = useState<RenewalsFilterValues>(DEFAULT_RENEWALS_FILTERS);
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const [losing, setLosing] = useState<ContractSummary | null>(null);
  const [isImporting, setIsImporting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const account = useDebouncedSearch(filters.account);
  const list = useContractsPage(bodyOf(filters, account, page));
  const create = useCreateRenewalQuote();
  const pending =
    create.isPending && create.variables
      ? { contractId: create.variables.contract_id, kind: create.variables.kind }
      : null;

  const permissions: DeskPermissions = {
    can_create_renewal: list.data?.can_create_renewal ?? false,
    can_create_coterm: list.data?.can_create_coterm ?? false,
  };
  const startQuote = (contract: ContractSummary, kind: RenewalKind) => {
    setNotice(null);
    create.mutate(
      { contract_id: contract.id, kind },
      { onSuccess: (quote) => void navigate(quote.target_path) },
    );
  };
  // Rebuilt each render: its cells show which row's quote is being made.
  const columns = columnsOf({
    permissions,
    pending,
    onCreate: startQuote,
    onMarkLost: setLosing,
  });
  const changeFilters = (next: RenewalsFilterValues) => {
    setFilters(next);
    setPage(1);
  };
  const openRow = list.data?.rows.find((row) => row.id === openId) ?? null;

  return (
    <>
      <PageHeader
        title="Renewals & true-ups"
        subtitle="Contracts by end date: renew them, true them up, co-term new products onto them."
        actions={
          list.data?.can_import ? (
            <Button variant="outline-primary" onClick={() => setIsImporting(true)}>
              <i className="bi bi-upload me-1" aria-hidden="true" />
              Import contracts
            </Button>
          ) : undefined
        }
      />
      {notice ? (
        <Alert variant="success" dismissible onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      ) : null}
      {create.isError ? (
        <Alert variant="danger" role="alert" dismissible onClose={() => create.reset()}>
          The {create.variables ? KIND_NAMES[create.variables.kind] : ''} quote was not made:{' '}
          {create.error.message}
        </Alert>
      ) : null}
      <RenewalsFilterBar
        value={filters}
        regions={list.data?.regions ?? []}
        csms={list.data?.csms ?? []}
        cams={list.data?.cams ?? []}
        onChange={changeFilters}
      />
      {list.isPending ? (
        <Spinner animation="border" role="status" aria-label="Loading the contracts" />
      ) : list.isError ? (
        <ErrorScreen error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.rows.length === 0 ? (
        <NoData
          title="No contracts to show"
          message="No contract you look after matches these filters: widen the end-date window or clear the filters."
          icon="bi-arrow-repeat"
        />
      ) : (
        <>
          <div className="d-flex align-items-center mb-2 small text-body-secondary">
            <span aria-live="polite">
              {list.data.total === 1
                ? '1 contract'
                : `${list.data.total.toLocaleString('en-US')} contracts`}
            </span>
            {list.isFetching ? <Spinner animation="border" size="sm" className="ms-2" /> : null}
          </div>
          <div className="card">
            <DataTable
              data={list.data.rows}
              columns={columns}
              caption="Contracts to renew"
              getRowId={(row) => row.id}
              onRowOpen={(row) => setOpenId(row.id)}
              activeRowId={openId}
              narrowDetail
            />
          </div>
          <TablePager
            page={page}
            total={list.data.total}
            pageSize={PAGE_SIZE}
            onPage={setPage}
            label="Contract pages"
          />
        </>
      )}
      <SidePanel
        show={openId !== null}
        title={openRow ? `Contract ${openRow.contract_number}` : 'Contract'}
        onHide={() => setOpenId(null)}
      >
        {openId ? <ContractPanel contractId={openId} /> : null}
      </SidePanel>
      {losing ? (
        <MarkLostModal
          contract={losing}
          onHide={() => setLosing(null)}
          onMarked={(marked) => setNotice(`${marked.contract_number} is marked lost.`)}
        />
      ) : null}
      {list.data?.can_import ? (
        <ImportContractsModal
          show={isImporting}
          onHide={() => setIsImporting(false)}
          onImported={() => void list.refetch()}
        />
      ) : null}
    </>
  );
}

/** A contract's facts and its lines, in the side panel. */
function ContractPanel({ contractId }: { contractId: string }) {
  const contract = useContract(contractId);
  if (contract.isPending) {
    return <Spinner animation="border" role="status" aria-label="Loading the contract" />;
  }
  if (contract.isError) {
    return <ErrorScreen error={contract.error} onRetry={() => void contract.refetch()} />;
  }
  const c = contract.data;
  const facts: [string, ReactNode][] = [
    ['Account', c.account_name],
    ['Region', c.region],
    ['Term', `${contractDate(c.start_date)} to ${contractDate(c.end_date)}`],
    ['To renew', formatCurrency(c.amount_to_renew_minor, c.currency_code)],
    ['CSM', c.csm_name || '—'],
    ['CAM', c.cam_name || '—'],
    ['Status', <ContractStatusBadge key="status" contract={c} />],
    ['Renewal quote', <RenewalQuoteLink key="quote" contract={c} />],
  ];
  if (c.lost_reason) facts.push(['Lost because', c.lost_reason]);
  return (
    <>
      <dl className="row small mb-3">
        {facts.map(([label, value]) => (
          <div key={label} className="col-6 mb-2">
            <dt className="text-body-secondary fw-normal">{label}</dt>
            <dd className="mb-0">{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className="h6">Lines</h3>
      <ContractLinesTable lines={c.entitlements} caption={`Lines of ${c.contract_number}`} />
    </>
  );
}
