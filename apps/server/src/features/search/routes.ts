import type { FastifyInstance } from 'fastify';
import { ZSearchBody, ZSearchResultsResponse } from '@bastion/domain/search/schemas';
import type { Database } from '@bastion/db/client';
import { currentUser, signedInAccess } from '../../lib/access.ts';
import { postRoute } from '../../lib/post-route.ts';
import { searchRecords } from './search-records.ts';

/**
 * The global search of the top navigation (issue 19). Open to every signed-in user: what it
 * looks through and finds is the caller's (search-records.ts), so a user with no quote role simply
 * finds no quotes.
 */
export function registerSearchRoutes(app: FastifyInstance, deps: { db: Database }) {
  const { db } = deps;

  postRoute(app, {
    path: '/api/dx/search',
    access: signedInAccess,
    body: ZSearchBody,
    response: ZSearchResultsResponse,
    handler: (request) => searchRecords(db, currentUser(request), request.body),
  });
}
