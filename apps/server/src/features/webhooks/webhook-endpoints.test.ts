import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES } from '@bastion/domain/integrations/webhook-schemas';
import type {
  SavedWebhookEndpoint,
  WebhookDeliveryPage,
  WebhookSendOutcome,
} from '@bastion/domain/integrations/webhook-schemas';
import { auditLog } from '@bastion/db/schema/audit';
import { webhookDeliveries, webhookEndpoints } from '@bastion/db/schema/integrations';
import { appNow } from '../../lib/clock.ts';
import { createAppOver } from '../../test/test-app.ts';
import { runDueDeliveries } from './delivery-worker.ts';
import { isSignedWith, useWebhookBed } from './webhooks.test-harness.ts';

const { bed, calls, receiver, ensureReceiver, deps, endpoint, approvedQuote } = useWebhookBed();

const SAVE = '/api/admin/webhook-endpoint-save';

async function acceptedDelivery(path: string) {
  const saved = await endpoint(path, ['quote.accepted']);
  const quote = await approvedQuote();
  await calls.move('accept', quote.id, quote.version);
  const page = await calls.dataOf<WebhookDeliveryPage>(
    '/api/admin/webhook-deliveries',
    { endpoint_id: saved.id },
    'it',
  );
  return { saved, delivery: page.rows[0]! };
}

describe('webhook endpoints', () => {
  it('are registered with a secret shown once, listed without it, changed at their version', async () => {
    const created = await endpoint(
      '/crm',
      ['quote.completed', 'quote.accepted', 'quote.accepted'],
      {
        description: 'The CRM bridge',
      },
    );
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    // Each event once, in the list's order.
    expect(created.events).toEqual(['quote.accepted', 'quote.completed']);
    expect(created).toMatchObject({
      is_active: true,
      version: 1,
      last_delivery: null,
      pending_count: 0,
    });
    const [row] = await bed.ctx.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, created.id));
    // Sealed, not stored as it was shown.
    expect(row!.sealedSecret).not.toContain(created.secret!);
    expect(row!.sealedSecret).toMatch(/^v1\./);

    const list = await calls.dataOf<{ endpoints: Record<string, unknown>[] }>(
      '/api/admin/webhook-endpoints',
      {},
      'root',
    );
    const listed = list.endpoints.find((e) => e.id === created.id)!;
    expect(listed).toMatchObject({ url: created.url, description: 'The CRM bridge' });
    expect(JSON.stringify(list)).not.toContain(created.secret!);
    expect(listed).not.toHaveProperty('secret');

    const changed = await calls.dataOf<SavedWebhookEndpoint>(
      SAVE,
      {
        id: created.id,
        version: 1,
        url: created.url,
        events: ['quote.archived'],
        is_active: false,
      },
      'it',
    );
    expect(changed).toMatchObject({
      version: 2,
      events: ['quote.archived'],
      is_active: false,
      secret: null,
    });
    const stale = await calls.refusalOf(
      SAVE,
      { id: created.id, version: 1, url: created.url, events: ['quote.accepted'] },
      409,
      'it',
    );
    expect(stale.message).toBe(WEBHOOK_MESSAGES.staleEdit);

    const rolled = await calls.dataOf<SavedWebhookEndpoint>(
      '/api/admin/webhook-endpoint-roll-secret',
      { id: created.id, version: 2 },
      'it',
    );
    expect(rolled.secret).toMatch(/^whsec_/);
    expect(rolled.secret).not.toBe(created.secret);
    expect(rolled.version).toBe(3);

    const audits = await bed.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'webhook_endpoint'), eq(auditLog.entityId, created.id)));
    expect(audits.map((a) => a.action).sort()).toEqual([
      'webhook.endpoint.created',
      'webhook.endpoint.secret_rolled',
      'webhook.endpoint.updated',
    ]);
    expect(JSON.stringify(audits)).not.toContain('whsec_');

    const deleted = await calls.dataOf<{ is_deleted: boolean }>(
      '/api/admin/webhook-endpoint-delete',
      { id: created.id, version: 3 },
      'it',
    );
    expect(deleted.is_deleted).toBe(true);
    const gone = await calls.refusalOf(
      '/api/admin/webhook-endpoint-delete',
      { id: created.id, version: 3 },
      404,
      'it',
    );
    expect(gone.message).toBe(WEBHOOK_MESSAGES.notFound);
  });

  it('refuse bad addresses and events with the field’s message', async () => {
    const r = await ensureReceiver();
    const refused = async (body: object) =>
      (await calls.refusalOf(SAVE, { events: ['quote.accepted'], ...body }, 400, 'it')).errors;
    expect(await refused({ url: 'hooks.example.com/in' })).toEqual([
      { path: 'url', message: WEBHOOK_MESSAGES.invalid },
    ]);
    expect(await refused({ url: 'https://u:p@hooks.example.com/in' })).toEqual([
      { path: 'url', message: WEBHOOK_MESSAGES.credentials },
    ]);
    expect(await refused({ url: 'https://hooks.example.com/in', events: [] })).toEqual([
      { path: 'events', message: WEBHOOK_MESSAGES.eventsMissing },
    ]);
    expect(
      await refused({ url: 'https://hooks.example.com/in', events: ['quote.deleted'] }),
    ).toEqual([{ path: 'events.0', message: WEBHOOK_MESSAGES.eventUnknown }]);

    // A server that does not allow http:// (the default) refuses it, and local addresses.
    const strict = await createAppOver(bed.ctx.db);
    try {
      const post = (url: string) =>
        strict.inject({
          method: 'POST',
          url: SAVE,
          payload: { url, events: ['quote.accepted'] },
          headers: { cookie: bed.cookies.it },
        });
      for (const [url, message] of [
        [r.url('/plain'), WEBHOOK_MESSAGES.notHttps],
        ['https://127.0.0.1/in', WEBHOOK_MESSAGES.local],
        ['https://localhost:8443/in', WEBHOOK_MESSAGES.local],
        ['https://169.254.169.254/latest', WEBHOOK_MESSAGES.local],
      ] as const) {
        const answer = await post(url);
        expect(answer.statusCode, url).toBe(400);
        expect(answer.json<{ errors: unknown }>().errors).toEqual([{ path: 'url', message }]);
      }
      expect((await post('https://hooks.example.com/in')).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it('are for root and IT admins only', async () => {
    const saved = await endpoint('/private', ['quote.accepted']);
    for (const [path, body] of [
      ['/api/admin/webhook-endpoints', {}],
      [SAVE, { url: 'https://hooks.example.com/', events: ['quote.accepted'] }],
      ['/api/admin/webhook-endpoint-roll-secret', { id: saved.id, version: 1 }],
      ['/api/admin/webhook-endpoint-delete', { id: saved.id, version: 1 }],
      ['/api/admin/webhook-deliveries', { endpoint_id: saved.id }],
      ['/api/admin/webhook-endpoint-test', { id: saved.id }],
      ['/api/admin/webhook-delivery-send-again', { id: saved.id }],
    ] as const) {
      for (const who of ['seller', 'desk'] as const) {
        const answer = await calls.post(path, body, who);
        expect(answer.statusCode, `${path} as ${who}`).toBe(403);
      }
    }
    const [row] = await bed.ctx.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, saved.id));
    expect(row?.version).toBe(1);
  });
});

describe('the delivery log', () => {
  it('lists an endpoint’s deliveries newest first with their attempts, by state', async () => {
    receiver.answer('/log', 500);
    const { saved } = await acceptedDelivery('/log');
    await runDueDeliveries(deps());
    const page = await calls.dataOf<WebhookDeliveryPage>(
      '/api/admin/webhook-deliveries',
      { endpoint_id: saved.id, state: 'PENDING', page: 1, page_size: 10 },
      'it',
    );
    expect(page).toMatchObject({ total: 1, page: 1, page_size: 10 });
    expect(page.rows[0]).toMatchObject({
      event_type: 'quote.accepted',
      state: 'PENDING',
      attempts: 1,
      last_status: 500,
      attempt_log: [{ status: 500, requested_by: null }],
    });
    expect(page.rows[0]!.next_attempt_at).not.toBeNull();
    const delivered = await calls.dataOf<WebhookDeliveryPage>(
      '/api/admin/webhook-deliveries',
      { endpoint_id: saved.id, state: 'DELIVERED' },
      'it',
    );
    expect(delivered.total).toBe(0);
    const list = await calls.dataOf<{
      endpoints: { id: string; pending_count: number; last_delivery: unknown }[];
    }>('/api/admin/webhook-endpoints', {}, 'it');
    expect(list.endpoints.find((e) => e.id === saved.id)).toMatchObject({
      pending_count: 1,
      last_delivery: { event_type: 'quote.accepted', state: 'PENDING', last_status: 500 },
    });
  });

  it('sends a delivery again on request: a failed one that gets through is delivered', async () => {
    const { saved, delivery } = await acceptedDelivery('/again');
    await bed.ctx.db
      .update(webhookDeliveries)
      .set({ state: 'FAILED', attempts: 5, lastStatus: 500 })
      .where(eq(webhookDeliveries.id, delivery.id));

    const sent = await calls.dataOf<WebhookSendOutcome>(
      '/api/admin/webhook-delivery-send-again',
      { id: delivery.id },
      'it',
    );
    expect(sent.is_delivered).toBe(true);
    expect(sent.attempt).toMatchObject({ status: 204, error: '' });
    expect(sent.attempt.requested_by).toEqual(expect.any(String));
    expect(sent.delivery).toMatchObject({ state: 'DELIVERED', attempts: 6, last_status: 204 });
    const [got] = receiver.at('/again');
    expect(isSignedWith(saved.secret!, got!)).toBe(true);
    expect(got!.headers['bastion-delivery']).toBe(delivery.id);

    // Again, failing: still delivered, the attempt logged.
    receiver.answer('/again', 500);
    const failed = await calls.dataOf<WebhookSendOutcome>(
      '/api/admin/webhook-delivery-send-again',
      { id: delivery.id },
      'it',
    );
    expect(failed).toMatchObject({ is_delivered: false, attempt: { status: 500 } });
    expect(failed.delivery).toMatchObject({ state: 'DELIVERED', attempts: 7, last_status: 500 });
    expect(failed.delivery.attempt_log).toHaveLength(2);
    const audits = await bed.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'webhook.delivery.sent_again'), eq(auditLog.entityId, delivery.id)),
      );
    expect(audits).toHaveLength(2);
  });

  it('does not send a delivery a worker holds, and says so', async () => {
    const { delivery } = await acceptedDelivery('/held');
    await bed.ctx.db
      .update(webhookDeliveries)
      .set({ claimedUntil: new Date(appNow().getTime() + 60_000) })
      .where(eq(webhookDeliveries.id, delivery.id));
    const busy = await calls.refusalOf(
      '/api/admin/webhook-delivery-send-again',
      { id: delivery.id },
      409,
      'it',
    );
    expect(busy.message).toBe(WEBHOOK_MESSAGES.deliveryBusy);
    expect(receiver.at('/held')).toHaveLength(0);
    const missing = await calls.refusalOf(
      '/api/admin/webhook-delivery-send-again',
      { id: '00000000-0000-4000-8000-000000000000' },
      404,
      'it',
    );
    expect(missing.message).toBe(WEBHOOK_MESSAGES.deliveryNotFound);
  });

  it('sends a signed test event, logged and not retried', async () => {
    const saved = await endpoint('/test', ['quote.accepted'], { is_active: false });
    const sent = await calls.dataOf<WebhookSendOutcome>(
      '/api/admin/webhook-endpoint-test',
      { id: saved.id },
      'root',
    );
    expect(sent.is_delivered).toBe(true);
    const [got] = receiver.at('/test');
    expect(got!.json).toMatchObject({
      type: 'webhook.test',
      data: { endpoint: { id: saved.id }, actor: { user_id: bed.users.root.id } },
    });
    expect(isSignedWith(saved.secret!, got!)).toBe(true);

    receiver.answer('/test', 404);
    const failed = await calls.dataOf<WebhookSendOutcome>(
      '/api/admin/webhook-endpoint-test',
      { id: saved.id },
      'root',
    );
    expect(failed).toMatchObject({
      is_delivered: false,
      delivery: { state: 'FAILED', attempts: 1 },
    });
    expect(await runDueDeliveries(deps())).toBe(0);
  });
});
