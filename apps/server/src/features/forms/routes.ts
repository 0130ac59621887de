import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '@bastion/db/client';
import { currentUser, requirePermission, signedInAccess } from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import { ok, zEmptyBody } from '../../lib/envelope.ts';
import {
  ZFormDefinitionResponse,
  ZFormListResponse,
  ZGetFormBody,
  ZLookupListResponse,
  ZLookupListsResponse,
  ZMoveLookupValueBody,
  ZSavedLookupValueResponse,
  ZSaveLookupValueBody,
  ZValidateFormBody,
  ZValidateFormResponse,
} from './forms.schemas.ts';
import { loadFormDefinition } from '../../lib/form-definitions.ts';
import { listFormRecipes } from './forms.repository.ts';
import { listLookupLists } from './list-lookup-lists.ts';
import { moveLookupValue } from './move-lookup-value.ts';
import { saveLookupValue } from './save-lookup-value.ts';
import { validateFormSubmission } from './validate-form-submission.ts';

/** The configuration admin's audience: IT admins and root admins (decision 006). */
const configurationAdmin = requirePermission(
  'configuration admin',
  (f) => f.is_root_admin || f.is_it_admin,
);

/**
 * Form recipes (spec §3): read by every screen that draws one, listed for configuration admins,
 * who also edit the lookup lists the forms offer.
 */
export function registerFormRoutes(app: FastifyInstance, deps: { db: Database }) {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/dx/get-form-recipe',
    {
      config: { access: signedInAccess },
      schema: { body: ZGetFormBody, response: { 200: ZFormDefinitionResponse } },
    },
    async (request) => ok(await loadFormDefinition(db, request.body.name)),
  );

  r.post(
    '/api/dx/validate-form',
    {
      config: { access: signedInAccess },
      schema: { body: ZValidateFormBody, response: { 200: ZValidateFormResponse } },
    },
    async (request) =>
      ok(
        await validateFormSubmission(db, currentUser(request), {
          name: request.body.name,
          values: request.body.values,
        }),
      ),
  );

  r.post(
    '/api/admin/list-form-recipes',
    {
      config: { access: configurationAdmin },
      schema: { body: zEmptyBody, response: { 200: ZFormListResponse } },
    },
    async () => {
      const rows = await listFormRecipes(db);
      return ok(
        rows.map((row) => ({
          name: row.name,
          title: row.title,
          description: row.description,
          version: row.version,
          updated_at: row.updatedAt.toISOString(),
        })),
      );
    },
  );

  registerLookupListRoutes(app, deps);
}

/** The lookup lists forms and screens offer (issue 6), edited value by value and audited. */
function registerLookupListRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/admin/lookups/list',
    {
      config: { access: configurationAdmin },
      schema: { body: zEmptyBody, response: { 200: ZLookupListsResponse } },
    },
    async () => ok(await listLookupLists(db)),
  );

  r.post(
    '/api/admin/lookups/save',
    {
      config: { access: configurationAdmin },
      schema: { body: ZSaveLookupValueBody, response: { 200: ZSavedLookupValueResponse } },
    },
    async (request) => {
      const { saved, before } = await saveLookupValue(db, request.body);
      await recordAudit(db, request, {
        action: saved.is_created ? 'lookup_value.created' : 'lookup_value.updated',
        entityType: 'lookup_value',
        entityId: `${saved.lookup}:${saved.value}`,
        details: {
          lookup: saved.lookup,
          value: saved.value,
          before,
          after: {
            label: saved.label,
            family: saved.family,
            sort_order: saved.sort_order,
            is_active: saved.is_active,
          },
        },
      });
      return ok(saved);
    },
  );

  r.post(
    '/api/admin/lookups/move',
    {
      config: { access: configurationAdmin },
      schema: { body: ZMoveLookupValueBody, response: { 200: ZLookupListResponse } },
    },
    async (request) => {
      const { list, isMoved } = await moveLookupValue(db, request.body);
      if (isMoved) {
        await recordAudit(db, request, {
          action: 'lookup_value.moved',
          entityType: 'lookup_value',
          entityId: `${list.lookup}:${request.body.value}`,
          details: {
            lookup: list.lookup,
            value: request.body.value,
            direction: request.body.direction,
            order: list.values.map((v) => v.value),
          },
        });
      }
      return ok(list);
    },
  );
}
