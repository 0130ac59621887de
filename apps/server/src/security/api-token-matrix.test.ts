import { beforeAll, describe, expect, it } from 'vitest';
import { apiTokens } from '@bastion/db/schema/integrations';
import { users } from '@bastion/db/schema/users';
import { eq } from 'drizzle-orm';
import {
  API_TOKEN_INVALID_MESSAGE,
  PERMISSION_REQUIRED_MESSAGE,
  PERSON_ONLY_MESSAGE,
  SESSION_REQUIRED_MESSAGE,
} from '../lib/access.ts';
import { hashOpaqueToken, newOpaqueToken } from '../core/access/opaque-token.ts';
import type { CatalogedRoute } from '../lib/route-catalog.ts';
import { createTestApp, createUser, signedIn, type TestContext } from '../test/test-app.ts';
import {
  callableRoutes,
  routeName,
  routesOfThisEngine,
  urlWithParams,
  validParamsOf,
} from './security-bed.ts';

/*
 * API tokens answer to the same access rules as sessions (issue 21): every route of the table,
 * called with the token of a service account holding a role, passes or fails the access check
 * exactly as a person holding that role does, except the few about a person's own sign-in,
 * which refuse tokens; a revoked token is refused everywhere but on public routes. New routes
 * are covered as they are added.
 */

type Outcome = 'allowed' | 'forbidden' | 'no session' | 'person only';

// A scoped seller, a role with no quotes at all, and the role that may call nearly everything.
const ROLES = ['SALES_USER', 'CATALOG_USER', 'ROOT_ADMIN'] as const;

let ctx: TestContext;
let routes: CatalogedRoute[];
const cookies = new Map<string, string>();
const tokens = new Map<string, string>();
let revokedToken = '';

async function tokenFor(role: string, isRevoked = false): Promise<string> {
  const account = await createUser(ctx.db, { roles: [{ role }] });
  await ctx.db
    .update(users)
    .set({ isServiceAccount: true, passwordHash: null })
    .where(eq(users.id, account.id));
  const token = `bcpq_${newOpaqueToken()}`;
  await ctx.db.insert(apiTokens).values({
    userId: account.id,
    name: `matrix ${role}`,
    tokenHash: hashOpaqueToken(token),
    tokenPrefix: token.slice(0, 11),
    expiresAt: new Date(Date.now() + 86_400_000),
    revokedAt: isRevoked ? new Date() : null,
  });
  return token;
}

beforeAll(async () => {
  ctx = await createTestApp();
  routes = routesOfThisEngine(callableRoutes(ctx.app)).filter(
    (r) => r.url !== '/api/security/logout',
  );
  for (const role of ROLES) {
    cookies.set(role, await signedIn(ctx.app, await createUser(ctx.db, { roles: [{ role }] })));
    tokens.set(role, await tokenFor(role));
  }
  revokedToken = await tokenFor('ROOT_ADMIN', true);
});

function outcomeOf(response: { statusCode: number; body: string }): Outcome {
  if (response.statusCode !== 401 && response.statusCode !== 403) return 'allowed';
  const body = JSON.parse(response.body) as { error?: string; message?: string };
  if (body.error === 'API_TOKEN_INVALID' && body.message === API_TOKEN_INVALID_MESSAGE) {
    return 'no session';
  }
  if (body.error === 'SESSION_REQUIRED' && body.message === SESSION_REQUIRED_MESSAGE) {
    return 'no session';
  }
  if (body.error === 'FORBIDDEN' && body.message === PERMISSION_REQUIRED_MESSAGE) {
    return 'forbidden';
  }
  if (body.error === 'FORBIDDEN' && body.message === PERSON_ONLY_MESSAGE) return 'person only';
  return 'allowed';
}

function call(route: CatalogedRoute, headers: Record<string, string>) {
  return ctx.app.inject({
    method: route.method as 'GET' | 'POST',
    url: urlWithParams(route, validParamsOf(route)),
    headers,
    ...(route.method === 'GET' ? {} : { payload: {} }),
  });
}

describe('API tokens in the authorization matrix', () => {
  it('pass the access check exactly where a session of the same role does', async () => {
    const mismatches: string[] = [];
    let personOnly = 0;
    for (const route of routes) {
      const access = route.access;
      if (!access) continue;
      for (const role of ROLES) {
        const bySession = outcomeOf(await call(route, { cookie: cookies.get(role)! }));
        const byToken = await call(route, { authorization: `Bearer ${tokens.get(role)!}` });
        expect(byToken.statusCode, `${routeName(route)} with a ${role} token`).toBeLessThan(500);
        const expected =
          access.kind === 'session' && access.personOnly && bySession === 'allowed'
            ? 'person only'
            : bySession;
        if (expected === 'person only') personOnly++;
        const actual = outcomeOf(byToken);
        if (actual !== expected) {
          mismatches.push(`${routeName(route)} with a ${role} token: ${actual}, not ${expected}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
    // The check sees the routes a token may not call at all.
    expect(personOnly).toBeGreaterThan(0);
  }, 240_000);

  it('refuse a revoked token on every route but the public ones', async () => {
    const mismatches: string[] = [];
    for (const route of routes) {
      const access = route.access;
      if (!access) continue;
      const response = await call(route, { authorization: `Bearer ${revokedToken}` });
      const expected = access.kind === 'public' ? 'allowed' : 'no session';
      const actual = outcomeOf(response);
      if (actual !== expected) mismatches.push(`${routeName(route)}: ${actual}`);
      if (expected === 'no session') expect(response.statusCode, routeName(route)).toBe(401);
    }
    expect(mismatches).toEqual([]);
  }, 120_000);
});
