import type { Database } from '@bastion/db/client';
import type { ServerConfig } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  CrmUnavailableError,
  type CrmAdapter,
  type CrmOpportunitySnapshot,
} from '../../integrations/crm/crm-adapter.ts';
import {
  markOpportunitiesRemoved,
  upsertSnapshots,
} from '../../integrations/crm/local-copy.repository.ts';
import { crmUnavailable } from '../../integrations/crm/with-crm.ts';
import { claimSync, updateClaimedSync, type CrmConnectionRow } from './crm.repository.ts';
import type { ConnectionStatus, SyncRecordError } from '@bastion/domain/crm/api';
import { describeRecordError } from './describe-record-error.ts';
import { getConnectionStatus } from './get-connection-status.ts';
import { SYNC_STALE_AFTER_MS } from './sync-claim.ts';

/** Opportunities written per transaction; between batches the progress count moves. */
export const SYNC_BATCH_SIZE = 200;

export const SYNC_RUNNING_MESSAGE = 'A sync is already running. Wait for it to finish.';

/** Deal desk users sync too, so the advice names who checks the connection. */
const CRM_ADVICE =
  'Sync again later; if it keeps failing, an IT admin should check that the CRM is up and that the SALESFORCE_* settings are right.';
const UNEXPECTED_MESSAGE = 'The sync failed unexpectedly; the server log has the details.';

/** Where a sync that runs after its request reports what the log should keep. */
export interface SyncLog {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface SyncOptions {
  now?: () => Date;
  batchSize?: number;
  log?: SyncLog;
  /**
   * Run once the copy is written (after it: the embedded CRM's copy would otherwise put back the
   * lines it read before): the primary quotes' lines the CRM is still owed are written again
   * (decision 044). Never rejects.
   */
  afterSync?: () => Promise<void>;
}

export interface StartedSync {
  /** The status right after the claim: 'syncing'. */
  status: ConnectionStatus;
  /** The sync itself; it never rejects: how it ended is in the connection row. */
  done: Promise<void>;
}

/**
 * Claims the sync (409 when one runs, on this instance or another) and runs it in the
 * background: a Salesforce sync can outlast a request, so the answer comes at once with status
 * 'syncing' and the client polls the connection status for the progress and the end.
 */
export async function startOpportunitySync(
  db: Database,
  adapter: CrmAdapter,
  config: ServerConfig,
  startedBy: string,
  options: SyncOptions = {},
): Promise<StartedSync> {
  const now = options.now ?? (() => new Date());
  const at = now();
  const staleBefore = new Date(at.getTime() - SYNC_STALE_AFTER_MS);
  const claimed = await claimSync(db, { startedBy, at, staleBefore });
  if (!claimed) throw new AppError('CONFLICT', SYNC_RUNNING_MESSAGE);
  const status = await getConnectionStatus(db, adapter, config, now);
  const done = runOpportunitySync(db, adapter, claimed, at, options);
  return { status, done };
}

type ClaimedChange = Parameters<typeof updateClaimedSync>[3];

/** The claim's heartbeat is its token; it moves only when the transaction moving it commits. */
class Claim {
  constructor(
    private token: Date,
    private readonly now: () => Date,
  ) {}

  /**
   * Runs `work`, then writes what `changeAfter` says (it may depend on the work) with the next
   * heartbeat, in one transaction: a lost claim undoes the work too (LostClaimError).
   */
  async write<T>(
    db: Database,
    work: (tx: Database) => Promise<T>,
    changeAfter: (result: T) => ClaimedChange,
  ): Promise<T> {
    const next = this.now();
    const result = await db.transaction(async (tx) => {
      const done = await work(tx);
      if (!(await updateClaimedSync(tx, this.token, next, changeAfter(done)))) {
        throw new LostClaimError();
      }
      return done;
    });
    this.token = next;
    return result;
  }

  async update(db: Database, change: ClaimedChange): Promise<void> {
    await this.write(
      db,
      async () => undefined,
      () => change,
    );
  }
}

/** Another instance took over this sync's claim, thinking it stale: this one stops. */
class LostClaimError extends Error {
  override readonly name = 'LostClaimError';
}

/**
 * Copies the opportunities changed in the CRM since the last successful sync, and those the last
 * sync could not take, into Bastion's tables, a batch per transaction; takes those the CRM
 * deleted out of lists. A record the database refuses is skipped and listed with why; the sync
 * still ends 'synced' (the next one retries it). A CRM that does not answer ends it 'failed' with
 * the reason; batches already written stay, and the next sync asks again from the same time.
 */
async function runOpportunitySync(
  db: Database,
  adapter: CrmAdapter,
  claimed: CrmConnectionRow,
  startedAt: Date,
  { now = () => new Date(), batchSize = SYNC_BATCH_SIZE, log, afterSync }: SyncOptions,
): Promise<void> {
  const claim = new Claim(startedAt, now);
  try {
    const since = claimed.lastSyncedAt;
    const changed = await adapter.fetchChangedOpportunities(since);
    const removedIds = await adapter.fetchRemovedOpportunityIds(since);
    const retried = await refetchFailedRecords(adapter, claimed.recordErrors, changed);
    const snapshots = [...changed, ...retried];
    await claim.update(db, { progressTotal: snapshots.length });

    const errors: SyncRecordError[] = [];
    let done = 0;
    const batches = batchesOf(snapshots, batchSize);
    for (const [index, batch] of batches.entries()) {
      const isLast = index === batches.length - 1;
      const batchErrors = await claim.write(
        db,
        async (tx) => {
          const refused = await writeBatch(tx, batch, log);
          if (isLast) await markOpportunitiesRemoved(tx, removedIds, startedAt);
          return refused;
        },
        (refused): ClaimedChange => {
          const progress = { progressDone: done + batch.length };
          if (!isLast) return progress;
          const recordErrors = [...errors, ...refused];
          return {
            ...progress,
            status: 'synced',
            lastSyncedAt: startedAt,
            syncedCount: snapshots.length - recordErrors.length,
            recordErrors,
            lastError: '',
          };
        },
      );
      errors.push(...batchErrors);
      done += batch.length;
    }
    await afterSync?.().catch((error: unknown) =>
      log?.error({ err: error }, 'owed opportunity products not written after the sync'),
    );
  } catch (error) {
    await recordFailure(db, claim, error, log);
  }
}

/** At least one batch, perhaps empty: the last one also records the end of the sync. */
function batchesOf<T>(rows: readonly T[], size: number): T[][] {
  if (rows.length === 0) return [[]];
  const batches: T[][] = [];
  for (let start = 0; start < rows.length; start += size) {
    batches.push(rows.slice(start, start + size));
  }
  return batches;
}

/**
 * Writes the batch in one savepoint; when the database refuses it, writes its records one
 * savepoint each, so only the refused ones are left out. Answers the refused records.
 */
async function writeBatch(
  tx: Database,
  batch: readonly CrmOpportunitySnapshot[],
  log: SyncLog | undefined,
): Promise<SyncRecordError[]> {
  try {
    await tx.transaction((savepoint) => upsertSnapshots(savepoint, batch));
    return [];
  } catch {
    // One record spoiled the batch; find which.
  }
  const errors: SyncRecordError[] = [];
  for (const snapshot of batch) {
    try {
      await tx.transaction((savepoint) => upsertSnapshots(savepoint, [snapshot]));
    } catch (error) {
      const recordId = snapshot.opportunity.id;
      log?.warn({ err: error, recordId }, 'CRM sync: a record was refused');
      errors.push({ record_id: recordId, message: describeRecordError(error) });
    }
  }
  return errors;
}

/**
 * The records the last sync could not take, as the CRM has them now, unless this sync brings
 * them anyway. One the CRM no longer knows is dropped from the list.
 */
async function refetchFailedRecords(
  adapter: CrmAdapter,
  failed: readonly SyncRecordError[],
  changed: readonly CrmOpportunitySnapshot[],
): Promise<CrmOpportunitySnapshot[]> {
  const coming = new Set(changed.map((s) => s.opportunity.id));
  const ids = [...new Set(failed.map((e) => e.record_id))].filter((id) => !coming.has(id));
  const snapshots: CrmOpportunitySnapshot[] = [];
  for (const id of ids) {
    const snapshot = await adapter.getOpportunity(id);
    if (snapshot) snapshots.push(snapshot);
  }
  return snapshots;
}

async function recordFailure(
  db: Database,
  claim: Claim,
  error: unknown,
  log: SyncLog | undefined,
): Promise<void> {
  if (error instanceof LostClaimError) {
    log?.warn({}, 'CRM sync: another instance took over this sync; it stopped');
    return;
  }
  const isCrmDown = error instanceof CrmUnavailableError;
  if (!isCrmDown) log?.error({ err: error }, 'CRM sync failed');
  const lastError = isCrmDown ? crmUnavailable(error, CRM_ADVICE).userMessage : UNEXPECTED_MESSAGE;
  try {
    await claim.update(db, { status: 'failed', lastError });
  } catch (writeError) {
    // The claim was lost or the database is gone: the claim goes stale and is taken over.
    log?.error({ err: writeError }, 'CRM sync: its failure could not be recorded');
  }
}
