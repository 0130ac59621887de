import { eq } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { users } from '@bastion/db/schema/users';

/** The session flags the client polls, read and reset. */

/** The user's flags; a user who is gone reads as disabled. */
export async function readUserFlags(db: Database, userId: string) {
  const [row] = await db
    .select({ reloadRequired: users.reloadRequired, isDisabled: users.isDisabled })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? { reloadRequired: false, isDisabled: true };
}

export async function clearUserReload(db: Database, userId: string) {
  await db.update(users).set({ reloadRequired: false }).where(eq(users.id, userId));
}
