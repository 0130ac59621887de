import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { outboundEmails } from '@bastion/db/schema/mail';
import { loginFailures, loginUnlockTokens } from '@bastion/db/schema/sessions';
import { users } from '@bastion/db/schema/users';
import {
  createTestApp,
  createUser,
  login,
  randomIp,
  type TestContext,
} from '../../test/test-app.ts';
import { hashOpaqueToken } from '../../core/access/opaque-token.ts';

const PUBLIC_URL = 'https://cpq.example.com';
const PAUSED_MESSAGE =
  /^Sign-in to this account is paused after too many failed attempts\. If it is yours, use the unlock link we have e-mailed to its address, or try again in \d+ minutes?\.$/;

let ctx: TestContext;
/** The account-wide budget low enough to spend in a test. */
let strict: TestContext;
beforeAll(async () => {
  // With the production request limit on sign-in, whose headers must not tell accounts apart.
  const env = { PUBLIC_URL, RATE_LIMIT_AUTH_PER_MINUTE: '60' };
  ctx = await createTestApp(env);
  strict = await createTestApp({ ...env, LOGIN_MAX_FAILURES_ACCOUNT_WIDE: '6' });
});

const fail = (app: TestContext, email: string, ip: string) =>
  login(app.app, { email, password: 'Not-the-password-1' }, { ip });

/** Spends `total` of the account's failures, two per address: no address reaches its own limit. */
async function failFromAddresses(app: TestContext, email: string, total: number) {
  const perAddress = 2;
  for (let i = 0; i < total; i += perAddress) {
    const ip = randomIp();
    for (let j = i; j < Math.min(total, i + perAddress); j++) {
      expect((await fail(app, email, ip)).statusCode).toBe(401);
    }
  }
}

/** Moves every recorded failure of an account `minutes` into the past, as time would. */
async function age(email: string, minutes: number) {
  const rows = await ctx.db.select().from(loginFailures).where(eq(loginFailures.email, email));
  for (const row of rows) {
    await ctx.db
      .update(loginFailures)
      .set({ occurredAt: new Date(row.occurredAt.getTime() - minutes * 60_000) })
      .where(eq(loginFailures.id, row.id));
  }
}

const unlockEmailsTo = (email: string) =>
  ctx.db
    .select()
    .from(outboundEmails)
    .where(and(eq(outboundEmails.recipient, email), eq(outboundEmails.purpose, 'login_unlock')))
    .orderBy(desc(outboundEmails.createdAt));

/** The token of the newest unlock e-mail, read from its link as the owner would follow it. */
async function unlockTokenFromEmail(email: string): Promise<string> {
  await expect.poll(async () => (await unlockEmailsTo(email)).length).toBeGreaterThan(0);
  const [latest] = await unlockEmailsTo(email);
  const link = /^https:\/\/cpq\.example\.com\/login\?unlock=([A-Za-z0-9_-]{43})$/m.exec(
    latest?.textBody ?? '',
  );
  if (!link?.[1]) throw new Error(`no unlock link in: ${latest?.textBody}`);
  return link[1];
}

describe('failures per account and address', () => {
  it('lets the owner in from another address after an attacker spent the budget elsewhere', async () => {
    const owner = await createUser(ctx.db);
    const attacker = randomIp();
    for (let i = 0; i < 5; i++)
      expect((await fail(ctx, owner.email, attacker)).statusCode).toBe(401);

    const fromOwner = await login(ctx.app, owner, { ip: randomIp() });
    expect(fromOwner.statusCode).toBe(200);
  });

  it("refuses the attacker's address even the right password until the window has passed", async () => {
    const owner = await createUser(ctx.db);
    const attacker = randomIp();
    for (let i = 0; i < 5; i++) await fail(ctx, owner.email, attacker);

    const refused = await login(ctx.app, owner, { ip: attacker });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      error: 'RATE_LIMITED',
      message: 'Too many failed sign-in attempts. Try again in 15 minutes.',
    });
    await age(owner.email, 10);
    expect((await login(ctx.app, owner, { ip: attacker })).statusCode).toBe(429);
    await age(owner.email, 6);
    expect((await login(ctx.app, owner, { ip: attacker })).statusCode).toBe(200);
  });

  it('lets no more guesses through than the budget when they arrive at once', async () => {
    const owner = await createUser(ctx.db);
    const attacker = randomIp();
    const guesses = await Promise.all(
      Array.from({ length: 12 }, () => fail(ctx, owner.email, attacker)),
    );
    const checked = guesses.filter((g) => g.statusCode === 401).length;
    expect(guesses.every((g) => g.statusCode === 401 || g.statusCode === 429)).toBe(true);
    expect(checked).toBeLessThanOrEqual(5);
    const recorded = await ctx.db
      .select()
      .from(loginFailures)
      .where(eq(loginFailures.email, owner.email));
    // Refused attempts leave nothing behind; each checked one is one failure.
    expect(recorded).toHaveLength(checked);
  });

  it('counts an IPv6 network, not each of its addresses', async () => {
    const owner = await createUser(ctx.db);
    const network = randomIp().replace(/::1$/, '');
    for (let i = 1; i <= 5; i++) await fail(ctx, owner.email, `${network}::${i}`);
    expect((await login(ctx.app, owner, { ip: `${network}::ff` })).statusCode).toBe(429);
    expect((await login(ctx.app, owner, { ip: randomIp() })).statusCode).toBe(200);
  });

  it("forgets the owner's own failures at sign-in, and no other address's", async () => {
    const owner = await createUser(ctx.db);
    const [home, attacker] = [randomIp(), randomIp()];
    for (let i = 0; i < 4; i++) {
      await fail(ctx, owner.email, home);
      await fail(ctx, owner.email, attacker);
    }
    expect((await login(ctx.app, owner, { ip: home })).statusCode).toBe(200);

    const left = await ctx.db
      .select({ ip: loginFailures.ip })
      .from(loginFailures)
      .where(eq(loginFailures.email, owner.email));
    expect(left).toHaveLength(4);
    // One more from the attacker completes its five.
    expect((await fail(ctx, owner.email, attacker)).statusCode).toBe(401);
    expect((await login(ctx.app, owner, { ip: attacker })).statusCode).toBe(429);
    // The owner starts again from nothing at home.
    for (let i = 0; i < 4; i++) expect((await fail(ctx, owner.email, home)).statusCode).toBe(401);
    expect((await login(ctx.app, owner, { ip: home })).statusCode).toBe(200);
  });

  it('refuses an address that failed on many accounts, for every account', async () => {
    const limited = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '3' });
    const ip = randomIp();
    for (let i = 0; i < 3; i++) {
      const other = await createUser(limited.db);
      expect((await fail(limited, other.email, ip)).statusCode).toBe(401);
    }
    const untouched = await createUser(limited.db);
    const refused = await login(limited.app, untouched, { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'RATE_LIMITED' });
    expect((await login(limited.app, untouched, { ip: randomIp() })).statusCode).toBe(200);
  });
});

describe('the account-wide budget and the e-mailed unlock link', () => {
  it('pauses the account for every address once many addresses have failed', async () => {
    const owner = await createUser(strict.db);
    await failFromAddresses(strict, owner.email, 6);

    const refused = await login(strict.app, owner, { ip: randomIp() });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 429, error: 'RATE_LIMITED' });
    expect(refused.json<{ message: string }>().message).toMatch(PAUSED_MESSAGE);
    // The account-wide window is an hour.
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
  });

  it('e-mails the owner one link that, with the password, signs in once', async () => {
    const owner = await createUser(strict.db);
    await failFromAddresses(strict, owner.email, 6);
    const token = await unlockTokenFromEmail(owner.email);
    // More refusals while the link is usable send nothing more.
    for (let i = 0; i < 3; i++) {
      expect((await login(strict.app, owner, { ip: randomIp() })).statusCode).toBe(429);
    }
    // The link is stored only as a hash.
    const [stored] = await strict.db
      .select()
      .from(loginUnlockTokens)
      .where(eq(loginUnlockTokens.userId, owner.id));
    expect(stored?.tokenHash).toBe(hashOpaqueToken(token));

    // A wrong password with the link is an ordinary failure and leaves the link usable.
    const typo = await login(
      strict.app,
      { email: owner.email, password: 'Typo-password-1', unlock_token: token },
      { ip: randomIp() },
    );
    expect(typo.statusCode).toBe(401);
    const unlocked = await login(strict.app, { ...owner, unlock_token: token }, { ip: randomIp() });
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json()).toMatchObject({ data: { email: owner.email } });

    const again = await login(
      strict.app,
      { ...owner, unlock_token: token },
      {
        ip: randomIp(),
      },
    );
    expect(again.statusCode).toBe(429);
    expect(again.json<{ message: string }>().message).toMatch(PAUSED_MESSAGE);
    // The link is spent, so that refusal brought a new one; still one at a time.
    await expect.poll(async () => (await unlockEmailsTo(owner.email)).length).toBe(2);
    expect(await unlockEmailsTo(owner.email)).toHaveLength(2);
  });

  it('does not let the attacker in with the right password, nor with another account’s link', async () => {
    const owner = await createUser(strict.db);
    const other = await createUser(strict.db);
    await failFromAddresses(strict, owner.email, 6);
    await failFromAddresses(strict, other.email, 6);
    const othersToken = await unlockTokenFromEmail(other.email);

    expect((await login(strict.app, owner, { ip: randomIp() })).statusCode).toBe(429);
    const borrowed = await login(
      strict.app,
      { ...owner, unlock_token: othersToken },
      {
        ip: randomIp(),
      },
    );
    expect(borrowed.statusCode).toBe(429);
    expect(
      (
        await strict.db
          .select()
          .from(loginUnlockTokens)
          .where(eq(loginUnlockTokens.tokenHash, hashOpaqueToken(othersToken)))
      )[0]?.usedAt,
    ).toBeNull();
  });

  it('does not get past the per-address budget with the link', async () => {
    const owner = await createUser(strict.db);
    await failFromAddresses(strict, owner.email, 6);
    const token = await unlockTokenFromEmail(owner.email);
    const ip = randomIp();
    // The pause is lifted for this address's guesses, not the address's own budget.
    for (let i = 0; i < 5; i++) {
      const guess = await login(
        strict.app,
        { email: owner.email, password: `Guess-${i}`, unlock_token: token },
        { ip },
      );
      expect(guess.statusCode).toBe(401);
    }
    const refused = await login(strict.app, { ...owner, unlock_token: token }, { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      message: 'Too many failed sign-in attempts. Try again in 15 minutes.',
    });
  });

  it('sends no link for an account without a password of its own', async () => {
    const owner = await createUser(strict.db);
    await strict.db
      .update(users)
      .set({ idProvider: 'Google', passwordHash: null })
      .where(eq(users.id, owner.id));
    await failFromAddresses(strict, owner.email, 6);
    expect((await login(strict.app, owner, { ip: randomIp() })).statusCode).toBe(429);
    // Give the background offer time to run before checking that it sent nothing.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await unlockEmailsTo(owner.email)).toHaveLength(0);
  });
});

describe('the same answer whether or not the account exists', () => {
  /** What a client can tell apart: status, body without the request id, telling headers. */
  function observable(response: LightMyRequestResponse) {
    const { request_id: requestId, ...body } = response.json<Record<string, unknown>>();
    expect(requestId).toEqual(expect.any(String));
    const h = response.headers;
    // The request limit is on, so its headers are compared too.
    expect(h['x-ratelimit-limit']).toBe('60');
    return {
      status: response.statusCode,
      body,
      headers: {
        'content-type': h['content-type'],
        'set-cookie': h['set-cookie'],
        'x-ratelimit-limit': h['x-ratelimit-limit'],
        'x-ratelimit-remaining': h['x-ratelimit-remaining'],
        // Seconds tick between the two requests; minutes do not.
        'retry-after':
          h['retry-after'] === undefined ? undefined : Math.round(Number(h['retry-after']) / 60),
      },
    };
  }

  const unknownEmail = () => `nobody-${randomIp().replaceAll(':', '')}@example.com`;

  it('for a wrong password', async () => {
    const user = await createUser(ctx.db);
    const existing = await fail(ctx, user.email, randomIp());
    const missing = await fail(ctx, unknownEmail(), randomIp());
    expect(existing.statusCode).toBe(401);
    expect(observable(missing)).toEqual(observable(existing));
  });

  it('for an address refused for the account', async () => {
    const user = await createUser(ctx.db);
    const missingEmail = unknownEmail();
    const [a, b] = [randomIp(), randomIp()];
    for (let i = 0; i < 5; i++) {
      await fail(ctx, user.email, a);
      await fail(ctx, missingEmail, b);
    }
    const existing = await login(ctx.app, user, { ip: a });
    const missing = await login(
      ctx.app,
      { email: missingEmail, password: user.password },
      { ip: b },
    );
    expect(existing.statusCode).toBe(429);
    expect(observable(missing)).toEqual(observable(existing));
  });

  it('for an account paused everywhere', async () => {
    const user = await createUser(strict.db);
    const missingEmail = unknownEmail();
    await failFromAddresses(strict, user.email, 6);
    await failFromAddresses(strict, missingEmail, 6);
    const existing = await login(strict.app, user, { ip: randomIp() });
    const missing = await login(
      strict.app,
      { email: missingEmail, password: user.password },
      { ip: randomIp() },
    );
    expect(existing.statusCode).toBe(429);
    expect(existing.json<{ message: string }>().message).toMatch(PAUSED_MESSAGE);
    expect(observable(missing)).toEqual(observable(existing));
  });
});
