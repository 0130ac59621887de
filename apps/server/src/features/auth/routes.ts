import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '@bastion/db/client';
import type { ServerConfig } from '../../config.ts';
import { currentUser, publicAccess } from '../../lib/access.ts';
import { recordAudit } from '../../lib/db/audit.repository.ts';
import { ok } from '../../lib/envelope.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { authRouteRateLimit } from '../../lib/rate-limit.ts';
import { createSecretBox } from '../../core/access/secret-box.ts';
import {
  clearSessionCookie,
  sessionTokenFrom,
  setSessionCookie,
} from '../../core/access/sessions.repository.ts';
import { deleteSession } from './auth-sessions.repository.ts';
import {
  ZForgotPasswordBody,
  ZForgotPasswordResponse,
  ZIntrospectResponse,
  ZLoginBody,
  ZLoginResponse,
  ZLogoutResponse,
  ZResetPasswordBody,
  ZResetPasswordResponse,
  ZSessionStateResponse,
} from '@bastion/domain/auth/api';
import { getSessionUser } from './get-session-user.ts';
import { offerUnlockLink } from './offer-unlock-link.ts';
import { requestPasswordReset } from './request-password-reset.ts';
import { resetPassword } from './reset-password.ts';
import { hashOpaqueToken } from '../../core/access/opaque-token.ts';
import { registerSecuritySettingsRoutes } from './security-settings-routes.ts';
import { signIn } from './sign-in.ts';

export function registerAuthRoutes(
  app: FastifyInstance,
  deps: { db: Database; config: ServerConfig; mailer: Mailer },
) {
  const { db, config, mailer } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secrets = createSecretBox(config.secretsKey);
  registerSecuritySettingsRoutes(app, { db, config, secrets });
  const rateLimit = authRouteRateLimit(config);
  /** Sign-ins that met an account-wide pause: its owner is offered an unlock link. */
  const pausedAccounts = new WeakMap<FastifyRequest, string>();

  r.post(
    '/api/security/auth/login',
    {
      config: { access: publicAccess, rateLimit },
      schema: { body: ZLoginBody, response: { 200: ZLoginResponse } },
      // Once the answer is sent, so that neither it nor its timing depends on the account existing.
      onResponse: async (request) => {
        const email = pausedAccounts.get(request);
        if (email === undefined) return;
        try {
          const offer = await offerUnlockLink(db, config, mailer, email);
          if (!offer.sent) return;
          await recordAudit(db, request, {
            action: 'auth.login.unlock_link_sent',
            actorUserId: offer.userId,
            entityType: 'user',
            entityId: offer.userId,
          });
        } catch (error) {
          request.log.error({ err: error }, 'unlock link could not be offered');
        }
      },
    },
    async (request, reply) => {
      const previousToken = sessionTokenFrom(request, config);
      const outcome = await signIn(
        db,
        { config, secrets },
        {
          email: request.body.email,
          password: request.body.password,
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? '',
          previousTokenHash: previousToken ? hashOpaqueToken(previousToken) : null,
          unlockToken: request.body.unlock_token ?? null,
          otp: request.body.otp?.trim() || null,
        },
      );
      if (!outcome.ok && outcome.mfaRequired) {
        await recordAudit(db, request, {
          action: 'auth.login.mfa_required',
          actorUserId: outcome.user.id,
          entityType: 'user',
          entityId: outcome.user.id,
        });
        // No session yet: the page asks for the code and sends it with the credentials.
        return ok({ mfa_required: true as const, email: outcome.user.email });
      }
      if (!outcome.ok && outcome.isAccountPaused) pausedAccounts.set(request, request.body.email);
      if (!outcome.ok) {
        await recordAudit(db, request, {
          action: `auth.login.${outcome.error.code.toLowerCase()}`,
          actorUserId: outcome.user?.id ?? null,
          entityType: 'user',
          entityId: outcome.user?.id ?? '',
          details: { email: request.body.email.trim().toLowerCase() },
        });
        clearSessionCookie(reply, config, request);
        throw outcome.error;
      }
      await recordAudit(db, request, {
        action: 'auth.login.succeeded',
        actorUserId: outcome.user.id,
        entityType: 'user',
        entityId: outcome.user.id,
        details: {
          ...(outcome.usedUnlockLink ? { unlock_link: true } : {}),
          ...(outcome.secondFactor ? { second_factor: outcome.secondFactor } : {}),
        },
      });
      setSessionCookie(reply, config, request, outcome.token);
      return ok({
        mfa_required: false as const,
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
      clearSessionCookie(reply, config, request);
      return ok({ logged_out: true as const });
    },
  );

  r.post(
    '/api/security/forgot_password',
    {
      config: { access: publicAccess, rateLimit },
      schema: { body: ZForgotPasswordBody, response: { 200: ZForgotPasswordResponse } },
    },
    async (request) => {
      const outcome = await requestPasswordReset(db, config, mailer, {
        email: request.body.email,
        ip: request.ip,
      });
      await recordAudit(db, request, {
        action: outcome.sent
          ? 'auth.password_reset.requested'
          : `auth.password_reset.not_sent.${outcome.reason}`,
        actorUserId: outcome.userId,
        entityType: 'user',
        entityId: outcome.userId ?? '',
        details: { email: request.body.email.toLowerCase() },
      });
      // The same answer whatever happened, so the form reveals nothing about accounts.
      return ok({ requested: true as const });
    },
  );

  r.post(
    '/api/security/reset_password',
    {
      config: { access: publicAccess, rateLimit },
      schema: { body: ZResetPasswordBody, response: { 200: ZResetPasswordResponse } },
    },
    async (request, reply) => {
      const { userId } = await resetPassword(db, request.body);
      await recordAudit(db, request, {
        action: 'auth.password_reset.completed',
        actorUserId: userId,
        entityType: 'user',
        entityId: userId,
      });
      // Every session of the user ended with the reset, the browser's own included.
      clearSessionCookie(reply, config, request);
      return ok({ reset: true as const });
    },
  );

  r.get(
    '/api/security/session-state',
    {
      // The sign-in pages ask this before reading the session: introspect's 403 on every
      // signed-out visit was a failed request in the browser's console (issue 33).
      config: { access: publicAccess },
      schema: { response: { 200: ZSessionStateResponse } },
    },
    async (request) => ok({ signed_in: request.auth !== null && !request.auth.isDisabled }),
  );

  r.get(
    '/api/security/introspect',
    {
      // The client reads the session to learn that it must enrol, or that maintenance is on.
      config: { access: { kind: 'session', duringMfaEnrolment: true, duringMaintenance: true } },
      schema: { response: { 200: ZIntrospectResponse } },
    },
    async (request) => ok(await getSessionUser(db, config, currentUser(request))),
  );
}
