import type { FastifyInstance } from 'fastify';
import type { Database } from '@bastion/db/client';
import {
  ZCompareQuoteOptionsBody,
  ZCompareQuoteOptionsResponse,
  ZDealOptionsResponse,
  ZMakeQuotePrimaryBody,
  ZQuoteOptionsBody,
  ZSetQuoteOptionBody,
} from '@bastion/domain/deal-options/api';
import { addressesQuote, currentUser, signedInAccess } from '../../lib/access.ts';
import { postRoute } from '../../lib/post-route.ts';
import type { CrmAdapter } from '../../integrations/crm/crm-adapter.ts';
import { compareQuoteOptions } from './compare-quote-options.ts';
import { makeQuotePrimary, readDealOptions, setQuoteOption } from './deal-options.ts';

/** Issue 37 (decision 043): a deal's options and its primary quote. */
export function registerDealOptionRoutes(
  app: FastifyInstance,
  deps: { db: Database; crm: CrmAdapter },
) {
  const { db } = deps;

  postRoute(app, {
    path: '/api/dx/quote-options',
    access: signedInAccess,
    addresses: addressesQuote('quote_id'),
    body: ZQuoteOptionsBody,
    response: ZDealOptionsResponse,
    handler: (request) => readDealOptions(db, currentUser(request), request.body.quote_id),
  });

  postRoute(app, {
    path: '/api/dx/compare-quote-options',
    access: signedInAccess,
    addresses: addressesQuote('quote_id'),
    body: ZCompareQuoteOptionsBody,
    response: ZCompareQuoteOptionsResponse,
    handler: (request) => compareQuoteOptions(db, currentUser(request), request.body),
  });

  postRoute(app, {
    path: '/api/dx/set-quote-option',
    access: signedInAccess,
    addresses: addressesQuote('quote_id'),
    body: ZSetQuoteOptionBody,
    response: ZDealOptionsResponse,
    handler: (request) => setQuoteOption(db, currentUser(request), request.body),
  });

  postRoute(app, {
    path: '/api/dx/make-quote-primary',
    access: signedInAccess,
    addresses: addressesQuote('quote_id'),
    body: ZMakeQuotePrimaryBody,
    response: ZDealOptionsResponse,
    handler: (request) =>
      makeQuotePrimary({ ...deps, log: request.log }, currentUser(request), request.body.quote_id),
  });
}
