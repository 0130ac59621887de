import { randomUUID } from 'node:crypto';
import { WEBHOOK_TEST_EVENT } from '@bastion/domain/integrations/webhook-events';
import { WEBHOOK_GIVE_UP_AFTER_MS } from '@bastion/domain/integrations/webhook-retries';
import {
  WEBHOOK_MESSAGES,
  type WebhookSendOutcome,
} from '@bastion/domain/integrations/webhook-schemas';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { appNow } from '../../lib/clock.ts';
import type { WebhookEvent } from '../../integrations/webhooks/webhook-outbox.repository.ts';
import type { WebhookDeps } from './attempt-delivery.ts';
import { WEBHOOK_CLAIM_MS } from './delivery-worker.ts';
import { sendNow } from './send-webhook-again.ts';
import { findEndpoint, insertClaimedDelivery } from './webhooks.repository.ts';

/**
 * POST /api/admin/webhook-endpoint-test: a `webhook.test` event posted to the endpoint now,
 * whatever it subscribes to and even inactive, so an administrator can check the receiver and
 * its signature check. It is logged like any delivery, and not retried.
 */
export async function sendWebhookTest(
  deps: WebhookDeps,
  caller: AuthContext,
  endpointId: string,
): Promise<WebhookSendOutcome> {
  const endpoint = await findEndpoint(deps.db, endpointId);
  if (!endpoint) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.notFound);
  const now = appNow();
  const event: WebhookEvent = {
    id: randomUUID(),
    type: WEBHOOK_TEST_EVENT,
    created_at: now.toISOString(),
    data: {
      endpoint: { id: endpoint.id, url: endpoint.url },
      actor: { user_id: caller.userId, email: caller.email },
    },
  };
  const delivery = await insertClaimedDelivery(deps.db, {
    endpointId: endpoint.id,
    eventId: event.id,
    eventType: event.type,
    payload: event,
    createdAt: now,
    giveUpAt: new Date(now.getTime() + WEBHOOK_GIVE_UP_AFTER_MS),
    claimedUntil: new Date(now.getTime() + WEBHOOK_CLAIM_MS),
  });
  return sendNow(deps, delivery, caller.userId, 'fail');
}
