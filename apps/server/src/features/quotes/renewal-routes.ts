import type { FastifyInstance } from 'fastify';
import {
  ZCreatedRenewalQuoteResponse,
  ZCreateRenewalQuoteBody,
  ZPriceRenewalDraftBody,
  ZRenewalConfigurationBody,
  ZRenewalConfigurationResponse,
  ZRenewalPricingResponse,
  ZSaveRenewalConfigurationBody,
} from '@bastion/domain/renewals/schemas';
import type { Database } from '@bastion/db/client';
import {
  addressesContract,
  addressesQuote,
  currentUser,
  requirePermission,
} from '../../lib/access.ts';
import type { CrmAdapter } from '../../integrations/crm/crm-adapter.ts';
import { postRoute } from '../../lib/post-route.ts';
import { refuseWhenRenewalsDisabled } from '../../core/renewals/renewals-switch.ts';
import { createRenewalQuote } from './create-renewal-quote.ts';
import {
  getRenewalConfiguration,
  priceRenewalDraft,
  saveRenewalConfiguration,
} from './renewal-configuration.ts';

const seesQuotes = requirePermission('can_see_quotes', (f) => f.can_see_quotes);
const editsQuotes = requirePermission(
  'can_create_quote or deal desk',
  (f) => f.can_create_quote || f.is_deal_desk_user,
);

/**
 * Renewal, co-term and true-up quotes (issue 18): made from a contract on the renewals desk and
 * configured on configure-renewal-quote and configure-renewal-coterm-quote. 403 while the app
 * setting cpq_renewals_trueups is 'disabled'.
 */
export function registerRenewalQuoteRoutes(
  app: FastifyInstance,
  deps: { db: Database; crm: CrmAdapter },
) {
  const { db, crm } = deps;
  const whenEnabled = refuseWhenRenewalsDisabled(db);

  postRoute(app, {
    path: '/api/dx/renewals/create-quote',
    access: requirePermission(
      'renewal user or deal desk who creates quotes',
      (f) =>
        (f.is_renewal_user || f.is_deal_desk_user) &&
        (f.can_create_quote || f.can_create_coterm_quote),
    ),
    addresses: addressesContract('contract_id'),
    preValidation: whenEnabled,
    body: ZCreateRenewalQuoteBody,
    response: ZCreatedRenewalQuoteResponse,
    handler: (request) =>
      createRenewalQuote({ db, crm, log: request.log }, currentUser(request), request.body),
  });

  postRoute(app, {
    path: '/api/dx/renewals/quote-configuration',
    access: seesQuotes,
    addresses: addressesQuote('id'),
    preValidation: whenEnabled,
    body: ZRenewalConfigurationBody,
    response: ZRenewalConfigurationResponse,
    handler: (request) => getRenewalConfiguration(db, currentUser(request), request.body.id),
  });

  postRoute(app, {
    path: '/api/dx/renewals/price',
    access: seesQuotes,
    addresses: addressesQuote('id'),
    preValidation: whenEnabled,
    body: ZPriceRenewalDraftBody,
    response: ZRenewalPricingResponse,
    handler: (request) => priceRenewalDraft(db, currentUser(request), request.body),
  });

  postRoute(app, {
    path: '/api/dx/renewals/save-configuration',
    access: editsQuotes,
    addresses: addressesQuote('id'),
    preValidation: whenEnabled,
    body: ZSaveRenewalConfigurationBody,
    response: ZRenewalConfigurationResponse,
    handler: (request) => saveRenewalConfiguration(db, currentUser(request), request.body),
  });
}
