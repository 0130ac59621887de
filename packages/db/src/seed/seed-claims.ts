import type { Database } from '../client.ts';
import { seedClaims } from '../schema/seed-claims.ts';

/**
 * Claims the seed `name` for this instance: true for the one caller that claims it first, false
 * for every other, at once or later (the primary key decides, on either engine).
 */
export async function claimSeed(db: Database, name: string, now = new Date()): Promise<boolean> {
  const claimed = await db
    .insert(seedClaims)
    .values({ name, claimedAt: now })
    .onConflictDoNothing()
    .returning({ name: seedClaims.name });
  return claimed.length === 1;
}
