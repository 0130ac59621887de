import rateLimit, { normalizeIP, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '@bastion/db/client';
import type { ServerConfig } from '../config.ts';
import type { AuthContext } from './access.ts';
import { AppError } from './app-error.ts';
import { databaseRateLimitStore } from './db/rate-limit-store.ts';

const MINUTE_MS = 60_000;

/**
 * What every per-address limit counts: an IPv4 address, or the /64 network of an IPv6 one, since
 * whoever holds one IPv6 address can use any of the 2^64 beside it.
 */
export function clientNetwork(ip: string): string {
  return normalizeIP(ip, 64);
}

/** The keys of the per-caller /api limit start so; no route's own limit's keys do. */
const API_LIMIT_KEY = 'api|';

/** The 429 of every request limit, through the one error type. */
export function tooManyRequests(ttlMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  return new AppError(
    'RATE_LIMITED',
    `Too many requests. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`,
    { headers: { 'retry-after': String(seconds) } },
  );
}

/**
 * The limit of a public sign-in route (login, forgotten and reset password): per client address,
 * on top of the per-account throttling, so that nobody can spend the server's CPU on password
 * hashing or fill mailboxes. Undefined when configured off; the /api limit then applies.
 */
export function authRouteRateLimit(config: ServerConfig): RateLimitOptions | undefined {
  if (config.rateLimit.authPerMinute === 0) return undefined;
  return {
    max: config.rateLimit.authPerMinute,
    timeWindow: MINUTE_MS,
    keyGenerator: (request) => clientNetwork(request.ip),
  };
}

/**
 * Registers @fastify/rate-limit over the database store: routes opt in with
 * `config.rateLimit: authRouteRateLimit(config)`, and every other /api route gets a generous
 * per-caller limit (per session when signed in, else per client address). Register before the
 * routes.
 */
export async function registerRateLimiting(
  app: FastifyInstance,
  deps: {
    db: Database;
    config: ServerConfig;
    /** The caller behind the session cookie; the access guard must share its answer. */
    resolveCaller: (request: FastifyRequest) => Promise<AuthContext | null>;
  },
) {
  const { db, config, resolveCaller } = deps;
  await app.register(rateLimit, {
    global: false,
    // The per-caller /api budget is generous: its hits are written in batches (issue 20).
    store: databaseRateLimitStore(db, app.log, (key) => key.startsWith(API_LIMIT_KEY)),
    skipOnError: true,
    errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl),
  });

  if (config.rateLimit.apiPerMinute === 0) return;
  const limitApi = app.createRateLimit({
    max: config.rateLimit.apiPerMinute,
    timeWindow: MINUTE_MS,
    // A session is only counted once the cookie proved real: made-up cookies share the address's.
    keyGenerator: async (request) => {
      const caller = await resolveCaller(request);
      if (!caller) return `${API_LIMIT_KEY}address ${clientNetwork(request.ip)}`;
      // Each API token has a budget of its own, as each session has.
      return caller.apiTokenId !== null
        ? `${API_LIMIT_KEY}token ${caller.apiTokenId}`
        : `${API_LIMIT_KEY}session ${caller.sessionTokenHash}`;
    },
  });
  app.addHook('onRequest', async (request) => {
    const hasOwnLimit = request.routeOptions.config.rateLimit !== undefined;
    if (!request.url.startsWith('/api/') || request.is404 || hasOwnLimit) return;
    let result: Awaited<ReturnType<typeof limitApi>>;
    try {
      result = await limitApi(request);
    } catch (error) {
      // The session could not be read (the database is down): the access guard will say so.
      request.log.warn({ err: error }, 'rate limit not checked');
      return;
    }
    if (!result.isAllowed && result.isExceeded) throw tooManyRequests(result.ttl);
  });
}
