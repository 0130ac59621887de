import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '@bastion/db/client';
import type { ServerConfig } from '../../config.ts';
import { addressesOpportunity, currentUser, requirePermission } from '../../lib/access.ts';
import type { CrmAdapter } from '../../lib/crm/crm-adapter.ts';
import { ok, zEmptyBody } from '../../lib/envelope.ts';
import { auditedPostRoute, postRoute } from '../../lib/post-route.ts';
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
} from './crm.schemas.ts';
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

  postRoute(app, {
    path: '/api/sfdc/sync',
    access: crmAdmin,
    body: zEmptyBody,
    response: ZConnectionStatusResponse,
    handler: () => syncOpportunities(db, adapter, config),
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

  auditedPostRoute(app, db, {
    path: '/api/sfdc/accounts/save',
    ...write,
    body: ZSaveAccountBody,
    response: ZAccountResponse,
    handler: async (request) => {
      const { isCreated, ...account } = await saveAccount(db, request.body);
      return {
        data: account,
        audit: {
          action: isCreated ? 'crm.account.created' : 'crm.account.updated',
          entityType: 'crm_account',
          entityId: account.id,
          details: { name: account.name, kind: account.kind },
        },
      };
    },
  });

  auditedPostRoute(app, db, {
    path: '/api/sfdc/contacts/save',
    ...write,
    body: ZSaveContactBody,
    response: ZContactResponse,
    handler: async (request) => {
      const { isCreated, ...contact } = await saveContact(db, request.body);
      return {
        data: contact,
        audit: {
          action: isCreated ? 'crm.contact.created' : 'crm.contact.updated',
          entityType: 'crm_contact',
          entityId: contact.id,
          details: { account_id: contact.account_id },
        },
      };
    },
  });

  auditedPostRoute(app, db, {
    path: '/api/sfdc/contacts/delete',
    ...write,
    body: ZContactIdBody,
    response: ZDeleteContactResponse,
    handler: async (request) => {
      const deleted = await deleteContact(db, request.body.id);
      return {
        data: deleted,
        audit: {
          action: 'crm.contact.deleted',
          entityType: 'crm_contact',
          entityId: deleted.id,
          details: { account_id: deleted.account_id },
        },
      };
    },
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

  auditedPostRoute(app, db, {
    path: '/api/sfdc/opportunities/save',
    ...write,
    body: ZSaveOpportunityBody,
    response: ZOpportunityResponse,
    handler: async (request) => {
      const { isCreated, ...opportunity } = await saveOpportunity(
        db,
        currentUser(request),
        request.body,
      );
      return {
        data: opportunity,
        audit: {
          action: isCreated ? 'crm.opportunity.created' : 'crm.opportunity.updated',
          entityType: 'crm_opportunity',
          entityId: opportunity.id,
          details: { name: opportunity.name },
        },
      };
    },
  });

  auditedPostRoute(app, db, {
    path: '/api/sfdc/opportunities/remove',
    ...write,
    body: ZOpportunityRecordIdBody,
    response: ZOpportunityResponse,
    handler: async (request) => {
      const opportunity = await removeOpportunity(db, currentUser(request), request.body.id);
      return {
        data: opportunity,
        audit: {
          action: 'crm.opportunity.removed',
          entityType: 'crm_opportunity',
          entityId: opportunity.id,
        },
      };
    },
  });

  auditedPostRoute(app, db, {
    path: '/api/sfdc/opportunities/restore',
    ...write,
    body: ZOpportunityRecordIdBody,
    response: ZOpportunityResponse,
    handler: async (request) => {
      const opportunity = await restoreOpportunity(db, currentUser(request), request.body.id);
      return {
        data: opportunity,
        audit: {
          action: 'crm.opportunity.restored',
          entityType: 'crm_opportunity',
          entityId: opportunity.id,
        },
      };
    },
  });
}
