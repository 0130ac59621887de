import type { FastifyInstance } from 'fastify';
import type { PermissionFlags } from '@bastion/domain/permissions/flags';
import type { Database } from '@bastion/db/client';
import type { ApproverQuoteAccess } from '../../core/quotes/visibility.repository.ts';
import {
  addressesQuote,
  currentUser,
  requirePermission,
  signedInAccess,
} from '../../lib/access.ts';
import { postRoute, recordSaveRoute } from '../../lib/post-route.ts';
import { getClauseHistory } from './get-clause-history.ts';
import { getQuoteTerms } from './get-quote-terms.ts';
import { listLibraryClauses } from './list-clauses.ts';
import { listClauseRules } from './list-rules.ts';
import { saveClause } from './save-clause.ts';
import { saveQuoteTerms } from './save-quote-terms.ts';
import { saveRule } from './save-rule.ts';
import {
  ZClauseHistoryResponse,
  ZClauseResponse,
  ZClausesResponse,
  ZIdBody,
  ZListClausesBody,
  ZQuoteTermsBody,
  ZQuoteTermsResponse,
  ZRuleResponse,
  ZRulesResponse,
  ZSaveClauseBody,
  ZSaveQuoteTermsBody,
  ZSaveRuleBody,
} from '@bastion/domain/terms/api';

/** The terms admins (docs/decisions/002 menus: Terms & conditions). */
const isTermsAdmin = (f: PermissionFlags) => f.is_root_admin || f.is_deal_desk_admin || f.is_legal;
const termsAdmin = requirePermission('terms admin', isTermsAdmin);
/** The library is read by whoever works on quotes, and by its admins. */
const readsLibrary = requirePermission(
  'can_see_quotes or terms admin',
  (f) => f.can_see_quotes || isTermsAdmin(f),
);
/** A quote's terms change with its products: those who make quotes and the deal desk. */
const editsQuotes = requirePermission(
  'can_create_quote or deal desk',
  (f) => f.can_create_quote || f.is_deal_desk_user,
);

export function registerTermsRoutes(
  app: FastifyInstance,
  deps: { db: Database; approverAccess?: ApproverQuoteAccess },
) {
  const { db, approverAccess } = deps;

  postRoute(app, {
    path: '/api/dx/terms-clauses',
    access: readsLibrary,
    body: ZListClausesBody,
    response: ZClausesResponse,
    handler: (request) =>
      listLibraryClauses(db, { includeInactive: request.body?.include_inactive ?? true }),
  });

  postRoute(app, {
    path: '/api/dx/terms-clause-history',
    access: readsLibrary,
    body: ZIdBody,
    response: ZClauseHistoryResponse,
    handler: (request) => getClauseHistory(db, request.body.id),
  });

  recordSaveRoute(app, db, {
    path: '/api/admin/terms-clause-save',
    access: termsAdmin,
    entityType: 'terms_clause',
    actions: { created: 'terms.clause.created', updated: 'terms.clause.updated' },
    body: ZSaveClauseBody,
    response: ZClauseResponse,
    handler: (request) => saveClause(db, currentUser(request), request.body),
    details: ['title', 'version', 'is_active'],
  });

  postRoute(app, {
    path: '/api/admin/terms-rules',
    access: termsAdmin,
    response: ZRulesResponse,
    handler: () => listClauseRules(db),
  });

  recordSaveRoute(app, db, {
    path: '/api/admin/terms-rule-save',
    access: termsAdmin,
    entityType: 'terms_clause_rule',
    actions: { created: 'terms.rule.created', updated: 'terms.rule.updated' },
    body: ZSaveRuleBody,
    response: ZRuleResponse,
    handler: (request) => saveRule(db, currentUser(request), request.body),
    details: ['name', 'condition', 'effect', 'clause_id', 'is_active'],
  });

  postRoute(app, {
    path: '/api/dx/quote-terms/get',
    // Quote users and the quote's approvers: the use-case decides per quote.
    access: signedInAccess,
    addresses: addressesQuote('id'),
    body: ZQuoteTermsBody,
    response: ZQuoteTermsResponse,
    handler: (request) => getQuoteTerms(db, currentUser(request), request.body.id, approverAccess),
  });

  postRoute(app, {
    path: '/api/dx/quote-terms/save',
    access: editsQuotes,
    addresses: addressesQuote('id'),
    body: ZSaveQuoteTermsBody,
    response: ZQuoteTermsResponse,
    handler: (request) => saveQuoteTerms(db, currentUser(request), request.body),
  });
}
