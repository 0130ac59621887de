import type { FastifyBaseLogger } from 'fastify';
import { listenForNotifications } from '@bastion/db/notifications';
import { appNow } from '../../lib/clock.ts';
import { WEBHOOK_CHANNEL } from '../../integrations/webhooks/webhook-outbox.repository.ts';
import { attemptDelivery, type WebhookDeps } from './attempt-delivery.ts';
import { claimDueDeliveries } from './webhooks.repository.ts';

/*
 * The delivery worker (issue 21): every instance runs one. It wakes each second, and at once
 * when a change that raised an event commits (the outbox's notification), claims the due head
 * delivery of each endpoint, posts them side by side (one per endpoint, so each endpoint's
 * deliveries leave in order) and claims again until nothing is due.
 */

/** How long a claim holds a delivery: well over a post's timeout, short for a dead instance. */
export const WEBHOOK_CLAIM_MS = 60_000;
const POLL_MS = 1_000;
/** Endpoints served per claim; the rest are claimed by the next round. */
const CLAIM_BATCH = 20;

/**
 * Claims and posts what is due until nothing is; how many attempts were made. A delivery whose
 * attempt could not be recorded (its endpoint deleted meanwhile) goes to `onError`; its claim
 * runs out.
 */
export async function runDueDeliveries(
  deps: WebhookDeps,
  onError: (error: unknown) => void = () => undefined,
): Promise<number> {
  let attempts = 0;
  for (;;) {
    const now = appNow();
    const claimed = await claimDueDeliveries(
      deps.db,
      now,
      new Date(now.getTime() + WEBHOOK_CLAIM_MS),
      CLAIM_BATCH,
    );
    if (claimed.length === 0) return attempts;
    const settled = await Promise.allSettled(
      claimed.map((delivery) =>
        attemptDelivery(deps, delivery, { requestedBy: null, onFailure: 'retry' }),
      ),
    );
    for (const result of settled) if (result.status === 'rejected') onError(result.reason);
    attempts += claimed.length;
  }
}

export interface DeliveryWorker {
  /** Stops waking, and waits for the round in flight. */
  stop(): Promise<void>;
}

/** Starts the instance's worker; `stop` on shutdown. */
export async function startDeliveryWorker(
  deps: WebhookDeps & { log: FastifyBaseLogger },
): Promise<DeliveryWorker> {
  let running: Promise<void> | null = null;
  let isWokenAgain = false;
  let isStopped = false;

  const wake = () => {
    if (isStopped) return;
    if (running) {
      isWokenAgain = true;
      return;
    }
    running = (async () => {
      do {
        isWokenAgain = false;
        try {
          await runDueDeliveries(deps, (error) =>
            deps.log.warn({ err: error }, 'webhook deliveries: an attempt was not recorded'),
          );
        } catch (error) {
          deps.log.error({ err: error }, 'webhook deliveries: a round failed');
        }
      } while (isWokenAgain && !isStopped);
      running = null;
    })();
  };

  const stopListening = await listenForNotifications(deps.db, WEBHOOK_CHANNEL, {
    onNotification: wake,
    onListening: (isListening) => {
      // What was announced while not listening is found by the next poll anyway.
      if (isListening) wake();
    },
  });
  const poll = setInterval(wake, POLL_MS);
  poll.unref();
  wake();

  return {
    async stop() {
      isStopped = true;
      clearInterval(poll);
      await stopListening();
      await running;
    },
  };
}
