import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { mfaRecoveryCodes, userMfa } from '@bastion/db/schema/sessions';
import { users } from '@bastion/db/schema/users';
import { firstOrNull } from '../../lib/db/queries.ts';
import { announceSessionChange } from '../../core/access/session-cache.ts';

export type MfaRow = typeof userMfa.$inferSelect;

export async function findMfa(db: Database, userId: string): Promise<MfaRow | null> {
  return firstOrNull(db.select().from(userMfa).where(eq(userMfa.userId, userId)));
}

/** Keeps the secret gen-qr showed until a code activates it; a new gen-qr replaces it. */
export async function savePendingSecret(
  db: Database,
  userId: string,
  sealedSecret: string,
  now: Date,
) {
  await db
    .insert(userMfa)
    .values({ userId, pendingSecret: sealedSecret, pendingCreatedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: userMfa.userId,
      set: { pendingSecret: sealedSecret, pendingCreatedAt: now, updatedAt: now },
    });
}

/**
 * Makes the pending secret the active one, at the step of the code that proved it, with fresh
 * recovery codes; all or nothing. False when the pending secret changed meanwhile.
 */
export async function activateMfa(
  db: Database,
  input: { userId: string; sealedSecret: string; step: number; recoveryCodeHashes: string[] },
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const activated = await tx
      .update(userMfa)
      .set({
        secret: input.sealedSecret,
        pendingSecret: null,
        pendingCreatedAt: null,
        lastUsedStep: input.step,
        enabledAt: now,
        updatedAt: now,
      })
      .where(and(eq(userMfa.userId, input.userId), eq(userMfa.pendingSecret, input.sealedSecret)))
      .returning({ userId: userMfa.userId });
    if (activated.length === 0) return false;
    await tx
      .update(users)
      .set({ mfaEnabled: true, updatedAt: now })
      .where(eq(users.id, input.userId));
    await announceSessionChange(tx);
    await writeRecoveryCodes(tx, input.userId, input.recoveryCodeHashes);
    return true;
  });
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

async function writeRecoveryCodes(tx: Tx | Database, userId: string, hashes: string[]) {
  await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await tx.insert(mfaRecoveryCodes).values(hashes.map((codeHash) => ({ codeHash, userId })));
}

export async function replaceRecoveryCodes(db: Database, userId: string, hashes: string[]) {
  await db.transaction((tx) => writeRecoveryCodes(tx, userId, hashes));
}

/**
 * Records that the code of `step` was used: false when it (or a later one) already was, so a
 * code seen over someone's shoulder cannot be used again within its window.
 */
export async function spendTotpStep(db: Database, userId: string, step: number) {
  const spent = await db
    .update(userMfa)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(userMfa.userId, userId),
        or(isNull(userMfa.lastUsedStep), lt(userMfa.lastUsedStep, step)),
      ),
    )
    .returning({ userId: userMfa.userId });
  return spent.length > 0;
}

/** Spends an unused recovery code of the user; false when there is none with this hash. */
export async function spendRecoveryCode(db: Database, userId: string, hash: string, now: Date) {
  const spent = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(mfaRecoveryCodes.codeHash, hash),
        eq(mfaRecoveryCodes.userId, userId),
        isNull(mfaRecoveryCodes.usedAt),
      ),
    )
    .returning({ codeHash: mfaRecoveryCodes.codeHash });
  return spent.length > 0;
}

export async function countUnusedRecoveryCodes(db: Database, userId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Turns the second factor off: secret and recovery codes go. */
export async function removeMfa(db: Database, userId: string, now: Date) {
  await db.transaction(async (tx) => {
    await tx.delete(userMfa).where(eq(userMfa.userId, userId));
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
    await tx.update(users).set({ mfaEnabled: false, updatedAt: now }).where(eq(users.id, userId));
    await announceSessionChange(tx);
  });
}
