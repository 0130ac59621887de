import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '@bastion/db/client';
import type { ServerConfig } from '../../config.ts';
import { currentUser, publicAccess } from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import { ok } from '../../lib/envelope.ts';
import { deleteSession } from './auth.repository.ts';
import {
  ZIntrospectResponse,
  ZLoginBody,
  ZLoginResponse,
  ZLogoutResponse,
} from './auth.schemas.ts';
import { getSessionUser } from './get-session-user.ts';
import { sessionTokenFrom } from './resolve-session.ts';
import { hashSessionToken } from './session-token.ts';
import { signIn } from './sign-in.ts';

function cookieOptions(config: ServerConfig, request: FastifyRequest) {
  const secure =
    config.session.cookieSecure === 'auto'
      ? request.protocol === 'https'
      : config.session.cookieSecure;
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure };
}

function clearSessionCookie(config: ServerConfig, request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(config.session.cookieName, cookieOptions(config, request));
}

export function registerAuthRoutes(
  app: FastifyInstance,
  deps: { db: Database; config: ServerConfig },
) {
  const { db, config } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/security/auth/login',
    {
      config: { access: publicAccess },
      schema: { body: ZLoginBody, response: { 200: ZLoginResponse } },
    },
    async (request, reply) => {
      const previousToken = sessionTokenFrom(request, config);
      const outcome = await signIn(db, config, {
        email: request.body.email,
        password: request.body.password,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
        previousTokenHash: previousToken ? hashSessionToken(previousToken) : null,
      });
      if (!outcome.ok) {
        await recordAudit(db, request, {
          action: `auth.login.${outcome.error.code.toLowerCase()}`,
          actorUserId: outcome.user?.id ?? null,
          entityType: 'user',
          entityId: outcome.user?.id ?? '',
          details: { email: request.body.email.trim().toLowerCase() },
        });
        clearSessionCookie(config, request, reply);
        throw outcome.error;
      }
      await recordAudit(db, request, {
        action: 'auth.login.succeeded',
        actorUserId: outcome.user.id,
        entityType: 'user',
        entityId: outcome.user.id,
      });
      reply.setCookie(config.session.cookieName, outcome.token, {
        ...cookieOptions(config, request),
        maxAge: config.session.absoluteHours * 3600,
      });
      return ok({
        email: outcome.user.email,
        first_name: outcome.user.firstName,
        last_name: outcome.user.lastName,
      });
    },
  );

  // Public so that a browser holding an expired cookie can still sign out cleanly.
  r.get(
    '/api/security/logout',
    { config: { access: publicAccess }, schema: { response: { 200: ZLogoutResponse } } },
    async (request, reply) => {
      if (request.auth) {
        await deleteSession(db, request.auth.sessionTokenHash);
        await recordAudit(db, request, {
          action: 'auth.logout',
          entityType: 'user',
          entityId: request.auth.userId,
        });
      }
      clearSessionCookie(config, request, reply);
      return ok({ logged_out: true as const });
    },
  );

  r.get(
    '/api/security/introspect',
    { schema: { response: { 200: ZIntrospectResponse } } },
    async (request) => ok(await getSessionUser(db, config, currentUser(request).userId)),
  );
}
