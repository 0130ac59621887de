import { eq, gte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Database } from '@bastion/db/client';
import {
  crmAccounts,
  crmConnection,
  crmOpportunities,
  crmOpportunityLineItems,
  crmOpportunityTeamMembers,
} from '@bastion/db/schema/crm';
import { crmDemoId } from '@bastion/db/seed/crm-demo-accounts';
import {
  CrmUnavailableError,
  type CrmAdapter,
  type CrmOpportunitySnapshot,
} from '../../integrations/crm/crm-adapter.ts';
import { createEmbeddedAdapter } from '../../integrations/crm/embedded-adapter.repository.ts';
import { createAppOver } from '../../test/test-app.ts';
import { useTestBed } from '../../test/test-bed.ts';
import { crmCalls } from './crm.test-harness.ts';
import { INTERRUPTED_SYNC_MESSAGE } from './start-crm-connection.ts';
import { startOpportunitySync, SYNC_RUNNING_MESSAGE } from './sync-opportunities.ts';

const { ctx, cookies, users } = useTestBed({
  root: 'ROOT_ADMIN',
  itAdmin: 'IT_ADMIN',
  dealDesk: 'DEAL_DESK',
  seller: 'SALES_USER',
  approver: 'FINANCE_APPROVER',
});

const { get, post, fakeAdapter } = crmCalls(ctx);

interface Status {
  adapter: string;
  endpoint: string | null;
  status: string;
  last_synced_at: string | null;
  synced_count: number;
  last_error: string;
  opportunity_count: number;
  progress_done: number;
  progress_total: number | null;
  record_errors: { record_id: string; message: string }[];
  started_by: string;
}

async function status(app: FastifyInstance = ctx.app): Promise<Status> {
  const response = await get('/api/sfdc/connection-status', cookies.root, app);
  expect(response.statusCode).toBe(200);
  return response.json<{ data: Status }>().data;
}

/** The status once the running sync has ended. */
async function settled(app: FastifyInstance = ctx.app): Promise<Status> {
  await expect
    .poll(async () => (await status(app)).status, { timeout: 20_000 })
    .not.toBe('syncing');
  return status(app);
}

/** Starts a sync, checks it was taken, and waits for its end. */
async function syncAndWait(cookie = cookies.root, app: FastifyInstance = ctx.app) {
  const response = await post('/api/sfdc/sync', {}, cookie, app);
  expect(response.statusCode).toBe(200);
  return settled(app);
}

/** Everything a sync could change, to prove a failed one changed nothing. */
async function fingerprint() {
  const result = await ctx.db.execute(sql`
    select
      (select count(*) from ${crmAccounts})::int as accounts,
      (select count(*) from ${crmOpportunities})::int as opportunities,
      (select coalesce(sum(${crmOpportunities.amountMinor}), 0)::text from ${crmOpportunities}) as amounts,
      (select max(${crmOpportunities.modifiedOn})::text from ${crmOpportunities}) as modified,
      (select count(*) from ${crmOpportunityTeamMembers})::int as team,
      (select count(*) from ${crmOpportunityLineItems})::int as lines
  `);
  // Both engines answer a result with `rows`.
  const [row] = (result as { rows: Record<string, unknown>[] }).rows;
  return row;
}

/** Another instance of the server over the same database, closed after the test. */
const apps: FastifyInstance[] = [];
async function appWith(adapter: CrmAdapter) {
  const app = await createAppOver(ctx.db, { crmAdapter: adapter });
  apps.push(app);
  return app;
}
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** A demo opportunity as the CRM has it. */
async function demoSnapshot(n: number): Promise<CrmOpportunitySnapshot> {
  const snapshot = await createEmbeddedAdapter(ctx.db).getOpportunity(crmDemoId('006', n));
  if (!snapshot) throw new Error(`demo opportunity ${n} missing`);
  return snapshot;
}

/** A new opportunity, on demo opportunity 1's account, whose customer account the CRM left out. */
async function orphan(id: string, accountId = '001NOPE'): Promise<CrmOpportunitySnapshot> {
  const good = await demoSnapshot(1);
  return {
    ...good,
    opportunity: { ...good.opportunity, id, name: `Orphan ${id}`, accountId },
    accounts: [],
    contacts: [],
    team: [],
    lineItems: [],
  };
}

const connectionRow = async () => {
  const [row] = await ctx.db.select().from(crmConnection).where(eq(crmConnection.id, 1));
  if (!row) throw new Error('no crm_connection row');
  return row;
};

/** Sets the connection row as a test needs it, e.g. a sync another instance runs. */
const setConnection = (change: Partial<typeof crmConnection.$inferInsert>) =>
  ctx.db.update(crmConnection).set(change).where(eq(crmConnection.id, 1));

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** A fetch that waits until the test releases it, to hold a sync in its 'syncing' state. */
function heldFetch() {
  let release: (snapshots: CrmOpportunitySnapshot[]) => void = () => undefined;
  const fetched = new Promise<CrmOpportunitySnapshot[]>((resolve) => {
    release = resolve;
  });
  return {
    fetchChangedOpportunities: () => fetched,
    release: (s: CrmOpportunitySnapshot[]) => release(s),
  };
}

afterAll(async () => {
  // Later files of this worker find the connection idle and without errors.
  await setConnection({ status: 'synced', recordErrors: [], lastError: '' });
});

describe('GET /api/sfdc/connection-status', () => {
  it('says which CRM is in use and how the last sync went', async () => {
    const data = await status();
    expect(data).toMatchObject({ adapter: 'embedded', endpoint: null });
    expect(['idle', 'synced', 'failed']).toContain(data.status);
    // The demo CRM has 64 opportunities; other tests may add their own.
    expect(data.opportunity_count).toBeGreaterThanOrEqual(64);
    expect(Array.isArray(data.record_errors)).toBe(true);
  });

  it('is for root and IT admins and the deal desk, who may sync', async () => {
    for (const cookie of [cookies.itAdmin, cookies.dealDesk]) {
      expect((await get('/api/sfdc/connection-status', cookie)).statusCode).toBe(200);
    }
    for (const cookie of [cookies.seller, cookies.approver]) {
      const refused = await get('/api/sfdc/connection-status', cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ error: 'FORBIDDEN' });
      const sync = await post('/api/sfdc/sync', {}, cookie);
      expect(sync.statusCode).toBe(403);
      expect(sync.json()).toMatchObject({ error: 'FORBIDDEN' });
    }
    // The field mapping and the records stay the IT admins'.
    expect((await get('/api/sfdc/field-mapping', cookies.dealDesk)).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/sfdc/connection-status' });
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json()).toMatchObject({ error: 'SESSION_REQUIRED' });
  });
});

describe('POST /api/sfdc/sync with the embedded CRM', () => {
  it('answers at once that it syncs, then copies what changed since the last sync', async () => {
    const before = await status();
    const since = before.last_synced_at ? new Date(before.last_synced_at) : null;
    const [changed] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(crmOpportunities)
      .where(since ? gte(crmOpportunities.modifiedOn, since) : undefined);

    const startedAt = Date.now();
    const response = await post('/api/sfdc/sync', {}, cookies.itAdmin);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: Status }>().data).toMatchObject({
      status: 'syncing',
      progress_done: 0,
      progress_total: null,
      started_by: users.itAdmin.email,
      last_error: '',
    });
    const data = await settled();
    expect(data).toMatchObject({
      adapter: 'embedded',
      status: 'synced',
      synced_count: changed?.n,
      progress_done: changed?.n,
      progress_total: changed?.n,
      record_errors: [],
      started_by: users.itAdmin.email,
      last_error: '',
    });
    const syncedAt = Date.parse(data.last_synced_at ?? '');
    expect(syncedAt).toBeGreaterThanOrEqual(startedAt);
    expect(syncedAt).toBeLessThanOrEqual(Date.now());
  });

  it('is the deal desk’s too', async () => {
    const data = await syncAndWait(cookies.dealDesk);
    expect(data).toMatchObject({ status: 'synced', started_by: users.dealDesk.email });
  });

  it('brings only what changed next time, keeping what Bastion wrote back', async () => {
    await syncAndWait();
    const id = crmDemoId('006', 5);
    await createEmbeddedAdapter(ctx.db).writeBackQuote(id, {
      quoteNumber: 'Q-2026-000777',
      status: 'PENDING_APPROVAL',
      amountMinor: 1_234_500,
      currencyCode: 'USD',
    });
    expect(await syncAndWait()).toMatchObject({ status: 'synced', synced_count: 1 });
    const [row] = await ctx.db.select().from(crmOpportunities).where(eq(crmOpportunities.id, id));
    expect(row).toMatchObject({
      quoteNumber: 'Q-2026-000777',
      quoteStatus: 'PENDING_APPROVAL',
      quoteAmountMinor: 1_234_500,
    });
    // Leave the demo opportunity as other tests expect it.
    await ctx.db
      .update(crmOpportunities)
      .set({ quoteNumber: null, quoteStatus: null, quoteAmountMinor: null })
      .where(eq(crmOpportunities.id, id));
  });

  it('refuses a body with fields and starts nothing', async () => {
    const before = await connectionRow();
    const response = await post('/api/sfdc/sync', { full: true }, cookies.root);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'VALIDATION_FAILED' });
    expect(await connectionRow()).toEqual(before);
  });
});

describe('a sync in batches', () => {
  it('writes a batch per transaction and counts the progress between them', async () => {
    const snapshots = await Promise.all([11, 12, 13, 14, 15].map(demoSnapshot));
    const adapter = fakeAdapter({
      fetchChangedOpportunities: async () => snapshots,
      fetchRemovedOpportunityIds: async () => [],
    });
    // What another instance reads after each commit.
    const seen: { status: string; done: number; total: number | null }[] = [];
    const db = Object.create(ctx.db, {
      transaction: {
        value: async (work: Parameters<Database['transaction']>[0]) => {
          const result = await ctx.db.transaction(work);
          const row = await connectionRow();
          seen.push({ status: row.status, done: row.progressDone, total: row.progressTotal });
          return result;
        },
      },
    }) as Database;

    const started = await startOpportunitySync(db, adapter, ctx.config, 'desk@example.test', {
      batchSize: 2,
    });
    expect(started.status).toMatchObject({ status: 'syncing', started_by: 'desk@example.test' });
    await started.done;
    expect(seen).toEqual([
      { status: 'syncing', done: 0, total: 5 },
      { status: 'syncing', done: 2, total: 5 },
      { status: 'syncing', done: 4, total: 5 },
      { status: 'synced', done: 5, total: 5 },
    ]);
    expect(await status()).toMatchObject({ status: 'synced', synced_count: 5, record_errors: [] });
  });

  it('skips a record the database refuses, lists why, saves the rest and retries it next time', async () => {
    const id = '006H7Sync0000001AAA';
    const bad = await orphan(id);
    const good = await demoSnapshot(16);
    const renamed = { ...good, opportunity: { ...good.opportunity, name: 'Renamed by the CRM' } };
    const app = await appWith(
      fakeAdapter({
        fetchChangedOpportunities: async () => [renamed, bad],
        fetchRemovedOpportunityIds: async () => [],
      }),
    );
    const data = await syncAndWait(cookies.root, app);
    expect(data).toMatchObject({
      status: 'synced',
      synced_count: 1,
      progress_done: 2,
      progress_total: 2,
      last_error: '',
      record_errors: [
        {
          record_id: id,
          message: 'Its customer account 001NOPE is neither in what the CRM sent nor in Bastion.',
        },
      ],
    });
    const [saved] = await ctx.db
      .select()
      .from(crmOpportunities)
      .where(eq(crmOpportunities.id, good.opportunity.id));
    expect(saved?.name).toBe('Renamed by the CRM');
    const [skipped] = await ctx.db
      .select()
      .from(crmOpportunities)
      .where(eq(crmOpportunities.id, id));
    expect(skipped).toBeUndefined();

    // The CRM's record is fixed; it has not changed since, yet the next sync asks for it again.
    const fixed = await orphan(id, good.opportunity.accountId);
    const asked: string[] = [];
    const next = await appWith(
      fakeAdapter({
        fetchChangedOpportunities: async () => [],
        fetchRemovedOpportunityIds: async () => [],
        getOpportunity: async (wanted) => {
          asked.push(wanted);
          return wanted === id ? fixed : null;
        },
      }),
    );
    expect(await syncAndWait(cookies.root, next)).toMatchObject({
      status: 'synced',
      synced_count: 1,
      record_errors: [],
    });
    expect(asked).toEqual([id]);
    const [taken] = await ctx.db.select().from(crmOpportunities).where(eq(crmOpportunities.id, id));
    expect(taken?.name).toBe(`Orphan ${id}`);

    // Leave the demo data as other tests expect it.
    await ctx.db.delete(crmOpportunities).where(eq(crmOpportunities.id, id));
    await ctx.db
      .update(crmOpportunities)
      .set({ name: good.opportunity.name })
      .where(eq(crmOpportunities.id, good.opportunity.id));
  });

  it.each([
    ['a name that is null', { name: null }, 'Its name is empty; Bastion needs it.'],
    [
      'an amount that is no whole number',
      { amountMinor: 12.5 },
      'A value is not valid: invalid input syntax for type bigint: "12.5".',
    ],
  ])('explains %s', async (_case, change, message) => {
    const good = await demoSnapshot(17);
    const id = '006H7Sync0000002AAA';
    const bad = {
      ...good,
      opportunity: {
        ...good.opportunity,
        ...change,
        id,
      } as unknown as CrmOpportunitySnapshot['opportunity'],
      team: [],
      lineItems: [],
    };
    const app = await appWith(
      fakeAdapter({
        fetchChangedOpportunities: async () => [bad],
        fetchRemovedOpportunityIds: async () => [],
        getOpportunity: async () => null,
      }),
    );
    const data = await syncAndWait(cookies.root, app);
    expect(data).toMatchObject({ status: 'synced', synced_count: 0 });
    expect(data.record_errors).toEqual([{ record_id: id, message }]);
    // A record the CRM no longer has leaves the list at the next sync.
    const next = await appWith(
      fakeAdapter({
        fetchChangedOpportunities: async () => [],
        fetchRemovedOpportunityIds: async () => [],
        getOpportunity: async () => null,
      }),
    );
    expect(await syncAndWait(cookies.root, next)).toMatchObject({ record_errors: [] });
  });
});

describe('a sync that fails', () => {
  it('shows an unreachable CRM as failed with the reason, and changes nothing', async () => {
    const app = await appWith(
      fakeAdapter({
        fetchChangedOpportunities: async () => {
          throw new CrmUnavailableError('Salesforce refused the credentials (invalid_client).');
        },
      }),
    );
    const before = await fingerprint();
    const lastSynced = (await status()).last_synced_at;
    expect(await syncAndWait(cookies.root, app)).toMatchObject({
      status: 'failed',
      last_synced_at: lastSynced,
      last_error:
        'Salesforce refused the credentials (invalid_client). Sync again later; if it keeps failing, an IT admin should check that the CRM is up and that the SALESFORCE_* settings are right.',
    });
    expect(await fingerprint()).toEqual(before);

    // The next good sync clears the error.
    expect(await syncAndWait()).toMatchObject({ status: 'synced', last_error: '' });
  });

  it('keeps the batches written before a failure, and asks again from the same time', async () => {
    const snapshots = await Promise.all([18, 19, 20].map(demoSnapshot));
    const renamed = snapshots.map((s) => ({
      ...s,
      opportunity: { ...s.opportunity, name: `${s.opportunity.name} (batch)` },
    }));
    const lastSynced = (await status()).last_synced_at;
    let commits = 0;
    const db = Object.create(ctx.db, {
      transaction: {
        value: async (work: Parameters<Database['transaction']>[0]) => {
          // The third transaction (the second batch) loses the database.
          commits += 1;
          if (commits === 3) throw new Error('connection terminated');
          return ctx.db.transaction(work);
        },
      },
    }) as Database;
    const started = await startOpportunitySync(
      db,
      fakeAdapter({
        fetchChangedOpportunities: async () => renamed,
        fetchRemovedOpportunityIds: async () => [],
      }),
      ctx.config,
      'admin@example.test',
      { batchSize: 2 },
    );
    await started.done;
    expect(await status()).toMatchObject({
      status: 'failed',
      last_synced_at: lastSynced,
      progress_done: 2,
      progress_total: 3,
      last_error: 'The sync failed unexpectedly; the server log has the details.',
    });
    const names = await ctx.db
      .select({ id: crmOpportunities.id, name: crmOpportunities.name })
      .from(crmOpportunities)
      .where(sql`${crmOpportunities.id} in ${snapshots.map((s) => s.opportunity.id)}`);
    const nameOf = new Map(names.map((n) => [n.id, n.name]));
    expect(snapshots.map((s) => nameOf.get(s.opportunity.id))).toEqual([
      `${snapshots[0]!.opportunity.name} (batch)`,
      `${snapshots[1]!.opportunity.name} (batch)`,
      snapshots[2]!.opportunity.name,
    ]);
    for (const s of snapshots) {
      await ctx.db
        .update(crmOpportunities)
        .set({ name: s.opportunity.name })
        .where(eq(crmOpportunities.id, s.opportunity.id));
    }
  });
});

describe('one sync at a time, across instances', () => {
  it('starts one of two syncs pressed together on two instances; the other gets 409', async () => {
    const held = heldFetch();
    const adapter = fakeAdapter({ fetchChangedOpportunities: held.fetchChangedOpportunities });
    const [one, two] = await Promise.all([appWith(adapter), appWith(adapter)]);
    const answers = await Promise.all([
      post('/api/sfdc/sync', {}, cookies.root, one),
      post('/api/sfdc/sync', {}, cookies.itAdmin, two),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.statusCode === 409);
    expect(refused?.json()).toMatchObject({ error: 'CONFLICT', message: SYNC_RUNNING_MESSAGE });

    // A third press while it runs, on either instance, is refused too.
    expect((await status(two)).status).toBe('syncing');
    expect((await post('/api/sfdc/sync', {}, cookies.dealDesk, one)).statusCode).toBe(409);
    held.release([]);
    expect(await settled(one)).toMatchObject({ status: 'synced', synced_count: 0 });
  });

  it('takes over a sync whose instance died (no heartbeat for 10 minutes)', async () => {
    await setConnection({ status: 'syncing', syncHeartbeatAt: minutesAgo(11), progressDone: 7 });
    expect(await status()).toMatchObject({
      status: 'failed',
      last_error: INTERRUPTED_SYNC_MESSAGE,
    });
    expect(await syncAndWait(cookies.itAdmin)).toMatchObject({
      status: 'synced',
      started_by: users.itAdmin.email,
    });
  });

  it('does not take over a sync whose heartbeat is recent', async () => {
    await setConnection({ status: 'syncing', syncHeartbeatAt: minutesAgo(9), startedBy: 'x@y.z' });
    expect(await status()).toMatchObject({ status: 'syncing', started_by: 'x@y.z' });
    const second = await post('/api/sfdc/sync', {}, cookies.root);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ message: SYNC_RUNNING_MESSAGE });
    await setConnection({ status: 'synced' });
  });

  it('stops a sync that lost its claim without writing a thing', async () => {
    const snapshot = await demoSnapshot(21);
    const stale = {
      ...snapshot,
      opportunity: { ...snapshot.opportunity, name: 'Written by a sync that lost its claim' },
    };
    const heldOld = heldFetch();
    const slow = await appWith(
      fakeAdapter({
        fetchChangedOpportunities: heldOld.fetchChangedOpportunities,
        fetchRemovedOpportunityIds: async () => [],
      }),
    );
    expect((await post('/api/sfdc/sync', {}, cookies.root, slow)).statusCode).toBe(200);
    // It seemed dead for 10 minutes; another instance took over and is still running.
    await setConnection({ syncHeartbeatAt: minutesAgo(11) });
    const heldNew = heldFetch();
    const other = await appWith(
      fakeAdapter({
        fetchChangedOpportunities: heldNew.fetchChangedOpportunities,
        fetchRemovedOpportunityIds: async () => [],
      }),
    );
    expect((await post('/api/sfdc/sync', {}, cookies.itAdmin, other)).statusCode).toBe(200);
    const takenOver = await connectionRow();

    heldOld.release([stale]);
    // Closing waits for its sync to end.
    apps.splice(apps.indexOf(slow), 1);
    await slow.close();
    expect(await connectionRow()).toEqual(takenOver);
    const [row] = await ctx.db
      .select({ name: crmOpportunities.name })
      .from(crmOpportunities)
      .where(eq(crmOpportunities.id, snapshot.opportunity.id));
    expect(row?.name).toBe(snapshot.opportunity.name);

    heldNew.release([]);
    expect(await settled(other)).toMatchObject({
      status: 'synced',
      started_by: users.itAdmin.email,
    });
  });

  it('at server start, marks a dead sync failed and leaves a live one to its instance', async () => {
    await setConnection({ status: 'syncing', syncHeartbeatAt: minutesAgo(11) });
    await appWith(createEmbeddedAdapter(ctx.db));
    expect(await connectionRow()).toMatchObject({
      status: 'failed',
      lastError: INTERRUPTED_SYNC_MESSAGE,
    });

    await setConnection({ status: 'syncing', syncHeartbeatAt: minutesAgo(1), lastError: '' });
    await appWith(createEmbeddedAdapter(ctx.db));
    expect(await connectionRow()).toMatchObject({ status: 'syncing', lastError: '' });
    await setConnection({ status: 'synced' });
  });
});

describe('opportunities deleted in the CRM', () => {
  it('are marked removed by the next sync, and kept for their quotes', async () => {
    const id = crmDemoId('006', 7);
    const app = await appWith(fakeAdapter({ fetchRemovedOpportunityIds: async () => [id] }));
    await syncAndWait(cookies.root, app);
    const [row] = await ctx.db.select().from(crmOpportunities).where(eq(crmOpportunities.id, id));
    expect(row?.removedFromCrmAt).toBeInstanceOf(Date);
    const grid = await post(
      '/api/dx/grid',
      { module_name: 'opportunities', search: id },
      cookies.root,
    );
    expect(grid.json<{ data: { total: number } }>().data.total).toBe(0);

    // A later sync in which the CRM has it again (restored from its recycle bin) brings it back.
    const restored = await createEmbeddedAdapter(ctx.db).fetchChangedOpportunities(null);
    const snapshot = restored.find((s) => s.opportunity.id === id);
    if (!snapshot) throw new Error('the demo opportunity is missing');
    // Salesforce's records carry no removal mark.
    const live = { ...snapshot.opportunity, removedFromCrmAt: undefined };
    const again = await appWith(
      fakeAdapter({
        fetchChangedOpportunities: async () => [{ ...snapshot, opportunity: live }],
        fetchRemovedOpportunityIds: async () => [],
      }),
    );
    await syncAndWait(cookies.root, again);
    const [back] = await ctx.db.select().from(crmOpportunities).where(eq(crmOpportunities.id, id));
    expect(back?.removedFromCrmAt).toBeNull();
  });
});
