import type { SavedWebhookEndpoint } from '@bastion/domain/integrations/webhook-schemas';
import type { AuthContext } from '../../lib/access.ts';
import { appNow } from '../../lib/clock.ts';
import { newWebhookSecret } from './post-webhook.ts';
import { refusalOfStaleEdit, type EndpointDeps } from './save-webhook-endpoint.ts';
import { getEndpointView } from './webhook-views.ts';
import { endpointRecords } from './webhooks.repository.ts';

/**
 * POST /api/admin/webhook-endpoint-roll-secret: a new signing secret, shown in this answer
 * only; the old one stops signing at once.
 */
export async function rollWebhookSecret(
  deps: Pick<EndpointDeps, 'db' | 'secrets'>,
  caller: AuthContext,
  input: { id: string; version: number },
  now = appNow(),
): Promise<SavedWebhookEndpoint> {
  const secret = newWebhookSecret();
  const isSaved = await endpointRecords.updateAtVersion(
    deps.db,
    {
      id: input.id,
      expectedVersion: input.version,
      fields: { sealedSecret: deps.secrets.seal(secret) },
    },
    caller.userId,
    now,
  );
  if (!isSaved) throw await refusalOfStaleEdit(deps.db, input.id);
  return { ...(await getEndpointView(deps.db, input.id)), secret };
}
