import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '@bastion/db/client';
import { currentUser } from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import { ok, zEmptyBody } from '../../lib/envelope.ts';
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
} from './margin-data.schemas.ts';
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

function registerCostLookupRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/admin/margin/cost-lookups/list',
    {
      config: { access: readsMarginData },
      schema: { body: zEmptyBody, response: { 200: ZCostLookupsResponse } },
    },
    async (request) =>
      ok(
        await listCostLookups(db, {
          canEdit: canEditMarginData(currentUser(request).permissions),
        }),
      ),
  );

  r.post(
    '/api/admin/margin/cost-lookups/save',
    {
      config: { access: editsMarginData },
      schema: { body: ZSaveCostLookupBody, response: { 200: ZCostLookupResponse } },
    },
    async (request) => {
      const { lookup, before } = await saveCostLookup(db, request.body);
      await recordAudit(db, request, {
        action: 'margin.cost_lookup.saved',
        entityType: 'mc_cost_lookup',
        entityId: `${lookup.family_id}/${lookup.product_kind}`,
        details: { before, after: lookup.cost_percent },
      });
      return ok(lookup);
    },
  );

  r.post(
    '/api/admin/margin/cost-lookups/delete',
    {
      config: { access: editsMarginData },
      schema: { body: ZCostLookupKeyBody, response: { 200: ZDeletedCostLookupResponse } },
    },
    async (request) => {
      const { before, ...deleted } = await deleteCostLookup(
        db,
        request.body.family_id,
        request.body.product_kind,
      );
      await recordAudit(db, request, {
        action: 'margin.cost_lookup.deleted',
        entityType: 'mc_cost_lookup',
        entityId: `${deleted.family_id}/${deleted.product_kind}`,
        details: { before },
      });
      return ok(deleted);
    },
  );
}

function registerMarkupRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/admin/margin/markups/list',
    {
      config: { access: readsMarginData },
      schema: { body: zEmptyBody, response: { 200: ZMarkupsResponse } },
    },
    async (request) =>
      ok(await listMarkups(db, { canEdit: canEditMarginData(currentUser(request).permissions) })),
  );

  r.post(
    '/api/admin/margin/markups/save',
    {
      config: { access: editsMarginData },
      schema: { body: ZSaveMarkupBody, response: { 200: ZMarkupResponse } },
    },
    async (request) => {
      const { markup, before } = await saveMarkup(
        db,
        request.body.product_kind,
        request.body.percent,
      );
      await recordAudit(db, request, {
        action: 'margin.markup.saved',
        entityType: 'mc_markup',
        entityId: markup.product_kind,
        details: { before, after: markup.percent },
      });
      return ok(markup);
    },
  );
}

function registerDepreciationRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/admin/margin/duration-depreciation/list',
    {
      config: { access: readsMarginData },
      schema: { body: zEmptyBody, response: { 200: ZDepreciationListResponse } },
    },
    async (request) =>
      ok(
        await listDurationDepreciation(db, {
          canEdit: canEditMarginData(currentUser(request).permissions),
        }),
      ),
  );

  r.post(
    '/api/admin/margin/duration-depreciation/save',
    {
      config: { access: editsMarginData },
      schema: { body: ZSaveDepreciationBody, response: { 200: ZDepreciationResponse } },
    },
    async (request) => {
      const { depreciation, before } = await saveDurationDepreciation(
        db,
        request.body.product_kind,
        request.body.percents,
      );
      await recordAudit(db, request, {
        action: 'margin.duration_depreciation.saved',
        entityType: 'mc_duration_depreciation',
        entityId: depreciation.product_kind,
        details: { before, after: depreciation.percents },
      });
      return ok(depreciation);
    },
  );
}

function registerHwSkuCostRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/admin/margin/hw-sku-costs/list',
    {
      config: { access: readsMarginData },
      schema: { body: ZListHwSkuCostsBody, response: { 200: ZHwSkuCostsResponse } },
    },
    async (request) =>
      ok(
        await listHwSkuCosts(db, request.body, {
          canEdit: canEditMarginData(currentUser(request).permissions),
        }),
      ),
  );

  r.post(
    '/api/admin/margin/hw-sku-costs/save',
    {
      config: { access: editsMarginData },
      schema: { body: ZSaveHwSkuCostBody, response: { 200: ZHwSkuCostResponse } },
    },
    async (request) => {
      const { cost, before } = await saveHwSkuCost(
        db,
        request.body.sku,
        request.body.unit_cost_usd,
      );
      await recordAudit(db, request, {
        action: 'margin.hw_sku_cost.saved',
        entityType: 'mc_hw_sku_cost',
        entityId: cost.sku,
        details: { before_usd_minor: before, after_usd_minor: cost.unit_cost_usd_minor },
      });
      return ok(cost);
    },
  );

  r.post(
    '/api/admin/margin/hw-sku-costs/delete',
    {
      config: { access: editsMarginData },
      schema: { body: ZSkuBody, response: { 200: ZDeletedSkuResponse } },
    },
    async (request) => {
      const { before, ...deleted } = await deleteHwSkuCost(db, request.body.sku);
      await recordAudit(db, request, {
        action: 'margin.hw_sku_cost.deleted',
        entityType: 'mc_hw_sku_cost',
        entityId: deleted.sku,
        details: { before_usd_minor: before },
      });
      return ok(deleted);
    },
  );
}

function registerSupportCaseRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/admin/margin/support-cases/list',
    {
      config: { access: readsMarginData },
      schema: { body: zEmptyBody, response: { 200: ZSupportCasesResponse } },
    },
    async (request) =>
      ok(
        await listSupportCases(db, {
          canEdit: canEditMarginData(currentUser(request).permissions),
        }),
      ),
  );

  r.post(
    '/api/admin/margin/support-cases/save',
    {
      config: { access: editsMarginData },
      schema: { body: ZSaveSupportCaseBody, response: { 200: ZSupportCaseResponse } },
    },
    async (request) => {
      const { supportCase, before } = await saveSupportCase(db, request.body);
      await recordAudit(db, request, {
        action: 'margin.support_case.saved',
        entityType: 'mc_support_case',
        entityId: supportCase.family_id,
        details: {
          before,
          after: {
            cases_per_unit_year: supportCase.cases_per_unit_year,
            cost_per_case_usd_minor: supportCase.cost_per_case_usd_minor,
          },
        },
      });
      return ok(supportCase);
    },
  );

  r.post(
    '/api/admin/margin/support-cases/delete',
    {
      config: { access: editsMarginData },
      schema: { body: ZSupportCaseKeyBody, response: { 200: ZDeletedSupportCaseResponse } },
    },
    async (request) => {
      const { before, ...deleted } = await deleteSupportCase(db, request.body.family_id);
      await recordAudit(db, request, {
        action: 'margin.support_case.deleted',
        entityType: 'mc_support_case',
        entityId: deleted.family_id,
        details: { before },
      });
      return ok(deleted);
    },
  );
}

function registerApprovalSkuRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/admin/approval-skus/list',
    {
      config: { access: readsApprovalSkus },
      schema: { body: zEmptyBody, response: { 200: ZApprovalSkusResponse } },
    },
    async (request) =>
      ok(
        await listApprovalSkus(db, {
          canEdit: canEditApprovalSkus(currentUser(request).permissions),
        }),
      ),
  );

  r.post(
    '/api/admin/approval-skus/sku-options',
    {
      config: { access: editsApprovalSkus },
      schema: { body: ZApprovalSkuOptionsBody, response: { 200: ZApprovalSkuOptionsResponse } },
    },
    async (request) => ok(await findApprovalSkuOptions(db, request.body.search)),
  );

  r.post(
    '/api/admin/approval-skus/save',
    {
      config: { access: editsApprovalSkus },
      schema: { body: ZSaveApprovalSkuBody, response: { 200: ZApprovalSkuResponse } },
    },
    async (request) => {
      const { entry, isCreated } = await saveApprovalSku(db, request.body);
      await recordAudit(db, request, {
        action: isCreated ? 'approval_sku.created' : 'approval_sku.updated',
        entityType: 'approval_sku',
        entityId: entry.sku,
        details: { reason: entry.reason, is_active: entry.is_active },
      });
      return ok(entry);
    },
  );

  r.post(
    '/api/admin/approval-skus/delete',
    {
      config: { access: editsApprovalSkus },
      schema: { body: ZSkuBody, response: { 200: ZDeletedSkuResponse } },
    },
    async (request) => {
      const { reason, ...deleted } = await deleteApprovalSku(db, request.body.sku);
      await recordAudit(db, request, {
        action: 'approval_sku.deleted',
        entityType: 'approval_sku',
        entityId: deleted.sku,
        details: { reason },
      });
      return ok(deleted);
    },
  );
}
