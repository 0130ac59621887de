import type { FastifyRequest } from 'fastify';
import { canSwitchMaintenance, isMfaRequiredFor } from '@bastion/domain/accounts/policy';
import { derivePermissions } from '@bastion/domain/permissions/flags';
import type { Database } from '@bastion/db/client';
import type { ServerConfig } from '../../config.ts';
import type { AuthContext } from '../../lib/access.ts';
import { accessSettings } from '../../lib/access-settings.ts';
import { recordAudit } from '../../lib/audit.ts';
import { deleteSession, findSessionWithUser, touchSession } from './auth.repository.ts';
import { hashOpaqueToken } from '../../lib/opaque-token.ts';
import { endImpersonation, sessionTokenFrom } from '../../lib/sessions.ts';
import { buildRoleEntries, findRoleRows } from '../../lib/user-roles.ts';

/** Writing last_seen_at on every request would turn every read into a write. */
const TOUCH_INTERVAL_MS = 60_000;

/** An impersonation ends by itself after this long (decision 021). */
export const IMPERSONATION_MINUTES = 60;

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
  // A disabled administrator's session ends, whichever user it acts as.
  if (found.isImpersonatorDisabled === true) {
    await deleteSession(db, tokenHash);
    return null;
  }
  const startedAt = found.session.impersonationStartedAt;
  if (startedAt && now.getTime() - startedAt.getTime() >= IMPERSONATION_MINUTES * 60_000) {
    // The administrator is themselves again; the request goes on as them.
    if (await endImpersonation(db, tokenHash)) {
      await recordAudit(db, request, {
        action: 'auth.impersonation.expired',
        actorUserId: found.session.impersonatorUserId,
        entityType: 'user',
        entityId: found.user.id,
      });
    }
    return resolveSession(db, config, request, now);
  }
  if (now.getTime() - found.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await touchSession(db, tokenHash, now);
  }

  const [roleRows, settings] = await Promise.all([
    findRoleRows(db, found.user.id, now),
    accessSettings(db),
  ]);
  const roles = buildRoleEntries(roleRows);
  const impersonator =
    found.session.impersonatorUserId && found.impersonatorEmail
      ? { userId: found.session.impersonatorUserId, email: found.impersonatorEmail }
      : null;
  // Maintenance holds whoever is really at the keyboard: an impersonating admin keeps working.
  const realRoles =
    impersonator && settings.isMaintenanceOn
      ? buildRoleEntries(await findRoleRows(db, impersonator.userId, now)).merged
      : roles.merged;
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
    impersonator,
    // The administrator acting as the user has passed their own sign-in; Google accounts are
    // protected by Google's own two-step verification (decision 021).
    mustEnrolMfa:
      impersonator === null &&
      found.user.idProvider === 'Local' &&
      !found.user.mfaEnabled &&
      isMfaRequiredFor(roles.merged, settings.mfaRequiredRoles),
    isHeldByMaintenance: settings.isMaintenanceOn && !canSwitchMaintenance(realRoles),
    maintenanceMessage: settings.maintenanceMessage,
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
