import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '@bastion/db/client';
import type { ServerConfig } from '../../config.ts';
import { currentUser, publicAccess, signedInAccess } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../lib/db/audit.repository.ts';
import { ok } from '../../lib/envelope.ts';
import { hashOpaqueToken } from '../../core/access/opaque-token.ts';
import { authRouteRateLimit } from '../../lib/rate-limit.ts';
import {
  sessionCookieOptions,
  sessionTokenFrom,
  setSessionCookie,
} from '../../core/access/sessions.repository.ts';
import { finishGoogleSignIn } from './finish-google-sign-in.ts';
import { getGoogleProfile } from './get-google-profile.ts';
import { GOOGLE_ROUTE } from './google-provider.ts';
import type { GoogleRefusal } from './google-refusals.ts';
import { GOOGLE_SIGN_IN_ACTION } from './google-sign-in.repository.ts';
import {
  ZGoogleProfileResponse,
  ZGoogleQuery,
  ZSignInProvidersResponse,
} from '@bastion/domain/auth/google-sign-in-api';
import { OAUTH_STATE_MINUTES, startGoogleSignIn } from './start-google-sign-in.ts';

/** Holds the state this browser was sent to the provider with; read by the callback only. */
const STATE_COOKIE = 'bastion_google_state';

export const NOT_CONFIGURED_MESSAGE = 'Google sign-in is not configured here.';

function stateCookieOptions(config: ServerConfig, request: FastifyRequest) {
  const { secure } = sessionCookieOptions(config, request);
  // Lax: the provider sends the browser back with a top-level GET, which carries it.
  return { path: GOOGLE_ROUTE, httpOnly: true, sameSite: 'lax' as const, secure };
}

/** Google sign-in (spec §7, decision 021): the button's route and the provider's callback. */
export function registerGoogleSignInRoutes(
  app: FastifyInstance,
  deps: { db: Database; config: ServerConfig },
) {
  const { db, config } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The login page shows the Google button only where the server can take the sign-in.
  r.get(
    '/api/security/oauth/providers',
    {
      config: { access: publicAccess },
      schema: { response: { 200: ZSignInProvidersResponse } },
    },
    async () => ok({ google: config.google !== null }),
  );

  // The /profile page: the Google account the signed-in user last came in with.
  r.get(
    '/api/security/oauth/google/profile',
    {
      config: { access: signedInAccess },
      schema: { response: { 200: ZGoogleProfileResponse } },
    },
    async (request) => ok({ google: await getGoogleProfile(db, currentUser(request).userId) }),
  );

  /** Every refusal is recorded and shown on the login page, which explains the reason. */
  const refuse = async (
    request: FastifyRequest,
    reply: FastifyReply,
    refusal: { reason: GoogleRefusal; userId?: string | null; details?: Record<string, unknown> },
  ) => {
    await recordAudit(db, request, {
      action: `auth.google.${refusal.reason}`,
      actorUserId: refusal.userId ?? null,
      entityType: 'user',
      entityId: refusal.userId ?? '',
      details: refusal.details ?? {},
    });
    return reply.redirect(`/login?google_error=${refusal.reason}`, 302);
  };

  r.get(
    GOOGLE_ROUTE,
    {
      config: { access: publicAccess, rateLimit: authRouteRateLimit(config) },
      schema: { querystring: ZGoogleQuery },
    },
    async (request, reply) => {
      const { query } = request;
      const google = config.google;
      const isCallback =
        query.code !== undefined || query.state !== undefined || query.error !== undefined;

      if (!isCallback) {
        if (!google) throw new AppError('NOT_FOUND', NOT_CONFIGURED_MESSAGE);
        let start: Awaited<ReturnType<typeof startGoogleSignIn>>;
        try {
          start = await startGoogleSignIn(db, config, google, { from: query.from });
        } catch (error) {
          request.log.warn({ err: error }, 'Google sign-in could not start');
          return refuse(request, reply, { reason: 'unavailable' });
        }
        reply.setCookie(STATE_COOKIE, start.state, {
          ...stateCookieOptions(config, request),
          maxAge: OAUTH_STATE_MINUTES * 60,
        });
        return reply.redirect(start.authorizationUrl, 302);
      }

      reply.clearCookie(STATE_COOKIE, stateCookieOptions(config, request));
      if (!google) return refuse(request, reply, { reason: 'not_configured' });
      const previousToken = sessionTokenFrom(request, config);
      const outcome = await finishGoogleSignIn(db, config, google, {
        search: new URL(request.url, 'http://callback').search,
        state: query.state,
        error: query.error,
        stateCookie: request.cookies[STATE_COOKIE] ?? null,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
        previousTokenHash: previousToken ? hashOpaqueToken(previousToken) : null,
      });
      if (!outcome.ok) {
        if (outcome.cause !== undefined) {
          request.log.warn({ err: outcome.cause }, `Google sign-in refused: ${outcome.reason}`);
        }
        return refuse(request, reply, outcome);
      }
      await recordAudit(db, request, {
        action: GOOGLE_SIGN_IN_ACTION,
        actorUserId: outcome.userId,
        entityType: 'user',
        entityId: outcome.userId,
        details: { ...outcome.account },
      });
      setSessionCookie(reply, config, request, outcome.token);
      // The login page sends a signed-in user on to their landing page (spec §2).
      return reply.redirect(outcome.returnPath || '/login', 302);
    },
  );
}
