// The e2e project, which imports this file, sees the types of oidc-provider only through it.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./oidc-provider.d.ts" />
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/*
 * A real OpenID provider (oidc-provider) on a free local port, standing in for Google in the
 * tests. Its development sign-in page takes any login (the e-mail) and password; the ID token
 * then carries that e-mail, verified unless the test says otherwise.
 */

export const LOCAL_CLIENT_ID = 'bastion-test-client';
export const LOCAL_CLIENT_SECRET = 'bastion-test-secret-0123456789abcdef';

export interface LocalOpenIdProvider {
  /** http://127.0.0.1:<port> */
  issuer: string;
  /** Takes sign-ins for the app whose callback is `redirectUri`; call once, before any sign-in. */
  acceptRedirectsTo: (redirectUri: string) => void;
  /** Claims a login gets instead of the defaults (e.g. `email_verified: false`). */
  setClaims: (login: string, claims: Record<string, unknown>) => void;
  stop: () => Promise<void>;
}

function signingKey() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    ...privateKey.export({ format: 'jwk' }),
    kid: 'local-test-key',
    use: 'sig',
    alg: 'RS256',
  };
}

export async function startLocalOpenIdProvider(): Promise<LocalOpenIdProvider> {
  let handle: ((request: IncomingMessage, response: ServerResponse) => void) | null = null;
  const server = createServer((request, response) => {
    if (handle) return handle(request, response);
    response.statusCode = 503;
    response.end('not ready');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const claimsOf = new Map<string, Record<string, unknown>>();

  const acceptRedirectsTo = (redirectUri: string) => {
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: LOCAL_CLIENT_ID,
          client_secret: LOCAL_CLIENT_SECRET,
          redirect_uris: [redirectUri],
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      jwks: { keys: [signingKey()] },
      cookies: { keys: [randomBytes(32).toString('hex')] },
      pkce: { required: () => true },
      claims: {
        openid: ['sub'],
        email: ['email', 'email_verified'],
        profile: ['name', 'given_name', 'family_name', 'picture'],
      },
      // As Google does: the ID token itself carries the e-mail and profile.
      conformIdTokenClaims: false,
      ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
      findAccount: async (_ctx, login) => ({
        accountId: login,
        claims: async () => ({
          sub: login,
          email: login,
          email_verified: true,
          name: 'Local Provider User',
          ...claimsOf.get(login),
        }),
      }),
    });
    handle = provider.callback();
  };

  return {
    issuer,
    acceptRedirectsTo,
    setClaims: (login, claims) => claimsOf.set(login, claims),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Goes through the provider's development pages as a browser would (sign in as `login`, then
 * consent, or cancel at the sign-in page) and answers the URL it finally sends the browser to:
 * the app's callback.
 */
export async function answerAtProvider(
  authorizationUrl: string,
  login: string,
  options: { cancel?: boolean } = {},
): Promise<URL> {
  const jar = new Map<string, string>();
  const visit = async (url: string, form?: Record<string, string>) => {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = response.headers.get('location');
    return { status: response.status, next: location ? new URL(location, url).href : null };
  };
  let step = await visit(authorizationUrl);
  for (let hops = 0; hops < 10 && step.next; hops += 1) {
    const url = step.next;
    if (!url.startsWith(new URL(authorizationUrl).origin)) return new URL(url);
    const interaction = /\/interaction\/([^/?]+)$/.exec(new URL(url).pathname);
    if (!interaction) {
      step = await visit(url);
      continue;
    }
    const page = await fetch(url, {
      headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
    }).then((response) => response.text());
    if (options.cancel) step = await visit(`${url}/abort`);
    else if (page.includes('name="login"')) {
      step = await visit(url, { prompt: 'login', login, password: 'any' });
    } else step = await visit(url, { prompt: 'consent' });
  }
  throw new Error(`the provider did not send the browser back (last answer ${step.status})`);
}
