import type { FastifyInstance } from 'fastify';
import {
  ZAddQuoteCommentBody,
  ZDeleteQuoteCommentBody,
  ZEditQuoteCommentBody,
  ZMentionCandidatesBody,
  ZMentionCandidatesResponse,
  ZQuoteCommentsBody,
  ZQuoteCommentsResponse,
} from '@bastion/domain/comments/schemas';
import type { Database } from '@bastion/db/client';
import { addressesQuote, currentUser, signedInAccess } from '../../lib/access.ts';
import { ZCommentAnswer, ZCommentDeletedResponse } from '@bastion/domain/comments/api';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { auditedPostRoute, postRoute } from '../../lib/post-route.ts';
import type { ApproverQuoteAccess } from '../../core/quotes/visibility.repository.ts';
import { addQuoteComment } from './add-quote-comment.ts';
import { deleteQuoteComment } from './delete-quote-comment.ts';
import { editQuoteComment } from './edit-quote-comment.ts';
import { findMentionCandidates } from './find-mention-candidates.ts';
import { listQuoteComments } from './list-quote-comments.ts';

/**
 * Comments and internal notes on a quote, with @-mentions (issue 17). Whoever can read the quote,
 * its approvers included, reads and writes them (the use-cases check per quote; anyone else gets
 * 404 as for a quote that does not exist).
 */
export function registerCommentRoutes(
  app: FastifyInstance,
  deps: { db: Database; mailer: Mailer; publicUrl: string; approverAccess: ApproverQuoteAccess },
) {
  const { db, approverAccess } = deps;
  const commentDeps = (log: FastifyInstance['log']) => ({ ...deps, log });

  postRoute(app, {
    path: '/api/dx/quote-comments',
    access: signedInAccess,
    addresses: addressesQuote('quote_id'),
    body: ZQuoteCommentsBody,
    response: ZQuoteCommentsResponse,
    handler: (request) =>
      listQuoteComments(db, currentUser(request), request.body.quote_id, approverAccess),
  });

  auditedPostRoute(app, db, {
    path: '/api/dx/add-quote-comment',
    access: signedInAccess,
    addresses: addressesQuote('quote_id'),
    body: ZAddQuoteCommentBody,
    response: ZCommentAnswer,
    handler: (request) =>
      addQuoteComment(commentDeps(request.log), currentUser(request), request.body),
  });

  auditedPostRoute(app, db, {
    path: '/api/dx/edit-quote-comment',
    access: signedInAccess,
    addresses: addressesQuote('quote_id'),
    body: ZEditQuoteCommentBody,
    response: ZCommentAnswer,
    handler: (request) =>
      editQuoteComment(commentDeps(request.log), currentUser(request), request.body),
  });

  auditedPostRoute(app, db, {
    path: '/api/dx/delete-quote-comment',
    access: signedInAccess,
    addresses: addressesQuote('quote_id'),
    body: ZDeleteQuoteCommentBody,
    response: ZCommentDeletedResponse,
    handler: (request) =>
      deleteQuoteComment(db, currentUser(request), request.body, approverAccess),
  });

  postRoute(app, {
    path: '/api/dx/quote-mention-candidates',
    access: signedInAccess,
    addresses: addressesQuote('quote_id'),
    body: ZMentionCandidatesBody,
    response: ZMentionCandidatesResponse,
    handler: (request) =>
      findMentionCandidates(db, currentUser(request), request.body, approverAccess),
  });
}
