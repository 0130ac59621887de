import type { FastifyInstance } from 'fastify';
import type { Database } from '@bastion/db/client';
import {
  addressesOpportunity,
  addressesQuote,
  currentUser,
  requirePermission,
  signedInAccess,
} from '../../lib/access.ts';
import type { ApproverQuoteAccess } from '../../core/quotes/visibility.repository.ts';
import type { CrmAdapter } from '../../integrations/crm/crm-adapter.ts';
import { postRoute } from '../../lib/post-route.ts';
import { getQuoteConfiguration } from './get-quote-configuration.ts';
import { explainDraftLine, priceQuoteDraft } from './price-quote-draft.ts';
import { proposeGuidedLines } from './propose-guided-lines.ts';
import {
  ZGuidedProposalResponse,
  ZProposeGuidedLinesBody,
} from '@bastion/domain/product-rules/guided-schemas';
import { saveQuoteConfiguration } from './save-quote-configuration.ts';
import { importLines } from './import-lines.ts';
import { previewLineImport } from './preview-line-import.ts';
import {
  ZImportLinesBody,
  ZLineImportPreviewBody,
  ZLineImportPreviewResponse,
} from '@bastion/domain/quotes/api/line-import';
import { MAX_LINE_IMPORT_BYTES } from '@bastion/domain/quotes/line-import/limits';
import { saveSecureAccess } from './save-secure-access.ts';
import { getQuoteShipping, saveQuoteShipping } from './configure-shipping.ts';
import { getQuoteSummary } from './get-quote-summary.ts';
import { createQuote } from './create-quote.ts';
import { getOpportunityForQuote } from './get-opportunity-for-quote.ts';
import { getQuoteHistory } from './get-quote-history.ts';
import { getQuote } from './get-quote.ts';
import { listGridRows } from './list-grid-rows.ts';
import {
  ZCreateQuoteBody,
  ZCreateQuoteResponse,
  ZEditQuoteDetailsBody,
  ZHistoryResponse,
  ZOpportunityBody,
  ZOpportunityForQuoteResponse,
  ZQuoteId,
  ZQuoteResponse,
  ZUpdateQuoteBody,
} from '@bastion/domain/quotes/api/quote';
import { ZGridBody, ZGridResponse } from '@bastion/domain/quotes/api/grid';
import {
  ZExplainLineBody,
  ZExplainLineResponse,
  ZPriceDraftBody,
  ZPriceDraftResponse,
  ZSaveConfigurationBody,
} from '@bastion/domain/quotes/api/pricing';
import {
  ZConfigurationResponse,
  ZSaveSecureAccessBody,
  ZSaveShippingBody,
  ZShippingResponse,
  ZSummaryResponse,
} from '@bastion/domain/quotes/api/configure';
import { updateQuoteHeader } from './update-quote-header.ts';
import { editQuoteDetails } from './edit-quote-details.ts';

const seesQuotes = requirePermission('can_see_quotes', (f) => f.can_see_quotes);
/** Changing a quote is for those who make quotes and the deal desk, within their scope. */
/** A file at the import's limit as base64 (4/3 of it), with room for the rest of the body. */
const LINE_IMPORT_BODY_LIMIT = Math.ceil((MAX_LINE_IMPORT_BYTES * 4) / 3) + 1024 * 1024;

const editsQuotes = requirePermission(
  'can_create_quote or deal desk',
  (f) => f.can_create_quote || f.is_deal_desk_user,
);

export function registerQuoteRoutes(
  app: FastifyInstance,
  deps: { db: Database; crm: CrmAdapter; approverAccess?: ApproverQuoteAccess },
) {
  const { db, crm, approverAccess } = deps;
  postRoute(app, {
    path: '/api/dx/grid',
    access: seesQuotes,
    body: ZGridBody,
    response: ZGridResponse,
    handler: (request) => listGridRows(db, currentUser(request), request.body),
  });

  postRoute(app, {
    path: '/api/dx/create-quote',
    access: requirePermission(
      'can_create_quote',
      (f) => f.can_create_quote || f.can_create_coterm_quote,
    ),
    body: ZCreateQuoteBody,
    response: ZCreateQuoteResponse,
    handler: (request) =>
      createQuote({ db, crm, log: request.log }, currentUser(request), {
        opportunityId: request.body.opportunity_id,
        values: request.body.values,
      }),
  });

  postRoute(app, {
    path: '/api/dx/get-opportunity',
    access: seesQuotes,
    addresses: addressesOpportunity('id'),
    body: ZOpportunityBody,
    response: ZOpportunityForQuoteResponse,
    handler: (request) => getOpportunityForQuote(db, currentUser(request), request.body.id),
  });

  postRoute(app, {
    path: '/api/dx/get-quote',
    access: seesQuotes,
    addresses: addressesQuote('id'),
    body: ZQuoteId,
    response: ZQuoteResponse,
    handler: (request) => getQuote(db, currentUser(request), request.body.id),
  });

  postRoute(app, {
    path: '/api/dx/update-quote',
    access: editsQuotes,
    addresses: addressesQuote('id'),
    body: ZUpdateQuoteBody,
    response: ZQuoteResponse,
    handler: (request) => updateQuoteHeader(db, currentUser(request), request.body),
  });

  postRoute(app, {
    path: '/api/dx/update-quote-details',
    access: editsQuotes,
    addresses: addressesQuote('id'),
    body: ZEditQuoteDetailsBody,
    response: ZQuoteResponse,
    handler: (request) => editQuoteDetails(db, currentUser(request), request.body),
  });

  postRoute(app, {
    path: '/api/dx/quote-history',
    access: requirePermission('can_see_history', (f) => f.can_see_history && f.can_see_quotes),
    addresses: addressesQuote('id'),
    body: ZQuoteId,
    response: ZHistoryResponse,
    handler: (request) => getQuoteHistory(db, currentUser(request), request.body.id),
  });

  postRoute(app, {
    path: '/api/dx/quote-configuration',
    access: seesQuotes,
    addresses: addressesQuote('id'),
    body: ZQuoteId,
    response: ZConfigurationResponse,
    handler: (request) => getQuoteConfiguration(db, currentUser(request), request.body.id),
  });

  postRoute(app, {
    path: '/api/dx/pricing/execute',
    access: seesQuotes,
    addresses: addressesQuote('id'),
    body: ZPriceDraftBody,
    response: ZPriceDraftResponse,
    handler: (request) => priceQuoteDraft(db, currentUser(request), request.body),
  });

  postRoute(app, {
    path: '/api/dx/guided-selling/propose',
    access: seesQuotes,
    addresses: addressesQuote('id'),
    body: ZProposeGuidedLinesBody,
    response: ZGuidedProposalResponse,
    handler: (request) => proposeGuidedLines(db, currentUser(request), request.body),
  });

  postRoute(app, {
    path: '/api/dx/pricing/explain-line',
    access: seesQuotes,
    addresses: addressesQuote('id'),
    body: ZExplainLineBody,
    response: ZExplainLineResponse,
    handler: (request) => explainDraftLine(db, currentUser(request), request.body),
  });

  postRoute(app, {
    path: '/api/dx/save-quote-configuration',
    access: editsQuotes,
    addresses: addressesQuote('id'),
    body: ZSaveConfigurationBody,
    response: ZConfigurationResponse,
    handler: (request) => saveQuoteConfiguration(db, currentUser(request), request.body),
  });

  // Issue 38: a bill of materials into the quote's lines; a 10,240 KB file travels as base64.
  postRoute(app, {
    path: '/api/dx/quote-lines-import-preview',
    access: editsQuotes,
    addresses: addressesQuote('quote_id'),
    body: ZLineImportPreviewBody,
    response: ZLineImportPreviewResponse,
    bodyLimit: LINE_IMPORT_BODY_LIMIT,
    handler: (request) => previewLineImport(db, currentUser(request), request.body),
  });

  postRoute(app, {
    path: '/api/dx/import-quote-lines',
    access: editsQuotes,
    addresses: addressesQuote('quote_id'),
    body: ZImportLinesBody,
    response: ZConfigurationResponse,
    bodyLimit: LINE_IMPORT_BODY_LIMIT,
    handler: (request) => importLines(db, currentUser(request), request.body),
  });

  postRoute(app, {
    path: '/api/dx/save-secure-access',
    access: editsQuotes,
    addresses: addressesQuote('id'),
    body: ZSaveSecureAccessBody,
    response: ZConfigurationResponse,
    handler: (request) => saveSecureAccess(db, currentUser(request), request.body),
  });

  postRoute(app, {
    path: '/api/dx/quote-shipping',
    access: seesQuotes,
    addresses: addressesQuote('id'),
    body: ZQuoteId,
    response: ZShippingResponse,
    handler: (request) => getQuoteShipping(db, currentUser(request), request.body.id),
  });

  postRoute(app, {
    path: '/api/dx/save-quote-shipping',
    access: editsQuotes,
    addresses: addressesQuote('id'),
    body: ZSaveShippingBody,
    response: ZShippingResponse,
    handler: (request) => saveQuoteShipping(db, currentUser(request), request.body),
  });

  postRoute(app, {
    path: '/api/dx/quote-summary',
    // Quote users and the quote's approvers (who may not see quotes otherwise): the use-case
    // decides per quote.
    access: signedInAccess,
    addresses: addressesQuote('id'),
    body: ZQuoteId,
    response: ZSummaryResponse,
    handler: (request) =>
      getQuoteSummary(db, currentUser(request), request.body.id, approverAccess),
  });
}
