import type { FastifyInstance } from 'fastify';
import type { Database } from '@bastion/db/client';
import type { PermissionFlags } from '@bastion/domain/permissions/flags';
import { currentUser, requirePermission } from '../../lib/access.ts';
import {
  auditedPostRoute,
  changedRecordRoute,
  postRoute,
  recordChangeRoute,
  recordSaveRoute,
} from '../../lib/post-route.ts';
import { deleteProductRule } from './delete-product-rule.ts';
import { listProductRules } from './list-product-rules.ts';
import { previewProductRule } from './preview-product-rule.ts';
import { saveProductRule } from './save-product-rule.ts';
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
  ZExportSkusResponse,
  ZFamiliesResponse,
  ZHierarchyResponse,
  ZImportPricesBody,
  ZImportPricesResponse,
  ZImportSkusBody,
  ZImportSkusResponse,
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
  ZDeleteProductRuleBody,
  ZPreviewProductRuleBody,
  ZProductRuleDeleted,
  ZProductRulePreviewResponse,
  ZProductRuleResponse,
  ZProductRulesResponse,
  ZSaveProductRuleBody,
} from '@bastion/domain/catalog/admin-api';
import { changePrice } from './change-price.ts';
import { deleteHierarchyNode } from './delete-hierarchy-node.ts';
import { exportPrices } from './export-prices.ts';
import { exportSkus } from './export-skus.ts';
import { getSku } from './get-sku.ts';
import { importPrices } from './import-prices.ts';
import { importSkus } from './import-skus.ts';
import { listFamilies } from './list-families.ts';
import { listHierarchy } from './list-hierarchy.ts';
import { listSkuPriceHistory } from './list-price-history.ts';
import { listSkus } from './list-skus.ts';
import { moveHierarchyNode } from './move-hierarchy-node.ts';
import { renameHierarchyNode } from './rename-hierarchy-node.ts';
import { reorderHierarchyNode } from './reorder-hierarchy-node.ts';
import { saveBundleComponents } from './save-bundle-components.ts';
import { saveSku } from './save-sku.ts';
import { assignDiscountSchedule } from './assign-discount-schedule.ts';
import { cancelScheduledMethod } from './cancel-scheduled-method.ts';
import { deleteDiscountSchedule } from './delete-discount-schedule.ts';
import { deleteTermDiscount } from './delete-term-discount.ts';
import { getSkuPricing } from './get-sku-pricing.ts';
import { listDiscountSchedules } from './list-discount-schedules.ts';
import { listTermDiscounts } from './list-term-discounts.ts';
import {
  ZAssignDiscountScheduleBody,
  ZAssignedScheduleResponse,
  ZDeletedScheduleResponse,
  ZDeleteTermDiscountBody,
  ZDiscountScheduleResponse,
  ZDiscountSchedulesResponse,
  ZMethodRowIdBody,
  ZSaveDiscountScheduleBody,
  ZSavePriceBlocksBody,
  ZSaveTermDiscountBody,
  ZScheduledMethodResponse,
  ZScheduleIdBody,
  ZSchedulePricingMethodBody,
  ZSkuPricingResponse,
  ZTermDiscountsResponse,
} from '@bastion/domain/pricing/methods-api';
import { saveDiscountSchedule } from './save-discount-schedule.ts';
import { savePriceBlocks } from './save-price-blocks.ts';
import { saveTermDiscount } from './save-term-discount.ts';
import { schedulePricingMethod } from './schedule-pricing-method.ts';

/*
 * Who may do what (spec §6, decision 002): the catalogue grid is for everyone with a catalog
 * role; the hierarchy, prices and SKU edits are the catalogue admins'. Root admins may do all.
 */
export const canReadCatalogGrid = (f: PermissionFlags) => f.has_catalog_role || f.is_root_admin;
export const canAdministerCatalog = (f: PermissionFlags) => f.is_catalog_admin || f.is_root_admin;

const readsGrid = requirePermission('read the catalogue grid', canReadCatalogGrid);
const administers = requirePermission('administer the catalogue', canAdministerCatalog);

/** JSON escaping can double a CSV's size (every line break becomes \r\n written as 4 bytes). */
const IMPORT_BODY_LIMIT = 3 * MAX_IMPORT_BYTES;

/**
 * Catalogue administration: SKUs, the product hierarchy and list prices (issue 5), product rules
 * (issue 34), pricing methods, discount schedules and term discounts (issue 35).
 */
export function registerCatalogAdminRoutes(app: FastifyInstance, deps: { db: Database }) {
  const { db } = deps;
  const base = '/api/admin/catalog';

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

  /* Prices. */

  postRoute(app, {
    path: `${base}/prices/history`,
    access: administers,
    body: ZSkuBody,
    response: ZPriceHistoryResponse,
    handler: (request) => listSkuPriceHistory(db, request.body.sku),
  });

  recordChangeRoute(app, db, {
    path: `${base}/prices/change`,
    access: administers,
    entityType: 'sku',
    body: ZChangePriceBody,
    response: ZChangePriceResponse,
    handler: async (request) => {
      const result = await changePrice(db, currentUser(request).userId, request.body);
      return {
        data: result,
        action: 'catalog.price.changed',
        entityId: result.sku,
        details: result.change,
      };
    },
  });

  recordChangeRoute(app, db, {
    path: `${base}/prices/cancel-scheduled`,
    access: administers,
    entityType: 'sku',
    body: ZCancelScheduledBody,
    response: ZPriceHistoryResponse,
    handler: async (request) => {
      const { history, cancelled, reopened } = await cancelScheduledPrice(db, request.body.id);
      return {
        data: history,
        action: 'catalog.price.cancelled',
        entityId: cancelled.sku,
        details: {
          currency_code: cancelled.currencyCode,
          unit_price_minor: cancelled.unitPriceMinor,
          effective_from: cancelled.effectiveFrom,
          reopened_from: reopened?.effectiveFrom ?? null,
        },
      };
    },
  });

  postRoute(app, {
    path: `${base}/prices/export`,
    access: administers,
    body: ZExportPricesBody,
    response: ZExportPricesResponse,
    handler: (request) => exportPrices(db, request.body.on),
  });

  auditedPostRoute(app, db, {
    path: `${base}/prices/import`,
    access: administers,
    bodyLimit: IMPORT_BODY_LIMIT,
    body: ZImportPricesBody,
    response: ZImportPricesResponse,
    handler: async (request) => {
      const result = await importPrices(db, currentUser(request).userId, request.body.csv);
      return {
        data: { imported: result.imported },
        audit: {
          action: 'catalog.prices.imported',
          entityType: 'sku_prices',
          details: {
            imported: result.imported,
            sku_count: result.skuCount,
            replaced: result.replaced,
          },
        },
      };
    },
  });

  /*
   * Pricing methods, block bands, discount schedules and term discounts (issue 35,
   * docs/pricing.md): catalogue readers read them, admins change them.
   */

  postRoute(app, {
    path: `${base}/pricing-methods/get`,
    access: readsGrid,
    body: ZSkuBody,
    response: ZSkuPricingResponse,
    handler: (request) => getSkuPricing(db, request.body.sku),
  });

  recordChangeRoute(app, db, {
    path: `${base}/pricing-methods/schedule`,
    access: administers,
    entityType: 'sku',
    body: ZSchedulePricingMethodBody,
    response: ZScheduledMethodResponse,
    handler: async (request) => {
      const input = request.body;
      const { replaced, ...result } = await schedulePricingMethod(
        db,
        currentUser(request).userId,
        input,
      );
      return {
        data: result,
        action: 'catalog.pricing_method.scheduled',
        entityId: result.sku,
        details: {
          method: input.method,
          percent: input.percent,
          covers: input.covers,
          floor_usd_minor: input.floor_usd_minor,
          ceiling_usd_minor: input.ceiling_usd_minor,
          effective_from: input.effective_from,
          replaced,
        },
      };
    },
  });

  recordChangeRoute(app, db, {
    path: `${base}/pricing-methods/cancel-scheduled`,
    access: administers,
    entityType: 'sku',
    body: ZMethodRowIdBody,
    response: ZSkuPricingResponse,
    handler: async (request) => {
      const { view, cancelled, reopenedFrom } = await cancelScheduledMethod(db, request.body.id);
      return {
        data: view,
        action: 'catalog.pricing_method.cancelled',
        entityId: cancelled.sku,
        details: { ...cancelled, reopened_from: reopenedFrom },
      };
    },
  });

  recordChangeRoute(app, db, {
    path: `${base}/pricing-methods/save-blocks`,
    access: administers,
    entityType: 'sku',
    body: ZSavePriceBlocksBody,
    response: ZSkuPricingResponse,
    handler: async (request) => {
      const { before, ...view } = await savePriceBlocks(db, request.body);
      return {
        data: view,
        action: 'catalog.price_blocks.saved',
        entityId: view.sku,
        details: { currency_code: request.body.currency_code, before, after: request.body.bands },
      };
    },
  });

  postRoute(app, {
    path: `${base}/discount-schedules/list`,
    access: readsGrid,
    response: ZDiscountSchedulesResponse,
    handler: () => listDiscountSchedules(db),
  });

  recordChangeRoute(app, db, {
    path: `${base}/discount-schedules/save`,
    access: administers,
    entityType: 'discount_schedule',
    body: ZSaveDiscountScheduleBody,
    response: ZDiscountScheduleResponse,
    handler: async (request) => {
      const {
        isCreated,
        tiers_before: tiersBefore,
        ...schedule
      } = await saveDiscountSchedule(db, request.body);
      return {
        data: schedule,
        action: isCreated
          ? 'catalog.discount_schedule.created'
          : 'catalog.discount_schedule.updated',
        entityId: schedule.id,
        details: {
          name: schedule.name,
          schedule_type: schedule.schedule_type,
          aggregate: schedule.aggregate,
          include_installed_base: schedule.include_installed_base,
          tiers: schedule.tiers,
          ...(isCreated ? {} : { tiers_before: tiersBefore }),
        },
      };
    },
  });

  changedRecordRoute(app, db, {
    path: `${base}/discount-schedules/delete`,
    access: administers,
    entityType: 'discount_schedule',
    action: 'catalog.discount_schedule.deleted',
    body: ZScheduleIdBody,
    response: ZDeletedScheduleResponse,
    handler: (request) => deleteDiscountSchedule(db, request.body.id),
    details: ['name'],
  });

  auditedPostRoute(app, db, {
    path: `${base}/discount-schedules/assign`,
    access: administers,
    body: ZAssignDiscountScheduleBody,
    response: ZAssignedScheduleResponse,
    handler: async (request) => {
      const { before, ...assigned } = await assignDiscountSchedule(db, request.body);
      return {
        data: assigned,
        // Nothing to record when the SKU kept its schedule.
        audit:
          before === assigned.discount_schedule_id
            ? null
            : {
                action: 'catalog.sku.discount_schedule_assigned',
                entityType: 'sku',
                entityId: assigned.sku,
                details: { from: before, to: assigned.discount_schedule_id },
              },
      };
    },
  });

  postRoute(app, {
    path: `${base}/term-discounts/list`,
    access: readsGrid,
    response: ZTermDiscountsResponse,
    handler: () => listTermDiscounts(db),
  });

  auditedPostRoute(app, db, {
    path: `${base}/term-discounts/save`,
    access: administers,
    body: ZSaveTermDiscountBody,
    response: ZTermDiscountsResponse,
    handler: async (request) => {
      const input = request.body;
      const { before, ...list } = await saveTermDiscount(db, input);
      return {
        data: list,
        audit: {
          action: 'catalog.term_discount.saved',
          entityType: 'term_discount',
          entityId: `${input.product_kind}:${input.min_months}`,
          details: { ...input, percent_before: before },
        },
      };
    },
  });

  auditedPostRoute(app, db, {
    path: `${base}/term-discounts/delete`,
    access: administers,
    body: ZDeleteTermDiscountBody,
    response: ZTermDiscountsResponse,
    handler: async (request) => {
      const input = request.body;
      return {
        data: await deleteTermDiscount(db, input),
        audit: {
          action: 'catalog.term_discount.deleted',
          entityType: 'term_discount',
          entityId: `${input.product_kind}:${input.min_months}`,
          details: { ...input },
        },
      };
    },
  });

  /* Product rules (issue 34, docs/configuration.md). */

  postRoute(app, {
    path: `${base}/product-rules/list`,
    access: administers,
    response: ZProductRulesResponse,
    handler: () => listProductRules(db),
  });

  recordSaveRoute(app, db, {
    path: `${base}/product-rules/save`,
    access: administers,
    entityType: 'product_rule',
    actions: { created: 'catalog.product_rule.created', updated: 'catalog.product_rule.updated' },
    body: ZSaveProductRuleBody,
    response: ZProductRuleResponse,
    handler: (request) => saveProductRule(db, currentUser(request), request.body),
    details: ['name', 'version', 'kind', 'is_active', 'priority', 'condition', 'actions'],
  });

  recordChangeRoute(app, db, {
    path: `${base}/product-rules/delete`,
    access: administers,
    entityType: 'product_rule',
    body: ZDeleteProductRuleBody,
    response: ZProductRuleDeleted,
    handler: async (request) => {
      const { name, ...deleted } = await deleteProductRule(
        db,
        request.body.id,
        request.body.version,
      );
      return {
        data: deleted,
        action: 'catalog.product_rule.deleted',
        entityId: deleted.id,
        details: { name },
      };
    },
  });

  postRoute(app, {
    path: `${base}/product-rules/preview`,
    access: administers,
    body: ZPreviewProductRuleBody,
    response: ZProductRulePreviewResponse,
    handler: (request) => previewProductRule(db, request.body),
  });
}
