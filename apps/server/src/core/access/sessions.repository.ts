import { and, eq, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '@bastion/db/client';
import { sessions } from '@bastion/db/schema/sessions';
import { users } from '@bastion/db/schema/users';
import type { ServerConfig } from '../../config.ts';
import { hashOpaqueToken, newOpaqueToken } from './opaque-token.ts';
import { announceSessionChange } from './session-cache.ts';

/**
 * Opening a session once a user has proved who they are, whichever way they signed in
 * (password, Google), so that every sign-in sets the same cookie and the same row.
 */

export interface OpenSessionInput {
  userId: string;
  ip: string;
  userAgent: string;
  /** The session the browser held before, replaced so that a planted id never gains a login. */
  previousTokenHash: string | null;
}

/** Opens a session for the user and answers its cookie token (only its hash is stored). */
export async function openSession(
  db: Database,
  config: ServerConfig,
  input: OpenSessionInput,
  now = new Date(),
): Promise<string> {
  if (input.previousTokenHash) {
    await db.delete(sessions).where(eq(sessions.tokenHash, input.previousTokenHash));
    await announceSessionChange(db);
  }
  // The user's dead sessions go at each sign-in, so the table does not grow with every visit.
  const idleSince = new Date(now.getTime() - config.session.idleMinutes * 60_000);
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, input.userId),
        or(lte(sessions.expiresAt, now), lte(sessions.lastSeenAt, idleSince)),
      ),
    );
  const token = newOpaqueToken();
  await db.insert(sessions).values({
    tokenHash: hashOpaqueToken(token),
    userId: input.userId,
    expiresAt: new Date(now.getTime() + config.session.absoluteHours * 3_600_000),
    ip: input.ip,
    userAgent: input.userAgent.slice(0, 512),
  });
  await db.update(users).set({ lastSignInAt: now }).where(eq(users.id, input.userId));
  return token;
}

/** The session cookie's attributes: out of scripts' reach, sent on top-level navigations only. */
function cookieAttributes(config: ServerConfig, request: FastifyRequest) {
  const secure =
    config.session.cookieSecure === 'auto'
      ? request.protocol === 'https'
      : config.session.cookieSecure;
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure };
}

/** The attributes of a new session's cookie, which lives as long as the session may. */
export function sessionCookieOptions(config: ServerConfig, request: FastifyRequest) {
  return { ...cookieAttributes(config, request), maxAge: config.session.absoluteHours * 3600 };
}

/** Removes the session cookie (sign-out, a refused sign-in, a reset password). */
export function clearSessionCookie(
  reply: FastifyReply,
  config: ServerConfig,
  request: FastifyRequest,
) {
  reply.clearCookie(config.session.cookieName, cookieAttributes(config, request));
}

export function setSessionCookie(
  reply: FastifyReply,
  config: ServerConfig,
  request: FastifyRequest,
  token: string,
) {
  reply.setCookie(config.session.cookieName, token, sessionCookieOptions(config, request));
}

/** The browser's session token, if its cookie holds one of a plausible length. */
export function sessionTokenFrom(request: FastifyRequest, config: ServerConfig): string | null {
  const token = request.cookies[config.session.cookieName];
  return token && token.length <= 128 ? token : null;
}

/**
 * Ends an impersonation (decision 021): the session is the administrator's own again. False when
 * it was not impersonating.
 */
export async function endImpersonation(db: Database, tokenHash: string): Promise<boolean> {
  const ended = await db
    .update(sessions)
    .set({
      userId: sql`${sessions.impersonatorUserId}`,
      impersonatorUserId: null,
      impersonationStartedAt: null,
    })
    .where(and(eq(sessions.tokenHash, tokenHash), isNotNull(sessions.impersonatorUserId)))
    .returning({ tokenHash: sessions.tokenHash });
  if (ended.length > 0) await announceSessionChange(db);
  return ended.length > 0;
}
