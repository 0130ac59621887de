import { afterFailedAttempt } from '@bastion/domain/integrations/webhook-retries';
import type { Database } from '@bastion/db/client';
import { appNow } from '../../lib/clock.ts';
import type { SecretBox } from '../../core/access/secret-box.ts';
import { postWebhook, type PostOutcome } from './post-webhook.ts';
import {
  findEndpoint,
  recordAttempt,
  type AttemptRow,
  type DeliveryChange,
  type DeliveryRow,
} from './webhooks.repository.ts';

/** What sending a delivery needs. */
export interface WebhookDeps {
  db: Database;
  secrets: SecretBox;
  /** The wait before the first retry (config.webhooks.retryBaseMs). */
  retryBaseMs: number;
  timeoutMs?: number;
}

/**
 * What a failed attempt does to the delivery: the worker's own attempts follow the backoff
 * (`retry`), a "Send again" leaves the schedule as it was (`keep`), a test event is not retried
 * (`fail`).
 */
export type OnFailure = 'retry' | 'keep' | 'fail';

/**
 * Posts a delivery the caller holds (claimed), records the attempt and the delivery's state
 * after it, and lets it go. A success delivers it whatever its state was.
 */
export async function attemptDelivery(
  deps: WebhookDeps,
  delivery: DeliveryRow,
  how: { requestedBy: string | null; onFailure: OnFailure },
): Promise<{ outcome: PostOutcome; attempt: AttemptRow; delivery: DeliveryRow }> {
  const attemptedAt = appNow();
  const endpoint = await findEndpoint(deps.db, delivery.endpointId);
  if (!endpoint) throw new Error('webhook delivery: its endpoint is gone');
  const outcome = await postWebhook(
    endpoint.url,
    deps.secrets.open(endpoint.sealedSecret),
    delivery,
    deps.timeoutMs,
  );
  const after = appNow();
  const last = { lastStatus: outcome.status, lastError: outcome.error };
  let change: DeliveryChange;
  if (outcome.isDelivered) {
    change = { ...last, state: 'DELIVERED', deliveredAt: after };
  } else if (how.onFailure === 'fail' || delivery.state !== 'PENDING') {
    // A delivered one stays delivered; a failed one stays failed.
    change = { ...last, state: delivery.state === 'DELIVERED' ? 'DELIVERED' : 'FAILED' };
  } else if (how.onFailure === 'keep') {
    change = last;
  } else {
    const next = afterFailedAttempt({
      attempts: delivery.attempts + 1,
      now: after,
      giveUpAt: delivery.giveUpAt,
      baseMs: deps.retryBaseMs,
    });
    change =
      next.state === 'FAILED'
        ? { ...last, state: 'FAILED' }
        : { ...last, state: 'PENDING', nextAttemptAt: next.nextAttemptAt };
  }
  const recorded = await recordAttempt(
    deps.db,
    delivery.id,
    {
      attemptedAt,
      status: outcome.status,
      error: outcome.error,
      durationMs: outcome.durationMs,
      requestedBy: how.requestedBy,
    },
    change,
  );
  return { outcome, ...recorded };
}
