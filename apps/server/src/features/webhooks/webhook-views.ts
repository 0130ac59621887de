import type {
  WebhookAttempt,
  WebhookDelivery,
  WebhookEndpoint,
} from '@bastion/domain/integrations/webhook-schemas';
import type { Database } from '@bastion/db/client';
import { AppError } from '../../lib/app-error.ts';
import { versionedFieldsOf } from '../../lib/edited-fields.ts';
import { WEBHOOK_MESSAGES } from '@bastion/domain/integrations/webhook-schemas';
import {
  listAttempts,
  listEndpoints,
  type AttemptViewRow,
  type DeliveryRow,
  type EndpointViewRow,
} from './webhooks.repository.ts';

/* How endpoints, deliveries and attempts are answered: never with the secret. */

export function endpointViewOf(row: EndpointViewRow): WebhookEndpoint {
  const { endpoint, latest } = row;
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    events: endpoint.events,
    is_active: endpoint.isActive,
    pending_count: row.pendingCount,
    last_delivery: latest
      ? {
          event_type: latest.event_type,
          created_at: new Date(latest.created_at).toISOString(),
          state: latest.state,
          last_status: latest.last_status,
        }
      : null,
    created_at: endpoint.createdAt.toISOString(),
    ...versionedFieldsOf(endpoint, row.updatedBy),
  };
}

/** One endpoint as the list shows it; NOT_FOUND when it is gone. */
export async function getEndpointView(db: Database, id: string): Promise<WebhookEndpoint> {
  const [row] = await listEndpoints(db, id);
  if (!row) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.notFound);
  return endpointViewOf(row);
}

function attemptViewOf({ attempt, requestedBy }: AttemptViewRow): WebhookAttempt {
  return {
    id: attempt.id,
    attempted_at: attempt.attemptedAt.toISOString(),
    status: attempt.status,
    error: attempt.error,
    duration_ms: attempt.durationMs,
    requested_by: attempt.requestedBy === null ? null : (requestedBy ?? 'a former user'),
  };
}

/** Deliveries with their attempts, newest first, read in one more query. */
export async function deliveryViewsOf(
  db: Database,
  deliveries: DeliveryRow[],
): Promise<WebhookDelivery[]> {
  const attempts = await listAttempts(
    db,
    deliveries.map((d) => d.id),
  );
  return deliveries.map((delivery) => ({
    id: delivery.id,
    endpoint_id: delivery.endpointId,
    sequence: delivery.sequence,
    event_id: delivery.eventId,
    event_type: delivery.eventType,
    created_at: delivery.createdAt.toISOString(),
    state: delivery.state,
    attempts: delivery.attempts,
    next_attempt_at: delivery.state === 'PENDING' ? delivery.nextAttemptAt.toISOString() : null,
    give_up_at: delivery.giveUpAt.toISOString(),
    delivered_at: delivery.deliveredAt?.toISOString() ?? null,
    last_status: delivery.lastStatus,
    last_error: delivery.lastError,
    attempt_log: attempts
      .filter((row) => row.attempt.deliveryId === delivery.id)
      .map(attemptViewOf),
  }));
}

export function attemptView(row: AttemptViewRow): WebhookAttempt {
  return attemptViewOf(row);
}
