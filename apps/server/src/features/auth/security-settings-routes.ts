import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isMfaRequiredFor } from '@bastion/domain/accounts/policy';
import type { Database } from '@bastion/db/client';
import type { ServerConfig } from '../../config.ts';
import {
  currentUser,
  refuseWhileImpersonating,
  type AuthContext,
  type RouteAccess,
} from '../../lib/access.ts';
import { accessSettings } from '../../core/access/access-settings.repository.ts';
import {
  ZMfaEnabledResponse,
  ZMfaEnrolmentResponse,
  ZMfaStatusResponse,
  ZOwnSessionsResponse,
  ZPasswordChangedResponse,
  ZRecoveryCodesResponse,
  ZSignedOutOthersResponse,
} from '@bastion/domain/auth/security-settings-api';
import { postRoute, recordChangeRoute } from '../../lib/post-route.ts';
import type { SecretBox } from '../../core/access/secret-box.ts';
import {
  ZChangePasswordBody,
  ZMfaCodeBody,
  ZUpdateMfaEnabledBody,
} from '@bastion/domain/auth/schemas';
import { deleteOtherSessions, findOwnSessions } from './auth-sessions.repository.ts';
import { findUserById } from './auth.repository.ts';
import { changePassword } from './change-password.ts';
import { countUnusedRecoveryCodes, findMfa } from './mfa.repository.ts';
import { regenerateRecoveryCodes } from './regenerate-recovery-codes.ts';
import { setMfaEnabled } from './set-mfa-enabled.ts';
import { startMfaEnrolment } from './start-mfa-enrolment.ts';

const IMPERSONATING_MESSAGE =
  'Return to your own account before changing sign-in settings: they belong to the user alone.';

/** The enrolment step's own calls stay open to a user who must enrol before anything else. */
const enrolmentAccess = {
  kind: 'session',
  duringMfaEnrolment: true,
  personOnly: true,
} as const satisfies RouteAccess;

/** A person's own sign-in settings: an API token has none. */
const ownSignInAccess = { kind: 'session', personOnly: true } as const satisfies RouteAccess;

/** The signed-in user, refused while an administrator acts as them. */
function ownCaller(request: FastifyRequest): AuthContext {
  const caller = currentUser(request);
  refuseWhileImpersonating(caller, IMPERSONATING_MESSAGE);
  return caller;
}

/**
 * The signed-in user's own sign-in settings (decision 021): two-step sign-in (spec §7 gen-qr and
 * update-mfa-enabled), recovery codes, password and sessions. None can be used by an
 * administrator acting as the user.
 */
export function registerSecuritySettingsRoutes(
  app: FastifyInstance,
  deps: { db: Database; config: ServerConfig; secrets: SecretBox },
) {
  const { db, config, secrets } = deps;

  postRoute(app, {
    path: '/api/security/mfa-status',
    access: enrolmentAccess,
    response: ZMfaStatusResponse,
    handler: async (request) => {
      const caller = currentUser(request);
      const [user, mfa, left, settings] = await Promise.all([
        findUserById(db, caller.userId),
        findMfa(db, caller.userId),
        countUnusedRecoveryCodes(db, caller.userId),
        accessSettings(db),
      ]);
      return {
        mfa_enabled: user?.mfaEnabled ?? false,
        enabled_at: user?.mfaEnabled && mfa?.enabledAt ? mfa.enabledAt.toISOString() : null,
        recovery_codes_left: user?.mfaEnabled ? left : 0,
        required_by_policy: isMfaRequiredFor(caller.roles, settings.mfaRequiredRoles),
        can_use_mfa: user?.idProvider === 'Local',
      };
    },
  });

  recordChangeRoute(app, db, {
    path: '/api/security/gen-qr',
    access: enrolmentAccess,
    entityType: 'user',
    response: ZMfaEnrolmentResponse,
    handler: async (request) => {
      const caller = ownCaller(request);
      const data = await startMfaEnrolment(db, secrets, caller);
      return { data, action: 'auth.mfa.enrolment_started', entityId: caller.userId };
    },
  });

  recordChangeRoute(app, db, {
    path: '/api/security/update-mfa-enabled',
    access: enrolmentAccess,
    entityType: 'user',
    body: ZUpdateMfaEnabledBody,
    response: ZMfaEnabledResponse,
    handler: async (request) => {
      const caller = ownCaller(request);
      const data = await setMfaEnabled(db, { config, secrets }, caller, {
        enabled: request.body.enabled,
        code: request.body.code,
        ip: request.ip,
      });
      const action = data.mfa_enabled ? 'auth.mfa.enabled' : 'auth.mfa.disabled';
      return { data, action, entityId: caller.userId };
    },
  });

  recordChangeRoute(app, db, {
    path: '/api/security/regenerate-recovery-codes',
    access: ownSignInAccess,
    entityType: 'user',
    body: ZMfaCodeBody,
    response: ZRecoveryCodesResponse,
    handler: async (request) => {
      const caller = ownCaller(request);
      const data = await regenerateRecoveryCodes(db, { config, secrets }, caller, {
        code: request.body.code,
        ip: request.ip,
      });
      return { data, action: 'auth.mfa.recovery_codes_regenerated', entityId: caller.userId };
    },
  });

  recordChangeRoute(app, db, {
    path: '/api/security/change-password',
    access: ownSignInAccess,
    entityType: 'user',
    body: ZChangePasswordBody,
    response: ZPasswordChangedResponse,
    handler: async (request) => {
      const caller = ownCaller(request);
      const data = await changePassword(db, config, caller, {
        currentPassword: request.body.current_password,
        newPassword: request.body.new_password,
        ip: request.ip,
      });
      return { data, action: 'auth.password.changed', entityId: caller.userId };
    },
  });

  postRoute(app, {
    path: '/api/security/sessions',
    access: ownSignInAccess,
    response: ZOwnSessionsResponse,
    handler: async (request) => {
      const caller = ownCaller(request);
      const rows = await findOwnSessions(db, caller.userId, new Date());
      return {
        sessions: rows.map((row) => ({
          // A prefix of the token's hash names the session without revealing anything usable.
          id: row.tokenHash.slice(0, 12),
          created_at: row.createdAt.toISOString(),
          last_seen_at: row.lastSeenAt.toISOString(),
          ip: row.ip,
          user_agent: row.userAgent,
          is_current: row.tokenHash === caller.sessionTokenHash,
        })),
      };
    },
  });

  recordChangeRoute(app, db, {
    path: '/api/security/sign-out-other-sessions',
    access: ownSignInAccess,
    entityType: 'user',
    response: ZSignedOutOthersResponse,
    handler: async (request) => {
      const caller = ownCaller(request);
      const signedOut = await deleteOtherSessions(db, caller.userId, caller.sessionTokenHash);
      return {
        data: { signed_out: signedOut },
        action: 'auth.sessions.signed_out_elsewhere',
        entityId: caller.userId,
        details: { sessions: signedOut },
      };
    },
  });
}
