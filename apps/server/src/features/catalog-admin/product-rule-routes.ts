import type { FastifyInstance } from 'fastify';
import type { Database } from '@bastion/db/client';
import { currentUser } from '../../lib/access.ts';
import { postRoute, recordChangeRoute, recordSaveRoute } from '../../lib/post-route.ts';
import { deleteProductRule } from './delete-product-rule.ts';
import { listProductRules } from './list-product-rules.ts';
import { previewProductRule } from './preview-product-rule.ts';
import { saveProductRule } from './save-product-rule.ts';
import {
  ZDeleteProductRuleBody,
  ZPreviewProductRuleBody,
  ZProductRuleDeleted,
  ZProductRulePreviewResponse,
  ZProductRuleResponse,
  ZProductRulesResponse,
  ZSaveProductRuleBody,
} from '@bastion/domain/catalog/admin-api';
import { administers, CATALOG_ADMIN_BASE } from './catalog-admin-access.ts';

/** Product rules (issue 34, docs/configuration.md): catalogue admins write and preview them. */
export function registerProductRuleRoutes(app: FastifyInstance, deps: { db: Database }) {
  const { db } = deps;
  const base = CATALOG_ADMIN_BASE;

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
