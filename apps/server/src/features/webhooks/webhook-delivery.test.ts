import { and, asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { webhookAttempts, webhookDeliveries } from '@bastion/db/schema/integrations';
import { quotes } from '@bastion/db/schema/quotes';
import { advanceAppClock, appNow } from '../../lib/clock.ts';
import { writeQuoteAtVersion } from '../../core/quotes/quote-writes.repository.ts';
import { webhookSignature } from './post-webhook.ts';
import { runDueDeliveries, startDeliveryWorker } from './delivery-worker.ts';
import { endpointRecords } from './webhooks.repository.ts';
import { isSignedWith, useWebhookBed } from './webhooks.test-harness.ts';

const { bed, setUp, calls, receiver, deps, endpoint, approvedQuote } = useWebhookBed();

const SECOND = 1000;
const HOUR = 3600 * SECOND;

const deliveriesOf = (endpointId: string) =>
  bed.ctx.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(asc(webhookDeliveries.sequence));

const attemptsOf = (deliveryId: string) =>
  bed.ctx.db
    .select()
    .from(webhookAttempts)
    .where(eq(webhookAttempts.deliveryId, deliveryId))
    .orderBy(asc(webhookAttempts.attemptedAt));

describe('the outbox', () => {
  it('enqueues one quote.accepted delivery per listening endpoint, in the change’s transaction', async () => {
    const listening = await endpoint('/accepted', ['quote.accepted', 'quote.completed']);
    const inactive = await endpoint('/inactive', ['quote.accepted'], { is_active: false });
    const other = await endpoint('/other', ['quote.completed']);
    const quote = await approvedQuote();
    expect(await deliveriesOf(listening.id)).toEqual([]);

    const accepted = await calls.move('accept', quote.id, quote.version);
    const [delivery, ...more] = await deliveriesOf(listening.id);
    expect(more).toEqual([]);
    expect(delivery).toMatchObject({ eventType: 'quote.accepted', state: 'PENDING', attempts: 0 });
    const retriedFor = delivery!.giveUpAt.getTime() - delivery!.createdAt.getTime();
    expect(Math.abs(retriedFor - 24 * HOUR)).toBeLessThan(5 * SECOND);
    expect(delivery!.payload).toMatchObject({
      type: 'quote.accepted',
      data: {
        quote: { id: quote.id, status_id: 'ACCEPTED', version: accepted.version },
        actor: { user_id: bed.users.seller.id, email: bed.users.seller.email },
      },
    });
    expect(await deliveriesOf(inactive.id)).toEqual([]);
    expect(await deliveriesOf(other.id)).toEqual([]);

    // A move refused (a stale version) enqueues nothing.
    await calls.refusedMove('complete', quote.id, quote.version, 409, 'desk');
    expect(await deliveriesOf(other.id)).toEqual([]);
  });

  it('enqueues nothing when the change rolls back after its history was written', async () => {
    const listening = await endpoint('/rollback', ['quote.accepted']);
    const quote = await approvedQuote();
    await expect(
      bed.ctx.db.transaction(async (tx) => {
        await writeQuoteAtVersion(
          tx,
          {
            quoteId: quote.id,
            expectedVersion: quote.version,
            set: { statusId: 'ACCEPTED' },
            changes: [{ field: 'status_id', before: 'APPROVED', after: 'ACCEPTED' }],
            action: 'accepted',
            actorUserId: bed.users.seller.id,
            kind: 'lifecycle',
          },
          appNow(),
        );
        throw new Error('something after it failed');
      }),
    ).rejects.toThrow('something after it failed');
    expect(await deliveriesOf(listening.id)).toEqual([]);
    const [row] = await bed.ctx.db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(row?.statusId).toBe('APPROVED');
  });

  it('raises quote.submitted then quote.approved for a quote that needs no approval', async () => {
    const listening = await endpoint('/submitted', ['quote.submitted', 'quote.approved']);
    await approvedQuote();
    const rows = await deliveriesOf(listening.id);
    expect(rows.map((d) => d.eventType)).toEqual(['quote.submitted', 'quote.approved']);
    expect(rows[0]!.sequence).toBeLessThan(rows[1]!.sequence);
  });

  it('raises approval.step_decided with the step, then quote.rejected', async () => {
    const listening = await endpoint('/steps', ['approval.step_decided', 'quote.rejected']);
    const quote = await calls.submitted('10');
    const step = calls.pendingStep(quote.state);
    const decided = await calls.decide(quote.id, step.id, 'deskApprover', 'reject', 'Too deep.');
    expect(decided.statusCode, decided.body).toBe(200);
    const rows = await deliveriesOf(listening.id);
    expect(rows.map((d) => d.eventType)).toEqual(['approval.step_decided', 'quote.rejected']);
    expect(rows[0]!.payload).toMatchObject({
      data: {
        step: { group_name: setUp.groupName, decision: 'REJECTED', comment: 'Too deep.' },
        actor: { user_id: bed.users.deskApprover.id },
      },
    });
  });
});

describe('the delivery worker', () => {
  it('posts a signed delivery once, and records the attempt', async () => {
    const listening = await endpoint('/signed', ['quote.accepted']);
    const quote = await approvedQuote();
    await calls.move('accept', quote.id, quote.version);
    expect(await runDueDeliveries(deps())).toBe(1);
    expect(await runDueDeliveries(deps())).toBe(0);

    const [got, ...more] = receiver.at('/signed');
    expect(more).toEqual([]);
    const [delivery] = await deliveriesOf(listening.id);
    expect(got!.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'Bastion-CPQ-Webhooks/1',
      'bastion-event': 'quote.accepted',
      'bastion-event-id': delivery!.eventId,
      'bastion-delivery': delivery!.id,
    });
    expect(isSignedWith(listening.secret!, got!)).toBe(true);
    expect(isSignedWith('whsec_another', got!)).toBe(false);
    // The signature is over the exact bytes: t, a dot, the body.
    const t = Number(/^t=(\d+)/.exec(String(got!.headers['bastion-signature']))?.[1]);
    expect(got!.headers['bastion-signature']).toBe(
      webhookSignature(listening.secret!, t, got!.body),
    );
    expect(Math.abs(t - Date.now() / 1000)).toBeLessThan(60);
    expect(Object.keys(got!.json)).toEqual(['id', 'type', 'created_at', 'sequence', 'data']);
    expect(got!.json).toMatchObject({
      id: delivery!.eventId,
      type: 'quote.accepted',
      sequence: delivery!.sequence,
      data: { quote: { id: quote.id, status_id: 'ACCEPTED' } },
    });

    const [after] = await deliveriesOf(listening.id);
    expect(after).toMatchObject({
      state: 'DELIVERED',
      attempts: 1,
      lastStatus: 204,
      lastError: '',
    });
    expect(after!.claimedUntil).toBeNull();
    const attempts = await attemptsOf(after!.id);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ status: 204, error: '', requestedBy: null });
  });

  it('retries with exponential backoff: a receiver failing twice gets the event on the third try', async () => {
    const r = receiver;
    const listening = await endpoint('/flaky', ['quote.accepted']);
    r.answer('/flaky', 500, 503);
    const quote = await approvedQuote();
    await calls.move('accept', quote.id, quote.version);

    await runDueDeliveries(deps());
    let [delivery] = await deliveriesOf(listening.id);
    expect(delivery).toMatchObject({ state: 'PENDING', attempts: 1, lastStatus: 500 });
    expect(delivery!.lastError).toBe('The receiver answered 500 Internal Server Error.');
    const firstTry = (await attemptsOf(delivery!.id))[0]!;
    expect(
      delivery!.nextAttemptAt.getTime() - firstTry.attemptedAt.getTime(),
    ).toBeGreaterThanOrEqual(30 * SECOND);
    expect(delivery!.nextAttemptAt.getTime() - firstTry.attemptedAt.getTime()).toBeLessThan(
      31 * SECOND,
    );

    // Not due yet: nothing is sent.
    expect(await runDueDeliveries(deps())).toBe(0);
    advanceAppClock(30 * SECOND);
    expect(await runDueDeliveries(deps())).toBe(1);
    [delivery] = await deliveriesOf(listening.id);
    expect(delivery).toMatchObject({ state: 'PENDING', attempts: 2, lastStatus: 503 });
    const secondTry = (await attemptsOf(delivery!.id))[1]!;
    expect(
      delivery!.nextAttemptAt.getTime() - secondTry.attemptedAt.getTime(),
    ).toBeGreaterThanOrEqual(60 * SECOND);

    advanceAppClock(30 * SECOND);
    expect(await runDueDeliveries(deps())).toBe(0);
    advanceAppClock(30 * SECOND);
    expect(await runDueDeliveries(deps())).toBe(1);
    [delivery] = await deliveriesOf(listening.id);
    expect(delivery).toMatchObject({ state: 'DELIVERED', attempts: 3, lastStatus: 204 });

    const posts = r.at('/flaky');
    expect(posts).toHaveLength(3);
    // The same event, the same bytes, each time.
    expect(new Set(posts.map((p) => p.body)).size).toBe(1);
    expect(posts.every((p) => isSignedWith(listening.secret!, p))).toBe(true);
    const attempts = await attemptsOf(delivery!.id);
    expect(attempts.map((a) => a.status)).toEqual([500, 503, 204]);
    // The receiver's page is not kept.
    expect(attempts.every((a) => a.error.length <= 200 && !a.error.includes('secret'))).toBe(true);
  });

  it('gives up a day after the event, and says why when no answer came', async () => {
    const listening = await endpoint('/gone', ['quote.accepted']);
    const quote = await approvedQuote();
    await calls.move('accept', quote.id, quote.version);
    // Nothing listens there.
    await endpointRecords.updateAtVersion(
      bed.ctx.db,
      {
        id: listening.id,
        expectedVersion: listening.version,
        fields: { url: 'http://127.0.0.1:9/gone' },
      },
      bed.users.it.id,
      appNow(),
    );

    await runDueDeliveries(deps());
    let [delivery] = await deliveriesOf(listening.id);
    expect(delivery).toMatchObject({ state: 'PENDING', attempts: 1, lastStatus: null });
    expect(delivery!.lastError).toMatch(/^Could not reach the receiver: /);

    advanceAppClock(23 * HOUR);
    await runDueDeliveries(deps());
    [delivery] = await deliveriesOf(listening.id);
    // The wait is capped at an hour, and the last try is made at the give-up time.
    expect(delivery).toMatchObject({ state: 'PENDING', attempts: 2 });
    expect(delivery!.nextAttemptAt.getTime()).toBeLessThanOrEqual(delivery!.giveUpAt.getTime());

    advanceAppClock(1 * HOUR + SECOND);
    await runDueDeliveries(deps());
    [delivery] = await deliveriesOf(listening.id);
    expect(delivery).toMatchObject({ state: 'FAILED', attempts: 3 });
    expect(await runDueDeliveries(deps())).toBe(0);
  });

  it('sends an endpoint’s deliveries in order: a retrying one holds back the later ones, not another endpoint’s', async () => {
    const r = receiver;
    const slow = await endpoint('/ordered', ['quote.accepted', 'quote.completed']);
    const fine = await endpoint('/unhindered', ['quote.accepted', 'quote.completed']);
    r.answer('/ordered', 500);
    const quote = await approvedQuote();
    const accepted = await calls.move('accept', quote.id, quote.version);
    await calls.move('complete', quote.id, accepted.version, 'desk');

    await runDueDeliveries(deps());
    expect(r.at('/ordered').map((p) => p.json.type)).toEqual(['quote.accepted']);
    expect(r.at('/unhindered').map((p) => p.json.type)).toEqual([
      'quote.accepted',
      'quote.completed',
    ]);
    const held = await deliveriesOf(slow.id);
    expect(held.map((d) => [d.eventType, d.state, d.attempts])).toEqual([
      ['quote.accepted', 'PENDING', 1],
      ['quote.completed', 'PENDING', 0],
    ]);

    advanceAppClock(30 * SECOND);
    await runDueDeliveries(deps());
    const types = r.at('/ordered').map((p) => [p.json.type, p.json.sequence]);
    expect(types.map(([type]) => type)).toEqual([
      'quote.accepted',
      'quote.accepted',
      'quote.completed',
    ]);
    expect((await deliveriesOf(slow.id)).every((d) => d.state === 'DELIVERED')).toBe(true);
    expect((await deliveriesOf(fine.id)).every((d) => d.state === 'DELIVERED')).toBe(true);
  });

  it('never sends one delivery twice from two workers at once', async () => {
    const r = receiver;
    const a = await endpoint('/race-a', ['quote.submitted', 'quote.approved']);
    const b = await endpoint('/race-b', ['quote.submitted', 'quote.approved']);
    await Promise.all([approvedQuote(), approvedQuote(), approvedQuote()]);
    r.delay(20);
    try {
      const counts = await Promise.all([
        runDueDeliveries(deps()),
        runDueDeliveries(deps()),
        runDueDeliveries(deps()),
      ]);
      expect(counts.reduce((sum, n) => sum + n, 0)).toBe(12);
    } finally {
      r.delay(0);
    }
    for (const path of ['/race-a', '/race-b']) {
      const ids = r.at(path).map((p) => p.headers['bastion-delivery']);
      expect(ids).toHaveLength(6);
      expect(new Set(ids).size).toBe(6);
      const sequences = r.at(path).map((p) => p.json.sequence);
      expect(sequences).toEqual([...sequences].sort((x, y) => x - y));
    }
    const all = await bed.ctx.db
      .select()
      .from(webhookDeliveries)
      .where(inArray(webhookDeliveries.endpointId, [a.id, b.id]));
    expect(all.every((d) => d.state === 'DELIVERED' && d.attempts === 1)).toBe(true);
  });

  it('treats a redirect as a failure, and does not follow it', async () => {
    const listening = await endpoint('/moved', ['quote.accepted']);
    receiver.answer('/moved', 302);
    const quote = await approvedQuote();
    await calls.move('accept', quote.id, quote.version);
    await runDueDeliveries(deps());
    const [delivery] = await deliveriesOf(listening.id);
    expect(delivery).toMatchObject({ state: 'PENDING', lastStatus: 302 });
    expect(delivery!.lastError).toBe(
      'The receiver answered 302 Found: redirects are not followed.',
    );
    expect(receiver.at('/moved')).toHaveLength(1);
  });

  it('wakes when a change commits, and stops on shutdown', async () => {
    await endpoint('/woken', ['quote.accepted']);
    const quote = await approvedQuote();
    const worker = await startDeliveryWorker({ ...deps(), log: bed.ctx.app.log });
    try {
      await calls.move('accept', quote.id, quote.version);
      await expect.poll(() => receiver.at('/woken').length, { timeout: 5000 }).toBe(1);
    } finally {
      await worker.stop();
    }
    const [got] = receiver.at('/woken');
    expect(got!.json.type).toBe('quote.accepted');
    expect(
      await bed.ctx.db
        .select()
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.eventId, got!.json.id),
            eq(webhookDeliveries.state, 'DELIVERED'),
          ),
        ),
    ).toHaveLength(1);
  });
});
