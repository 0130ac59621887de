import type { FastifyInstance } from 'fastify';
import {
  ZCompareQuoteRevisionsBody,
  ZCompareQuoteRevisionsResponse,
  ZQuoteRevisionsBody,
  ZQuoteRevisionsResponse,
  ZRestoreQuoteRevisionBody,
  ZRestoreQuoteRevisionResponse,
  ZSaveQuoteRevisionBody,
  ZSaveQuoteRevisionResponse,
} from '@bastion/domain/revisions/api';
import type { Database } from '@bastion/db/client';
import {
  addressesQuote,
  currentUser,
  requirePermission,
  signedInAccess,
} from '../../lib/access.ts';
import { postRoute } from '../../lib/post-route.ts';
import type { ApproverQuoteAccess } from '../../core/quotes/visibility.repository.ts';
import { compareQuoteRevisions } from './compare-quote-revisions.ts';
import { listQuoteRevisions } from './list-quote-revisions.ts';
import { restoreQuoteRevision } from './restore-quote-revision.ts';
import { saveQuoteRevision } from './save-quote-revision.ts';

/** Changing a quote is for those who make quotes and the deal desk, within their scope. */
const changesQuotes = requirePermission(
  'can_create_quote or deal desk',
  (f) => f.can_create_quote || f.is_deal_desk_user,
);

/**
 * Issue 37 (docs/decisions/039): a quote's named revisions. Whoever reads the quote (its
 * approvers too) lists and compares them; those who change quotes save and restore them.
 */
export function registerRevisionRoutes(
  app: FastifyInstance,
  deps: { db: Database; approverAccess: ApproverQuoteAccess },
) {
  const { db, approverAccess } = deps;

  postRoute(app, {
    path: '/api/dx/quote-revisions',
    access: signedInAccess,
    addresses: addressesQuote('quote_id'),
    body: ZQuoteRevisionsBody,
    response: ZQuoteRevisionsResponse,
    handler: (request) =>
      listQuoteRevisions(db, currentUser(request), request.body.quote_id, approverAccess),
  });

  postRoute(app, {
    path: '/api/dx/save-quote-revision',
    access: changesQuotes,
    addresses: addressesQuote('quote_id'),
    body: ZSaveQuoteRevisionBody,
    response: ZSaveQuoteRevisionResponse,
    handler: (request) => saveQuoteRevision(db, currentUser(request), request.body),
  });

  postRoute(app, {
    path: '/api/dx/compare-quote-revisions',
    access: signedInAccess,
    addresses: addressesQuote('quote_id'),
    body: ZCompareQuoteRevisionsBody,
    response: ZCompareQuoteRevisionsResponse,
    handler: (request) =>
      compareQuoteRevisions(db, currentUser(request), request.body, approverAccess),
  });

  postRoute(app, {
    path: '/api/dx/restore-quote-revision',
    access: changesQuotes,
    addresses: addressesQuote('quote_id'),
    body: ZRestoreQuoteRevisionBody,
    response: ZRestoreQuoteRevisionResponse,
    handler: (request) => restoreQuoteRevision(db, currentUser(request), request.body),
  });
}
