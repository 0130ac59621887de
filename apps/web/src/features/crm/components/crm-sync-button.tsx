import { formatDateTime } from '@bastion/domain/format/date-time';
import type { PermissionFlags } from '@bastion/domain/permissions/flags';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useSession } from '../../auth/index.ts';
import {
  useCrmConnectionStatus,
  useRefreshWhenSyncEnds,
  useSyncCrm,
  type CrmConnectionStatus,
  type CrmSyncRecordError,
} from '../api/crm-connection.ts';

/**
 * Who may sync: the server's rule for POST /api/sfdc/sync (features/crm/routes.ts, crmSync), so
 * the button shows only to those it lets through.
 */
export function canSyncCrm(permissions: PermissionFlags): boolean {
  return permissions.is_root_admin || permissions.is_it_admin || permissions.is_deal_desk_user;
}

/** A long failure reason wraps beside the button rather than pushing it below. */
const STATE_WIDTH = { maxWidth: '28rem' } as const;

const userTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

const count = (n: number) => n.toLocaleString('en-US');

function formatSyncTime(iso: string | null): string {
  const millis = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(millis) ? '' : formatDateTime(millis / 1000, userTimeZone);
}

/** "Syncing… 120 of 400"; just "Syncing…" until the CRM has said how many. */
function syncingLabel(status: CrmConnectionStatus | undefined): string {
  if (!status || status.status !== 'syncing' || status.progress_total === null) return 'Syncing…';
  return `Syncing… ${count(status.progress_done)} of ${count(status.progress_total)}`;
}

/**
 * The spec's sync button (§1, issue 19): "Sync now"; while a sync runs, wherever it was started,
 * a spinner with the count, disabled; then when it synced, or why it failed, and the records it
 * could not take. Renders nothing for users the server does not let sync.
 */
export function CrmSyncButton({ className = '' }: { className?: string }) {
  const { user } = useSession();
  if (!canSyncCrm(user.permissions)) return null;
  return <SyncControl className={className} />;
}

function SyncControl({ className }: { className: string }) {
  const status = useCrmConnectionStatus();
  const sync = useSyncCrm();
  const data = status.data;
  const isSyncing = sync.isPending || data?.status === 'syncing';
  useRefreshWhenSyncEnds(data?.status);

  return (
    <div className={`d-flex flex-column align-items-end gap-1 ${className}`}>
      <div className="d-flex flex-wrap align-items-center justify-content-end gap-2">
        <span className="small text-end" style={STATE_WIDTH} role="status" aria-live="polite">
          <SyncState status={data} isSyncing={isSyncing} />
        </span>
        <Button
          variant="primary"
          onClick={() => sync.mutate()}
          disabled={isSyncing || !status.isSuccess}
          aria-busy={isSyncing}
        >
          {isSyncing ? (
            <>
              <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
              {syncingLabel(data)}
            </>
          ) : (
            <>
              <i className="bi bi-arrow-repeat me-2" aria-hidden="true" />
              Sync now
            </>
          )}
        </Button>
      </div>
      {sync.isError && !isSyncing ? (
        <div className="small text-danger text-end" role="alert">
          {sync.error.message}
        </div>
      ) : null}
      {status.isError ? (
        <div className="small text-danger text-end" role="alert">
          The sync status could not be read: {status.error.message}
        </div>
      ) : null}
      {data && !isSyncing && data.record_errors.length > 0 ? (
        <RecordErrors errors={data.record_errors} />
      ) : null}
    </div>
  );
}

/** Beside the button: who runs the sync, when it synced, or why it failed. */
function SyncState({
  status,
  isSyncing,
}: {
  status: CrmConnectionStatus | undefined;
  isSyncing: boolean;
}) {
  if (!status) return null;
  if (isSyncing) {
    return status.started_by ? (
      <span className="text-body-secondary">Started by {status.started_by}</span>
    ) : null;
  }
  if (status.status === 'failed') {
    return (
      <span className="text-danger">
        <i className="bi bi-exclamation-triangle-fill me-1" aria-hidden="true" />
        Sync failed: {status.last_error || 'no reason was given.'}
      </span>
    );
  }
  const syncedAt = formatSyncTime(status.last_synced_at);
  if (status.status === 'synced' && syncedAt) {
    return (
      <span className="text-success">
        <i className="bi bi-check-circle-fill me-1" aria-hidden="true" />
        Synced {syncedAt}
      </span>
    );
  }
  return <span className="text-body-secondary">Not synced yet</span>;
}

/** "3 records could not be synced", opening the list of their ids and reasons. */
function RecordErrors({ errors }: { errors: readonly CrmSyncRecordError[] }) {
  const [isOpen, setIsOpen] = useState(false);
  const listId = useId();
  const summary =
    errors.length === 1
      ? '1 record could not be synced'
      : `${count(errors.length)} records could not be synced`;
  return (
    <div className="text-end" style={{ maxWidth: '36rem' }}>
      <Button
        variant="link"
        size="sm"
        className="p-0 text-danger"
        aria-expanded={isOpen}
        aria-controls={listId}
        onClick={() => setIsOpen((open) => !open)}
      >
        <i className={`bi bi-chevron-${isOpen ? 'up' : 'down'} me-1`} aria-hidden="true" />
        {summary}
      </Button>
      {isOpen ? (
        <ul
          id={listId}
          className="list-unstyled small text-start border rounded bg-body p-2 mt-1 mb-0"
          aria-label="Records that could not be synced"
        >
          {errors.map((error) => (
            <li key={error.record_id} className="py-1">
              <code>{error.record_id}</code>: {error.message}
            </li>
          ))}
        </ul>
      ) : null}
      {isOpen ? (
        <div className="small text-body-secondary text-start mt-1">
          Fix them in the CRM; the next sync tries them again.
        </div>
      ) : null}
    </div>
  );
}
