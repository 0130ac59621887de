import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '@bastion/db/client';
import type { ServerConfig } from '../../config.ts';
import { addressesOpportunity, currentUser, requirePermission } from '../../lib/access.ts';
import type { CrmAdapter } from '../../lib/crm/crm-adapter.ts';
import { recordAudit } from '../../lib/audit.ts';
import { ok, zEmptyBody } from '../../lib/envelope.ts';
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
import { removeOpportunity } from './remove-opportunity.ts';
import { requireEmbeddedCrm } from './require-embedded-crm.ts';
import { restoreOpportunity } from './restore-opportunity.ts';
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
      config: {
        access: requirePermission('see quotes', (f) => f.can_see_quotes),
        addresses: addressesOpportunity('opportunity_id'),
      },
      schema: { body: ZOpportunityIdBody, response: { 200: ZManualProductLinesResponse } },
    },
    async (request) =>
      ok(
        await checkManualProductLines(
          db,
          adapter,
          currentUser(request),
          request.body.opportunity_id,
        ),
      ),
  );

  registerCrmRecordRoutes(app, deps);
}

/**
 * The built-in CRM's records, edited by its admins (issue 4). Reading works whatever the CRM;
 * writing only when Bastion is the CRM: with Salesforce, a write answers 409 whatever was sent.
 */
function registerCrmRecordRoutes(app: FastifyInstance, deps: CrmRouteDependencies) {
  const { db, adapter } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const write = {
    config: { access: crmAdmin },
    preValidation: async () => requireEmbeddedCrm(adapter),
  };
  const read = { config: { access: crmAdmin } };

  r.post(
    '/api/sfdc/accounts/list',
    { ...read, schema: { body: ZListAccountsBody, response: { 200: ZListAccountsResponse } } },
    async (request) => ok(await listAccounts(db, request.body)),
  );

  r.post(
    '/api/sfdc/accounts/get',
    { ...read, schema: { body: ZAccountIdBody, response: { 200: ZAccountResponse } } },
    async (request) => ok(await getAccount(db, request.body.id)),
  );

  r.post(
    '/api/sfdc/accounts/save',
    { ...write, schema: { body: ZSaveAccountBody, response: { 200: ZAccountResponse } } },
    async (request) => {
      const { isCreated, ...account } = await saveAccount(db, request.body);
      await recordAudit(db, request, {
        action: isCreated ? 'crm.account.created' : 'crm.account.updated',
        entityType: 'crm_account',
        entityId: account.id,
        details: { name: account.name, kind: account.kind },
      });
      return ok(account);
    },
  );

  r.post(
    '/api/sfdc/contacts/save',
    { ...write, schema: { body: ZSaveContactBody, response: { 200: ZContactResponse } } },
    async (request) => {
      const { isCreated, ...contact } = await saveContact(db, request.body);
      await recordAudit(db, request, {
        action: isCreated ? 'crm.contact.created' : 'crm.contact.updated',
        entityType: 'crm_contact',
        entityId: contact.id,
        details: { account_id: contact.account_id },
      });
      return ok(contact);
    },
  );

  r.post(
    '/api/sfdc/contacts/delete',
    { ...write, schema: { body: ZContactIdBody, response: { 200: ZDeleteContactResponse } } },
    async (request) => {
      const deleted = await deleteContact(db, request.body.id);
      await recordAudit(db, request, {
        action: 'crm.contact.deleted',
        entityType: 'crm_contact',
        entityId: deleted.id,
        details: { account_id: deleted.account_id },
      });
      return ok(deleted);
    },
  );

  r.post(
    '/api/sfdc/opportunities/list',
    {
      ...read,
      schema: { body: ZListOpportunitiesBody, response: { 200: ZListOpportunitiesResponse } },
    },
    async (request) => ok(await listOpportunities(db, request.body)),
  );

  r.post(
    '/api/sfdc/opportunities/get',
    {
      ...read,
      schema: { body: ZOpportunityRecordIdBody, response: { 200: ZOpportunityResponse } },
    },
    async (request) => ok(await getOpportunity(db, request.body.id)),
  );

  r.post(
    '/api/sfdc/opportunities/save',
    { ...write, schema: { body: ZSaveOpportunityBody, response: { 200: ZOpportunityResponse } } },
    async (request) => {
      const { isCreated, ...opportunity } = await saveOpportunity(
        db,
        currentUser(request),
        request.body,
      );
      await recordAudit(db, request, {
        action: isCreated ? 'crm.opportunity.created' : 'crm.opportunity.updated',
        entityType: 'crm_opportunity',
        entityId: opportunity.id,
        details: { name: opportunity.name },
      });
      return ok(opportunity);
    },
  );

  r.post(
    '/api/sfdc/opportunities/remove',
    {
      ...write,
      schema: { body: ZOpportunityRecordIdBody, response: { 200: ZOpportunityResponse } },
    },
    async (request) => {
      const opportunity = await removeOpportunity(db, currentUser(request), request.body.id);
      await recordAudit(db, request, {
        action: 'crm.opportunity.removed',
        entityType: 'crm_opportunity',
        entityId: opportunity.id,
      });
      return ok(opportunity);
    },
  );

  r.post(
    '/api/sfdc/opportunities/restore',
    {
      ...write,
      schema: { body: ZOpportunityRecordIdBody, response: { 200: ZOpportunityResponse } },
    },
    async (request) => {
      const opportunity = await restoreOpportunity(db, currentUser(request), request.body.id);
      await recordAudit(db, request, {
        action: 'crm.opportunity.restored',
        entityType: 'crm_opportunity',
        entityId: opportunity.id,
      });
      return ok(opportunity);
    },
  );
}
