import type { FastifyInstance } from 'fastify';
import {
  ZDeletedWebhookEndpointResponse,
  ZSavedWebhookEndpointResponse,
  ZSaveWebhookEndpointBody,
  ZWebhookDeliveryIdBody,
  ZWebhookDeliveryListBody,
  ZWebhookDeliveryPageResponse,
  ZWebhookEndpointIdBody,
  ZWebhookEndpointListResponse,
  ZWebhookEndpointVersionBody,
  ZWebhookSendOutcomeResponse,
} from '@bastion/domain/integrations/webhook-schemas';
import type { Database } from '@bastion/db/client';
import type { ServerConfig } from '../../config.ts';
import { currentUser, requirePermission } from '../../lib/access.ts';
import {
  changedRecordRoute,
  postRoute,
  recordChangeRoute,
  recordSaveRoute,
} from '../../lib/post-route.ts';
import { createSecretBox } from '../../core/access/secret-box.ts';
import { deleteWebhookEndpoint } from './delete-webhook-endpoint.ts';
import { listWebhookDeliveries } from './list-webhook-deliveries.ts';
import { listWebhookEndpoints } from './list-webhook-endpoints.ts';
import { rollWebhookSecret } from './roll-webhook-secret.ts';
import { saveWebhookEndpoint } from './save-webhook-endpoint.ts';
import { sendWebhookAgain } from './send-webhook-again.ts';
import { sendWebhookTest } from './send-webhook-test.ts';

/**
 * Who manages webhooks (issue 21): the administrators of the application settings, root and IT
 * admins by their own roles.
 */
export const managesWebhooks = requirePermission(
  'root or IT admin',
  (f) => f.is_root_admin || f.is_it_admin,
);

/** What the audit log keeps of an endpoint: never its secret. */
const AUDITED_FIELDS = ['url', 'events', 'is_active', 'version'] as const;

/**
 * Webhooks (issue 21): the administrators' endpoints, their delivery log, "Send again" and a
 * test event. Deliveries themselves are made by the worker (delivery-worker.ts).
 */
export function registerWebhookRoutes(
  app: FastifyInstance,
  deps: { db: Database; config: ServerConfig },
) {
  const { db, config } = deps;
  const secrets = createSecretBox(config.secretsKey);
  const endpointDeps = { db, secrets, allowHttp: config.webhooks.allowHttp };
  const sendDeps = { db, secrets, retryBaseMs: config.webhooks.retryBaseMs };

  postRoute(app, {
    path: '/api/admin/webhook-endpoints',
    access: managesWebhooks,
    response: ZWebhookEndpointListResponse,
    handler: () => listWebhookEndpoints(db),
  });

  recordSaveRoute(app, db, {
    path: '/api/admin/webhook-endpoint-save',
    access: managesWebhooks,
    entityType: 'webhook_endpoint',
    actions: { created: 'webhook.endpoint.created', updated: 'webhook.endpoint.updated' },
    body: ZSaveWebhookEndpointBody,
    response: ZSavedWebhookEndpointResponse,
    handler: (request) => saveWebhookEndpoint(endpointDeps, currentUser(request), request.body),
    details: AUDITED_FIELDS,
  });

  changedRecordRoute(app, db, {
    path: '/api/admin/webhook-endpoint-roll-secret',
    access: managesWebhooks,
    entityType: 'webhook_endpoint',
    action: 'webhook.endpoint.secret_rolled',
    body: ZWebhookEndpointVersionBody,
    response: ZSavedWebhookEndpointResponse,
    handler: (request) => rollWebhookSecret(endpointDeps, currentUser(request), request.body),
    details: ['url', 'version'],
  });

  changedRecordRoute(app, db, {
    path: '/api/admin/webhook-endpoint-delete',
    access: managesWebhooks,
    entityType: 'webhook_endpoint',
    action: 'webhook.endpoint.deleted',
    body: ZWebhookEndpointVersionBody,
    response: ZDeletedWebhookEndpointResponse,
    handler: (request) => deleteWebhookEndpoint(db, request.body),
    details: ['url'],
  });

  postRoute(app, {
    path: '/api/admin/webhook-deliveries',
    access: managesWebhooks,
    body: ZWebhookDeliveryListBody,
    response: ZWebhookDeliveryPageResponse,
    handler: (request) => listWebhookDeliveries(db, request.body),
  });

  recordChangeRoute(app, db, {
    path: '/api/admin/webhook-delivery-send-again',
    access: managesWebhooks,
    entityType: 'webhook_delivery',
    body: ZWebhookDeliveryIdBody,
    response: ZWebhookSendOutcomeResponse,
    handler: async (request) => {
      const outcome = await sendWebhookAgain(sendDeps, currentUser(request), request.body.id);
      return {
        data: outcome,
        action: 'webhook.delivery.sent_again',
        entityId: outcome.delivery.id,
        details: {
          endpoint_id: outcome.delivery.endpoint_id,
          event_type: outcome.delivery.event_type,
          status: outcome.attempt.status,
          is_delivered: outcome.is_delivered,
        },
      };
    },
  });

  recordChangeRoute(app, db, {
    path: '/api/admin/webhook-endpoint-test',
    access: managesWebhooks,
    entityType: 'webhook_endpoint',
    body: ZWebhookEndpointIdBody,
    response: ZWebhookSendOutcomeResponse,
    handler: async (request) => {
      const outcome = await sendWebhookTest(sendDeps, currentUser(request), request.body.id);
      return {
        data: outcome,
        action: 'webhook.endpoint.tested',
        entityId: request.body.id,
        details: { status: outcome.attempt.status, is_delivered: outcome.is_delivered },
      };
    },
  });
}
