import type { FastifyInstance } from 'fastify';
import type { Database } from '@bastion/db/client';
import { addressesQuote, currentUser, requirePermission } from '../../lib/access.ts';
import { postRoute } from '../../lib/post-route.ts';
import {
  ZHierarchyResponse,
  ZSearchSkusBody,
  ZSearchSkusResponse,
} from '@bastion/domain/catalog/api';
import { listProductHierarchy } from './list-product-hierarchy.ts';
import { searchSkus } from './search-skus.ts';

/** Reading the catalogue: whoever configures quotes, and the catalogue's own staff. */
const readsCatalog = requirePermission(
  'read the catalogue',
  (f) => f.can_see_quotes || f.has_catalog_role || f.is_root_admin,
);

export function registerCatalogRoutes(app: FastifyInstance, deps: { db: Database }) {
  const { db } = deps;

  postRoute(app, {
    path: '/api/dx/catalog/hierarchy',
    access: readsCatalog,
    response: ZHierarchyResponse,
    handler: () => listProductHierarchy(db),
  });

  postRoute(app, {
    path: '/api/dx/catalog/search-skus',
    access: readsCatalog,
    // Issue 34: for a quote, what its product rules let the finder offer.
    addresses: addressesQuote('quote_id'),
    body: ZSearchSkusBody,
    response: ZSearchSkusResponse,
    handler: (request) => searchSkus(db, currentUser(request), request.body),
  });
}
