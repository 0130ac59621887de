import * as oidc from 'openid-client';
import type { ServerConfig } from '../../config.ts';

export type GoogleConfig = NonNullable<ServerConfig['google']>;

/** The path Google sends the browser back to (spec §7): the sign-in route itself. */
export const GOOGLE_ROUTE = '/api/security/oauth/google';

/** Where the provider returns to: always built from the public URL, never from a request's Host. */
export const redirectUriOf = (config: ServerConfig) => `${config.publicUrl}${GOOGLE_ROUTE}`;

/** Discovery is re-read after this long, so a provider's changed endpoints are picked up. */
const DISCOVERY_TTL_MS = 60 * 60_000;
/** How long a call to the provider may take before the sign-in is given up. */
const PROVIDER_TIMEOUT_SECONDS = 10;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * openid-client refuses plain http; a provider on this machine (the tests' local OpenID
 * provider) is allowed it, nothing else.
 */
function isLoopbackHttp(issuer: string): boolean {
  const url = new URL(issuer);
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

const discovered = new Map<string, { at: number; configuration: Promise<oidc.Configuration> }>();

/** The provider's endpoints and keys, discovered from its issuer once and then cached. */
export function googleConfiguration(
  google: GoogleConfig,
  now = Date.now(),
): Promise<oidc.Configuration> {
  const key = `${google.issuer} ${google.clientId}`;
  const hit = discovered.get(key);
  if (hit && now - hit.at < DISCOVERY_TTL_MS) return hit.configuration;
  const configuration = oidc.discovery(
    new URL(google.issuer),
    google.clientId,
    google.clientSecret,
    undefined,
    {
      timeout: PROVIDER_TIMEOUT_SECONDS,
      ...(isLoopbackHttp(google.issuer) ? { execute: [oidc.allowInsecureRequests] } : {}),
    },
  );
  discovered.set(key, { at: now, configuration });
  // A failed discovery is not kept: the next sign-in tries again.
  configuration.catch(() => discovered.delete(key));
  return configuration;
}

/**
 * Whether a failure came from the provider's answer (a refused code, an ID token that does not
 * verify) rather than from reaching it at all.
 */
export function isVerificationFailure(error: unknown): boolean {
  return (
    error instanceof oidc.ClientError ||
    error instanceof oidc.ResponseBodyError ||
    error instanceof oidc.AuthorizationResponseError ||
    error instanceof oidc.WWWAuthenticateChallengeError
  );
}
