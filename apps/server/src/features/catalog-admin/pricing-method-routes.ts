import type { FastifyInstance } from 'fastify';
import type { Database } from '@bastion/db/client';
import { currentUser } from '../../lib/access.ts';
import {
  auditedPostRoute,
  changedRecordRoute,
  postRoute,
  recordChangeRoute,
} from '../../lib/post-route.ts';
import { ZSkuBody } from '@bastion/domain/catalog/admin-api';
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
import { readsGrid, administers, CATALOG_ADMIN_BASE } from './catalog-admin-access.ts';

/**
 * Pricing methods, block bands, discount schedules and term discounts (issue 35,
 * docs/pricing.md): catalogue readers read them, admins change them.
 */
export function registerPricingMethodRoutes(app: FastifyInstance, deps: { db: Database }) {
  const { db } = deps;
  const base = CATALOG_ADMIN_BASE;

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
}
