import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '@bastion/db/client';
import {
  addressesOpportunity,
  addressesQuote,
  currentUser,
  requirePermission,
  signedInAccess,
} from '../../lib/access.ts';
import type { ApproverQuoteAccess } from '../../lib/visibility.ts';
import type { CrmAdapter } from '../../lib/crm/crm-adapter.ts';
import { ok } from '../../lib/envelope.ts';
import {
  getQuoteConfiguration,
  priceQuoteDraft,
  saveQuoteConfiguration,
  saveSecureAccess,
} from './configure-quote.ts';
import { getQuoteShipping, saveQuoteShipping } from './configure-shipping.ts';
import { getQuoteSummary } from './get-quote-summary.ts';
import { createQuote } from './create-quote.ts';
import { getOpportunityForQuote } from './get-opportunity-for-quote.ts';
import { getQuoteHistory } from './get-quote-history.ts';
import { getQuote } from './get-quote.ts';
import { listGridRows } from './list-grid-rows.ts';
import {
  ZConfigurationResponse,
  ZPriceDraftBody,
  ZPriceDraftResponse,
  ZSaveConfigurationBody,
  ZSaveSecureAccessBody,
  ZSaveShippingBody,
  ZShippingResponse,
  ZSummaryResponse,
  ZCreateQuoteBody,
  ZCreateQuoteResponse,
  ZGridBody,
  ZGridResponse,
  ZHistoryResponse,
  ZOpportunityBody,
  ZOpportunityForQuoteResponse,
  ZQuoteId,
  ZQuoteResponse,
  ZUpdateQuoteBody,
} from './quotes.schemas.ts';
import { updateQuoteHeader } from './update-quote-header.ts';

const seesQuotes = requirePermission('can_see_quotes', (f) => f.can_see_quotes);
/** Changing a quote is for those who make quotes and the deal desk, within their scope. */
const editsQuotes = requirePermission(
  'can_create_quote or deal desk',
  (f) => f.can_create_quote || f.is_deal_desk_user,
);

export function registerQuoteRoutes(
  app: FastifyInstance,
  deps: { db: Database; crm: CrmAdapter; approverAccess?: ApproverQuoteAccess },
) {
  const { db, crm, approverAccess } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/dx/grid',
    {
      config: { access: seesQuotes },
      schema: { body: ZGridBody, response: { 200: ZGridResponse } },
    },
    async (request) => ok(await listGridRows(db, currentUser(request), request.body)),
  );

  r.post(
    '/api/dx/create-quote',
    {
      config: {
        access: requirePermission(
          'can_create_quote',
          (f) => f.can_create_quote || f.can_create_coterm_quote,
        ),
      },
      schema: { body: ZCreateQuoteBody, response: { 200: ZCreateQuoteResponse } },
    },
    async (request) =>
      ok(
        await createQuote({ db, crm, log: request.log }, currentUser(request), {
          opportunityId: request.body.opportunity_id,
          values: request.body.values,
        }),
      ),
  );

  r.post(
    '/api/dx/get-opportunity',
    {
      config: { access: seesQuotes, addresses: addressesOpportunity('id') },
      schema: { body: ZOpportunityBody, response: { 200: ZOpportunityForQuoteResponse } },
    },
    async (request) => ok(await getOpportunityForQuote(db, currentUser(request), request.body.id)),
  );

  r.post(
    '/api/dx/get-quote',
    {
      config: { access: seesQuotes, addresses: addressesQuote('id') },
      schema: { body: ZQuoteId, response: { 200: ZQuoteResponse } },
    },
    async (request) => ok(await getQuote(db, currentUser(request), request.body.id)),
  );

  r.post(
    '/api/dx/update-quote',
    {
      config: { access: editsQuotes, addresses: addressesQuote('id') },
      schema: { body: ZUpdateQuoteBody, response: { 200: ZQuoteResponse } },
    },
    async (request) => ok(await updateQuoteHeader(db, currentUser(request), request.body)),
  );

  r.post(
    '/api/dx/quote-history',
    {
      config: {
        access: requirePermission('can_see_history', (f) => f.can_see_history && f.can_see_quotes),
        addresses: addressesQuote('id'),
      },
      schema: { body: ZQuoteId, response: { 200: ZHistoryResponse } },
    },
    async (request) => ok(await getQuoteHistory(db, currentUser(request), request.body.id)),
  );

  r.post(
    '/api/dx/quote-configuration',
    {
      config: { access: seesQuotes, addresses: addressesQuote('id') },
      schema: { body: ZQuoteId, response: { 200: ZConfigurationResponse } },
    },
    async (request) => ok(await getQuoteConfiguration(db, currentUser(request), request.body.id)),
  );

  r.post(
    '/api/dx/pricing/execute',
    {
      config: { access: seesQuotes, addresses: addressesQuote('id') },
      schema: { body: ZPriceDraftBody, response: { 200: ZPriceDraftResponse } },
    },
    async (request) => ok(await priceQuoteDraft(db, currentUser(request), request.body)),
  );

  r.post(
    '/api/dx/save-quote-configuration',
    {
      config: { access: editsQuotes, addresses: addressesQuote('id') },
      schema: { body: ZSaveConfigurationBody, response: { 200: ZConfigurationResponse } },
    },
    async (request) => ok(await saveQuoteConfiguration(db, currentUser(request), request.body)),
  );

  r.post(
    '/api/dx/save-secure-access',
    {
      config: { access: editsQuotes, addresses: addressesQuote('id') },
      schema: { body: ZSaveSecureAccessBody, response: { 200: ZConfigurationResponse } },
    },
    async (request) => ok(await saveSecureAccess(db, currentUser(request), request.body)),
  );

  r.post(
    '/api/dx/quote-shipping',
    {
      config: { access: seesQuotes, addresses: addressesQuote('id') },
      schema: { body: ZQuoteId, response: { 200: ZShippingResponse } },
    },
    async (request) => ok(await getQuoteShipping(db, currentUser(request), request.body.id)),
  );

  r.post(
    '/api/dx/save-quote-shipping',
    {
      config: { access: editsQuotes, addresses: addressesQuote('id') },
      schema: { body: ZSaveShippingBody, response: { 200: ZShippingResponse } },
    },
    async (request) => ok(await saveQuoteShipping(db, currentUser(request), request.body)),
  );

  r.post(
    '/api/dx/quote-summary',
    {
      // Quote users and the quote's approvers (who may not see quotes otherwise): the use-case
      // decides per quote.
      config: { access: signedInAccess, addresses: addressesQuote('id') },
      schema: { body: ZQuoteId, response: { 200: ZSummaryResponse } },
    },
    async (request) =>
      ok(await getQuoteSummary(db, currentUser(request), request.body.id, approverAccess)),
  );
}
