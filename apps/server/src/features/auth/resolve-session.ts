import type { FastifyRequest } from 'fastify';
import { derivePermissions } from '@bastion/domain/permissions/flags';
import type { Database } from '@bastion/db/client';
import type { ServerConfig } from '../../config.ts';
import type { AuthContext } from '../../lib/access.ts';
import {
  deleteSession,
  findRoleRows,
  findSessionWithUser,
  touchSession,
} from './auth.repository.ts';
import { buildRoleEntries } from './build-role-entries.ts';
import { hashOpaqueToken } from './opaque-token.ts';

/** Writing last_seen_at on every request would turn every read into a write. */
const TOUCH_INTERVAL_MS = 60_000;

export function sessionTokenFrom(request: FastifyRequest, config: ServerConfig): string | null {
  const token = request.cookies[config.session.cookieName];
  return token && token.length <= 128 ? token : null;
}

/** The caller behind the session cookie, or null when there is none or it has expired. */
export async function resolveSession(
  db: Database,
  config: ServerConfig,
  request: FastifyRequest,
  now = new Date(),
): Promise<AuthContext | null> {
  const token = sessionTokenFrom(request, config);
  if (!token) return null;
  const tokenHash = hashOpaqueToken(token);
  const found = await findSessionWithUser(db, tokenHash);
  if (!found) return null;

  const idleLimit = now.getTime() - config.session.idleMinutes * 60_000;
  if (found.session.expiresAt <= now || found.session.lastSeenAt.getTime() <= idleLimit) {
    await deleteSession(db, tokenHash);
    return null;
  }
  if (now.getTime() - found.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await touchSession(db, tokenHash, now);
  }

  const roles = buildRoleEntries(await findRoleRows(db, found.user.id, now));
  return {
    userId: found.user.id,
    email: found.user.email,
    sessionTokenHash: tokenHash,
    isDisabled: found.user.isDisabled,
    roles: roles.merged,
    permissions: derivePermissions(
      { email: found.user.email, roles: roles.merged, is_approver: found.user.isApprover },
      { internal_test_domains: config.internalTestDomains },
    ),
  };
}

const resolvedCallers = new WeakMap<FastifyRequest, Promise<AuthContext | null>>();

/** The rate limiter and the access guard both ask who is calling: one look-up serves both. */
export function resolveSessionOnce(
  db: Database,
  config: ServerConfig,
  request: FastifyRequest,
): Promise<AuthContext | null> {
  let caller = resolvedCallers.get(request);
  if (!caller) {
    caller = resolveSession(db, config, request);
    resolvedCallers.set(request, caller);
  }
  return caller;
}
