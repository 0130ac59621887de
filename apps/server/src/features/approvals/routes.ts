import type { FastifyInstance } from 'fastify';
import type { Database } from '@bastion/db/client';
import {
  addressesQuote,
  currentUser,
  requirePermission,
  signedInAccess,
} from '../../lib/access.ts';
import type { CrmAdapter } from '../../integrations/crm/crm-adapter.ts';
import { postRoute } from '../../lib/post-route.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { mailAskedApprovers, type ApprovalMailDeps } from './approval-mail.ts';
import { whenApproversAsked } from '../../core/approvals/approvers-asked.ts';
import {
  approvalQueueFilters,
  countMyPendingApprovals,
  listApprovalQueue,
} from './approval-queue.ts';
import { approvalStateOf, requireApprovalQuote } from './approval-state.ts';
import {
  ZApprovalBody,
  ZApprovalResponse,
  ZCreateDelegationBody,
  ZDelegateCandidatesBody,
  ZDelegateCandidatesResponse,
  ZDelegationResponse,
  ZDelegationsResponse,
  ZEndDelegationBody,
  ZLifecycleBody,
  ZLifecycleResponse,
  ZOutboxBody,
  ZOutboxResponse,
  ZPendingCountResponse,
  ZQueueBody,
  ZQueueFiltersResponse,
  ZQueueResponse,
  type ApprovalBody,
} from '@bastion/domain/approvals/api';
import {
  ZApprovalLinkBody,
  ZApprovalLinkDecideBody,
  ZApprovalLinkDecidedResponse,
  ZApprovalLinkViewResponse,
} from '@bastion/domain/approvals/link-api';
import { decideByApprovalLink, viewApprovalLink } from './approval-link.ts';
import { loadPrincipals } from './approvers.ts';
import { changeQuoteLifecycle } from './change-quote-lifecycle.ts';
import { copyQuote } from './copy-quote.ts';
import { approveMany, decideAndShow } from './decide-approval-step.ts';
import {
  createDelegation,
  endDelegation,
  findDelegateCandidates,
  listMyDelegations,
} from './delegations.ts';
import { previewApproval } from './preview-approval.ts';
import { readOutbox } from './read-outbox.ts';
import { recallApproval } from './recall-approval.ts';
import { submitForApproval } from './submit-for-approval.ts';

export interface ApprovalRouteDeps {
  db: Database;
  crm: CrmAdapter;
  mailer: Mailer;
  /** Links in e-mails start with it (config.publicUrl). */
  publicUrl: string;
}

/**
 * Approvals (docs/decisions/013). Every signed-in user may call these routes; each action checks
 * who may do what with which quote (the owner and the deal desk move a quote's flow, approvers
 * decide the steps they may act for, and so on), so the answer to a caller without the right is
 * a 403 or, for a quote they cannot see, a 404.
 */
export function registerApprovalRoutes(app: FastifyInstance, deps: ApprovalRouteDeps) {
  const { db } = deps;
  // Smart re-approval asks approvers inside other features' writes: mail them once committed.
  whenApproversAsked(db, (asked) =>
    mailAskedApprovers(
      { db, mailer: deps.mailer, publicUrl: deps.publicUrl, log: app.log },
      asked,
      new Date(),
    ),
  );

  async function approval(request: Parameters<typeof currentUser>[0], body: ApprovalBody) {
    const caller = currentUser(request);
    const mail: ApprovalMailDeps = {
      db,
      mailer: deps.mailer,
      publicUrl: deps.publicUrl,
      log: request.log,
    };
    const now = new Date();
    switch (body.action) {
      case 'get': {
        const principals = await loadPrincipals(db, caller.userId, now);
        const quote = await requireApprovalQuote(db, caller, body.quote_id, principals);
        return approvalStateOf(db, caller, quote, now, { principals });
      }
      case 'preview':
        return previewApproval(db, caller, body.quote_id, now);
      case 'submit':
        return submitForApproval(
          mail,
          caller,
          { quoteId: body.quote_id, version: body.version, budgetary: body.budgetary },
          now,
        );
      case 'approve':
      case 'reject':
        return decideAndShow(
          mail,
          caller,
          {
            quoteId: body.quote_id,
            stepId: body.step_id,
            decision: body.action === 'approve' ? 'APPROVED' : 'REJECTED',
            comment: body.comment,
          },
          now,
        );
      case 'recall':
        return recallApproval(
          mail,
          caller,
          { quoteId: body.quote_id, version: body.version, comment: body.comment },
          now,
        );
      case 'approve_many':
        return approveMany(mail, caller, { stepIds: body.step_ids, comment: body.comment }, now);
    }
  }

  postRoute(app, {
    path: '/api/dx/quote/approval',
    access: signedInAccess,
    addresses: addressesQuote('quote_id'),
    body: ZApprovalBody,
    response: ZApprovalResponse,
    handler: (request) => approval(request, request.body),
  });

  postRoute(app, {
    path: '/api/dx/quote-lifecycle',
    access: signedInAccess,
    addresses: addressesQuote('quote_id'),
    body: ZLifecycleBody,
    response: ZLifecycleResponse,
    handler: async (request) => {
      const caller = currentUser(request);
      const body = request.body;
      if (body.action === 'copy') {
        return copyQuote({ db, crm: deps.crm, log: request.log }, caller, {
          quoteId: body.quote_id,
          quoteName: body.quote_name,
        });
      }
      return changeQuoteLifecycle({ db, crm: deps.crm }, caller, {
        action: body.action,
        quoteId: body.quote_id,
        version: body.version,
      });
    },
  });

  // Issue 37 (decision 041): deciding from the e-mail's link, on a page under the approver's
  // session. Reading the page changes nothing; the decision is the second call.
  postRoute(app, {
    path: '/api/dx/approval-link',
    access: signedInAccess,
    body: ZApprovalLinkBody,
    response: ZApprovalLinkViewResponse,
    handler: (request) => viewApprovalLink(db, currentUser(request), request.body.token),
  });

  postRoute(app, {
    path: '/api/dx/approval-link/decide',
    access: signedInAccess,
    body: ZApprovalLinkDecideBody,
    response: ZApprovalLinkDecidedResponse,
    handler: (request) =>
      decideByApprovalLink(
        { db, mailer: deps.mailer, publicUrl: deps.publicUrl, log: request.log },
        currentUser(request),
        request.body,
      ),
  });

  postRoute(app, {
    path: '/api/dx/approval-queue',
    access: signedInAccess,
    body: ZQueueBody,
    response: ZQueueResponse,
    handler: (request) => listApprovalQueue(db, currentUser(request), request.body),
  });

  postRoute(app, {
    path: '/api/dx/approval-queue-filters',
    access: signedInAccess,
    response: ZQueueFiltersResponse,
    handler: (request) => approvalQueueFilters(db, currentUser(request)),
  });

  postRoute(app, {
    path: '/api/dx/my-pending-approval-count',
    access: signedInAccess,
    response: ZPendingCountResponse,
    handler: (request) => countMyPendingApprovals(db, currentUser(request)),
  });

  postRoute(app, {
    path: '/api/dx/delegations',
    access: signedInAccess,
    response: ZDelegationsResponse,
    handler: (request) => listMyDelegations(db, currentUser(request)),
  });

  postRoute(app, {
    path: '/api/dx/delegations/candidates',
    access: signedInAccess,
    body: ZDelegateCandidatesBody,
    response: ZDelegateCandidatesResponse,
    handler: (request) => findDelegateCandidates(db, currentUser(request), request.body.search),
  });

  postRoute(app, {
    path: '/api/dx/delegations/create',
    access: signedInAccess,
    body: ZCreateDelegationBody,
    response: ZDelegationResponse,
    handler: (request) => createDelegation(db, request, currentUser(request), request.body),
  });

  postRoute(app, {
    path: '/api/dx/delegations/end',
    access: signedInAccess,
    body: ZEndDelegationBody,
    response: ZDelegationResponse,
    handler: (request) => endDelegation(db, request, currentUser(request), request.body.id),
  });

  postRoute(app, {
    path: '/api/admin/outbox',
    access: requirePermission('root or IT admin', (f) => f.is_root_admin || f.is_it_admin),
    body: ZOutboxBody,
    response: ZOutboxResponse,
    handler: (request) => readOutbox(db, request.body),
  });
}
