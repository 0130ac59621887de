/**
 * The little of oidc-provider (a dev dependency, shipped without types) that the tests' local
 * OpenID provider uses.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface ProviderAccount {
    accountId: string;
    claims: () => Promise<Record<string, unknown>>;
  }

  export interface ProviderConfiguration {
    clients: Record<string, unknown>[];
    jwks?: { keys: Record<string, unknown>[] };
    pkce?: { required: () => boolean };
    claims?: Record<string, string[]>;
    conformIdTokenClaims?: boolean;
    findAccount: (ctx: unknown, id: string) => Promise<ProviderAccount | undefined>;
    ttl?: Record<string, number>;
    cookies?: { keys: string[] };
  }

  export default class Provider {
    constructor(issuer: string, configuration: ProviderConfiguration);
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
  }
}
