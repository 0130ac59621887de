import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import type { $ZodType } from 'zod/v4/core';
import { safeParse } from 'zod/v4/core';
import { derivePermissions, type PermissionFlags } from '@bastion/domain/permissions/flags';
import {
  ROLE_VALUES,
  mergeDelegatedRoles,
  type RoleEntry,
  type RoleValue,
} from '@bastion/domain/permissions/roles';
import type { Database } from '@bastion/db/client';
import { delegations, userRoles, users } from '@bastion/db/schema/users';
import type { ServerConfig } from '../config.ts';
import type { RouteAccess } from '../lib/access.ts';
import type { CatalogedRoute } from '../lib/route-catalog.ts';
import { arbitraryFor } from '../test/fuzz/schema-arbitrary.ts';
import { createUser, signedIn } from '../test/test-app.ts';
import { testEngine } from '../test/test-database.ts';

/**
 * The callers of the generated security checks: nobody, one user per role of spec §6, and the
 * users whose roles do not tell the whole story (a disabled one, one acting through a
 * delegation, an internal tester). Their permissions are derived here with the domain's own
 * functions, independently of the server's session code.
 */
export interface Caller {
  /** Column name in the matrix. */
  name: string;
  cookie: string | null;
  isDisabled: boolean;
  flags: PermissionFlags | null;
}

const entry = (value: RoleValue, isDelegated = false): RoleEntry => ({
  value,
  assignment: null,
  assignment_value: [],
  is_deligated_role: isDelegated,
});

function flagsOf(
  config: ServerConfig,
  email: string,
  own: RoleEntry[],
  delegated: RoleEntry[] = [],
  isApprover = false,
): PermissionFlags {
  return derivePermissions(
    { email, roles: mergeDelegatedRoles(own, delegated), is_approver: isApprover },
    { internal_test_domains: config.internalTestDomains },
  );
}

export async function createCallers(
  app: FastifyInstance,
  db: Database,
  config: ServerConfig,
): Promise<Caller[]> {
  const callers: Caller[] = [{ name: 'no session', cookie: null, isDisabled: false, flags: null }];

  for (const role of ROLE_VALUES) {
    const user = await createUser(db, { roles: [{ role }] });
    callers.push({
      name: role,
      cookie: await signedIn(app, user),
      isDisabled: false,
      flags: flagsOf(config, user.email, [entry(role)]),
    });
  }

  // Signed in, then disabled by an administrator: the session outlives the switch.
  const disabled = await createUser(db, { roles: [{ role: 'SALES_USER' }] });
  const disabledCookie = await signedIn(app, disabled);
  await db.update(users).set({ isDisabled: true }).where(eq(users.id, disabled.id));
  callers.push({
    name: 'disabled SALES_USER',
    cookie: disabledCookie,
    isDisabled: true,
    flags: flagsOf(config, disabled.email, [entry('SALES_USER')]),
  });

  // DEAL_DESK lent by a colleague: delegated roles count for some flags and not for others.
  const lender = await createUser(db, { roles: [{ role: 'DEAL_DESK' }] });
  const delegate = await createUser(db, { roles: [{ role: 'CSM_RENEWALS' }] });
  const [delegation] = await db
    .insert(delegations)
    .values({
      delegatorUserId: lender.id,
      delegateUserId: delegate.id,
      startsAt: new Date(Date.now() - 3_600_000),
      endsAt: new Date(Date.now() + 7 * 86_400_000),
      reason: 'authorization matrix',
    })
    .returning({ id: delegations.id });
  await db.insert(userRoles).values({
    userId: delegate.id,
    role: 'DEAL_DESK',
    isDeligatedRole: true,
    delegationId: delegation!.id,
  });
  callers.push({
    name: 'CSM_RENEWALS + delegated DEAL_DESK',
    cookie: await signedIn(app, delegate),
    isDisabled: false,
    flags: flagsOf(config, delegate.email, [entry('CSM_RENEWALS')], [entry('DEAL_DESK', true)]),
  });

  const approver = await createUser(db, {
    roles: [{ role: 'FINANCE_APPROVER' }],
    isApprover: true,
  });
  callers.push({
    name: 'approver (FINANCE_APPROVER)',
    cookie: await signedIn(app, approver),
    isDisabled: false,
    flags: flagsOf(config, approver.email, [entry('FINANCE_APPROVER')], [], true),
  });

  const tester = await createUser(db, {
    roles: [{ role: 'SALES_USER' }],
    emailDomain: config.internalTestDomains[0] ?? 'bastion.test',
  });
  callers.push({
    name: 'internal tester SALES_USER',
    cookie: await signedIn(app, tester),
    isDisabled: false,
    flags: flagsOf(config, tester.email, [entry('SALES_USER')]),
  });
  return callers;
}

export type GuardOutcome = 'allowed' | 'no session' | 'forbidden';

/** What the guard must answer, from the route's declaration and the caller's flags alone. */
export function expectedOutcome(access: RouteAccess, caller: Caller): GuardOutcome {
  if (access.kind === 'public') return 'allowed';
  if (!caller.flags || (caller.isDisabled && !access.allowDisabled)) return 'no session';
  if (access.permission && !access.permission.check(caller.flags)) return 'forbidden';
  return 'allowed';
}

/**
 * Every route of the table worth calling: HEAD mirrors GET, and the built app's files ('/' and the
 * static wildcard, present only with a web build) are public content.
 */
export function callableRoutes(app: FastifyInstance): CatalogedRoute[] {
  return app.routeCatalog.filter(
    (r) => r.method !== 'HEAD' && r.url !== '/' && !r.url.includes('*'),
  );
}

export const routeName = (route: Pick<CatalogedRoute, 'method' | 'url'>) =>
  `${route.method} ${route.url}`;

/** One route in this many is called by the generated checks on the second engine. */
export const SECOND_ENGINE_SAMPLE = 4;

/**
 * Whether the generated checks call every route on this engine, or a fixed sample. With a
 * PostgreSQL to test on (CI always has one) it is the engine that calls every route, as it runs
 * every server file; on a checkout without one, PGlite does.
 */
export function checksEveryRoute(): boolean {
  if (process.env.FUZZ_PROFILE === 'long') return true;
  return testEngine() === 'postgres' || !process.env.TEST_DATABASE_URL;
}

/**
 * The routes the generated checks (matrix, fuzzing, tokens) call on this engine: every route on
 * the one engine (checksEveryRoute), a fixed quarter on the other, chosen by a hash of the
 * route's name so that every run calls the same ones. Guards and validation are engine-blind
 * code, checked in full once; the second engine is there for SQL and driver differences, which a
 * sample meets as well (docs/testing.md). The long fuzzing profile calls every route on both.
 */
export function routesOfThisEngine<R extends Pick<CatalogedRoute, 'method' | 'url'>>(
  routes: R[],
): R[] {
  if (checksEveryRoute()) return routes;
  return routes.filter(
    (route) =>
      createHash('sha256').update(routeName(route)).digest().readUInt32BE(0) %
        SECOND_ENGINE_SAMPLE ===
      0,
  );
}

/**
 * The callers the matrix calls a route as on this engine: everyone on the one that checks every
 * route; on the other, the first caller of each outcome the guard must give (let through,
 * refused, no session), enough to send each kind of answer through its driver. Who gets which
 * answer is engine-blind, and checked for every caller once.
 */
export function callersOfThisEngine<C extends Caller>(access: RouteAccess, callers: C[]): C[] {
  if (checksEveryRoute()) return callers;
  const firstOfEach = new Map<GuardOutcome, C>();
  for (const caller of callers) {
    const outcome = expectedOutcome(access, caller);
    if (!firstOfEach.has(outcome)) firstOfEach.set(outcome, caller);
  }
  return [...firstOfEach.values()];
}

/** The names of a route's path parameters, in order: `/a/:id/:format` → ['id', 'format']. */
export function pathParamsOf(route: Pick<CatalogedRoute, 'url'>): string[] {
  return [...route.url.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1] ?? '');
}

/**
 * A route's URL with its path parameters filled in, each value URL-encoded. Parameters without a
 * value keep their `:name`, which the route's params schema refuses.
 */
export function urlWithParams(
  route: Pick<CatalogedRoute, 'url'>,
  params: Record<string, unknown>,
): string {
  return route.url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined || value === null ? whole : encodeURIComponent(paramText(value));
  });
}

/**
 * Path parameters the route's params schema accepts, with `known` values where given (a quote
 * id the caller may or may not see): the same ones every time, so the checks are repeatable.
 */
export function validParamsOf(
  route: CatalogedRoute,
  known: Record<string, string> = {},
): Record<string, string> {
  const names = pathParamsOf(route);
  if (names.length === 0) return {};
  const schema = route.schema.params as $ZodType | undefined;
  if (!schema) return { ...Object.fromEntries(names.map((n) => [n, 'x'])), ...known };
  const knownIds = Object.fromEntries(Object.entries(known).map(([k, v]) => [k, [v]]));
  for (const sample of fc.sample(arbitraryFor(schema, { knownIds }), {
    seed: 20261126,
    numRuns: 60,
  })) {
    if (sample === null || typeof sample !== 'object') continue;
    const params = { ...(sample as Record<string, unknown>), ...known };
    // A value must survive the trip through the URL: no '/', nothing empty.
    const texts = Object.fromEntries(names.map((n) => [n, paramText(params[n] ?? '')]));
    if (Object.values(texts).some((t) => t === '' || t.includes('/'))) continue;
    if (safeParse(schema, texts).success) return texts;
  }
  throw new Error(`no valid path parameters could be generated for ${route.url}`);
}

const paramText = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : JSON.stringify(value);
