import type { FastifyInstance } from 'fastify';
import type { Database } from '@bastion/db/client';
import {
  auditedPostRoute,
  changedRecordRoute,
  postRoute,
  recordChangeRoute,
} from '../../lib/post-route.ts';
import { addHierarchyNode } from './add-hierarchy-node.ts';
import {
  ZAddNodeBody,
  ZDeleteNodeResponse,
  ZExportSkusResponse,
  ZFamiliesResponse,
  ZHierarchyResponse,
  ZImportSkusBody,
  ZImportSkusResponse,
  ZListSkusBody,
  ZListSkusResponse,
  ZMoveNodeBody,
  ZNodeIdBody,
  ZNodeResponse,
  ZRenameNodeBody,
  ZReorderNodeBody,
  ZReorderNodeResponse,
  ZSaveBundleComponentsBody,
  ZSaveSkuBody,
  ZSkuBody,
  ZSkuResponse,
} from '@bastion/domain/catalog/admin-api';
import { deleteHierarchyNode } from './delete-hierarchy-node.ts';
import { exportSkus } from './export-skus.ts';
import { getSku } from './get-sku.ts';
import { importSkus } from './import-skus.ts';
import { listFamilies } from './list-families.ts';
import { listHierarchy } from './list-hierarchy.ts';
import { listSkus } from './list-skus.ts';
import { moveHierarchyNode } from './move-hierarchy-node.ts';
import { renameHierarchyNode } from './rename-hierarchy-node.ts';
import { reorderHierarchyNode } from './reorder-hierarchy-node.ts';
import { saveBundleComponents } from './save-bundle-components.ts';
import { saveSku } from './save-sku.ts';
import {
  readsGrid,
  administers,
  CATALOG_ADMIN_BASE,
  IMPORT_BODY_LIMIT,
} from './catalog-admin-access.ts';

/**
 * Catalogue administration (issue 5): SKUs and the product hierarchy. Prices, pricing methods and
 * product rules register from their own route files (price-routes.ts, pricing-method-routes.ts,
 * product-rule-routes.ts).
 */
export function registerCatalogAdminRoutes(app: FastifyInstance, deps: { db: Database }) {
  const { db } = deps;
  const base = CATALOG_ADMIN_BASE;

  /* SKUs. */

  postRoute(app, {
    path: `${base}/families/list`,
    access: readsGrid,
    response: ZFamiliesResponse,
    handler: () => listFamilies(db),
  });

  postRoute(app, {
    path: `${base}/skus/list`,
    access: readsGrid,
    body: ZListSkusBody,
    response: ZListSkusResponse,
    handler: (request) => listSkus(db, request.body),
  });

  postRoute(app, {
    path: `${base}/skus/get`,
    access: readsGrid,
    body: ZSkuBody,
    response: ZSkuResponse,
    handler: (request) => getSku(db, request.body.sku),
  });

  recordChangeRoute(app, db, {
    path: `${base}/skus/save`,
    access: administers,
    entityType: 'sku',
    body: ZSaveSkuBody,
    response: ZSkuResponse,
    handler: async (request) => {
      const { isCreated, changed, ...sku } = await saveSku(db, request.body);
      return {
        data: sku,
        action: isCreated ? 'catalog.sku.created' : 'catalog.sku.updated',
        entityId: sku.sku,
        details: isCreated ? { name: sku.name, kind: sku.kind } : { changed },
      };
    },
  });

  recordChangeRoute(app, db, {
    path: `${base}/skus/save-components`,
    access: administers,
    entityType: 'sku',
    body: ZSaveBundleComponentsBody,
    response: ZSkuResponse,
    handler: async (request) => {
      const { changes, ...sku } = await saveBundleComponents(db, request.body);
      return {
        data: sku,
        action: 'catalog.bundle.components_saved',
        entityId: sku.sku,
        details: {
          ...changes,
          components: sku.components.map((c) => ({
            sku: c.sku,
            quantity: c.quantity,
            feature: c.feature,
            selection: c.selection,
          })),
          features: sku.features,
        },
      };
    },
  });

  /* SKUs as CSV, in and out, with their attributes (decision 010): as the prices are. */

  postRoute(app, {
    path: `${base}/skus/export`,
    access: administers,
    response: ZExportSkusResponse,
    handler: () => exportSkus(db),
  });

  auditedPostRoute(app, db, {
    path: `${base}/skus/import`,
    access: administers,
    bodyLimit: IMPORT_BODY_LIMIT,
    body: ZImportSkusBody,
    response: ZImportSkusResponse,
    handler: async (request) => {
      const { changes, ...counts } = await importSkus(db, request.body.csv);
      return {
        data: counts,
        // A file that changed nothing leaves nothing to record.
        audit:
          changes.length === 0
            ? null
            : {
                action: 'catalog.skus.imported',
                entityType: 'sku',
                details: { imported: counts.imported, updated: counts.updated, changes },
              },
      };
    },
  });

  /* The product hierarchy. */

  postRoute(app, {
    path: `${base}/hierarchy/list`,
    access: administers,
    response: ZHierarchyResponse,
    handler: () => listHierarchy(db),
  });

  changedRecordRoute(app, db, {
    path: `${base}/hierarchy/add`,
    access: administers,
    entityType: 'product_hierarchy_node',
    action: 'catalog.hierarchy.added',
    body: ZAddNodeBody,
    response: ZNodeResponse,
    handler: (request) => addHierarchyNode(db, request.body),
    details: ['name', 'parent_id'],
  });

  recordChangeRoute(app, db, {
    path: `${base}/hierarchy/rename`,
    access: administers,
    entityType: 'product_hierarchy_node',
    body: ZRenameNodeBody,
    response: ZNodeResponse,
    handler: async (request) => {
      const { previousName, ...node } = await renameHierarchyNode(db, request.body);
      return {
        data: node,
        action: 'catalog.hierarchy.renamed',
        entityId: node.id,
        details: { from: previousName, to: node.name },
      };
    },
  });

  recordChangeRoute(app, db, {
    path: `${base}/hierarchy/move`,
    access: administers,
    entityType: 'product_hierarchy_node',
    body: ZMoveNodeBody,
    response: ZNodeResponse,
    handler: async (request) => {
      const { previousParentId, ...node } = await moveHierarchyNode(db, request.body);
      return {
        data: node,
        action: 'catalog.hierarchy.moved',
        entityId: node.id,
        details: {
          name: node.name,
          from_parent_id: previousParentId,
          to_parent_id: node.parent_id,
        },
      };
    },
  });

  auditedPostRoute(app, db, {
    path: `${base}/hierarchy/reorder`,
    access: administers,
    body: ZReorderNodeBody,
    response: ZReorderNodeResponse,
    handler: async (request) => {
      const { fromPosition, toPosition, siblingCount, ...node } = await reorderHierarchyNode(
        db,
        request.body,
      );
      return {
        data: { ...node, position: toPosition, sibling_count: siblingCount },
        // Nothing to record when the node stayed where it was.
        audit:
          fromPosition === toPosition
            ? null
            : {
                action: 'catalog.hierarchy.reordered',
                entityType: 'product_hierarchy_node',
                entityId: node.id,
                details: {
                  name: node.name,
                  parent_id: node.parent_id,
                  from_position: fromPosition,
                  to_position: toPosition,
                },
              },
      };
    },
  });

  changedRecordRoute(app, db, {
    path: `${base}/hierarchy/delete`,
    access: administers,
    entityType: 'product_hierarchy_node',
    action: 'catalog.hierarchy.deleted',
    body: ZNodeIdBody,
    response: ZDeleteNodeResponse,
    handler: (request) => deleteHierarchyNode(db, request.body.id),
    details: ['name'],
  });
}
