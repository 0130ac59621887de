import type { FastifyInstance } from 'fastify';
import type { Database } from '@bastion/db/client';
import { currentUser, type RouteAccess } from '../../lib/access.ts';
import { auditedPostRoute } from '../../lib/post-route.ts';
import { ZImpersonateBody, ZImpersonateResponse } from '@bastion/domain/accounts/impersonation-api';
import { startImpersonation } from './start-impersonation.ts';
import { stopImpersonation } from './stop-impersonation.ts';

/**
 * Any signed-in caller, whatever holds them back: while impersonating, the session's permissions
 * are the target's, and `{stop: true}` must still bring the administrator back. Starting checks
 * the real caller's own ROOT_ADMIN or USER_ADMIN role in the use-case, before anything else.
 */
const impersonateAccess = {
  kind: 'session',
  duringMaintenance: true,
  duringMfaEnrolment: true,
  personOnly: true,
} as const satisfies RouteAccess;

/** Impersonation (issue 16, decision 021). */
export function registerImpersonationRoutes(app: FastifyInstance, deps: { db: Database }) {
  const { db } = deps;

  auditedPostRoute(app, db, {
    path: '/api/security/impersonate',
    access: impersonateAccess,
    body: ZImpersonateBody,
    response: ZImpersonateResponse,
    handler: async (request) => {
      const caller = currentUser(request);
      const { email } = request.body;
      return email === undefined
        ? stopImpersonation(db, caller)
        : startImpersonation(db, caller, email);
    },
  });
}
