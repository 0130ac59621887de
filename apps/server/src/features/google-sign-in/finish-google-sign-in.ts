import { timingSafeEqual } from 'node:crypto';
import * as oidc from 'openid-client';
import { canSwitchMaintenance } from '@bastion/domain/accounts/policy';
import { isRoleValue, type RoleEntry } from '@bastion/domain/permissions/roles';
import type { Database } from '@bastion/db/client';
import type { ServerConfig } from '../../config.ts';
import { accessSettings } from '../../core/access/access-settings.repository.ts';
import { hashOpaqueToken } from '../../core/access/opaque-token.ts';
import { openSession } from '../../core/access/sessions.repository.ts';
import type { GoogleRefusal } from './google-refusals.ts';
import {
  googleConfiguration,
  isVerificationFailure,
  redirectUriOf,
  type GoogleConfig,
} from './google-provider.ts';
import { findOwnRoles, findUserByEmail, spendOAuthState } from './google-sign-in.repository.ts';

export interface GoogleCallback {
  /** The callback's query string as received (`?code=…&state=…`), for openid-client to read. */
  search: string;
  state: string | undefined;
  error: string | undefined;
  /** The state this browser was given when it started, from its cookie. */
  stateCookie: string | null;
  ip: string;
  userAgent: string;
  previousTokenHash: string | null;
}

export interface GoogleAccount {
  sub: string;
  email: string;
  name: string;
}

export type GoogleSignInOutcome =
  | {
      ok: true;
      userId: string;
      token: string;
      returnPath: string;
      /** The Google account that signed in, for the audit entry and the /profile page. */
      account: GoogleAccount;
    }
  | {
      ok: false;
      reason: GoogleRefusal;
      userId: string | null;
      details: Record<string, unknown>;
      /** What went wrong underneath, for the log. */
      cause?: unknown;
    };

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const ownRoleEntries = (roles: string[]): RoleEntry[] =>
  roles.filter(isRoleValue).map((value) => ({
    value,
    assignment: null,
    assignment_value: [],
    is_deligated_role: false,
  }));

/**
 * The provider's answer: the state must be this browser's and unused; the code is exchanged with
 * the PKCE verifier, and openid-client verifies the ID token (signature, issuer, audience,
 * expiry, nonce). The verified e-mail then names an existing, enabled account, which is signed
 * in; nobody is ever created here.
 */
export async function finishGoogleSignIn(
  db: Database,
  config: ServerConfig,
  google: GoogleConfig,
  callback: GoogleCallback,
  now = new Date(),
): Promise<GoogleSignInOutcome> {
  const refused = (
    reason: GoogleRefusal,
    more: { userId?: string; details?: Record<string, unknown>; cause?: unknown } = {},
  ): GoogleSignInOutcome => ({
    ok: false,
    reason,
    userId: more.userId ?? null,
    details: more.details ?? {},
    ...(more.cause === undefined ? {} : { cause: more.cause }),
  });

  const { state } = callback;
  // Spent even when the provider reports an error: a state serves one answer only.
  const isThisBrowsers =
    state !== undefined && callback.stateCookie !== null && sameText(state, callback.stateCookie);
  const spent = isThisBrowsers ? await spendOAuthState(db, hashOpaqueToken(state), now) : null;
  if (callback.error !== undefined) {
    return refused(callback.error === 'access_denied' ? 'access_denied' : 'provider_error', {
      details: { error: callback.error.slice(0, 100) },
    });
  }
  if (!spent || state === undefined) return refused('invalid_state');

  let claims: oidc.IDToken | undefined;
  try {
    const configuration = await googleConfiguration(google);
    const tokens = await oidc.authorizationCodeGrant(
      configuration,
      new URL(`${redirectUriOf(config)}${callback.search}`),
      {
        pkceCodeVerifier: spent.codeVerifier,
        expectedState: state,
        expectedNonce: spent.nonce,
        idTokenExpected: true,
      },
    );
    claims = tokens.claims();
  } catch (error) {
    return refused(isVerificationFailure(error) ? 'verification_failed' : 'unavailable', {
      cause: error,
    });
  }

  const email = typeof claims?.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!email || claims?.email_verified !== true) {
    return refused('email_unverified', { details: { email } });
  }
  const user = await findUserByEmail(db, email);
  // A service account never signs in: to a person it is as good as unknown.
  if (!user || user.isServiceAccount) return refused('unknown_account', { details: { email } });
  const knownUser = { userId: user.id, details: { email } };
  if (user.isDisabled) return refused('account_disabled', knownUser);
  // Google must not become the way round a second factor the user set up for their password.
  if (user.idProvider === 'Local' && user.mfaEnabled) return refused('mfa_required', knownUser);
  const settings = await accessSettings(db);
  if (settings.isMaintenanceOn) {
    const roles = ownRoleEntries(await findOwnRoles(db, user.id));
    if (!canSwitchMaintenance(roles)) return refused('maintenance', knownUser);
  }

  const token = await openSession(
    db,
    config,
    {
      userId: user.id,
      ip: callback.ip,
      userAgent: callback.userAgent,
      previousTokenHash: callback.previousTokenHash,
    },
    now,
  );
  const name = typeof claims?.name === 'string' ? claims.name.slice(0, 200) : '';
  return {
    ok: true,
    userId: user.id,
    token,
    returnPath: spent.returnPath,
    account: { sub: String(claims?.sub ?? '').slice(0, 255), email, name },
  };
}
