import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Pagination from 'react-bootstrap/Pagination';
import Spinner from 'react-bootstrap/Spinner';
import { useNavigate, useSearchParams } from 'react-router';
import {
  readGridViewState,
  writeGridViewState,
  type GridViewState,
} from '@/components/data-grid/grid-url-state.ts';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { ErrorScreen } from '@/components/error-screen.tsx';
import { NoData } from '@/components/no-data.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { useApprovalQueue, useApprovalQueueFilters } from '../api/approval-queue.ts';
import type { ApprovalQueueRow, AssignedTo } from '../api/approval-types.ts';
import type { DecisionKind } from '../components/decision-modal.tsx';
import {
  BulkApproveModal,
  BulkResults,
  type BulkOutcome,
} from '../components/queue/bulk-approval.tsx';
import { queueColumns, SelectedStepsContext } from '../components/queue/queue-columns.tsx';
import { QueueDecisionModal } from '../components/queue/queue-decision.tsx';
import { QueueFilterBar } from '../components/queue/queue-filter-bar.tsx';
import '../components/approvals.css';

const PAGE_SIZE = 25;
const ASSIGNED_TO = 'assigned_to';

/** What each view says of itself: under the title, and when it is empty. */
const VIEW_TEXTS: Readonly<
  Record<AssignedTo, { subtitle: string; emptyTitle: string; emptyMessage: string }>
> = {
  ME: {
    subtitle: 'Approval steps waiting for your decision',
    emptyTitle: 'Nothing waiting for you',
    emptyMessage:
      'When a quote needs your approval it is listed here, and the Approvals menu shows how many are waiting.',
  },
  DELEGATED: {
    subtitle: 'Approval steps you decide for someone who delegated them to you',
    emptyTitle: 'Nothing delegated is waiting',
    emptyMessage: 'Steps of the approvers who delegated to you are listed here while they wait.',
  },
  ALL: {
    subtitle: 'Every approval step waiting, whoever decides it',
    emptyTitle: 'Nothing is waiting',
    emptyMessage: 'No quote waits for an approval.',
  },
  DECIDED: {
    subtitle: 'Approval steps you decided, the latest first',
    emptyTitle: 'Nothing decided yet',
    emptyMessage: 'The steps you approve or reject are listed here, with what you wrote.',
  },
  MINE: {
    subtitle: 'Your quotes waiting for approval, and who decides them',
    emptyTitle: 'None of your quotes waits for approval',
    emptyMessage:
      'When you submit a quote that needs approval, its steps are listed here until they are decided.',
  },
};

/**
 * /cpq/grid/quote-approvals/ref: the approval steps waiting for the user's decision, with the
 * 'assigned to' filter of spec §6 (and issue 33's views: decided by me, my quotes in approval),
 * approve or reject per row, and approve of several at once.
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
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // Only steps still listed can be approved; a decided one leaves the list and the selection.
  const selectedRows = rows.filter((r) => r.can_decide && selected.has(r.step_id));
  const [deciding, setDeciding] = useState<{ kind: DecisionKind; row: ApprovalQueueRow } | null>(
    null,
  );
  const [isBulkOpen, setIsBulkOpen] = useState(false);
  const [bulkOutcome, setBulkOutcome] = useState<BulkOutcome | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // A decided step leaves the list with the button that opened its dialog: focus goes to what
  // was done, and Tab goes on from there into the list.
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

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
  // Only what changes the columns themselves: new definitions remount every cell (focus lost).
  const isDecidedView = assignedTo === 'DECIDED';
  const isDecisionView = assignedTo !== 'DECIDED' && assignedTo !== 'MINE';
  const columns = useMemo(
    () =>
      queueColumns({
        isDecidedView,
        isDecisionView,
        onToggle: (row) =>
          setSelected((current) => {
            const next = new Set(current);
            if (next.has(row.step_id)) next.delete(row.step_id);
            else next.add(row.step_id);
            return next;
          }),
        onDecide: (kind, row) => setDeciding({ kind, row }),
      }),
    [isDecidedView, isDecisionView],
  );
  const texts = VIEW_TEXTS[assignedTo];
  const decidable = rows.filter((r) => r.can_decide);
  const isAllSelected = decidable.length > 0 && decidable.every((r) => selected.has(r.step_id));
  const pageCount = queue.data ? Math.max(1, Math.ceil(queue.data.total / PAGE_SIZE)) : 1;

  return (
    <div className="approval-queue">
      <PageHeader title="Quote approvals" subtitle={texts.subtitle} />
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
        <Alert
          ref={noticeRef}
          tabIndex={-1}
          variant="success"
          dismissible
          onClose={() => {
            setNotice(null);
            // Its close button goes with it: focus goes back to the search, above the list.
            document.getElementById('approval-search')?.focus();
          }}
          role="status"
        >
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
          title={view.search ? 'Nothing matches' : texts.emptyTitle}
          message={view.search ? 'Nothing in this list matches this search.' : texts.emptyMessage}
        />
      ) : (
        <>
          {decidable.length === 0 ? (
            <div className="small text-body-secondary mb-2" aria-live="polite">
              {queue.data.total === 1 ? '1 step' : `${queue.data.total} steps`}
              {queue.isFetching ? <Spinner animation="border" size="sm" className="ms-2" /> : null}
            </div>
          ) : (
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
                disabled={selectedRows.length === 0 || isBulkOpen}
                onClick={() => setIsBulkOpen(true)}
              >
                <i className="bi bi-check2-all me-1" aria-hidden="true" />
                Approve selected
              </Button>
            </div>
          )}
          <div className="card">
            <SelectedStepsContext value={selected}>
              <DataTable
                caption={texts.subtitle}
                data={rows}
                columns={columns}
                getRowId={(row) => row.step_id}
                size="sm"
                narrowDetail
                narrowAt={900}
                onRowOpen={(row) => void navigate(row.target_path)}
              />
            </SelectedStepsContext>
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
        <QueueDecisionModal
          kind={deciding.kind}
          row={deciding.row}
          onHide={() => setDeciding(null)}
          onDone={(message) => {
            setDeciding(null);
            setNotice(message);
          }}
        />
      ) : null}
      {isBulkOpen ? (
        <BulkApproveModal
          rows={selectedRows}
          onHide={() => setIsBulkOpen(false)}
          onDone={(outcome) => {
            setIsBulkOpen(false);
            setSelected(new Set());
            setNotice(null);
            setBulkOutcome(outcome);
          }}
        />
      ) : null}
    </div>
  );
}
