import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '@bastion/db/client';
import { currentUser, requirePermission } from '../../lib/access.ts';
import { ok } from '../../lib/envelope.ts';
import {
  ZFormDefinitionResponse,
  ZFormListResponse,
  ZGetFormBody,
  ZValidateFormBody,
  ZValidateFormResponse,
} from './forms.schemas.ts';
import { loadFormDefinition } from '../../lib/form-definitions.ts';
import { listFormRecipes } from './forms.repository.ts';
import { validateFormSubmission } from './validate-form-submission.ts';

/** Form recipes (spec §3): read by every screen that draws one, listed for configuration admins. */
export function registerFormRoutes(app: FastifyInstance, deps: { db: Database }) {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/dx/get-form-recipe',
    { schema: { body: ZGetFormBody, response: { 200: ZFormDefinitionResponse } } },
    async (request) => ok(await loadFormDefinition(db, request.body.name)),
  );

  r.post(
    '/api/dx/validate-form',
    { schema: { body: ZValidateFormBody, response: { 200: ZValidateFormResponse } } },
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
      config: {
        access: requirePermission('configuration admin', (f) => f.is_root_admin || f.is_it_admin),
      },
      schema: { response: { 200: ZFormListResponse } },
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
}
