import {
  WEBHOOK_MESSAGES,
  type WebhookSendOutcome,
} from '@bastion/domain/integrations/webhook-schemas';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { appNow } from '../../lib/clock.ts';
import { attemptDelivery, type OnFailure, type WebhookDeps } from './attempt-delivery.ts';
import { WEBHOOK_CLAIM_MS } from './delivery-worker.ts';
import { deliveryViewsOf } from './webhook-views.ts';
import { claimDelivery, findDelivery, type DeliveryRow } from './webhooks.repository.ts';

/** Posts a held delivery now, as `requestedBy` asked, and answers what came of it. */
export async function sendNow(
  deps: WebhookDeps,
  delivery: DeliveryRow,
  requestedBy: string,
  onFailure: OnFailure,
): Promise<WebhookSendOutcome> {
  const sent = await attemptDelivery(deps, delivery, { requestedBy, onFailure });
  const [view] = await deliveryViewsOf(deps.db, [sent.delivery]);
  const attempt = view?.attempt_log.find((a) => a.id === sent.attempt.id);
  if (!view || !attempt) throw new Error('webhook send: the attempt was not recorded');
  return { is_delivered: sent.outcome.isDelivered, attempt, delivery: view };
}

/**
 * POST /api/admin/webhook-delivery-send-again: posts any delivery once more, now, within the
 * request. A success delivers a pending or failed one; a failure changes no schedule. Held
 * while a worker posts it, so it is never posted twice at once.
 */
export async function sendWebhookAgain(
  deps: WebhookDeps,
  caller: AuthContext,
  deliveryId: string,
): Promise<WebhookSendOutcome> {
  const now = appNow();
  const held = await claimDelivery(
    deps.db,
    deliveryId,
    now,
    new Date(now.getTime() + WEBHOOK_CLAIM_MS),
  );
  if (!held) {
    if (!(await findDelivery(deps.db, deliveryId))) {
      throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.deliveryNotFound);
    }
    throw new AppError('CONFLICT', WEBHOOK_MESSAGES.deliveryBusy);
  }
  return sendNow(deps, held, caller.userId, 'keep');
}
