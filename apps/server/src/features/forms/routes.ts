import type { FastifyInstance } from 'fastify';
import type { Database } from '@bastion/db/client';
import { currentUser, requirePermission, signedInAccess } from '../../lib/access.ts';
import { auditedPostRoute, postRoute, recordChangeRoute } from '../../lib/post-route.ts';
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
} from '@bastion/domain/forms/api';
import { loadFormDefinition } from '../../core/forms/form-definitions.repository.ts';
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

  postRoute(app, {
    path: '/api/dx/get-form-recipe',
    access: signedInAccess,
    body: ZGetFormBody,
    response: ZFormDefinitionResponse,
    handler: (request) => loadFormDefinition(db, request.body.name),
  });

  postRoute(app, {
    path: '/api/dx/validate-form',
    access: signedInAccess,
    body: ZValidateFormBody,
    response: ZValidateFormResponse,
    handler: (request) =>
      validateFormSubmission(db, currentUser(request), {
        name: request.body.name,
        values: request.body.values,
      }),
  });

  postRoute(app, {
    path: '/api/admin/list-form-recipes',
    access: configurationAdmin,
    response: ZFormListResponse,
    handler: async () => {
      const rows = await listFormRecipes(db);
      return rows.map((row) => ({
        name: row.name,
        title: row.title,
        description: row.description,
        version: row.version,
        updated_at: row.updatedAt.toISOString(),
      }));
    },
  });

  registerLookupListRoutes(app, deps);
}

/** The lookup lists forms and screens offer (issue 6), edited value by value and audited. */
function registerLookupListRoutes(app: FastifyInstance, { db }: { db: Database }) {
  postRoute(app, {
    path: '/api/admin/lookups/list',
    access: configurationAdmin,
    response: ZLookupListsResponse,
    handler: () => listLookupLists(db),
  });

  recordChangeRoute(app, db, {
    path: '/api/admin/lookups/save',
    access: configurationAdmin,
    entityType: 'lookup_value',
    body: ZSaveLookupValueBody,
    response: ZSavedLookupValueResponse,
    handler: async (request) => {
      const { saved, before } = await saveLookupValue(db, request.body);
      return {
        data: saved,
        action: saved.is_created ? 'lookup_value.created' : 'lookup_value.updated',
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
      };
    },
  });

  auditedPostRoute(app, db, {
    path: '/api/admin/lookups/move',
    access: configurationAdmin,
    body: ZMoveLookupValueBody,
    response: ZLookupListResponse,
    handler: async (request) => {
      const { list, isMoved } = await moveLookupValue(db, request.body);
      return {
        data: list,
        // Nothing to record when the value could not move further.
        audit: isMoved
          ? {
              action: 'lookup_value.moved',
              entityType: 'lookup_value',
              entityId: `${list.lookup}:${request.body.value}`,
              details: {
                lookup: list.lookup,
                value: request.body.value,
                direction: request.body.direction,
                order: list.values.map((v) => v.value),
              },
            }
          : null,
      };
    },
  });
}
