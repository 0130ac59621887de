import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '@bastion/db/client';
import type { ServerConfig } from '../../config.ts';
import { addressesOpportunity, currentUser, requirePermission } from '../../lib/access.ts';
import type { CrmAdapter } from '../../integrations/crm/crm-adapter.ts';
import { ok } from '../../lib/envelope.ts';
import { changedRecordRoute, postRoute, recordSaveRoute } from '../../lib/post-route.ts';
import { checkManualProductLines } from './check-manual-product-lines.ts';
import {
  ZAccountIdBody,
  ZAccountResponse,
  ZConnectionStatusResponse,
  ZContactIdBody,
  ZContactResponse,
  ZDeleteContactResponse,
  ZFieldMappingResponse,
  ZListAccountsBody,
  ZListAccountsResponse,
  ZListOpportunitiesBody,
  ZListOpportunitiesResponse,
  ZManualProductLinesResponse,
  ZOpportunityIdBody,
  ZOpportunityRecordIdBody,
  ZOpportunityResponse,
  ZSaveAccountBody,
  ZSaveContactBody,
  ZSaveOpportunityBody,
} from '@bastion/domain/crm/api';
import { deleteContact } from './delete-contact.ts';
import { listFieldMappings } from './field-mapping.ts';
import { getAccount } from './get-account.ts';
import { getConnectionStatus } from './get-connection-status.ts';
import { getOpportunity } from './get-opportunity.ts';
import { listAccounts } from './list-accounts.ts';
import { listOpportunities } from './list-opportunities.ts';
import { removeOpportunity, restoreOpportunity } from './remove-opportunity.ts';
import { requireEmbeddedCrm } from './require-embedded-crm.ts';
import { saveAccount } from './save-account.ts';
import { saveContact } from './save-contact.ts';
import { saveOpportunity } from './save-opportunity.ts';
import { startCrmConnection } from './start-crm-connection.ts';
import { startOpportunitySync } from './sync-opportunities.ts';
import { settleProductWrites, whenProductsDue } from '../../core/crm-products/products-due.ts';
import {
  writeAllOwedProducts,
  writeOwedProducts,
} from '../../core/crm-products/write-opportunity-products.ts';

export interface CrmRouteDependencies {
  db: Database;
  config: ServerConfig;
  /** The CRM in use (createCrmAdapter); tests pass a fake one. */
  adapter: CrmAdapter;
}

/** The connection is the IT admins' to run (docs/decisions/002 menus, 008). */
const crmAdmin = requirePermission('CRM admin', (f) => f.is_root_admin || f.is_it_admin);

/**
 * Syncing, and reading how the sync goes, is also the deal desk's: they work the opportunity
 * grid for every region and are the ones told "my opportunity is not in Bastion yet" (issue 19).
 * Sellers are not: a quote re-reads its own opportunity from the CRM when it is made.
 */
const crmSync = requirePermission(
  'sync the CRM',
  (f) => f.is_root_admin || f.is_it_admin || f.is_deal_desk_user,
);

/** The CRM gateway, /api/sfdc/{name} (spec §7). */
export function registerCrmRoutes(app: FastifyInstance, deps: CrmRouteDependencies) {
  const { db, config, adapter } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  app.addHook('onReady', async () => {
    await startCrmConnection(db, adapter);
  });

  // The primary quote's lines go to its opportunity once the change that owed them is committed
  // (decision 044); closing the app waits for the writes under way.
  const productWrites = { db, crm: adapter, log: app.log };
  const stopListening = whenProductsDue(db, (opportunityId) =>
    writeOwedProducts(productWrites, opportunityId),
  );
  app.addHook('onClose', async () => {
    stopListening();
    await settleProductWrites(db);
  });

  r.get(
    '/api/sfdc/connection-status',
    { config: { access: crmSync }, schema: { response: { 200: ZConnectionStatusResponse } } },
    async () => ok(await getConnectionStatus(db, adapter, config)),
  );

  // A sync runs after its answer; closing the app waits for it rather than cutting it off.
  const runningSyncs = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.all(runningSyncs);
  });

  postRoute(app, {
    path: '/api/sfdc/sync',
    access: crmSync,
    response: ZConnectionStatusResponse,
    handler: async (request) => {
      const { status, done } = await startOpportunitySync(
        db,
        adapter,
        config,
        currentUser(request).email,
        { log: app.log, afterSync: () => writeAllOwedProducts(productWrites) },
      );
      runningSyncs.add(done);
      void done.finally(() => runningSyncs.delete(done));
      return status;
    },
  });

  r.get(
    '/api/sfdc/field-mapping',
    { config: { access: crmAdmin }, schema: { response: { 200: ZFieldMappingResponse } } },
    async () => ok({ adapter: adapter.kind, mappings: listFieldMappings(adapter) }),
  );

  postRoute(app, {
    path: '/api/sfdc/has_manual_product_lines',
    access: requirePermission('see quotes', (f) => f.can_see_quotes),
    addresses: addressesOpportunity('opportunity_id'),
    body: ZOpportunityIdBody,
    response: ZManualProductLinesResponse,
    handler: (request) =>
      checkManualProductLines(db, adapter, currentUser(request), request.body.opportunity_id),
  });

  registerCrmRecordRoutes(app, deps);
}

/**
 * The built-in CRM's records, edited by its admins (issue 4). Reading works whatever the CRM;
 * writing only when Bastion is the CRM: with Salesforce, a write answers 409 whatever was sent.
 */
function registerCrmRecordRoutes(app: FastifyInstance, deps: CrmRouteDependencies) {
  const { db, adapter } = deps;
  const read = { access: crmAdmin };
  const write = { access: crmAdmin, preValidation: async () => requireEmbeddedCrm(adapter) };

  postRoute(app, {
    path: '/api/sfdc/accounts/list',
    ...read,
    body: ZListAccountsBody,
    response: ZListAccountsResponse,
    handler: (request) => listAccounts(db, request.body),
  });

  postRoute(app, {
    path: '/api/sfdc/accounts/get',
    ...read,
    body: ZAccountIdBody,
    response: ZAccountResponse,
    handler: (request) => getAccount(db, request.body.id),
  });

  recordSaveRoute(app, db, {
    path: '/api/sfdc/accounts/save',
    ...write,
    entityType: 'crm_account',
    actions: { created: 'crm.account.created', updated: 'crm.account.updated' },
    body: ZSaveAccountBody,
    response: ZAccountResponse,
    handler: (request) => saveAccount(db, request.body),
    details: ['name', 'kind'],
  });

  recordSaveRoute(app, db, {
    path: '/api/sfdc/contacts/save',
    ...write,
    entityType: 'crm_contact',
    actions: { created: 'crm.contact.created', updated: 'crm.contact.updated' },
    body: ZSaveContactBody,
    response: ZContactResponse,
    handler: (request) => saveContact(db, request.body),
    details: ['account_id'],
  });

  changedRecordRoute(app, db, {
    path: '/api/sfdc/contacts/delete',
    ...write,
    entityType: 'crm_contact',
    action: 'crm.contact.deleted',
    body: ZContactIdBody,
    response: ZDeleteContactResponse,
    handler: (request) => deleteContact(db, request.body.id),
    details: ['account_id'],
  });

  postRoute(app, {
    path: '/api/sfdc/opportunities/list',
    ...read,
    body: ZListOpportunitiesBody,
    response: ZListOpportunitiesResponse,
    handler: (request) => listOpportunities(db, request.body),
  });

  postRoute(app, {
    path: '/api/sfdc/opportunities/get',
    ...read,
    body: ZOpportunityRecordIdBody,
    response: ZOpportunityResponse,
    handler: (request) => getOpportunity(db, request.body.id),
  });

  recordSaveRoute(app, db, {
    path: '/api/sfdc/opportunities/save',
    ...write,
    entityType: 'crm_opportunity',
    actions: { created: 'crm.opportunity.created', updated: 'crm.opportunity.updated' },
    body: ZSaveOpportunityBody,
    response: ZOpportunityResponse,
    handler: (request) => saveOpportunity(db, currentUser(request), request.body),
    details: ['name'],
  });

  /* Removing an opportunity from lists, and bringing it back. */
  for (const [path, change, action] of [
    ['/api/sfdc/opportunities/remove', removeOpportunity, 'crm.opportunity.removed'],
    ['/api/sfdc/opportunities/restore', restoreOpportunity, 'crm.opportunity.restored'],
  ] as const) {
    changedRecordRoute(app, db, {
      path,
      ...write,
      entityType: 'crm_opportunity',
      action,
      body: ZOpportunityRecordIdBody,
      response: ZOpportunityResponse,
      handler: (request) => change(db, currentUser(request), request.body.id),
    });
  }
}
