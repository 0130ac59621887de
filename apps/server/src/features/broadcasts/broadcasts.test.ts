import { randomUUID } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  BROADCAST_MESSAGES,
  type Broadcast,
  type BroadcastList,
  type MyBroadcast,
  type MyBroadcasts,
} from '@bastion/domain/broadcasts/schemas';
import { broadcastReceipts, broadcasts } from '@bastion/db/schema/broadcasts';
import { dataOfSuccess } from '../../test/answers.ts';
import { auditActionsOf } from '../../test/audit.ts';
import {
  createUser,
  inRegion,
  signedIn,
  signedInUser,
  type TestRole,
} from '../../test/test-app.ts';
import { useTestApp } from '../../test/test-bed.ts';
import { lendRole } from '../../test/delegations.ts';
import { RECEIPT_WHILE_IMPERSONATING } from './mark-broadcast-read.ts';

const ctx = useTestApp();

/** Every broadcast this file makes starts with it, so the file clears them after. */
const TAG = `Broadcast test ${randomUUID().slice(0, 8)}`;
const titled = (title: string) => `${TAG} ${title}`;

afterAll(async () => {
  await ctx.db.delete(broadcasts).where(like(broadcasts.title, `${TAG}%`));
});

const post = (url: string, payload: object | undefined, cookie: string) =>
  ctx.app.inject({ method: 'POST', url, payload: payload ?? {}, headers: { cookie } });

const userWith = (...roles: TestRole[]) => signedInUser(ctx, ...roles);

const HOUR = 60 * 60 * 1000;
const hoursFromNow = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

const draft = (title: string, change: object = {}) => ({
  title: titled(title),
  body: 'Read **this**.',
  severity: 'info',
  audience_kind: 'EVERYONE',
  audience_roles: [],
  audience_regions: [],
  starts_at: hoursFromNow(-1),
  ends_at: hoursFromNow(24),
  ...change,
});

const save = (cookie: string, body: object) =>
  post('/api/admin/broadcast-save', body, cookie).then((r) => dataOfSuccess<Broadcast>(r));

const unreadCount = (cookie: string) =>
  post('/api/dx/get-my-broadcast-count', {}, cookie).then(
    (r) => dataOfSuccess<{ unread_count: number }>(r).unread_count,
  );

const mine = (cookie: string) =>
  post('/api/dx/my-broadcasts', {}, cookie).then((r) => dataOfSuccess<MyBroadcasts>(r));

const myTitles = async (cookie: string) =>
  (await mine(cookie)).broadcasts.map((b) => b.title).filter((title) => title.startsWith(TAG));

describe('the broadcast admin', () => {
  it('is for root, IT and deal-desk admins only', async () => {
    for (const role of ['ROOT_ADMIN', 'IT_ADMIN', 'DEAL_DESK_ADMIN']) {
      const admin = await userWith({ role });
      expect((await post('/api/admin/broadcasts', {}, admin.cookie)).statusCode, role).toBe(200);
    }
    for (const role of ['SALES_USER', 'DEAL_DESK', 'USER_ADMIN']) {
      const other = await userWith({ role });
      const refused = await post('/api/admin/broadcast-save', draft('Refused'), other.cookie);
      expect(refused.statusCode, role).toBe(403);
      expect(refused.json().code).not.toBe(200);
    }
    const rows = await ctx.db
      .select()
      .from(broadcasts)
      .where(eq(broadcasts.title, titled('Refused')));
    expect(rows).toEqual([]);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/dx/get-my-broadcast-count',
    });
    expect(anonymous.statusCode).toBe(403);
  });

  it('creates, lists by state, reads and changes a broadcast, audited', async () => {
    const admin = await userWith({ role: 'IT_ADMIN' });
    const created = await save(
      admin.cookie,
      draft('Price list', {
        title: `  ${titled('Price list')}  `,
        audience_kind: 'REGIONS',
        audience_regions: ['NA', 'north america', 'EMEA'],
        // Ignored: the audience is regions.
        audience_roles: ['CFO'],
      }),
    );
    expect(created).toMatchObject({
      title: titled('Price list'),
      state: 'active',
      audience_kind: 'REGIONS',
      audience_regions: ['North America', 'EMEA'],
      audience_roles: [],
      audience_label: 'Regions: North America, EMEA',
      read_count: 0,
      created_by: 'Test User',
    });

    const scheduled = await save(
      admin.cookie,
      draft('Next week', { starts_at: hoursFromNow(24 * 7), ends_at: hoursFromNow(24 * 8) }),
    );
    expect(scheduled.state).toBe('scheduled');

    const listed = (state: string) =>
      post('/api/admin/broadcasts', { state }, admin.cookie)
        .then((r) => dataOfSuccess<BroadcastList>(r))
        .then((list) => list.broadcasts.map((b) => b.id));
    expect(await listed('active')).toContain(created.id);
    expect(await listed('active')).not.toContain(scheduled.id);
    expect(await listed('scheduled')).toContain(scheduled.id);
    expect(await listed('ended')).not.toContain(created.id);
    // The latest start first.
    const all = await listed('');
    expect(all.indexOf(scheduled.id)).toBeLessThan(all.indexOf(created.id));

    const got = dataOfSuccess<Broadcast>(
      await post('/api/admin/broadcast', { id: created.id }, admin.cookie),
    );
    expect(got).toEqual(created);

    const changed = await save(admin.cookie, {
      ...draft('Price list, updated', { severity: 'warning' }),
      id: created.id,
      updated_at: created.updated_at,
    });
    expect(changed).toMatchObject({
      id: created.id,
      title: titled('Price list, updated'),
      severity: 'warning',
      audience_kind: 'EVERYONE',
      audience_regions: [],
    });

    // An editor opened before that change may not overwrite it.
    const stale = await post(
      '/api/admin/broadcast-save',
      { ...draft('Stale'), id: created.id, updated_at: created.updated_at },
      admin.cookie,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(BROADCAST_MESSAGES.staleEdit);

    expect((await auditActionsOf(ctx.db, created.id)).map((entry) => entry.action)).toEqual([
      'broadcast.created',
      'broadcast.updated',
    ]);
    const [audited] = await auditActionsOf(ctx.db, created.id);
    expect(audited).toMatchObject({
      actor: admin.id,
      details: { title: titled('Price list'), audience_label: 'Regions: North America, EMEA' },
    });
  });

  it('refuses bad input with the field messages, and saves nothing', async () => {
    const admin = await userWith({ role: 'DEAL_DESK_ADMIN' });
    const cases: [object, string, string][] = [
      [{ ends_at: hoursFromNow(-2) }, 'ends_at', BROADCAST_MESSAGES.endNotAfterStart],
      [{ title: '  ' }, 'title', BROADCAST_MESSAGES.titleMissing],
      [{ title: 'x'.repeat(201) }, 'title', BROADCAST_MESSAGES.titleTooLong],
      [{ body: 'x'.repeat(20_001) }, 'body', BROADCAST_MESSAGES.bodyTooLong],
      [{ audience_kind: 'ROLES' }, 'audience_roles', BROADCAST_MESSAGES.rolesMissing],
      [{ audience_kind: 'REGIONS' }, 'audience_regions', BROADCAST_MESSAGES.regionsMissing],
    ];
    for (const [change, path, message] of cases) {
      const refused = await post('/api/admin/broadcast-save', draft('Bad', change), admin.cookie);
      expect(refused.statusCode, path).toBe(400);
      const body = refused.json<{ errors: { path: string; message: string }[]; stack?: unknown }>();
      expect(body.errors).toContainEqual({ path, message });
      expect(body.stack).toBeUndefined();
    }
    const rows = await ctx.db
      .select()
      .from(broadcasts)
      .where(eq(broadcasts.title, titled('Bad')));
    expect(rows).toEqual([]);

    const missing = await post('/api/admin/broadcast', { id: randomUUID() }, admin.cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(BROADCAST_MESSAGES.notFound);
    const edited = await post(
      '/api/admin/broadcast-save',
      { ...draft('Gone'), id: randomUUID(), updated_at: new Date().toISOString() },
      admin.cookie,
    );
    expect(edited.statusCode).toBe(404);
  });

  it('ends an active broadcast now, and deletes any', async () => {
    const admin = await userWith({ role: 'ROOT_ADMIN' });
    const seller = await userWith({ role: 'SALES_USER' });
    const active = await save(admin.cookie, draft('To end'));
    const scheduled = await save(
      admin.cookie,
      draft('Later', { starts_at: hoursFromNow(5), ends_at: hoursFromNow(6) }),
    );
    expect(await myTitles(seller.cookie)).toContain(titled('To end'));

    const ended = dataOfSuccess<Broadcast>(
      await post('/api/admin/broadcast-end', { id: active.id }, admin.cookie),
    );
    expect(ended.state).toBe('ended');
    expect(await myTitles(seller.cookie)).not.toContain(titled('To end'));
    const again = await post('/api/admin/broadcast-end', { id: active.id }, admin.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`“${titled('To end')}” has already ended.`);
    const notStarted = await post('/api/admin/broadcast-end', { id: scheduled.id }, admin.cookie);
    expect(notStarted.statusCode).toBe(409);

    expect(
      dataOfSuccess(await post('/api/admin/broadcast-delete', { id: scheduled.id }, admin.cookie)),
    ).toEqual({ id: scheduled.id, title: titled('Later'), is_deleted: true });
    expect(
      (await post('/api/admin/broadcast', { id: scheduled.id }, admin.cookie)).statusCode,
    ).toBe(404);
    expect(
      (await post('/api/admin/broadcast-delete', { id: scheduled.id }, admin.cookie)).statusCode,
    ).toBe(404);
    expect((await auditActionsOf(ctx.db, active.id)).map((e) => e.action)).toEqual([
      'broadcast.created',
      'broadcast.ended',
    ]);
    expect((await auditActionsOf(ctx.db, scheduled.id)).map((e) => e.action)).toEqual([
      'broadcast.created',
      'broadcast.deleted',
    ]);
  });
});

describe('my broadcasts', () => {
  it('counts the unread ones of my audience, and the count falls as I read them', async () => {
    const admin = await userWith({ role: 'IT_ADMIN' });
    const seller = await userWith(inRegion('SALES_USER', 'NA'));
    const before = await unreadCount(seller.cookie);

    const forAll = await save(admin.cookie, draft('For all'));
    const forNa = await save(
      admin.cookie,
      draft('For North America', {
        audience_kind: 'REGIONS',
        audience_regions: ['North America'],
        starts_at: hoursFromNow(-0.5),
        severity: 'critical',
      }),
    );
    const forEmea = await save(
      admin.cookie,
      draft('For EMEA', { audience_kind: 'REGIONS', audience_regions: ['EMEA'] }),
    );
    const forCfo = await save(
      admin.cookie,
      draft('For the CFO', { audience_kind: 'ROLES', audience_roles: ['CFO'] }),
    );
    const later = await save(
      admin.cookie,
      draft('Not yet', { starts_at: hoursFromNow(2), ends_at: hoursFromNow(3) }),
    );
    const over = await save(
      admin.cookie,
      draft('Over', { starts_at: hoursFromNow(-3), ends_at: hoursFromNow(-2) }),
    );

    expect(await unreadCount(seller.cookie)).toBe(before + 2);
    const list = await mine(seller.cookie);
    expect(list.unread_count).toBe(before + 2);
    // Newest start first.
    const made = new Set([forAll, forNa, forEmea, forCfo, later, over].map((b) => b.id));
    expect(list.broadcasts.filter((b) => made.has(b.id)).map((b) => b.title)).toEqual([
      titled('For North America'),
      titled('For all'),
    ]);
    expect(list.broadcasts.find((b) => b.id === forNa.id)).toMatchObject({
      severity: 'critical',
      body: 'Read **this**.',
      is_read: false,
      is_dismissed: false,
    });

    // Not mine: as if it did not exist.
    for (const other of [forEmea, forCfo, later]) {
      const refused = await post('/api/dx/mark-broadcast-read', { id: other.id }, seller.cookie);
      expect(refused.statusCode, other.title).toBe(404);
      expect(refused.json().message).toBe(BROADCAST_MESSAGES.notFound);
    }
    const unknown = await post('/api/dx/mark-broadcast-read', { id: randomUUID() }, seller.cookie);
    expect(unknown.statusCode).toBe(404);

    const read = dataOfSuccess<MyBroadcast>(
      await post('/api/dx/mark-broadcast-read', { id: forAll.id }, seller.cookie),
    );
    expect(read).toMatchObject({ id: forAll.id, is_read: true, is_dismissed: false });
    expect(await unreadCount(seller.cookie)).toBe(before + 1);
    // Again: nothing changes.
    const [firstReceipt] = await ctx.db
      .select()
      .from(broadcastReceipts)
      .where(eq(broadcastReceipts.broadcastId, forAll.id));
    dataOfSuccess(await post('/api/dx/mark-broadcast-read', { id: forAll.id }, seller.cookie));
    expect(await unreadCount(seller.cookie)).toBe(before + 1);
    const receipts = await ctx.db
      .select()
      .from(broadcastReceipts)
      .where(eq(broadcastReceipts.broadcastId, forAll.id));
    expect(receipts).toEqual([firstReceipt]);

    // Dismissing the critical banner reads it too.
    const dismissed = dataOfSuccess<MyBroadcast>(
      await post('/api/dx/dismiss-broadcast', { id: forNa.id }, seller.cookie),
    );
    expect(dismissed).toMatchObject({ is_read: true, is_dismissed: true });
    expect(await unreadCount(seller.cookie)).toBe(before);
    // Still listed until it ends.
    expect((await mine(seller.cookie)).broadcasts.find((b) => b.id === forNa.id)).toMatchObject({
      is_read: true,
      is_dismissed: true,
    });

    // An ended one of my audience still takes a late "read".
    dataOfSuccess(await post('/api/dx/mark-broadcast-read', { id: over.id }, seller.cookie));

    // The CFO's and EMEA's are theirs; the admin list counts the readers.
    const cfo = await userWith({ role: 'CFO' });
    expect(await myTitles(cfo.cookie)).toContain(titled('For the CFO'));
    expect(await myTitles(cfo.cookie)).not.toContain(titled('For North America'));
    const emea = await userWith(inRegion('CAM', 'emea'));
    expect(await myTitles(emea.cookie)).toContain(titled('For EMEA'));
    const got = dataOfSuccess<Broadcast>(
      await post('/api/admin/broadcast', { id: forAll.id }, admin.cookie),
    );
    expect(got.read_count).toBe(1);
  });

  it('counts the roles a delegation lends', async () => {
    const admin = await userWith({ role: 'IT_ADMIN' });
    const forApprovers = await save(
      admin.cookie,
      draft('For finance approvers', {
        audience_kind: 'ROLES',
        audience_roles: ['FINANCE_APPROVER'],
      }),
    );
    const deskUser = await createUser(ctx.db, { roles: [{ role: 'DEAL_DESK' }] });
    const approver = await createUser(ctx.db, { roles: [{ role: 'FINANCE_APPROVER' }] });
    await lendRole(ctx.db, {
      delegatorUserId: approver.id,
      delegateUserId: deskUser.id,
      role: 'FINANCE_APPROVER',
      reason: 'Broadcast test',
    });
    const cookie = await signedIn(ctx.app, deskUser);
    expect((await mine(cookie)).broadcasts.map((b) => b.id)).toContain(forApprovers.id);
  });

  it('records no receipt while an administrator acts as the user', async () => {
    const admin = await userWith({ role: 'ROOT_ADMIN' });
    const seller = await userWith({ role: 'SALES_USER' });
    const critical = await save(admin.cookie, draft('Impersonated', { severity: 'critical' }));
    const started = await post('/api/security/impersonate', { email: seller.email }, admin.cookie);
    expect(started.statusCode, started.body).toBe(200);

    const refused = await post('/api/dx/dismiss-broadcast', { id: critical.id }, admin.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(RECEIPT_WHILE_IMPERSONATING);
    expect((await mine(admin.cookie)).broadcasts.find((b) => b.id === critical.id)).toMatchObject({
      is_read: false,
      is_dismissed: false,
    });
  });
});
