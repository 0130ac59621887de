import type { FastifyRequest } from 'fastify';
import { canSwitchMaintenance, isMfaRequiredFor } from '@bastion/domain/accounts/policy';
import type { GlobalAccountGrants } from '@bastion/domain/global-accounts/role-scope';
import { derivePermissions } from '@bastion/domain/permissions/flags';
import type { Database } from '@bastion/db/client';
import type { ServerConfig } from '../../config.ts';
import type { AuthContext } from '../../lib/access.ts';
import {
  ACCESS_SETTING_NAMES,
  accessSettingsFrom,
} from '../../core/access/access-settings.repository.ts';
import { recordAudit } from '../../lib/db/audit.repository.ts';
import {
  deleteSession,
  findApiTokenFacts,
  findSessionFacts,
  touchApiToken,
  touchSession,
  type SessionFacts,
} from './auth-sessions.repository.ts';
import { hashOpaqueToken } from '../../core/access/opaque-token.ts';
import type { SessionCache } from '../../core/access/session-cache.ts';
import { endImpersonation, sessionTokenFrom } from '../../core/access/sessions.repository.ts';
import {
  buildRoleEntries,
  findGlobalAccountGrants,
  globalAccountGrantsAsk,
  rowsLentAt,
  scopeToGlobalAccounts,
} from '../../core/access/user-roles.repository.ts';

/** Writing last_seen_at on every request would turn every read into a write. */
const TOUCH_INTERVAL_MS = 60_000;

/** An impersonation ends by itself after this long (decision 021). */
export const IMPERSONATION_MINUTES = 60;

/**
 * What a session resolves to, as read and as an instance may keep it for a few seconds: the time
 * decides the rest on each request (expiry, idleness, delegations' windows).
 */
export interface ResolvedSession {
  facts: SessionFacts;
  /** The accounts of global accounts when the user holds GAM or GAM_GM, else null. */
  grants: GlobalAccountGrants | null;
  /** The caller as last worked out, and until when that holds (a delegation's window moves). */
  context: { auth: AuthContext; validFrom: number; validUntil: number } | null;
  /** Set when the caller is a service account calling with an API token (issue 21). */
  apiTokenId?: string;
}

export type SessionResolutionCache = SessionCache<ResolvedSession>;

/** Why a session read cannot be used as it is: the fresh path deletes or ends something. */
function isUsable(facts: SessionFacts, config: ServerConfig, now: Date): boolean {
  const idleLimit = now.getTime() - config.session.idleMinutes * 60_000;
  const startedAt = facts.session.impersonationStartedAt;
  return (
    facts.session.expiresAt > now &&
    facts.session.lastSeenAt.getTime() > idleLimit &&
    facts.impersonator?.isDisabled !== true &&
    !(startedAt && now.getTime() - startedAt.getTime() >= IMPERSONATION_MINUTES * 60_000)
  );
}

/**
 * The token of an `Authorization: Bearer …` header; '' when the header is there but is not one
 * (it then fails as an unknown token would); null when there is no such header.
 */
export function bearerTokenFrom(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header === undefined) return null;
  const match = /^Bearer +([A-Za-z0-9_-]{1,128})$/i.exec(header.trim());
  return match?.[1] ?? '';
}

/**
 * The caller behind the API token or, without one, the session cookie; null when there is none
 * or it has expired. A call carrying a token is the token's alone: the cookie is not read, which
 * is why such calls may skip the browser's Origin check (core/access/csrf.ts).
 */
export async function resolveSession(
  db: Database,
  config: ServerConfig,
  request: FastifyRequest,
  cache: SessionResolutionCache | null = null,
  now = new Date(),
): Promise<AuthContext | null> {
  const bearer = bearerTokenFrom(request);
  if (bearer !== null) return resolveApiToken(db, config, request, bearer, cache, now);
  const token = sessionTokenFrom(request, config);
  if (!token) return null;
  const tokenHash = hashOpaqueToken(token);

  const cached = cache?.get(tokenHash, now.getTime());
  if (cached) {
    // Anything to end or delete goes the uncached way, which reads the session afresh first.
    if (isUsable(cached.facts, config, now)) {
      await touchWhenDue(db, tokenHash, cached.facts, now);
      return authContextOf(cached, tokenHash, config, now);
    }
    cache?.forget(tokenHash);
  }

  const readGeneration = cache?.beginRead() ?? 0;
  const facts = await findSessionFacts(db, tokenHash, ACCESS_SETTING_NAMES);
  if (!facts) return null;

  const idleLimit = now.getTime() - config.session.idleMinutes * 60_000;
  if (facts.session.expiresAt <= now || facts.session.lastSeenAt.getTime() <= idleLimit) {
    await deleteSession(db, tokenHash);
    return null;
  }
  // A disabled administrator's session ends, whichever user it acts as.
  if (facts.impersonator?.isDisabled === true) {
    await deleteSession(db, tokenHash);
    return null;
  }
  const startedAt = facts.session.impersonationStartedAt;
  if (startedAt && now.getTime() - startedAt.getTime() >= IMPERSONATION_MINUTES * 60_000) {
    // The administrator is themselves again; the request goes on as them.
    if (await endImpersonation(db, tokenHash)) {
      await recordAudit(db, request, {
        action: 'auth.impersonation.expired',
        actorUserId: facts.session.impersonatorUserId,
        entityType: 'user',
        entityId: facts.user.id,
      });
    }
    return resolveSession(db, config, request, cache, now);
  }
  await touchWhenDue(db, tokenHash, facts, now);

  const ask = globalAccountGrantsAsk(facts.roleRows, facts.user.id);
  const resolved: ResolvedSession = {
    facts,
    grants: ask ? await findGlobalAccountGrants(db, ask) : null,
    context: null,
  };
  // Global accounts change without telling sessions: a GAM's scope is read on every request.
  if (!resolved.grants) cache?.store(tokenHash, resolved, readGeneration, now.getTime());
  return authContextOf(resolved, tokenHash, config, now);
}

/**
 * A service account's API token (issue 21): unknown, revoked, expired or not a service account's
 * resolves to nobody. It is cached like a session; revoking one announces the change.
 */
async function resolveApiToken(
  db: Database,
  config: ServerConfig,
  request: FastifyRequest,
  token: string,
  cache: SessionResolutionCache | null,
  now: Date,
): Promise<AuthContext | null> {
  if (token === '') return null;
  const key = `token ${hashOpaqueToken(token)}`;
  let resolved = cache?.get(key, now.getTime());
  if (!resolved) {
    const readGeneration = cache?.beginRead() ?? 0;
    const facts = await findApiTokenFacts(db, hashOpaqueToken(token), ACCESS_SETTING_NAMES);
    if (!facts || facts.token.isRevoked || !facts.token.isServiceAccount) return null;
    const ask = globalAccountGrantsAsk(facts.roleRows, facts.user.id);
    resolved = {
      facts,
      grants: ask ? await findGlobalAccountGrants(db, ask) : null,
      context: null,
      apiTokenId: facts.token.id,
    };
    if (!resolved.grants) cache?.store(key, resolved, readGeneration, now.getTime());
  }
  const { facts, apiTokenId } = resolved;
  if (facts.session.expiresAt <= now || apiTokenId === undefined) return null;
  if (now.getTime() - facts.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await touchApiToken(db, apiTokenId, now, request.ip);
    facts.session.lastSeenAt = now;
  }
  return authContextOf(resolved, key, config, now);
}

/** last_seen_at is written at most once a minute per session, whichever instance answers. */
async function touchWhenDue(db: Database, tokenHash: string, facts: SessionFacts, now: Date) {
  if (now.getTime() - facts.session.lastSeenAt.getTime() <= TOUCH_INTERVAL_MS) return;
  await touchSession(db, tokenHash, now);
  facts.session.lastSeenAt = now;
}

/**
 * The caller at `now`; worked out again only when a delegation's window opened or closed since,
 * so that a cached session costs no more than a look-up.
 */
function authContextOf(
  resolved: ResolvedSession,
  tokenHash: string,
  config: ServerConfig,
  now: Date,
): AuthContext {
  const at = now.getTime();
  const known = resolved.context;
  if (known && at >= known.validFrom && at < known.validUntil) return { ...known.auth };
  const auth = buildAuthContext(resolved, tokenHash, config, at);
  resolved.context = { auth, validFrom: at, validUntil: nextWindowEdge(resolved.facts, at) };
  return { ...auth };
}

/** The first start or end of a delegation's window after `at`, when the roles lent change. */
function nextWindowEdge(facts: SessionFacts, at: number): number {
  let edge = Number.POSITIVE_INFINITY;
  for (const row of [...facts.roleRows, ...(facts.impersonator?.roleRows ?? [])]) {
    for (const time of [row.delegationStartsAt, row.delegationEndsAt]) {
      if (time !== null && time > at && time < edge) edge = time;
    }
  }
  return edge;
}

function buildAuthContext(
  resolved: ResolvedSession,
  tokenHash: string,
  config: ServerConfig,
  at: number,
): AuthContext {
  const { facts, grants } = resolved;
  const lent = rowsLentAt(facts.roleRows, at);
  const roles = buildRoleEntries(
    grants ? scopeToGlobalAccounts(lent, facts.user.id, grants) : lent,
  );
  const settings = accessSettingsFrom(facts.settings);
  const impersonator =
    facts.session.impersonatorUserId && facts.impersonator
      ? { userId: facts.session.impersonatorUserId, email: facts.impersonator.email }
      : null;
  // Maintenance holds whoever is really at the keyboard: an impersonating admin keeps working.
  const realRoles =
    impersonator && facts.impersonator
      ? buildRoleEntries(rowsLentAt(facts.impersonator.roleRows, at)).merged
      : roles.merged;
  return {
    userId: facts.user.id,
    email: facts.user.email,
    sessionTokenHash: tokenHash,
    isDisabled: facts.user.isDisabled,
    roles: roles.merged,
    permissions: derivePermissions(
      { email: facts.user.email, roles: roles.merged, is_approver: facts.user.isApprover },
      { internal_test_domains: config.internalTestDomains },
    ),
    impersonator,
    // The administrator acting as the user has passed their own sign-in; Google accounts are
    // protected by Google's own two-step verification (decision 021).
    apiTokenId: resolved.apiTokenId ?? null,
    // A program has no second factor to enrol: its token is the credential.
    mustEnrolMfa:
      resolved.apiTokenId === undefined &&
      impersonator === null &&
      facts.user.idProvider === 'Local' &&
      !facts.user.mfaEnabled &&
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
  cache: SessionResolutionCache | null = null,
): Promise<AuthContext | null> {
  let caller = resolvedCallers.get(request);
  if (!caller) {
    caller = resolveSession(db, config, request, cache);
    resolvedCallers.set(request, caller);
  }
  return caller;
}
