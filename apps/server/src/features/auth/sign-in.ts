import type { Database } from '@bastion/db/client';
import type { ServerConfig } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import { verifyAgainstDummy, verifyPassword } from '../../lib/passwords.ts';
import {
  countRecentFailures,
  deleteExpiredSessions,
  deleteSession,
  findUserByEmail,
  insertSession,
  recordLoginFailure,
  type UserRow,
} from './auth.repository.ts';
import { hashOpaqueToken, newOpaqueToken } from './opaque-token.ts';

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password.';
export const ACCOUNT_DISABLED_MESSAGE = 'This account is disabled. Contact your administrator.';

export interface SignInInput {
  email: string;
  password: string;
  ip: string;
  userAgent: string;
  /** The session the browser held before, replaced so that a planted id never gains a login. */
  previousTokenHash: string | null;
}

export type SignInOutcome =
  | { ok: true; user: UserRow; token: string }
  | { ok: false; error: AppError; failureRecorded: boolean; user: UserRow | null };

function rateLimited(oldest: Date | null, windowMinutes: number, now: Date): AppError {
  const retryAt = (oldest?.getTime() ?? now.getTime()) + windowMinutes * 60_000;
  const seconds = Math.max(1, Math.ceil((retryAt - now.getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new AppError(
    'RATE_LIMITED',
    `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { headers: { 'retry-after': String(seconds) } },
  );
}

/**
 * Checks the credentials and opens a new session. Failures are counted per account and per
 * address over a sliding window; once either budget is spent even the right password is
 * refused until the window moves on, so guessing cannot continue.
 */
export async function signIn(
  db: Database,
  config: ServerConfig,
  input: SignInInput,
  now = new Date(),
): Promise<SignInOutcome> {
  const email = input.email.trim().toLowerCase();
  const { windowMinutes, maxFailuresPerAccount, maxFailuresPerIp } = config.login;
  const since = new Date(now.getTime() - windowMinutes * 60_000);

  const failures = await countRecentFailures(db, { email, ip: input.ip }, since);
  if (failures.forAccount >= maxFailuresPerAccount) {
    return {
      ok: false,
      error: rateLimited(failures.oldestForAccount, windowMinutes, now),
      failureRecorded: false,
      user: null,
    };
  }
  if (failures.forIp >= maxFailuresPerIp) {
    return {
      ok: false,
      error: rateLimited(failures.oldestForIp, windowMinutes, now),
      failureRecorded: false,
      user: null,
    };
  }

  const user = await findUserByEmail(db, email);
  const passwordOk = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : (await verifyAgainstDummy(input.password), false);
  if (!user || !passwordOk) {
    await recordLoginFailure(db, { email, ip: input.ip });
    return {
      ok: false,
      error: new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE),
      failureRecorded: true,
      user,
    };
  }
  // Said only after the right password, so it reveals nothing to a guesser.
  if (user.isDisabled) {
    return {
      ok: false,
      error: new AppError('ACCOUNT_DISABLED', ACCOUNT_DISABLED_MESSAGE),
      failureRecorded: false,
      user,
    };
  }

  if (input.previousTokenHash) await deleteSession(db, input.previousTokenHash);
  await deleteExpiredSessions(
    db,
    user.id,
    new Date(now.getTime() - config.session.idleMinutes * 60_000),
  );
  const token = newOpaqueToken();
  await insertSession(db, {
    tokenHash: hashOpaqueToken(token),
    userId: user.id,
    expiresAt: new Date(now.getTime() + config.session.absoluteHours * 3_600_000),
    ip: input.ip,
    userAgent: input.userAgent.slice(0, 512),
  });
  return { ok: true, user, token };
}
