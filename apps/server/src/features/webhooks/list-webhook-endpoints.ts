import type { Database } from '@bastion/db/client';
import { endpointViewOf } from './webhook-views.ts';
import { listEndpoints } from './webhooks.repository.ts';

/** POST /api/admin/webhook-endpoints: every endpoint, oldest first, with its latest delivery. */
export async function listWebhookEndpoints(db: Database) {
  return { endpoints: (await listEndpoints(db)).map(endpointViewOf) };
}
