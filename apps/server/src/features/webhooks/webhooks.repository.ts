import { and, asc, count, desc, eq, inArray, sql, type AnyColumn } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { WebhookDeliveryState } from '@bastion/domain/integrations/webhook-schemas';
import type { Database } from '@bastion/db/client';
import {
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
} from '@bastion/db/schema/integrations';
import { users } from '@bastion/db/schema/users';
import { firstOrNull } from '../../lib/db/queries.ts';
import type { Page } from '../../lib/db/paging.ts';
import { versionedRecords } from '../../lib/db/versioned-rows.ts';

/** Queries of webhook endpoints, deliveries and attempts: no decisions here. */

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;

export const endpointRecords = versionedRecords(webhookEndpoints, 'webhook endpoint');

const editor = alias(users, 'webhook_editor');
const requester = alias(users, 'webhook_requester');

const nameOf = (person: { firstName: AnyColumn; lastName: AnyColumn; email: AnyColumn }) =>
  sql<
    string | null
  >`coalesce(nullif(trim(${person.firstName} || ' ' || ${person.lastName}), ''), ${person.email})`;

export async function findEndpoint(db: Database, id: string): Promise<EndpointRow | null> {
  return firstOrNull(db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)));
}

/** The latest delivery of an endpoint, as the list shows it. */
export interface LatestDelivery {
  event_type: string;
  created_at: string;
  state: WebhookDeliveryState;
  last_status: number | null;
}

/** The endpoints (all, or one), oldest first, with who changed each last and its queue. */
export async function listEndpoints(db: Database, onlyId?: string) {
  const pendingCount = sql<number>`(
    select count(*)::int from ${webhookDeliveries} d
    where d.endpoint_id = ${webhookEndpoints.id} and d.state = 'PENDING'
  )`;
  const latest = sql<LatestDelivery | null>`(
    select jsonb_build_object('event_type', d.event_type, 'created_at', d.created_at,
      'state', d.state, 'last_status', d.last_status)
    from ${webhookDeliveries} d where d.endpoint_id = ${webhookEndpoints.id}
    order by d.sequence desc limit 1
  )`;
  return db
    .select({ endpoint: webhookEndpoints, updatedBy: nameOf(editor), pendingCount, latest })
    .from(webhookEndpoints)
    .leftJoin(editor, eq(editor.id, webhookEndpoints.updatedBy))
    .where(onlyId === undefined ? undefined : eq(webhookEndpoints.id, onlyId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
}

export type EndpointViewRow = Awaited<ReturnType<typeof listEndpoints>>[number];

/** A page of an endpoint's deliveries, newest first, and how many there are in all. */
export async function listDeliveries(
  db: Database,
  endpointId: string,
  state: WebhookDeliveryState | '',
  page: Page,
) {
  const where = and(
    eq(webhookDeliveries.endpointId, endpointId),
    state === '' ? undefined : eq(webhookDeliveries.state, state),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.sequence))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(webhookDeliveries).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findDelivery(db: Database, id: string): Promise<DeliveryRow | null> {
  return firstOrNull(db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)));
}

/** The attempts of these deliveries, newest first, with who asked for each by hand. */
export async function listAttempts(db: Database, deliveryIds: string[]) {
  if (deliveryIds.length === 0) return [];
  return db
    .select({ attempt: webhookAttempts, requestedBy: nameOf(requester) })
    .from(webhookAttempts)
    .leftJoin(requester, eq(requester.id, webhookAttempts.requestedBy))
    .where(inArray(webhookAttempts.deliveryId, deliveryIds))
    .orderBy(desc(webhookAttempts.attemptedAt), desc(webhookAttempts.id));
}

export type AttemptViewRow = Awaited<ReturnType<typeof listAttempts>>[number];

/**
 * Claims, in one statement, the head delivery of each active endpoint (its lowest sequence
 * still PENDING) when it is due and nobody holds it, until `until`. The head alone: a delivery
 * waiting for its retry holds back the later ones of its endpoint. The row's conditions are
 * checked again on the row itself, so of two instances claiming at once one gets it.
 */
export async function claimDueDeliveries(
  db: Database,
  now: Date,
  until: Date,
  limit: number,
): Promise<DeliveryRow[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const result = await db.execute<{ id: string }>(sql`
    update webhook_deliveries d set claimed_until = ${until.toISOString()}::timestamptz
    where d.id in (
      select head.id from (
        select distinct on (p.endpoint_id) p.id, p.next_attempt_at, p.claimed_until
        from webhook_deliveries p
        join webhook_endpoints e on e.id = p.endpoint_id and e.is_active
        where p.state = 'PENDING'
        order by p.endpoint_id, p.sequence
      ) head
      where head.next_attempt_at <= ${at}
        and (head.claimed_until is null or head.claimed_until <= ${at})
      limit ${limit}
    )
    and d.state = 'PENDING' and (d.claimed_until is null or d.claimed_until <= ${at})
    returning d.id
  `);
  const ids = (result as { rows: { id: string }[] }).rows.map((row) => row.id);
  if (ids.length === 0) return [];
  return db
    .select()
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.id, ids))
    .orderBy(asc(webhookDeliveries.sequence));
}

/** Claims one delivery, whatever its state, unless someone holds it; null when held or gone. */
export async function claimDelivery(
  db: Database,
  id: string,
  now: Date,
  until: Date,
): Promise<DeliveryRow | null> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ claimedUntil: until })
    .where(
      and(
        eq(webhookDeliveries.id, id),
        sql`(${webhookDeliveries.claimedUntil} is null or ${webhookDeliveries.claimedUntil} <= ${now.toISOString()}::timestamptz)`,
      ),
    )
    .returning();
  return row ?? null;
}

/** A delivery made and held at once (the test event), so no worker takes it meanwhile. */
export async function insertClaimedDelivery(
  db: Database,
  values: Pick<
    typeof webhookDeliveries.$inferInsert,
    'endpointId' | 'eventId' | 'eventType' | 'payload' | 'createdAt' | 'giveUpAt' | 'claimedUntil'
  >,
): Promise<DeliveryRow> {
  const [row] = await db
    .insert(webhookDeliveries)
    .values({ ...values, nextAttemptAt: values.createdAt })
    .returning();
  if (!row) throw new Error('webhook delivery insert returned nothing');
  return row;
}

export type AttemptRecord = Omit<typeof webhookAttempts.$inferInsert, 'id' | 'deliveryId'>;
export type DeliveryChange = Pick<
  typeof webhookDeliveries.$inferInsert,
  'state' | 'nextAttemptAt' | 'deliveredAt' | 'lastStatus' | 'lastError'
>;

/**
 * Records an attempt and the delivery's state after it, and lets the delivery go, in one
 * transaction: the attempts count up here.
 */
export async function recordAttempt(
  db: Database,
  deliveryId: string,
  attempt: AttemptRecord,
  change: DeliveryChange,
): Promise<{ attempt: AttemptRow; delivery: DeliveryRow }> {
  return db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(webhookAttempts)
      .values({ ...attempt, deliveryId })
      .returning();
    const [delivery] = await tx
      .update(webhookDeliveries)
      .set({ ...change, attempts: sql`${webhookDeliveries.attempts} + 1`, claimedUntil: null })
      .where(eq(webhookDeliveries.id, deliveryId))
      .returning();
    if (!recorded || !delivery) throw new Error('webhook attempt: the delivery is gone');
    return { attempt: recorded, delivery };
  });
}
