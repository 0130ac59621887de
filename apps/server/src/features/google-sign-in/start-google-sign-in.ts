import * as oidc from 'openid-client';
import { isSafeReturnPath } from '@bastion/domain/navigation/landing';
import type { Database } from '@bastion/db/client';
import type { ServerConfig } from '../../config.ts';
import { hashOpaqueToken } from '../../core/access/opaque-token.ts';
import { googleConfiguration, redirectUriOf, type GoogleConfig } from './google-provider.ts';
import { deleteExpiredOAuthStates, insertOAuthState } from './google-sign-in.repository.ts';

/** How long the user has at the provider before the sign-in must start again. */
export const OAUTH_STATE_MINUTES = 10;

/** Spec §7: profile and e-mail; offline access and the consent prompt as the original asked. */
const SCOPE = 'openid email profile';

export interface GoogleSignInStart {
  /** Where to send the browser. */
  authorizationUrl: string;
  /** Also kept in a cookie, so the callback is taken only in the browser that started it. */
  state: string;
}

/**
 * Starts a sign-in at the provider: a fresh state, nonce and PKCE verifier are kept (the state
 * only as a hash) with the page to return to, for the callback to check. `from` is kept only
 * when it is a path of this app (an open redirect otherwise).
 */
export async function startGoogleSignIn(
  db: Database,
  config: ServerConfig,
  google: GoogleConfig,
  input: { from: string | undefined },
  now = new Date(),
): Promise<GoogleSignInStart> {
  const configuration = await googleConfiguration(google);
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  await deleteExpiredOAuthStates(db, now);
  await insertOAuthState(db, {
    stateHash: hashOpaqueToken(state),
    nonce,
    codeVerifier,
    returnPath: input.from && isSafeReturnPath(input.from) ? input.from : '',
    expiresAt: new Date(now.getTime() + OAUTH_STATE_MINUTES * 60_000),
  });
  const authorizationUrl = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUriOf(config),
    scope: SCOPE,
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    // Google's names for a refresh token and a fresh consent screen; no token is kept here.
    access_type: 'offline',
    prompt: 'consent',
  });
  return { authorizationUrl: authorizationUrl.href, state };
}
