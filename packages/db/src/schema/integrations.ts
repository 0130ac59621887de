import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, uuidId, uuidRef } from './columns.ts';
import { belongsToUser, editedRowColumns, userRef } from './users.ts';

/**
 * Bearer tokens of service accounts (issue 21). Only the SHA-256 of a token is kept: it is shown
 * once. A token stops working at its expiry or when revoked; the row stays for the record.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuidId(),
    userId: belongsToUser('user_id'),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The token's first characters, so an administrator can tell tokens apart. */
    tokenPrefix: text('token_prefix').notNull(),
    createdAt: createdAt(),
    createdBy: userRef('created_by'),
    expiresAt: timestamptz('expires_at').notNull(),
    lastUsedAt: timestamptz('last_used_at'),
    lastUsedIp: text('last_used_ip').notNull().default(''),
    revokedAt: timestamptz('revoked_at'),
    revokedBy: userRef('revoked_by'),
  },
  (t) => [
    uniqueIndex('api_tokens_hash_key').on(t.tokenHash),
    index('api_tokens_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * An HTTPS endpoint that receives signed events (issue 21). The signing secret is stored sealed
 * (AES-256-GCM, the TOTP keys' box): the server must read it back to sign.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuidId(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** The event types it receives, e.g. quote.accepted. */
    events: text('events').array().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    sealedSecret: text('sealed_secret').notNull(),
    createdBy: userRef('created_by'),
    ...editedRowColumns(),
  },
  (t) => [check('webhook_endpoints_events', sql`cardinality(${t.events}) > 0`)],
);

/**
 * The outbox: one row per event and endpoint, written in the transaction of the change. A
 * worker on any instance claims due rows, posts them and records each attempt.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuidId(),
    /** The order of events: deliveries to one endpoint leave in this order. */
    sequence: bigserial('sequence', { mode: 'number' }).notNull(),
    endpointId: uuidRef('endpoint_id', () => webhookEndpoints.id, 'cascade'),
    /** The same for every endpoint that receives the event. */
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
    state: text('state', { enum: ['PENDING', 'DELIVERED', 'FAILED'] })
      .notNull()
      .default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    /** Retries stop after this; a delivery still failing then is FAILED. */
    giveUpAt: timestamptz('give_up_at').notNull(),
    /** An instance posting it holds it until then; a dead instance's claim runs out. */
    claimedUntil: timestamptz('claimed_until'),
    deliveredAt: timestamptz('delivered_at'),
    lastStatus: integer('last_status'),
    lastError: text('last_error').notNull().default(''),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_sequence_key').on(t.sequence),
    index('webhook_deliveries_due_idx')
      .on(t.endpointId, t.sequence)
      .where(sql`${t.state} = 'PENDING'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
  ],
);

/** Every attempt to post a delivery: the delivery log administrators read. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuidId(),
    deliveryId: uuidRef('delivery_id', () => webhookDeliveries.id, 'cascade'),
    attemptedAt: timestamptz('attempted_at').notNull(),
    /** The HTTP status answered, or null when none came (refused, timed out). */
    status: integer('status'),
    error: text('error').notNull().default(''),
    durationMs: integer('duration_ms').notNull(),
    /** Who pressed "send again", or null for the worker's own attempts. */
    requestedBy: userRef('requested_by'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attemptedAt)],
);
