import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '@bastion/db/client';
import type { PermissionFlags } from '@bastion/domain/permissions/flags';
import { currentUser, requirePermission } from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import { ok, zEmptyBody } from '../../lib/envelope.ts';
import { addHierarchyNode } from './add-hierarchy-node.ts';
import { cancelScheduledPrice } from './cancel-scheduled-price.ts';
import {
  MAX_IMPORT_BYTES,
  ZAddNodeBody,
  ZCancelScheduledBody,
  ZChangePriceBody,
  ZChangePriceResponse,
  ZDeleteNodeResponse,
  ZExportPricesBody,
  ZExportPricesResponse,
  ZFamiliesResponse,
  ZHierarchyResponse,
  ZImportPricesBody,
  ZImportPricesResponse,
  ZListSkusBody,
  ZListSkusResponse,
  ZMoveNodeBody,
  ZNodeIdBody,
  ZNodeResponse,
  ZPriceHistoryResponse,
  ZRenameNodeBody,
  ZReorderNodeBody,
  ZReorderNodeResponse,
  ZSaveBundleComponentsBody,
  ZSaveSkuBody,
  ZSkuBody,
  ZSkuResponse,
} from './catalog-admin.schemas.ts';
import { changePrice } from './change-price.ts';
import { deleteHierarchyNode } from './delete-hierarchy-node.ts';
import { exportPrices } from './export-prices.ts';
import { getSku } from './get-sku.ts';
import { importPrices } from './import-prices.ts';
import { listFamilies } from './list-families.ts';
import { listHierarchy } from './list-hierarchy.ts';
import { listSkuPriceHistory } from './list-price-history.ts';
import { listSkus } from './list-skus.ts';
import { moveHierarchyNode } from './move-hierarchy-node.ts';
import { renameHierarchyNode } from './rename-hierarchy-node.ts';
import { reorderHierarchyNode } from './reorder-hierarchy-node.ts';
import { saveBundleComponents } from './save-bundle-components.ts';
import { saveSku } from './save-sku.ts';

/*
 * Who may do what (spec §6, decision 002): the catalogue grid is for everyone with a catalog
 * role; the hierarchy, prices and SKU edits are the catalogue admins'. Root admins may do all.
 */
export const canReadCatalogGrid = (f: PermissionFlags) => f.has_catalog_role || f.is_root_admin;
export const canAdministerCatalog = (f: PermissionFlags) => f.is_catalog_admin || f.is_root_admin;

const readsGrid = {
  config: { access: requirePermission('read the catalogue grid', canReadCatalogGrid) },
};
const administers = {
  config: { access: requirePermission('administer the catalogue', canAdministerCatalog) },
};

/** JSON escaping can double a CSV's size (every line break becomes \r\n written as 4 bytes). */
const IMPORT_BODY_LIMIT = 3 * MAX_IMPORT_BYTES;

/** Catalogue administration: SKUs, the product hierarchy and list prices (issue 5). */
export function registerCatalogAdminRoutes(app: FastifyInstance, deps: { db: Database }) {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/admin/catalog';

  /* SKUs. */

  r.post(
    `${base}/families/list`,
    { ...readsGrid, schema: { body: zEmptyBody, response: { 200: ZFamiliesResponse } } },
    async () => ok(await listFamilies(db)),
  );

  r.post(
    `${base}/skus/list`,
    { ...readsGrid, schema: { body: ZListSkusBody, response: { 200: ZListSkusResponse } } },
    async (request) => ok(await listSkus(db, request.body)),
  );

  r.post(
    `${base}/skus/get`,
    { ...readsGrid, schema: { body: ZSkuBody, response: { 200: ZSkuResponse } } },
    async (request) => ok(await getSku(db, request.body.sku)),
  );

  r.post(
    `${base}/skus/save`,
    { ...administers, schema: { body: ZSaveSkuBody, response: { 200: ZSkuResponse } } },
    async (request) => {
      const { isCreated, changed, ...sku } = await saveSku(db, request.body);
      await recordAudit(db, request, {
        action: isCreated ? 'catalog.sku.created' : 'catalog.sku.updated',
        entityType: 'sku',
        entityId: sku.sku,
        details: isCreated ? { name: sku.name, kind: sku.kind } : { changed },
      });
      return ok(sku);
    },
  );

  r.post(
    `${base}/skus/save-components`,
    {
      ...administers,
      schema: { body: ZSaveBundleComponentsBody, response: { 200: ZSkuResponse } },
    },
    async (request) => {
      const { changes, ...sku } = await saveBundleComponents(db, request.body);
      await recordAudit(db, request, {
        action: 'catalog.bundle.components_saved',
        entityType: 'sku',
        entityId: sku.sku,
        details: {
          ...changes,
          components: sku.components.map((c) => ({ sku: c.sku, quantity: c.quantity })),
        },
      });
      return ok(sku);
    },
  );

  /* The product hierarchy. */

  r.post(
    `${base}/hierarchy/list`,
    { ...administers, schema: { body: zEmptyBody, response: { 200: ZHierarchyResponse } } },
    async () => ok(await listHierarchy(db)),
  );

  r.post(
    `${base}/hierarchy/add`,
    { ...administers, schema: { body: ZAddNodeBody, response: { 200: ZNodeResponse } } },
    async (request) => {
      const node = await addHierarchyNode(db, request.body);
      await recordAudit(db, request, {
        action: 'catalog.hierarchy.added',
        entityType: 'product_hierarchy_node',
        entityId: node.id,
        details: { name: node.name, parent_id: node.parent_id },
      });
      return ok(node);
    },
  );

  r.post(
    `${base}/hierarchy/rename`,
    { ...administers, schema: { body: ZRenameNodeBody, response: { 200: ZNodeResponse } } },
    async (request) => {
      const { previousName, ...node } = await renameHierarchyNode(db, request.body);
      await recordAudit(db, request, {
        action: 'catalog.hierarchy.renamed',
        entityType: 'product_hierarchy_node',
        entityId: node.id,
        details: { from: previousName, to: node.name },
      });
      return ok(node);
    },
  );

  r.post(
    `${base}/hierarchy/move`,
    { ...administers, schema: { body: ZMoveNodeBody, response: { 200: ZNodeResponse } } },
    async (request) => {
      const { previousParentId, ...node } = await moveHierarchyNode(db, request.body);
      await recordAudit(db, request, {
        action: 'catalog.hierarchy.moved',
        entityType: 'product_hierarchy_node',
        entityId: node.id,
        details: {
          name: node.name,
          from_parent_id: previousParentId,
          to_parent_id: node.parent_id,
        },
      });
      return ok(node);
    },
  );

  r.post(
    `${base}/hierarchy/reorder`,
    {
      ...administers,
      schema: { body: ZReorderNodeBody, response: { 200: ZReorderNodeResponse } },
    },
    async (request) => {
      const { fromPosition, toPosition, siblingCount, ...node } = await reorderHierarchyNode(
        db,
        request.body,
      );
      if (fromPosition !== toPosition) {
        await recordAudit(db, request, {
          action: 'catalog.hierarchy.reordered',
          entityType: 'product_hierarchy_node',
          entityId: node.id,
          details: {
            name: node.name,
            parent_id: node.parent_id,
            from_position: fromPosition,
            to_position: toPosition,
          },
        });
      }
      return ok({ ...node, position: toPosition, sibling_count: siblingCount });
    },
  );

  r.post(
    `${base}/hierarchy/delete`,
    { ...administers, schema: { body: ZNodeIdBody, response: { 200: ZDeleteNodeResponse } } },
    async (request) => {
      const deleted = await deleteHierarchyNode(db, request.body.id);
      await recordAudit(db, request, {
        action: 'catalog.hierarchy.deleted',
        entityType: 'product_hierarchy_node',
        entityId: deleted.id,
        details: { name: deleted.name },
      });
      return ok(deleted);
    },
  );

  /* Prices. */

  r.post(
    `${base}/prices/history`,
    { ...administers, schema: { body: ZSkuBody, response: { 200: ZPriceHistoryResponse } } },
    async (request) => ok(await listSkuPriceHistory(db, request.body.sku)),
  );

  r.post(
    `${base}/prices/change`,
    {
      ...administers,
      schema: { body: ZChangePriceBody, response: { 200: ZChangePriceResponse } },
    },
    async (request) => {
      const result = await changePrice(db, currentUser(request).userId, request.body);
      await recordAudit(db, request, {
        action: 'catalog.price.changed',
        entityType: 'sku',
        entityId: result.sku,
        details: result.change,
      });
      return ok(result);
    },
  );

  r.post(
    `${base}/prices/cancel-scheduled`,
    {
      ...administers,
      schema: { body: ZCancelScheduledBody, response: { 200: ZPriceHistoryResponse } },
    },
    async (request) => {
      const { history, cancelled, reopened } = await cancelScheduledPrice(db, request.body.id);
      await recordAudit(db, request, {
        action: 'catalog.price.cancelled',
        entityType: 'sku',
        entityId: cancelled.sku,
        details: {
          currency_code: cancelled.currencyCode,
          unit_price_minor: cancelled.unitPriceMinor,
          effective_from: cancelled.effectiveFrom,
          reopened_from: reopened?.effectiveFrom ?? null,
        },
      });
      return ok(history);
    },
  );

  r.post(
    `${base}/prices/export`,
    {
      ...administers,
      schema: { body: ZExportPricesBody, response: { 200: ZExportPricesResponse } },
    },
    async (request) => ok(await exportPrices(db, request.body.on)),
  );

  r.post(
    `${base}/prices/import`,
    {
      ...administers,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: { body: ZImportPricesBody, response: { 200: ZImportPricesResponse } },
    },
    async (request) => {
      const result = await importPrices(db, currentUser(request).userId, request.body.csv);
      await recordAudit(db, request, {
        action: 'catalog.prices.imported',
        entityType: 'sku_prices',
        details: {
          imported: result.imported,
          sku_count: result.skuCount,
          replaced: result.replaced,
        },
      });
      return ok({ imported: result.imported });
    },
  );
}
