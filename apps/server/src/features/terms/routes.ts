import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { PermissionFlags } from '@bastion/domain/permissions/flags';
import type { Database } from '@bastion/db/client';
import type { ApproverQuoteAccess } from '../../lib/visibility.ts';
import {
  addressesQuote,
  currentUser,
  requirePermission,
  signedInAccess,
} from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import { ok, zEmptyBody } from '../../lib/envelope.ts';
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
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/dx/terms-clauses',
    {
      config: { access: readsLibrary },
      schema: { body: ZListClausesBody, response: { 200: ZClausesResponse } },
    },
    async (request) =>
      ok(
        await listLibraryClauses(db, {
          includeInactive: request.body?.include_inactive ?? true,
        }),
      ),
  );

  r.post(
    '/api/dx/terms-clause-history',
    {
      config: { access: readsLibrary },
      schema: { body: ZIdBody, response: { 200: ZClauseHistoryResponse } },
    },
    async (request) => ok(await getClauseHistory(db, request.body.id)),
  );

  r.post(
    '/api/admin/terms-clause-save',
    {
      config: { access: termsAdmin },
      schema: { body: ZSaveClauseBody, response: { 200: ZClauseResponse } },
    },
    async (request) => {
      const { isCreated, ...clause } = await saveClause(db, currentUser(request), request.body);
      await recordAudit(db, request, {
        action: isCreated ? 'terms.clause.created' : 'terms.clause.updated',
        entityType: 'terms_clause',
        entityId: clause.id,
        details: { title: clause.title, version: clause.version, is_active: clause.is_active },
      });
      return ok(clause);
    },
  );

  r.post(
    '/api/admin/terms-rules',
    {
      config: { access: termsAdmin },
      schema: { body: zEmptyBody, response: { 200: ZRulesResponse } },
    },
    async () => ok(await listClauseRules(db)),
  );

  r.post(
    '/api/admin/terms-rule-save',
    {
      config: { access: termsAdmin },
      schema: { body: ZSaveRuleBody, response: { 200: ZRuleResponse } },
    },
    async (request) => {
      const { isCreated, ...rule } = await saveRule(db, currentUser(request), request.body);
      await recordAudit(db, request, {
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
      });
      return ok(rule);
    },
  );

  r.post(
    '/api/dx/quote-terms/get',
    {
      // Quote users and the quote's approvers: the use-case decides per quote.
      config: { access: signedInAccess, addresses: addressesQuote('id') },
      schema: { body: ZQuoteTermsBody, response: { 200: ZQuoteTermsResponse } },
    },
    async (request) =>
      ok(await getQuoteTerms(db, currentUser(request), request.body.id, approverAccess)),
  );

  r.post(
    '/api/dx/quote-terms/save',
    {
      config: { access: editsQuotes, addresses: addressesQuote('id') },
      schema: { body: ZSaveQuoteTermsBody, response: { 200: ZQuoteTermsResponse } },
    },
    async (request) => ok(await saveQuoteTerms(db, currentUser(request), request.body)),
  );
}
