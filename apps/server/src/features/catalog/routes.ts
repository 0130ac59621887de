import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '@bastion/db/client';
import { requirePermission } from '../../lib/access.ts';
import { ok, zEmptyBody } from '../../lib/envelope.ts';
import { ZHierarchyResponse, ZSearchSkusBody, ZSearchSkusResponse } from './catalog.schemas.ts';
import { listProductHierarchy } from './list-product-hierarchy.ts';
import { searchSkus } from './search-skus.ts';

/** Reading the catalogue: whoever configures quotes, and the catalogue's own staff. */
const readsCatalog = requirePermission(
  'read the catalogue',
  (f) => f.can_see_quotes || f.has_catalog_role || f.is_root_admin,
);

export function registerCatalogRoutes(app: FastifyInstance, deps: { db: Database }) {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/dx/catalog/hierarchy',
    {
      config: { access: readsCatalog },
      schema: { body: zEmptyBody, response: { 200: ZHierarchyResponse } },
    },
    async () => ok(await listProductHierarchy(db)),
  );

  r.post(
    '/api/dx/catalog/search-skus',
    {
      config: { access: readsCatalog },
      schema: { body: ZSearchSkusBody, response: { 200: ZSearchSkusResponse } },
    },
    async (request) => ok(await searchSkus(db, request.body)),
  );
}
