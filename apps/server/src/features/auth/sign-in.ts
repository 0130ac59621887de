import { canSwitchMaintenance } from '@bastion/domain/accounts/policy';
import type { Database } from '@bastion/db/client';
import type { ServerConfig } from '../../config.ts';
import { DEFAULT_MAINTENANCE_MESSAGE } from '../../lib/access.ts';
import { accessSettings } from '../../core/access/access-settings.repository.ts';
import { buildRoleEntries, findRoleRows } from '../../core/access/user-roles.repository.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SecretBox } from '../../core/access/secret-box.ts';
import { openSession } from '../../core/access/sessions.repository.ts';
import { clientNetwork } from '../../lib/rate-limit.ts';
import { verifyAgainstDummy, verifyPassword } from '../../core/access/passwords.ts';
import {
  countRecentFailures,
  deleteLoginFailure,
  deletePairFailures,
  findUserByEmail,
  recordLoginFailure,
  type FailureCounts,
  type UserRow,
} from './auth.repository.ts';
import { findUsableUnlockToken, spendUnlockToken } from './passwords.repository.ts';
import { useSecondFactor, type SecondFactorUse } from './second-factor.ts';
import { hashOpaqueToken } from '../../core/access/opaque-token.ts';

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password.';
export const INVALID_CODE_MESSAGE =
  'That code is not valid. Enter the current code from your authenticator app, or an unused recovery code.';
export const ACCOUNT_DISABLED_MESSAGE = 'This account is disabled. Contact your administrator.';

export interface SignInInput {
  email: string;
  password: string;
  ip: string;
  userAgent: string;
  /** The session the browser held before, replaced so that a planted id never gains a login. */
  previousTokenHash: string | null;
  /** From the e-mailed unlock link: gets past the account-wide pause once. */
  unlockToken: string | null;
  /** The second step: a current code or a recovery code, for a user with two-step sign-in. */
  otp: string | null;
}

export type SignInOutcome =
  | {
      ok: true;
      user: UserRow;
      token: string;
      usedUnlockLink: boolean;
      /** How the second factor was given, when the user has one. */
      secondFactor: SecondFactorUse | null;
    }
  /** The password is right and the user has two-step sign-in: ask for the code; no session. */
  | { ok: false; mfaRequired: true; user: UserRow }
  | {
      ok: false;
      mfaRequired?: false;
      error: AppError;
      failureRecorded: boolean;
      user: UserRow | null;
      /** The account has reached its account-wide budget: its owner should get an unlock link. */
      isAccountPaused: boolean;
    };

function retryAfter(oldest: Date | null, windowMinutes: number, now: Date) {
  const retryAt = (oldest?.getTime() ?? now.getTime()) + windowMinutes * 60_000;
  const seconds = Math.max(1, Math.ceil((retryAt - now.getTime()) / 1000));
  return { seconds, minutes: Math.ceil(seconds / 60) };
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

export function tooManyFailures(oldest: Date | null, windowMinutes: number, now: Date): AppError {
  const { seconds, minutes } = retryAfter(oldest, windowMinutes, now);
  return new AppError(
    'RATE_LIMITED',
    `Too many failed sign-in attempts. Try again in ${plural(minutes, 'minute')}.`,
    { headers: { 'retry-after': String(seconds) } },
  );
}

function accountPaused(oldest: Date | null, windowMinutes: number, now: Date): AppError {
  const { seconds, minutes } = retryAfter(oldest, windowMinutes, now);
  // Worded for any typed address, so it reveals nothing about which ones have accounts.
  return new AppError(
    'RATE_LIMITED',
    'Sign-in to this account is paused after too many failed attempts. If it is yours, use the ' +
      `unlock link we have e-mailed to its address, or try again in ${plural(minutes, 'minute')}.`,
    { headers: { 'retry-after': String(seconds) } },
  );
}

/**
 * Checks the credentials and opens a new session, throttled as decision 016 describes: failures
 * are counted per (account, address) pair and per address over a short window, and per account
 * over a longer one. A spent budget refuses even the right password, so guessing cannot go on;
 * the pair budget keeps an attacker elsewhere from locking the owner out, and past the
 * account-wide one only the e-mailed unlock link gets the owner in.
 */
export async function signIn(
  db: Database,
  deps: { config: ServerConfig; secrets: SecretBox },
  input: SignInInput,
  now = new Date(),
): Promise<SignInOutcome> {
  const { config } = deps;
  const email = input.email.trim().toLowerCase();
  const address = clientNetwork(input.ip);
  const limits = config.login;
  const countFailures = () =>
    countRecentFailures(
      db,
      { email, address },
      {
        window: new Date(now.getTime() - limits.windowMinutes * 60_000),
        accountWindow: new Date(now.getTime() - limits.accountWideWindowMinutes * 60_000),
      },
    );
  const unlockToken = input.unlockToken;
  let unlockTokenHash: string | null = null;
  /**
   * Which budget, if any, refuses this attempt; `own` is 1 once the attempt's own claimed
   * failure is among the counts. It depends only on what was typed and where from, never on
   * whether the account exists, and is decided before any password check: the same answer in
   * the same time for every address.
   */
  const refusal = async (f: FailureCounts, own: 0 | 1) => {
    if (f.forAddress - own >= limits.maxFailuresPerIp) {
      return { error: tooManyFailures(f.oldestForAddress, limits.windowMinutes, now) };
    }
    if (f.forPair - own >= limits.maxFailuresPerAccount) {
      return { error: tooManyFailures(f.oldestForPair, limits.windowMinutes, now) };
    }
    if (f.forAccount - own < limits.maxFailuresAccountWide) return null;
    if (unlockTokenHash === null && unlockToken) {
      const unlock = await findUsableUnlockToken(db, hashOpaqueToken(unlockToken), now);
      if (unlock?.email === email) unlockTokenHash = unlock.tokenHash;
    }
    if (unlockTokenHash !== null) return null;
    return {
      error: accountPaused(f.oldestForAccount, limits.accountWideWindowMinutes, now),
      isAccountPaused: true,
    };
  };
  const refused = (r: { error: AppError; isAccountPaused?: boolean }): SignInOutcome => ({
    ok: false,
    error: r.error,
    failureRecorded: false,
    user: null,
    isAccountPaused: r.isAccountPaused ?? false,
  });

  const before = await refusal(await countFailures(), 0);
  if (before) return refused(before);
  // The attempt counts as failed until it succeeds, and is counted before the slow password
  // check: concurrent guesses then see each other and cannot all slip in under a budget.
  const claimId = await recordLoginFailure(db, { email, address });
  const failures = await countFailures();
  const after = await refusal(failures, 1);
  if (after) {
    await deleteLoginFailure(db, claimId);
    return refused(after);
  }

  const user = await findUserByEmail(db, email);
  const passwordOk = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : (await verifyAgainstDummy(input.password), false);
  if (!user || !passwordOk) {
    return {
      ok: false,
      error: new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE),
      failureRecorded: true,
      user,
      isAccountPaused: failures.forAccount >= limits.maxFailuresAccountWide,
    };
  }
  // Said only after the right password, so it reveals nothing to a guesser.
  if (user.isDisabled) {
    await deleteLoginFailure(db, claimId);
    return {
      ok: false,
      error: new AppError('ACCOUNT_DISABLED', ACCOUNT_DISABLED_MESSAGE),
      failureRecorded: false,
      user,
      isAccountPaused: false,
    };
  }
  let secondFactor: SecondFactorUse | null = null;
  if (user.mfaEnabled) {
    if (!input.otp) {
      // The right password is no failure; the code comes in a second call with both.
      await deleteLoginFailure(db, claimId);
      return { ok: false, mfaRequired: true, user };
    }
    secondFactor = await useSecondFactor(db, deps.secrets, user.id, input.otp, now);
    if (secondFactor === null) {
      // A wrong code counts like a wrong password: the claimed failure stays.
      return {
        ok: false,
        error: new AppError('INVALID_CREDENTIALS', INVALID_CODE_MESSAGE, {
          details: [{ path: 'otp', message: INVALID_CODE_MESSAGE }],
        }),
        failureRecorded: true,
        user,
        isAccountPaused: failures.forAccount >= limits.maxFailuresAccountWide,
      };
    }
  }
  // The right credentials are no failure.
  await deleteLoginFailure(db, claimId);
  const held = await heldByMaintenance(db, user.id, now);
  if (held) return { ok: false, error: held, failureRecorded: false, user, isAccountPaused: false };
  // Two sign-ins racing with one link: only the first gets through.
  if (unlockTokenHash && !(await spendUnlockToken(db, unlockTokenHash, now))) {
    return refused({
      error: accountPaused(failures.oldestForAccount, limits.accountWideWindowMinutes, now),
      isAccountPaused: true,
    });
  }

  // The owner's own mistakes from here are forgiven; other addresses' failures stay counted.
  await deletePairFailures(db, { email, address });
  const token = await openSession(
    db,
    config,
    {
      userId: user.id,
      ip: input.ip,
      userAgent: input.userAgent,
      previousTokenHash: input.previousTokenHash,
    },
    now,
  );
  return { ok: true, user, token, usedUnlockLink: unlockTokenHash !== null, secondFactor };
}

/** While maintenance is on, only those who switch it sign in; the others learn why (503). */
async function heldByMaintenance(db: Database, userId: string, now: Date) {
  const settings = await accessSettings(db);
  if (!settings.isMaintenanceOn) return null;
  const roles = buildRoleEntries(await findRoleRows(db, userId, now)).merged;
  if (canSwitchMaintenance(roles)) return null;
  return new AppError('MAINTENANCE', settings.maintenanceMessage || DEFAULT_MAINTENANCE_MESSAGE);
}
