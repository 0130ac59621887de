import type { FastifyInstance } from 'fastify';
import type { Database } from '@bastion/db/client';
import { currentUser } from '../../lib/access.ts';
import { auditedPostRoute, postRoute, recordChangeRoute } from '../../lib/post-route.ts';
import { addExchangeRate } from './add-exchange-rate.ts';
import {
  canEditExchangeRates,
  editsExchangeRates,
  readsExchangeRates,
} from './exchange-rates-access.ts';
import {
  ZExchangeRateAddedResponse,
  ZExchangeRateListResponse,
  ZExchangeRatesExportResponse,
  ZExchangeRatesImportedResponse,
  IMPORT_BODY_LIMIT,
  ZImportExchangeRatesBody,
} from '@bastion/domain/exchange-rates/api';
import { ZAddExchangeRateBody } from './exchange-rates.schemas.ts';
import { exportExchangeRates } from './export-exchange-rates.ts';
import { importExchangeRates } from './import-exchange-rates.ts';
import { listExchangeRates } from './list-exchange-rates.ts';

/** The rows of an import its audit entry lists; the counts cover the rest. */
const MAX_AUDITED_CHANGES = 1000;

/**
 * Exchange rates as data (issue 35, docs/pricing.md "Exchange rates"): dated rates per currency
 * with their history, entered by finance one by one or as CSV. The rate in effect today is the
 * one pricing and reports read (currency_rates); every change is audited.
 */
export function registerExchangeRateRoutes(app: FastifyInstance, deps: { db: Database }) {
  const { db } = deps;
  const base = '/api/dx/exchange-rates';

  postRoute(app, {
    path: `${base}/list`,
    access: readsExchangeRates,
    response: ZExchangeRateListResponse,
    handler: (request) =>
      listExchangeRates(db, { canEdit: canEditExchangeRates(currentUser(request).permissions) }),
  });

  recordChangeRoute(app, db, {
    path: `${base}/add`,
    access: editsExchangeRates,
    entityType: 'currency_rate',
    body: ZAddExchangeRateBody,
    response: ZExchangeRateAddedResponse,
    handler: async (request) => {
      const added = await addExchangeRate(db, currentUser(request).userId, request.body);
      return {
        data: added,
        // A second rate for a day replaces the first: the audit says so, with the rate it replaced.
        action:
          added.replaced_units_per_usd === null ? 'exchange_rate.added' : 'exchange_rate.replaced',
        entityId: added.currency_code,
        details: {
          effective_from: added.effective_from,
          units_per_usd: added.units_per_usd,
          note: added.note,
          replaced_units_per_usd: added.replaced_units_per_usd,
          is_in_effect: added.is_in_effect,
          previous_units_per_usd: added.previous_units_per_usd,
          is_new_currency: added.is_new_currency,
        },
      };
    },
  });

  postRoute(app, {
    path: `${base}/export`,
    access: readsExchangeRates,
    response: ZExchangeRatesExportResponse,
    handler: () => exportExchangeRates(db),
  });

  auditedPostRoute(app, db, {
    path: `${base}/import`,
    access: editsExchangeRates,
    bodyLimit: IMPORT_BODY_LIMIT,
    body: ZImportExchangeRatesBody,
    response: ZExchangeRatesImportedResponse,
    handler: async (request) => {
      const { changes, ...counts } = await importExchangeRates(
        db,
        currentUser(request).userId,
        request.body.csv,
      );
      return {
        data: counts,
        // A file that changed nothing leaves nothing to record.
        audit:
          changes.length === 0
            ? null
            : {
                action: 'exchange_rates.imported',
                entityType: 'currency_rate',
                details: {
                  added: counts.added,
                  replaced: counts.replaced,
                  unchanged: counts.unchanged,
                  changed_in_effect: counts.changed_in_effect,
                  new_currencies: counts.new_currencies,
                  // What changed, row by row, up to a length an audit entry can carry.
                  changes: changes.slice(0, MAX_AUDITED_CHANGES),
                },
              },
      };
    },
  });
}
