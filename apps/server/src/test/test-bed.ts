import { eq } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import { users as usersTable } from '@bastion/db/schema/users';
import type { ServerConfig } from '../config.ts';
import { dataOfSuccess } from './answers.ts';
import {
  createTestApp,
  createUser,
  signedIn,
  type TestContext,
  type TestUser,
} from './test-app.ts';

/*
 * A test file's app and signed-in users, opened in its beforeAll. The objects are handed back at
 * once and filled in then, so a file holds them in consts at its top instead of `let`s that its
 * beforeAll assigns; they are read in the tests, after the filling.
 */

/** An object that the calling file's beforeAll fills with what `open` resolves to. */
export function openBeforeAll<T extends object>(open: () => Promise<T>): T {
  const opened = {} as T;
  beforeAll(async () => {
    Object.assign(opened, await open());
  });
  return opened;
}

/** The file's app, made in its beforeAll. */
export function useTestApp(
  env: Record<string, string> = {},
  adjust?: (config: ServerConfig) => ServerConfig,
): TestContext {
  return openBeforeAll(() => createTestApp(env, adjust));
}

type UserOptions = NonNullable<Parameters<typeof createUser>[1]>;

/** Someone a bed signs in: a fresh user holding a role, a fresh user made so, or an existing account. */
export type Account = string | UserOptions | { email: string; password: string };

export interface SignedInUsers<Who extends string> {
  users: Record<Who, TestUser>;
  cookies: Record<Who, string>;
}

async function userOf(ctx: TestContext, account: Account): Promise<TestUser> {
  if (typeof account === 'string') return createUser(ctx.db, { roles: [{ role: account }] });
  if (!('email' in account)) return createUser(ctx.db, account);
  const [row] = await ctx.db
    .select({ id: usersTable.id })
    .from(usersTable)
    .where(eq(usersTable.email, account.email));
  if (!row) throw new Error(`no account ${account.email}`);
  return { id: row.id, ...account };
}

/** The accounts, by the names the tests call them, each signed in. */
export async function signInAccounts<Who extends string>(
  ctx: TestContext,
  accounts: Record<Who, Account>,
): Promise<SignedInUsers<Who>> {
  const signed = await Promise.all(
    Object.entries<Account>(accounts).map(async ([who, account]) => {
      const user = await userOf(ctx, account);
      return { who, user, cookie: await signedIn(ctx.app, user) };
    }),
  );
  return {
    users: Object.fromEntries(signed.map((s) => [s.who, s.user])) as Record<Who, TestUser>,
    cookies: Object.fromEntries(signed.map((s) => [s.who, s.cookie])) as Record<Who, string>,
  };
}

export interface TestBed<Who extends string> extends SignedInUsers<Who> {
  ctx: TestContext;
}

export async function openTestBed<Who extends string>(
  accounts: Record<Who, Account>,
  env: Record<string, string> = {},
): Promise<TestBed<Who>> {
  const ctx = await createTestApp(env);
  return { ctx, ...(await signInAccounts(ctx, accounts)) };
}

/**
 * The file's app and accounts, opened in its beforeAll. Each part is filled in place, so the
 * file may take them apart at once: `const { ctx, cookies } = useTestBed({ root: 'ROOT_ADMIN' })`.
 */
export function useTestBed<Who extends string>(
  accounts: Record<Who, Account>,
  env: Record<string, string> = {},
): TestBed<Who> {
  const bed = { ctx: {}, users: {}, cookies: {} } as TestBed<Who>;
  beforeAll(async () => {
    const opened = await openTestBed(accounts, env);
    Object.assign(bed.ctx, opened.ctx);
    Object.assign(bed.users, opened.users);
    Object.assign(bed.cookies, opened.cookies);
  });
  return bed;
}

/** POST calls to the bed's app under `base`, with the session cookie of `as` unless told. */
export function postCalls<Who extends string>(
  bed: { ctx: Pick<TestContext, 'app'>; cookies: Record<Who, string> },
  as: NoInfer<Who>,
  base = '',
) {
  const post = (path: string, payload: unknown, cookie = bed.cookies[as]) =>
    bed.ctx.app.inject({
      method: 'POST',
      url: `${base}${path}`,
      payload: payload as object,
      headers: { cookie },
    });

  async function dataOf<T = Record<string, unknown>>(
    path: string,
    payload: unknown,
    cookie = bed.cookies[as],
  ): Promise<T> {
    return dataOfSuccess<T>(await post(path, payload, cookie));
  }

  return { post, dataOf };
}

/** As postCalls, but a call names who makes it (one of the bed's accounts) rather than a cookie. */
export function postCallsAs<Who extends string>(
  bed: { ctx: Pick<TestContext, 'app'>; cookies: Record<Who, string> },
  as: NoInfer<Who>,
  base = '',
) {
  const calls = postCalls(bed, as, base);
  return {
    post: (path: string, payload: unknown, who: Who = as) =>
      calls.post(path, payload, bed.cookies[who]),
    dataOf: <T = Record<string, unknown>>(path: string, payload: unknown, who: Who = as) =>
      calls.dataOf<T>(path, payload, bed.cookies[who]),
  };
}
