import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '@bastion/db/client';
import { currentUser } from '../../lib/access.ts';
import { postRoute, recordChangeRoute } from '../../lib/post-route.ts';
import { deleteApprovalSku } from './delete-approval-sku.ts';
import { deleteCostLookup } from './delete-cost-lookup.ts';
import { deleteHwSkuCost } from './delete-hw-sku-cost.ts';
import { deleteSupportCase } from './delete-support-case.ts';
import { findApprovalSkuOptions } from './find-approval-sku-options.ts';
import { listApprovalSkus } from './list-approval-skus.ts';
import { listCostLookups } from './list-cost-lookups.ts';
import { listDurationDepreciation } from './list-duration-depreciation.ts';
import { listHwSkuCosts } from './list-hw-sku-costs.ts';
import { listMarkups } from './list-markups.ts';
import { listSupportCases } from './list-support-cases.ts';
import {
  canEditApprovalSkus,
  canEditMarginData,
  editsApprovalSkus,
  editsMarginData,
  readsApprovalSkus,
  readsMarginData,
} from './margin-data-access.ts';
import {
  ZApprovalSkuOptionsBody,
  ZApprovalSkuOptionsResponse,
  ZApprovalSkuResponse,
  ZApprovalSkusResponse,
  ZCostLookupKeyBody,
  ZCostLookupResponse,
  ZCostLookupsResponse,
  ZDeletedCostLookupResponse,
  ZDeletedSkuResponse,
  ZDeletedSupportCaseResponse,
  ZDepreciationListResponse,
  ZDepreciationResponse,
  ZHwSkuCostResponse,
  ZHwSkuCostsResponse,
  ZListHwSkuCostsBody,
  ZMarkupResponse,
  ZMarkupsResponse,
  ZSaveApprovalSkuBody,
  ZSaveCostLookupBody,
  ZSaveDepreciationBody,
  ZSaveHwSkuCostBody,
  ZSaveMarkupBody,
  ZSaveSupportCaseBody,
  ZSkuBody,
  ZSupportCaseKeyBody,
  ZSupportCaseResponse,
  ZSupportCasesResponse,
} from '@bastion/domain/margin-data/api';
import { saveApprovalSku } from './save-approval-sku.ts';
import { saveCostLookup } from './save-cost-lookup.ts';
import { saveDurationDepreciation } from './save-duration-depreciation.ts';
import { saveHwSkuCost } from './save-hw-sku-cost.ts';
import { saveMarkup } from './save-markup.ts';
import { saveSupportCase } from './save-support-case.ts';

/**
 * The cost data behind margins (mc-* screens) and the approval SKUs (ps-approval-sku), through
 * the admin gateway POST /api/admin/{name} (spec §2, §7; decision 010). Every change is audited
 * with the value it replaced.
 */
export function registerMarginDataRoutes(app: FastifyInstance, deps: { db: Database }) {
  registerCostLookupRoutes(app, deps);
  registerMarkupRoutes(app, deps);
  registerDepreciationRoutes(app, deps);
  registerHwSkuCostRoutes(app, deps);
  registerSupportCaseRoutes(app, deps);
  registerApprovalSkuRoutes(app, deps);
}

/** The rows come with whether the caller may edit them. */
const editing = (request: FastifyRequest) => ({
  canEdit: canEditMarginData(currentUser(request).permissions),
});

function registerCostLookupRoutes(app: FastifyInstance, { db }: { db: Database }) {
  postRoute(app, {
    path: '/api/admin/margin/cost-lookups/list',
    access: readsMarginData,
    response: ZCostLookupsResponse,
    handler: (request) => listCostLookups(db, editing(request)),
  });

  recordChangeRoute(app, db, {
    path: '/api/admin/margin/cost-lookups/save',
    access: editsMarginData,
    entityType: 'mc_cost_lookup',
    body: ZSaveCostLookupBody,
    response: ZCostLookupResponse,
    handler: async ({ body }) => {
      const { lookup, before } = await saveCostLookup(db, body);
      return {
        data: lookup,
        action: 'margin.cost_lookup.saved',
        entityId: `${lookup.family_id}/${lookup.product_kind}`,
        details: { before, after: lookup.cost_percent },
      };
    },
  });

  recordChangeRoute(app, db, {
    path: '/api/admin/margin/cost-lookups/delete',
    access: editsMarginData,
    entityType: 'mc_cost_lookup',
    body: ZCostLookupKeyBody,
    response: ZDeletedCostLookupResponse,
    handler: async ({ body }) => {
      const { before, ...deleted } = await deleteCostLookup(db, body.family_id, body.product_kind);
      return {
        data: deleted,
        action: 'margin.cost_lookup.deleted',
        entityId: `${deleted.family_id}/${deleted.product_kind}`,
        details: { before },
      };
    },
  });
}

function registerMarkupRoutes(app: FastifyInstance, { db }: { db: Database }) {
  postRoute(app, {
    path: '/api/admin/margin/markups/list',
    access: readsMarginData,
    response: ZMarkupsResponse,
    handler: (request) => listMarkups(db, editing(request)),
  });

  recordChangeRoute(app, db, {
    path: '/api/admin/margin/markups/save',
    access: editsMarginData,
    entityType: 'mc_markup',
    body: ZSaveMarkupBody,
    response: ZMarkupResponse,
    handler: async ({ body }) => {
      const { markup, before } = await saveMarkup(db, body.product_kind, body.percent);
      return {
        data: markup,
        action: 'margin.markup.saved',
        entityId: markup.product_kind,
        details: { before, after: markup.percent },
      };
    },
  });
}

function registerDepreciationRoutes(app: FastifyInstance, { db }: { db: Database }) {
  postRoute(app, {
    path: '/api/admin/margin/duration-depreciation/list',
    access: readsMarginData,
    response: ZDepreciationListResponse,
    handler: (request) => listDurationDepreciation(db, editing(request)),
  });

  recordChangeRoute(app, db, {
    path: '/api/admin/margin/duration-depreciation/save',
    access: editsMarginData,
    entityType: 'mc_duration_depreciation',
    body: ZSaveDepreciationBody,
    response: ZDepreciationResponse,
    handler: async ({ body }) => {
      const { depreciation, before } = await saveDurationDepreciation(
        db,
        body.product_kind,
        body.percents,
      );
      return {
        data: depreciation,
        action: 'margin.duration_depreciation.saved',
        entityId: depreciation.product_kind,
        details: { before, after: depreciation.percents },
      };
    },
  });
}

function registerHwSkuCostRoutes(app: FastifyInstance, { db }: { db: Database }) {
  postRoute(app, {
    path: '/api/admin/margin/hw-sku-costs/list',
    access: readsMarginData,
    body: ZListHwSkuCostsBody,
    response: ZHwSkuCostsResponse,
    handler: (request) => listHwSkuCosts(db, request.body, editing(request)),
  });

  recordChangeRoute(app, db, {
    path: '/api/admin/margin/hw-sku-costs/save',
    access: editsMarginData,
    entityType: 'mc_hw_sku_cost',
    body: ZSaveHwSkuCostBody,
    response: ZHwSkuCostResponse,
    handler: async ({ body }) => {
      const { cost, before } = await saveHwSkuCost(db, body.sku, body.unit_cost_usd);
      return {
        data: cost,
        action: 'margin.hw_sku_cost.saved',
        entityId: cost.sku,
        details: { before_usd_minor: before, after_usd_minor: cost.unit_cost_usd_minor },
      };
    },
  });

  recordChangeRoute(app, db, {
    path: '/api/admin/margin/hw-sku-costs/delete',
    access: editsMarginData,
    entityType: 'mc_hw_sku_cost',
    body: ZSkuBody,
    response: ZDeletedSkuResponse,
    handler: async ({ body }) => {
      const { before, ...deleted } = await deleteHwSkuCost(db, body.sku);
      return {
        data: deleted,
        action: 'margin.hw_sku_cost.deleted',
        entityId: deleted.sku,
        details: { before_usd_minor: before },
      };
    },
  });
}

function registerSupportCaseRoutes(app: FastifyInstance, { db }: { db: Database }) {
  postRoute(app, {
    path: '/api/admin/margin/support-cases/list',
    access: readsMarginData,
    response: ZSupportCasesResponse,
    handler: (request) => listSupportCases(db, editing(request)),
  });

  recordChangeRoute(app, db, {
    path: '/api/admin/margin/support-cases/save',
    access: editsMarginData,
    entityType: 'mc_support_case',
    body: ZSaveSupportCaseBody,
    response: ZSupportCaseResponse,
    handler: async ({ body }) => {
      const { supportCase, before } = await saveSupportCase(db, body);
      return {
        data: supportCase,
        action: 'margin.support_case.saved',
        entityId: supportCase.family_id,
        details: {
          before,
          after: {
            cases_per_unit_year: supportCase.cases_per_unit_year,
            cost_per_case_usd_minor: supportCase.cost_per_case_usd_minor,
          },
        },
      };
    },
  });

  recordChangeRoute(app, db, {
    path: '/api/admin/margin/support-cases/delete',
    access: editsMarginData,
    entityType: 'mc_support_case',
    body: ZSupportCaseKeyBody,
    response: ZDeletedSupportCaseResponse,
    handler: async ({ body }) => {
      const { before, ...deleted } = await deleteSupportCase(db, body.family_id);
      return {
        data: deleted,
        action: 'margin.support_case.deleted',
        entityId: deleted.family_id,
        details: { before },
      };
    },
  });
}

function registerApprovalSkuRoutes(app: FastifyInstance, { db }: { db: Database }) {
  postRoute(app, {
    path: '/api/admin/approval-skus/list',
    access: readsApprovalSkus,
    response: ZApprovalSkusResponse,
    handler: (request) =>
      listApprovalSkus(db, { canEdit: canEditApprovalSkus(currentUser(request).permissions) }),
  });

  postRoute(app, {
    path: '/api/admin/approval-skus/sku-options',
    access: editsApprovalSkus,
    body: ZApprovalSkuOptionsBody,
    response: ZApprovalSkuOptionsResponse,
    handler: (request) => findApprovalSkuOptions(db, request.body.search),
  });

  recordChangeRoute(app, db, {
    path: '/api/admin/approval-skus/save',
    access: editsApprovalSkus,
    entityType: 'approval_sku',
    body: ZSaveApprovalSkuBody,
    response: ZApprovalSkuResponse,
    handler: async ({ body }) => {
      const { entry, isCreated } = await saveApprovalSku(db, body);
      return {
        data: entry,
        action: isCreated ? 'approval_sku.created' : 'approval_sku.updated',
        entityId: entry.sku,
        details: { reason: entry.reason, is_active: entry.is_active },
      };
    },
  });

  recordChangeRoute(app, db, {
    path: '/api/admin/approval-skus/delete',
    access: editsApprovalSkus,
    entityType: 'approval_sku',
    body: ZSkuBody,
    response: ZDeletedSkuResponse,
    handler: async ({ body }) => {
      const { reason, ...deleted } = await deleteApprovalSku(db, body.sku);
      return {
        data: deleted,
        action: 'approval_sku.deleted',
        entityId: deleted.sku,
        details: { reason },
      };
    },
  });
}
