import { and, count, eq, gt, isNull, or } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import {
  loginFailures,
  loginUnlockTokens,
  passwordResetTokens,
  sessions,
} from '@bastion/db/schema/sessions';
import { users } from '@bastion/db/schema/users';
import { firstOrNull } from '../../lib/db/queries.ts';
import { announceSessionChange } from '../../core/access/session-cache.ts';

/** Passwords and the links that reset them or unlock an account. */

export async function setPasswordHash(db: Database, userId: string, hash: string, at: Date) {
  await db.update(users).set({ passwordHash: hash, updatedAt: at }).where(eq(users.id, userId));
}

/** A link's token that is not spent and not expired at `now`. */
const isUsable = (tokens: typeof passwordResetTokens | typeof loginUnlockTokens, now: Date) =>
  and(isNull(tokens.usedAt), gt(tokens.expiresAt, now));

export async function findUsableResetToken(db: Database, tokenHash: string, now: Date) {
  return firstOrNull(
    db
      .select({ token: passwordResetTokens, user: users })
      .from(passwordResetTokens)
      .innerJoin(users, eq(users.id, passwordResetTokens.userId))
      .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isUsable(passwordResetTokens, now))),
  );
}

/**
 * Sets the new password, spends the link, signs the user out everywhere and forgets their
 * failed sign-ins; all or nothing. False when the link was spent meanwhile (a double submit).
 */
export async function applyPasswordReset(
  db: Database,
  reset: { tokenHash: string; userId: string; email: string; passwordHash: string },
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const spent = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(eq(passwordResetTokens.tokenHash, reset.tokenHash), isNull(passwordResetTokens.usedAt)),
      )
      .returning({ tokenHash: passwordResetTokens.tokenHash });
    if (spent.length === 0) return false;
    await tx
      .update(users)
      .set({ passwordHash: reset.passwordHash, updatedAt: now })
      .where(eq(users.id, reset.userId));
    // Those in which they act as someone else too (decision 021).
    await tx
      .delete(sessions)
      .where(or(eq(sessions.userId, reset.userId), eq(sessions.impersonatorUserId, reset.userId)));
    await tx.delete(loginFailures).where(eq(loginFailures.email, reset.email));
    await announceSessionChange(tx);
    return true;
  });
}

export async function hasLiveUnlockToken(db: Database, userId: string, now: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(loginUnlockTokens)
    .where(and(eq(loginUnlockTokens.userId, userId), isUsable(loginUnlockTokens, now)));
  return (row?.n ?? 0) > 0;
}

export async function insertUnlockToken(
  db: Database,
  token: { tokenHash: string; userId: string; expiresAt: Date },
) {
  await db.insert(loginUnlockTokens).values(token);
}

/** The unused, unexpired unlock link with this hash and the e-mail of its account. */
export async function findUsableUnlockToken(db: Database, tokenHash: string, now: Date) {
  return firstOrNull(
    db
      .select({ tokenHash: loginUnlockTokens.tokenHash, email: users.email })
      .from(loginUnlockTokens)
      .innerJoin(users, eq(users.id, loginUnlockTokens.userId))
      .where(and(eq(loginUnlockTokens.tokenHash, tokenHash), isUsable(loginUnlockTokens, now))),
  );
}

/** False when another sign-in spent the link first: it unlocks once. */
export async function spendUnlockToken(db: Database, tokenHash: string, now: Date) {
  const spent = await db
    .update(loginUnlockTokens)
    .set({ usedAt: now })
    .where(and(eq(loginUnlockTokens.tokenHash, tokenHash), isNull(loginUnlockTokens.usedAt)))
    .returning({ tokenHash: loginUnlockTokens.tokenHash });
  return spent.length > 0;
}
