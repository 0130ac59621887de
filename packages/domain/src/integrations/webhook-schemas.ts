import { z } from 'zod';
import { zEnvelope } from '../api/envelope.ts';
import { namedApiSchemas } from '../api/named-schemas.ts';
import { QUOTE_WEBHOOK_EVENTS } from './webhook-events.ts';
import { webhookUrlProblem, WEBHOOK_URL_MESSAGES } from './webhook-urls.ts';

/*
 * The calls of the webhooks page (issue 21, /api/admin/webhook…). The server validates with
 * these, and the page's form with the same schema and messages; the server checks the address
 * once more against its own settings (https:// only unless WEBHOOK_ALLOW_HTTP).
 */

export const WEBHOOK_DESCRIPTION_MAX = 500;
export const WEBHOOK_DELIVERY_STATES = ['PENDING', 'DELIVERED', 'FAILED'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

export const WEBHOOK_MESSAGES = {
  ...WEBHOOK_URL_MESSAGES,
  descriptionTooLong: `Keep the description to ${WEBHOOK_DESCRIPTION_MAX} characters.`,
  eventsMissing: 'Choose at least one event.',
  eventUnknown: 'Choose the events from the list.',
  staleEdit:
    'Someone changed this endpoint after you opened it. Reload it to see their changes, then make yours again.',
  notFound: 'There is no such webhook endpoint.',
  deliveryNotFound: 'There is no such delivery.',
  deliveryBusy: 'This delivery is being sent right now. Wait a moment, then look at its log.',
} as const;

const zEndpointId = z.uuid({ error: 'That is not a webhook endpoint id.' });
const zVersion = z.number({ error: 'Send the version you read.' }).int().min(1).max(2_147_483_647);

/** What an administrator writes, in the form and in the save call. */
const endpointFields = {
  url: z
    .string({ error: WEBHOOK_MESSAGES.missing })
    .trim()
    .superRefine((url, context) => {
      // The form cannot know the server's settings: it checks the shape, the server the rest.
      const problem = webhookUrlProblem(url, { allowHttp: true });
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
  description: z
    .string({ error: 'Write the description as text.' })
    .trim()
    .max(WEBHOOK_DESCRIPTION_MAX, WEBHOOK_MESSAGES.descriptionTooLong)
    .default(''),
  events: z
    .array(z.enum(QUOTE_WEBHOOK_EVENTS, { error: WEBHOOK_MESSAGES.eventUnknown }), {
      error: 'Send the events as a list.',
    })
    .min(1, WEBHOOK_MESSAGES.eventsMissing)
    .max(QUOTE_WEBHOOK_EVENTS.length * 2, 'That is more events than there are.'),
  is_active: z.boolean({ error: 'Say whether the endpoint is active.' }).default(true),
};

/** The page's form: what the administrator fills in. */
export const ZWebhookEndpointForm = z.object(endpointFields);
export type WebhookEndpointFormInput = z.input<typeof ZWebhookEndpointForm>;
export type WebhookEndpointFormValues = z.output<typeof ZWebhookEndpointForm>;

/** POST /api/admin/webhook-endpoint-save: no id creates; a change names the version it read. */
export const ZSaveWebhookEndpointBody = z
  .object({ id: zEndpointId.optional(), version: zVersion.optional(), ...endpointFields })
  .superRefine((value, context) => {
    if (value.id !== undefined && value.version === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['version'],
        message: 'Send the version you read.',
      });
    }
  });
export type SaveWebhookEndpointInput = z.output<typeof ZSaveWebhookEndpointBody>;

/** Delete and roll the secret: the endpoint at the version the page read. */
export const ZWebhookEndpointVersionBody = z.object({ id: zEndpointId, version: zVersion });
/** Send a test event. */
export const ZWebhookEndpointIdBody = z.object({ id: zEndpointId });

const zDeliveryState = z.enum(WEBHOOK_DELIVERY_STATES);

/** The latest delivery of an endpoint, as its row in the list shows it. */
export const ZWebhookLastDelivery = z.object({
  event_type: z.string(),
  created_at: z.string(),
  state: zDeliveryState,
  last_status: z.number().int().nullable(),
});

export const ZWebhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  is_active: z.boolean(),
  /** Deliveries waiting for their first or next attempt. */
  pending_count: z.number().int().nonnegative(),
  last_delivery: ZWebhookLastDelivery.nullable(),
  created_at: z.string(),
  version: z.number().int(),
  updated_at: z.string(),
  updated_by: z.string().nullable(),
});
export type WebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

/** POST /api/admin/webhook-endpoints: every endpoint, oldest first. */
export const ZWebhookEndpointList = z.object({ endpoints: z.array(ZWebhookEndpoint) });

/**
 * The answer to a save or a secret roll: the endpoint and, when it was created or its secret
 * rolled, the signing secret, shown this once (null otherwise).
 */
export const ZSavedWebhookEndpoint = ZWebhookEndpoint.extend({ secret: z.string().nullable() });
export type SavedWebhookEndpoint = z.infer<typeof ZSavedWebhookEndpoint>;

export const ZDeletedWebhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  is_deleted: z.literal(true),
});

/** POST /api/admin/webhook-deliveries: an endpoint's deliveries, newest first, a page at a time. */
export const ZWebhookDeliveryListBody = z.object({
  endpoint_id: zEndpointId,
  state: z
    .enum(['', ...WEBHOOK_DELIVERY_STATES], {
      error: 'The state is PENDING, DELIVERED or FAILED.',
    })
    .default(''),
  page: z.number().int().min(1, 'Pages start at 1.').max(100_000).default(1),
  page_size: z.number().int().min(1).max(100, 'At most 100 rows a page.').default(25),
});

/** One attempt to post a delivery. */
export const ZWebhookAttempt = z.object({
  id: z.string(),
  attempted_at: z.string(),
  /** The HTTP status answered, or null when none came (refused, timed out). */
  status: z.number().int().nullable(),
  error: z.string(),
  duration_ms: z.number().int(),
  /** Who pressed "Send again" (or sent a test event); null for the automatic attempts. */
  requested_by: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof ZWebhookAttempt>;

export const ZWebhookDelivery = z.object({
  id: z.string(),
  endpoint_id: z.string(),
  sequence: z.number().int(),
  event_id: z.string(),
  event_type: z.string(),
  created_at: z.string(),
  state: zDeliveryState,
  attempts: z.number().int().nonnegative(),
  /** When the worker tries next; null unless PENDING. */
  next_attempt_at: z.string().nullable(),
  give_up_at: z.string(),
  delivered_at: z.string().nullable(),
  last_status: z.number().int().nullable(),
  last_error: z.string(),
  /** The attempts, newest first. */
  attempt_log: z.array(ZWebhookAttempt),
});
export type WebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZWebhookDeliveryPage = z.object({
  rows: z.array(ZWebhookDelivery),
  total: z.number().int().nonnegative(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type WebhookDeliveryPage = z.infer<typeof ZWebhookDeliveryPage>;

/** POST /api/admin/webhook-delivery-send-again. */
export const ZWebhookDeliveryIdBody = z.object({
  id: z.uuid({ error: 'That is not a delivery id.' }),
});

/** The answer to "Send again" and to a test event: the delivery after the attempt. */
export const ZWebhookSendOutcome = z.object({
  is_delivered: z.boolean(),
  attempt: ZWebhookAttempt,
  delivery: ZWebhookDelivery,
});
export type WebhookSendOutcome = z.infer<typeof ZWebhookSendOutcome>;

/* Named in the API reference (its components): what several answers share, and big rows. */
namedApiSchemas.add(ZWebhookEndpoint, { id: 'WebhookEndpoint' });
namedApiSchemas.add(ZSavedWebhookEndpoint, { id: 'SavedWebhookEndpoint' });
namedApiSchemas.add(ZWebhookDelivery, { id: 'WebhookDelivery' });
namedApiSchemas.add(ZWebhookSendOutcome, { id: 'WebhookSendOutcome' });

/* The answers' envelopes (`{code: 200, data}`), as the routes validate them. */
export const ZDeletedWebhookEndpointResponse = zEnvelope(ZDeletedWebhookEndpoint);
export const ZSavedWebhookEndpointResponse = zEnvelope(ZSavedWebhookEndpoint);
export const ZWebhookDeliveryPageResponse = zEnvelope(ZWebhookDeliveryPage);
export const ZWebhookEndpointListResponse = zEnvelope(ZWebhookEndpointList);
export const ZWebhookSendOutcomeResponse = zEnvelope(ZWebhookSendOutcome);
