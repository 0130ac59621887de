import type { FastifyInstance } from 'fastify';
import type { Database } from '@bastion/db/client';
import { currentUser } from '../../lib/access.ts';
import { auditedPostRoute, postRoute, recordChangeRoute } from '../../lib/post-route.ts';
import { cancelScheduledPrice } from './cancel-scheduled-price.ts';
import {
  ZCancelScheduledBody,
  ZChangePriceBody,
  ZChangePriceResponse,
  ZExportPricesBody,
  ZExportPricesResponse,
  ZImportPricesBody,
  ZImportPricesResponse,
  ZPriceHistoryResponse,
  ZSkuBody,
} from '@bastion/domain/catalog/admin-api';
import { changePrice } from './change-price.ts';
import { exportPrices } from './export-prices.ts';
import { importPrices } from './import-prices.ts';
import { listSkuPriceHistory } from './list-price-history.ts';
import { administers, CATALOG_ADMIN_BASE, IMPORT_BODY_LIMIT } from './catalog-admin-access.ts';

/** Catalogue administration (issue 5): list prices, their history and their CSV. */
export function registerCatalogPriceRoutes(app: FastifyInstance, deps: { db: Database }) {
  const { db } = deps;
  const base = CATALOG_ADMIN_BASE;

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
}
