import { WEBHOOK_MESSAGES } from '@bastion/domain/integrations/webhook-schemas';
import type { Database } from '@bastion/db/client';
import { AppError } from '../../lib/app-error.ts';
import { refusalOfStaleEdit } from './save-webhook-endpoint.ts';
import { endpointRecords, findEndpoint } from './webhooks.repository.ts';

/** POST /api/admin/webhook-endpoint-delete: the endpoint, its deliveries and their log. */
export async function deleteWebhookEndpoint(db: Database, input: { id: string; version: number }) {
  const row = await findEndpoint(db, input.id);
  if (!row) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.notFound);
  if (!(await endpointRecords.deleteAtVersion(db, input.id, input.version))) {
    throw await refusalOfStaleEdit(db, input.id);
  }
  return { id: row.id, url: row.url, is_deleted: true as const };
}
