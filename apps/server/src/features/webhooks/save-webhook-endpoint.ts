import { QUOTE_WEBHOOK_EVENTS } from '@bastion/domain/integrations/webhook-events';
import {
  WEBHOOK_MESSAGES,
  type SaveWebhookEndpointInput,
  type SavedWebhookEndpoint,
} from '@bastion/domain/integrations/webhook-schemas';
import { webhookUrlProblem } from '@bastion/domain/integrations/webhook-urls';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { appNow } from '../../lib/clock.ts';
import type { Saved } from '../../lib/post-route.ts';
import type { SecretBox } from '../../core/access/secret-box.ts';
import { newWebhookSecret } from './post-webhook.ts';
import { getEndpointView } from './webhook-views.ts';
import { endpointRecords, findEndpoint } from './webhooks.repository.ts';

/** Why a write at a version changed nothing: the endpoint is gone, or someone changed it. */
export async function refusalOfStaleEdit(db: Database, id: string): Promise<AppError> {
  return (await findEndpoint(db, id))
    ? new AppError('CONFLICT', WEBHOOK_MESSAGES.staleEdit)
    : new AppError('NOT_FOUND', WEBHOOK_MESSAGES.notFound);
}

export interface EndpointDeps {
  db: Database;
  secrets: SecretBox;
  /** config.webhooks.allowHttp: http:// and local addresses too. */
  allowHttp: boolean;
}

/** The address as this server accepts it: https:// and not local, unless allowed. */
function checkUrl(url: string, allowHttp: boolean) {
  const problem = webhookUrlProblem(url, { allowHttp });
  if (problem) {
    throw new AppError('VALIDATION_FAILED', problem, {
      details: [{ path: 'url', message: problem }],
    });
  }
}

/**
 * POST /api/admin/webhook-endpoint-save: registers an endpoint (no id), with a new signing
 * secret shown in this answer only, or changes one at the version the page read.
 */
export async function saveWebhookEndpoint(
  deps: EndpointDeps,
  caller: AuthContext,
  input: SaveWebhookEndpointInput,
  now = appNow(),
): Promise<Saved<SavedWebhookEndpoint>> {
  checkUrl(input.url, deps.allowHttp);
  const fields = {
    url: input.url,
    description: input.description,
    // Each once, in the order of the list, whatever the order sent.
    events: QUOTE_WEBHOOK_EVENTS.filter((event) => input.events.includes(event)),
    isActive: input.is_active,
  };
  if (input.id === undefined || input.version === undefined) {
    const secret = newWebhookSecret();
    const id = await endpointRecords.insert(
      deps.db,
      { ...fields, sealedSecret: deps.secrets.seal(secret), createdBy: caller.userId },
      caller.userId,
      now,
    );
    return { ...(await getEndpointView(deps.db, id)), secret, isCreated: true };
  }
  const isSaved = await endpointRecords.updateAtVersion(
    deps.db,
    { id: input.id, expectedVersion: input.version, fields },
    caller.userId,
    now,
  );
  if (!isSaved) throw await refusalOfStaleEdit(deps.db, input.id);
  return { ...(await getEndpointView(deps.db, input.id)), secret: null, isCreated: false };
}
