import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  webhookEventsOf,
  type HistoryEntryFacts,
  type WebhookEventType,
} from '@bastion/domain/integrations/webhook-events';
import { WEBHOOK_GIVE_UP_AFTER_MS } from '@bastion/domain/integrations/webhook-retries';
import type { Database } from '@bastion/db/client';
import type { QuoteRow } from '@bastion/db/schema/quotes';
import { appNow } from '../../lib/clock.ts';

/*
 * The webhook outbox (issue 21): an event becomes one delivery row per endpoint that listens to
 * it, written in the transaction of the change, so a change that rolls back sends nothing. The
 * delivery workers hear of new rows by notification, sent when the transaction commits.
 */

/** The channel the delivery workers listen on. */
export const WEBHOOK_CHANNEL = 'webhook_deliveries';

/** A decided approval step, as the approval.step_decided event tells it. */
export interface WebhookStepFacts {
  group_name: string;
  decision: 'APPROVED' | 'REJECTED';
  comment: string;
}

/** The event as stored: the body sent adds the delivery's sequence (delivery-worker.ts). */
export interface WebhookEvent {
  id: string;
  type: WebhookEventType;
  created_at: string;
  data: Record<string, unknown>;
}

/** What a receiver learns of the quote: the row's own cheap fields, nothing read for it. */
export function quoteEventData(row: QuoteRow) {
  return {
    id: row.id,
    quote_number: row.quoteNumber,
    quote_name: row.quoteName,
    quote_type: row.quoteType,
    status_id: row.statusId,
    version: row.version,
    opportunity_id: row.opportunityId,
    account_id: row.accountId,
    account_name: row.accountName,
    region: row.region,
    owner_user_id: row.ownerUserId,
    currency_code: row.currencyCode,
    // Minor units of the currency, exact, as the quote stores them.
    total_amount_minor: row.totalAmountMinor,
    accepted_at: row.acceptedAt?.toISOString() ?? null,
    completed_at: row.completedAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Writes the event's deliveries, one per active endpoint subscribed to its type, each with its
 * own sequence, and notifies the workers at commit if there was any. `actorUserId`'s e-mail is
 * filled in by the same statement, so an event nobody listens to reads nothing.
 */
export async function enqueueWebhookEvent(
  tx: Database,
  event: WebhookEvent,
  actorUserId: string | null,
  now: Date,
): Promise<void> {
  // Scheduled on the clock the workers read (some changes pass the real time as `now`).
  const due = appNow();
  const giveUpAt = new Date(due.getTime() + WEBHOOK_GIVE_UP_AFTER_MS).toISOString();
  const payload = JSON.stringify(event);
  const withActor =
    actorUserId === null
      ? sql`${payload}::jsonb`
      : sql`jsonb_set(${payload}::jsonb, '{data,actor,email}', coalesce(to_jsonb((select u.email from users u where u.id = ${actorUserId}::uuid)), 'null'::jsonb))`;
  await tx.execute(sql`
    with inserted as (
      insert into webhook_deliveries
        (endpoint_id, event_id, event_type, payload, created_at, next_attempt_at, give_up_at)
      select e.id, ${event.id}::uuid, ${event.type}, ${withActor},
        ${now.toISOString()}::timestamptz, ${due.toISOString()}::timestamptz, ${giveUpAt}::timestamptz
      from webhook_endpoints e
      where e.is_active and ${event.type} = any(e.events)
      returning 1
    )
    select pg_notify(${WEBHOOK_CHANNEL}, '') where exists (select 1 from inserted)
  `);
}

/**
 * The events a quote history entry raises (packages/domain webhookEventsOf), enqueued in the
 * entry's transaction. Most entries raise none and cost nothing.
 */
export async function enqueueQuoteWebhooks(
  tx: Database,
  row: QuoteRow,
  entry: HistoryEntryFacts & { actorUserId: string | null; step?: WebhookStepFacts },
  now: Date,
): Promise<void> {
  const types = webhookEventsOf(entry);
  if (types.length === 0) return;
  const quote = quoteEventData(row);
  // The customer accepting through a link is no user: no actor then.
  const actor = entry.actorUserId === null ? null : { user_id: entry.actorUserId, email: null };
  for (const type of types) {
    const data: Record<string, unknown> = { quote, actor };
    if (type === 'approval.step_decided' && entry.step) data.step = entry.step;
    await enqueueWebhookEvent(
      tx,
      { id: randomUUID(), type, created_at: now.toISOString(), data },
      entry.actorUserId,
      now,
    );
  }
}
