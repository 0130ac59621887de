import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Database } from '@bastion/db/client';
import { userRoles, users } from '@bastion/db/schema/users';
import { buildApp } from '../app.ts';
import { loadConfig, type ServerConfig } from '../config.ts';
import type { CrmAdapter } from '../integrations/crm/crm-adapter.ts';
import { hashPassword } from '../core/access/passwords.ts';
import { testDatabase } from './test-database.ts';

export const TEST_SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');

export interface TestContext {
  app: FastifyInstance;
  db: Database;
  config: ServerConfig;
}

export async function createTestApp(
  env: Record<string, string> = {},
  adjust: (config: ServerConfig) => ServerConfig = (c) => c,
): Promise<TestContext> {
  const { db } = await testDatabase();
  const config = adjust(
    loadConfig({
      LOG_LEVEL: 'silent',
      // Request limits count per session and address in the worker's one database, so a test
      // making many calls (a fuzzer, a matrix) would meet them: the tests about them turn them on.
      RATE_LIMIT_AUTH_PER_MINUTE: '0',
      RATE_LIMIT_API_PER_MINUTE: '0',
      // Tests write users, roles and sessions straight into the database, which no session cache
      // hears of: the tests of the cache (core/access/session-cache.test.ts) turn it on.
      SESSION_CACHE_SECONDS: '0',
      // A fixed key, so that no test writes a key file into the data directory.
      SECRETS_KEY: TEST_SECRETS_KEY,
      ...env,
    }),
  );
  const app = await buildApp({ config, db, version: 'test', logger: false });
  await app.ready();
  return { app, db, config };
}

/**
 * Another app over the test database, with the default settings rather than the test app's, the
 * test's own CRM adapter if given, and any routes the test adds before it is ready.
 */
export async function createAppOver(
  db: Database,
  options: { crmAdapter?: CrmAdapter; routes?: (app: FastifyInstance) => void } = {},
): Promise<FastifyInstance> {
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', SECRETS_KEY: TEST_SECRETS_KEY }),
    db,
    version: 'test',
    logger: false,
    ...(options.crmAdapter ? { crmAdapter: options.crmAdapter } : {}),
  });
  options.routes?.(app);
  await app.ready();
  return app;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
}

/** A role a test user holds, with its assignment if any. */
export interface TestRole {
  role: string;
  assignment?: 'REGION' | 'ACCOUNT';
  assignmentValue?: string[];
}

/** A role held over the given regions. */
export const inRegion = (role: string, ...regions: string[]): TestRole => ({
  role,
  assignment: 'REGION',
  assignmentValue: regions,
});

let hashOfDefaultPassword: Promise<string> | null = null;
const DEFAULT_PASSWORD = 'Correct-horse-battery-1';

/** A fresh user with a unique e-mail, so tests never share accounts or rate-limit budgets. */
export async function createUser(
  db: Database,
  options: {
    roles?: TestRole[];
    isApprover?: boolean;
    isDisabled?: boolean;
    emailDomain?: string;
  } = {},
): Promise<TestUser> {
  hashOfDefaultPassword ??= hashPassword(DEFAULT_PASSWORD);
  const email = `user-${randomUUID().slice(0, 12)}@${options.emailDomain ?? 'example.com'}`;
  const [row] = await db
    .insert(users)
    .values({
      email,
      firstName: 'Test',
      lastName: 'User',
      passwordHash: await hashOfDefaultPassword,
      isApprover: options.isApprover ?? false,
      isDisabled: options.isDisabled ?? false,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('user insert returned nothing');
  const roles = options.roles ?? [{ role: 'SALES_USER' }];
  if (roles.length > 0) {
    await db.insert(userRoles).values(
      roles.map((r) => ({
        userId: row.id,
        role: r.role,
        assignment: r.assignment ?? null,
        assignmentValue: r.assignmentValue ?? [],
      })),
    );
  }
  return { id: row.id, email, password: DEFAULT_PASSWORD };
}

/** A distinct client address per test keeps per-IP rate limits apart. */
export function randomIp(): string {
  // Addresses from the documentation range: only ever a header value in injected requests.
  // The random part is the /64 network, which is what per-address limits count.
  return `2001:db8:${randomUUID().slice(0, 4)}:${randomUUID().slice(0, 4)}::1`;
}

export function sessionCookieFrom(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'bastion_session');
  if (!cookie)
    throw new Error(`no session cookie in response ${response.statusCode}: ${response.body}`);
  return `bastion_session=${cookie.value}`;
}

export async function login(
  app: FastifyInstance,
  credentials: { email: string; password: string; unlock_token?: string },
  options: { ip?: string; cookie?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/security/auth/login',
    payload: credentials,
    remoteAddress: options.ip ?? randomIp(),
    headers: options.cookie ? { cookie: options.cookie } : {},
  });
}

export async function signedIn(
  app: FastifyInstance,
  credentials: { email: string; password: string },
) {
  const response = await login(app, credentials);
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return sessionCookieFrom(response);
}

/** The session cookie of a fresh user holding `role`. */
export async function signedInAs(ctx: TestContext, role: string): Promise<string> {
  return signedIn(ctx.app, await createUser(ctx.db, { roles: [{ role }] }));
}

/** A fresh user holding `roles`, signed in: the user with its session cookie. */
export async function signedInUser(ctx: TestContext, ...roles: TestRole[]) {
  const user = await createUser(ctx.db, { roles });
  return { ...user, cookie: await signedIn(ctx.app, user) };
}
