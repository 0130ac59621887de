import type { FastifyInstance } from 'fastify';
import type { PermissionFlags } from '@bastion/domain/permissions/flags';
import type { Database } from '@bastion/db/client';
import type { ApproverQuoteAccess } from '../../lib/visibility.ts';
import {
  addressesQuote,
  currentUser,
  requirePermission,
  signedInAccess,
} from '../../lib/access.ts';
import { zEmptyBody } from '../../lib/envelope.ts';
import { auditedPostRoute, postRoute } from '../../lib/post-route.ts';
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
} from './terms.schemas.ts';

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

  auditedPostRoute(app, db, {
    path: '/api/admin/terms-clause-save',
    access: termsAdmin,
    body: ZSaveClauseBody,
    response: ZClauseResponse,
    handler: async (request) => {
      const { isCreated, ...clause } = await saveClause(db, currentUser(request), request.body);
      return {
        data: clause,
        audit: {
          action: isCreated ? 'terms.clause.created' : 'terms.clause.updated',
          entityType: 'terms_clause',
          entityId: clause.id,
          details: { title: clause.title, version: clause.version, is_active: clause.is_active },
        },
      };
    },
  });

  postRoute(app, {
    path: '/api/admin/terms-rules',
    access: termsAdmin,
    body: zEmptyBody,
    response: ZRulesResponse,
    handler: () => listClauseRules(db),
  });

  auditedPostRoute(app, db, {
    path: '/api/admin/terms-rule-save',
    access: termsAdmin,
    body: ZSaveRuleBody,
    response: ZRuleResponse,
    handler: async (request) => {
      const { isCreated, ...rule } = await saveRule(db, currentUser(request), request.body);
      return {
        data: rule,
        audit: {
          action: isCreated ? 'terms.rule.created' : 'terms.rule.updated',
          entityType: 'terms_clause_rule',
          entityId: rule.id,
          details: {
            name: rule.name,
            condition: rule.condition,
            effect: rule.effect,
            clause_id: rule.clause_id,
            is_active: rule.is_active,
          },
        },
      };
    },
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
