import { useCallback, useEffect, useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Pagination from 'react-bootstrap/Pagination';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  DataGrid,
  type GridColumn,
  type GridRow,
} from '../../../components/data-grid/data-grid.tsx';
import { ErrorScreen } from '../../../components/error-screen.tsx';
import { NoData } from '../../../components/no-data.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import {
  readGridViewState,
  writeGridViewState,
  type GridViewState,
} from '../../quotes/components/grid-url-state.ts';
import { useSession } from '../../auth/components/session-context.tsx';
import { useApprovalQueue, useApprovalQueueFilters } from '../api/approval-queue.ts';
import type { ApprovalQueueRow, ApproveManyResult, AssignedTo } from '../api/approval-types.ts';
import { useApproveMany, useDecideStep } from '../api/quote-approval.ts';
import { money, percent, personName, when } from '../components/approval-format.ts';
import { ConfirmModal } from '../components/confirm-modal.tsx';
import { DecisionModal, type DecisionKind } from '../components/decision-modal.tsx';
import '../components/approvals.css';

const PAGE_SIZE = 25;
const ASSIGNED_TO = 'assigned_to';

/**
 * The queue's columns. The owner and the largest discount show when the server sends them;
 * until then the submitter stands in for the owner (see approval-types.ts).
 */
function columnsFor(rows: readonly ApprovalQueueRow[]): GridColumn[] {
  const hasOwner = rows.some((r) => r.owner !== undefined);
  const hasDiscount = rows.some((r) => r.max_line_discount_percent !== undefined);
  return [
    { key: 'select', label: 'Select', type: 'action' },
    { key: 'quote_number', label: 'Quote', type: 'link' },
    { key: 'quote_name', label: 'Name', type: 'text' },
    { key: 'account_name', label: 'Account', type: 'text' },
    {
      key: 'owner',
      label: hasOwner ? 'Owner' : 'Submitted by',
      type: 'text',
      priority: 'secondary',
    },
    { key: 'total_amount_minor', label: 'Net total', type: 'money' },
    ...(hasDiscount
      ? [{ key: 'max_discount', label: 'Largest discount', type: 'number' } as const]
      : []),
    // With the sidebar open a 1400px screen leaves under 1000px: the step's age gives way (it is
    // on the quote's summary); what is decided, by which hat, and why stay.
    { key: 'step', label: 'Group and stage', type: 'text' },
    { key: 'why', label: 'Why', type: 'text' },
    { key: 'pending_since', label: 'Pending since', type: 'text', priority: 'secondary' },
    { key: 'decide', label: 'Decide', type: 'action' },
  ];
}

function toGridRow(row: ApprovalQueueRow): GridRow {
  return {
    id: row.step_id,
    quote_number: row.quote_number,
    quote_name: row.quote_name,
    account_name: row.account_name,
    owner: personName(row.owner === undefined ? row.submitted_by : row.owner),
    currency_code: row.currency_code,
    total_amount_minor: row.total_amount_minor,
    max_discount: percent(row.max_line_discount_percent),
    step: `${row.group_name} · stage ${row.stage}: ${row.stage_name}${row.acting_for ? ` (for ${personName(row.acting_for)})` : ''}`,
    why: row.reasons.join('; '),
    pending_since: when(row.pending_since),
    target_path: row.target_path,
  };
}

/** Keeps clicks on the row's own controls from opening the quote. */
const stop = (event: React.SyntheticEvent) => event.stopPropagation();

interface BulkOutcome {
  results: (ApproveManyResult & { label: string })[];
}

/**
 * /cpq/grid/quote-approvals/ref: the approval steps waiting for the user's decision, with the
 * 'assigned to' filter of spec §6, approve or reject per row, and approve of several at once.
 */
export function ApprovalQueuePage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readGridViewState(params), [params]);
  const showView = useCallback(
    (next: GridViewState) => setParams(writeGridViewState(next)),
    [setParams],
  );
  const filters = useApprovalQueueFilters();
  const options = filters.data?.options ?? [];
  const chosen = view.selected[ASSIGNED_TO]?.[0];
  const assignedTo: AssignedTo =
    options.find((o) => o.value === chosen)?.value ??
    filters.data?.default_value ??
    options[0]?.value ??
    'ME';
  const queue = useApprovalQueue(
    {
      assigned_to: assignedTo,
      search: view.search || undefined,
      page: view.page,
      page_size: PAGE_SIZE,
    },
    filters.isSuccess,
  );
  const rows = useMemo(() => queue.data?.rows ?? [], [queue.data]);
  const byStep = useMemo(() => new Map(rows.map((r) => [r.step_id, r])), [rows]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // Only steps still listed can be approved; a decided one leaves the list and the selection.
  const selectedRows = rows.filter((r) => r.can_decide && selected.has(r.step_id));
  const [deciding, setDeciding] = useState<{ kind: DecisionKind; row: ApprovalQueueRow } | null>(
    null,
  );
  const [isBulkOpen, setIsBulkOpen] = useState(false);
  const [bulkOutcome, setBulkOutcome] = useState<BulkOutcome | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const decide = useDecideStep();
  const approveMany = useApproveMany();

  // A new filter starts again at page 1.
  const changeFilters = useCallback(
    (next: { search?: string; assignedTo?: AssignedTo }) =>
      showView({
        ...view,
        search: next.search ?? view.search,
        selected: { [ASSIGNED_TO]: [next.assignedTo ?? assignedTo] },
        page: 1,
      }),
    [showView, view, assignedTo],
  );
  const setPage = (page: number) => showView({ ...view, page });
  const toggle = (stepId: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(stepId)) next.delete(stepId);
      else next.add(stepId);
      return next;
    });
  const decidable = rows.filter((r) => r.can_decide);
  const isAllSelected = decidable.length > 0 && decidable.every((r) => selected.has(r.step_id));
  const pageCount = queue.data ? Math.max(1, Math.ceil(queue.data.total / PAGE_SIZE)) : 1;
  const rowLabel = (row: ApprovalQueueRow) => `${row.quote_number} ${row.quote_name}`;

  return (
    <div className="approval-queue">
      <PageHeader title="Quote approvals" subtitle="Approval steps waiting for your decision" />
      {filters.isError ? (
        <ErrorScreen error={filters.error} onRetry={() => void filters.refetch()} />
      ) : (
        <QueueFilterBar
          search={view.search}
          assignedTo={assignedTo}
          options={filters.data?.is_shown === false ? [] : options}
          onChange={changeFilters}
        />
      )}
      {notice ? (
        <Alert variant="success" dismissible onClose={() => setNotice(null)} role="status">
          {notice}
        </Alert>
      ) : null}
      {bulkOutcome ? (
        <BulkResults outcome={bulkOutcome} onClose={() => setBulkOutcome(null)} />
      ) : null}
      {filters.isPending || queue.isPending ? (
        <Spinner animation="border" role="status" aria-label="Loading the approvals" />
      ) : queue.isError ? (
        <ErrorScreen error={queue.error} onRetry={() => void queue.refetch()} />
      ) : rows.length === 0 ? (
        <NoData
          icon="bi-check2-circle"
          title={view.search ? 'Nothing matches' : 'Nothing waiting for you'}
          message={
            view.search
              ? 'No approval step waiting for you matches this search.'
              : 'When a quote needs your approval it is listed here, and the Approvals menu shows how many are waiting.'
          }
        />
      ) : (
        <>
          <div className="approval-bulk-bar" role="group" aria-label="Selected approvals">
            <Form.Check
              id="approval-select-all"
              label={isAllSelected ? 'Unselect all' : 'Select all on this page'}
              checked={isAllSelected}
              onChange={() =>
                setSelected(isAllSelected ? new Set() : new Set(decidable.map((r) => r.step_id)))
              }
            />
            <span className="small text-body-secondary" aria-live="polite">
              {selectedRows.length === 0
                ? `${queue.data.total} waiting`
                : `${selectedRows.length} selected of ${queue.data.total}`}
            </span>
            {queue.isFetching ? <Spinner animation="border" size="sm" /> : null}
            <Button
              size="sm"
              variant="success"
              className="ms-auto"
              disabled={selectedRows.length === 0 || approveMany.isPending}
              onClick={() => setIsBulkOpen(true)}
            >
              <i className="bi bi-check2-all me-1" aria-hidden="true" />
              Approve selected
            </Button>
          </div>
          <div className="card">
            <DataGrid
              caption="Approval steps waiting for your decision"
              columns={columnsFor(rows)}
              rows={rows.map(toGridRow)}
              sort={null}
              onSort={() => undefined}
              rowLink={(row) => (typeof row.target_path === 'string' ? row.target_path : null)}
              onOpen={(path) => void navigate(path)}
              renderAction={(column, gridRow) => {
                const row = byStep.get(String(gridRow.id));
                if (!row) return null;
                // The deal desk's "all" view lists steps others must decide: shown, not decided.
                if (!row.can_decide) {
                  return column.key === 'decide' ? (
                    <span className="small text-body-secondary">Not yours to decide</span>
                  ) : null;
                }
                if (column.key === 'select') {
                  return (
                    <span onClick={stop} className="approval-queue-select d-inline-block">
                      <Form.Check
                        id={`select-${row.step_id}`}
                        aria-label={`Select ${rowLabel(row)}`}
                        checked={selected.has(row.step_id)}
                        onChange={() => toggle(row.step_id)}
                      />
                    </span>
                  );
                }
                return (
                  <span className="d-inline-flex gap-1" onClick={stop}>
                    <Button
                      size="sm"
                      variant="outline-success"
                      aria-label={`Approve ${rowLabel(row)}`}
                      onClick={() => setDeciding({ kind: 'approve', row })}
                    >
                      Approve
                    </Button>
                    <Button
                      size="sm"
                      variant="outline-danger"
                      aria-label={`Reject ${rowLabel(row)}`}
                      onClick={() => setDeciding({ kind: 'reject', row })}
                    >
                      Reject
                    </Button>
                  </span>
                );
              }}
            />
          </div>
          {pageCount > 1 ? (
            <Pagination className="mt-3" aria-label="Pages">
              <Pagination.Prev disabled={view.page <= 1} onClick={() => setPage(view.page - 1)} />
              <Pagination.Item active>{`Page ${view.page} of ${pageCount}`}</Pagination.Item>
              <Pagination.Next
                disabled={view.page >= pageCount}
                onClick={() => setPage(view.page + 1)}
              />
            </Pagination>
          ) : null}
        </>
      )}

      {deciding ? (
        <DecisionModal
          target={{
            kind: deciding.kind,
            quoteLabel: rowLabel(deciding.row),
            amount: money(deciding.row.total_amount_minor, deciding.row.currency_code),
            stepLabel: `${deciding.row.group_name} (stage ${deciding.row.stage}: ${deciding.row.stage_name})`,
            reasons: deciding.row.reasons,
            onBehalfOf: deciding.row.acting_for ? personName(deciding.row.acting_for) : null,
          }}
          isPending={decide.isPending}
          error={decide.isError ? decide.error.message : null}
          onHide={() => {
            decide.reset();
            setDeciding(null);
          }}
          onConfirm={(comment) => {
            const { row, kind } = deciding;
            const base = {
              quote_id: row.quote_id,
              step_id: row.step_id,
              version: row.version,
            };
            decide.mutate(
              kind === 'reject'
                ? { action: 'reject', ...base, comment }
                : { action: 'approve', ...base, ...(comment ? { comment } : {}) },
              {
                onSuccess: () => {
                  setDeciding(null);
                  setNotice(
                    `${kind === 'reject' ? 'Rejected' : 'Approved'} ${rowLabel(row)} for ${row.group_name}.`,
                  );
                },
              },
            );
          }}
        />
      ) : null}
      {isBulkOpen ? (
        <ConfirmModal
          title={`Approve ${selectedRows.length} ${selectedRows.length === 1 ? 'step' : 'steps'}?`}
          confirmLabel="Approve"
          confirmVariant="success"
          commentLabel="Comment for every selected step (optional)"
          isPending={approveMany.isPending}
          error={approveMany.isError ? approveMany.error.message : null}
          onHide={() => {
            approveMany.reset();
            setIsBulkOpen(false);
          }}
          onConfirm={(comment) => {
            const labels = new Map(selectedRows.map((r) => [r.step_id, rowLabel(r)]));
            approveMany.mutate(
              {
                step_ids: selectedRows.map((r) => r.step_id),
                ...(comment ? { comment } : {}),
              },
              {
                onSuccess: ({ results }) => {
                  setIsBulkOpen(false);
                  setSelected(new Set());
                  setNotice(null);
                  setBulkOutcome({
                    results: results.map((r) => ({
                      ...r,
                      label: labels.get(r.step_id) ?? r.step_id,
                    })),
                  });
                },
              },
            );
          }}
        >
          Each selected step is approved on its own: one that someone else decided meanwhile, or
          whose quote changed, is refused and stays as it is. The results are shown afterwards.
          <span className="d-block mt-2 small">
            {selectedRows.map((r) => `${r.quote_number} (${r.group_name})`).join(', ')}
          </span>
        </ConfirmModal>
      ) : null}
    </div>
  );
}

/** The outcome of each step of a bulk approval. */
function BulkResults({ outcome, onClose }: { outcome: BulkOutcome; onClose: () => void }) {
  const failed = outcome.results.filter((r) => !r.ok).length;
  return (
    <Alert
      variant={failed === 0 ? 'success' : 'warning'}
      dismissible
      onClose={onClose}
      role="status"
      aria-label="Bulk approval results"
    >
      <div className="fw-semibold mb-1">
        {failed === 0
          ? `Approved ${outcome.results.length} ${outcome.results.length === 1 ? 'step' : 'steps'}.`
          : `${outcome.results.length - failed} approved, ${failed} not approved.`}
      </div>
      <ul className="mb-0 small">
        {outcome.results.map((r) => (
          <li key={r.step_id}>
            <i
              className={`bi ${r.ok ? 'bi-check-circle text-success' : 'bi-x-circle text-danger'} me-1`}
              aria-hidden="true"
            />
            {r.label}: {r.ok ? 'approved' : r.message || 'not approved'}
          </li>
        ))}
      </ul>
    </Alert>
  );
}

/** Search (applied as the user pauses) and the 'assigned to' choice when there is one. */
function QueueFilterBar({
  search,
  assignedTo,
  options,
  onChange,
}: {
  search: string;
  assignedTo: AssignedTo;
  options: readonly { value: AssignedTo; label: string }[];
  onChange: (next: { search?: string; assignedTo?: AssignedTo }) => void;
}) {
  const { user } = useSession();
  const canDelegate = user.is_approver || user.has_delegation || user.is_delegated_to_me;
  const [typed, setTyped] = useState(search);
  // Back and forward change the address, and with it the search: the box follows it.
  const [shown, setShown] = useState(search);
  if (shown !== search) {
    setShown(search);
    setTyped(search);
  }
  useEffect(() => {
    if (typed === search) return;
    const timer = setTimeout(() => onChange({ search: typed }), 300);
    return () => clearTimeout(timer);
  }, [typed, search, onChange]);

  return (
    <Form
      className="grid-filter-bar row g-2 align-items-end mb-3"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ search: typed });
      }}
    >
      <div className="col-12 col-md-6 col-lg-4">
        <Form.Label htmlFor="approval-search" className="small mb-1">
          Search
        </Form.Label>
        <Form.Control
          id="approval-search"
          type="search"
          placeholder="Quote, account or owner"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      </div>
      {/* Spec §6: the filter is shown only when there is more than one choice. */}
      {options.length > 1 ? (
        <div className="col-12 col-md-4 col-lg-3">
          <Form.Label htmlFor="approval-assigned-to" className="small mb-1">
            Assigned to
          </Form.Label>
          <Form.Select
            id="approval-assigned-to"
            value={assignedTo}
            onChange={(event) =>
              onChange({
                assignedTo:
                  options.find((o) => o.value === event.target.value)?.value ?? assignedTo,
              })
            }
          >
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Form.Select>
        </div>
      ) : null}
      {canDelegate ? (
        <div className="col-auto ms-auto">
          <Link className="btn btn-link" to="/cpq/user-profile/ref/delegations">
            <i className="bi bi-person-up me-1" aria-hidden="true" />
            Delegate my approvals
          </Link>
        </div>
      ) : null}
    </Form>
  );
}
