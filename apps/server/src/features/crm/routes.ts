import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '@bastion/db/client';
import type { ServerConfig } from '../../config.ts';
import { requirePermission } from '../../lib/access.ts';
import type { CrmAdapter } from '../../lib/crm/crm-adapter.ts';
import { ok, zEmptyBody } from '../../lib/envelope.ts';
import { checkManualProductLines } from './check-manual-product-lines.ts';
import {
  ZConnectionStatusResponse,
  ZFieldMappingResponse,
  ZManualProductLinesResponse,
  ZOpportunityIdBody,
} from './crm.schemas.ts';
import { listFieldMappings } from './field-mapping.ts';
import { getConnectionStatus } from './get-connection-status.ts';
import { startCrmConnection } from './start-crm-connection.ts';
import { syncOpportunities } from './sync-opportunities.ts';

export interface CrmRouteDependencies {
  db: Database;
  config: ServerConfig;
  /** The CRM in use (createCrmAdapter); tests pass a fake one. */
  adapter: CrmAdapter;
}

/** The connection is the IT admins' to run (docs/decisions/002 menus, 008). */
const crmAdmin = requirePermission('CRM admin', (f) => f.is_root_admin || f.is_it_admin);

/** The CRM gateway, /api/sfdc/{name} (spec §7). */
export function registerCrmRoutes(app: FastifyInstance, deps: CrmRouteDependencies) {
  const { db, config, adapter } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  app.addHook('onReady', async () => {
    await startCrmConnection(db, adapter);
  });

  r.get(
    '/api/sfdc/connection-status',
    { config: { access: crmAdmin }, schema: { response: { 200: ZConnectionStatusResponse } } },
    async () => ok(await getConnectionStatus(db, adapter, config)),
  );

  r.post(
    '/api/sfdc/sync',
    {
      config: { access: crmAdmin },
      schema: { body: zEmptyBody, response: { 200: ZConnectionStatusResponse } },
    },
    async () => ok(await syncOpportunities(db, adapter, config)),
  );

  r.get(
    '/api/sfdc/field-mapping',
    { config: { access: crmAdmin }, schema: { response: { 200: ZFieldMappingResponse } } },
    async () => ok({ adapter: adapter.kind, mappings: listFieldMappings(adapter) }),
  );

  r.post(
    '/api/sfdc/has_manual_product_lines',
    {
      config: { access: requirePermission('see quotes', (f) => f.can_see_quotes) },
      schema: { body: ZOpportunityIdBody, response: { 200: ZManualProductLinesResponse } },
    },
    async (request) => ok(await checkManualProductLines(db, adapter, request.body.opportunity_id)),
  );
}
