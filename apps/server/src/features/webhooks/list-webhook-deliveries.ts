import type {
  WebhookDeliveryPage,
  WebhookDeliveryState,
} from '@bastion/domain/integrations/webhook-schemas';
import { WEBHOOK_MESSAGES } from '@bastion/domain/integrations/webhook-schemas';
import type { Database } from '@bastion/db/client';
import { AppError } from '../../lib/app-error.ts';
import { pageOf, pageWindow, type PageRequest } from '../../lib/db/paging.ts';
import { deliveryViewsOf } from './webhook-views.ts';
import { findEndpoint, listDeliveries } from './webhooks.repository.ts';

/**
 * POST /api/admin/webhook-deliveries: the delivery log of one endpoint, newest first, a page at
 * a time, each delivery with its attempts.
 */
export async function listWebhookDeliveries(
  db: Database,
  input: PageRequest & { endpoint_id: string; state: WebhookDeliveryState | '' },
): Promise<WebhookDeliveryPage> {
  if (!(await findEndpoint(db, input.endpoint_id))) {
    throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.notFound);
  }
  const { rows, total } = await listDeliveries(
    db,
    input.endpoint_id,
    input.state,
    pageWindow(input),
  );
  return { rows: await deliveryViewsOf(db, rows), total, ...pageOf(input) };
}
