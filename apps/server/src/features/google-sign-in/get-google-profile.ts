import { z } from 'zod';
import type { Database } from '@bastion/db/client';
import { findLatestGoogleSignIn } from './google-sign-in.repository.ts';
import type { ZGoogleProfile } from '@bastion/domain/auth/google-sign-in-api';

/** What a successful Google sign-in records of the account (finishGoogleSignIn's `account`). */
const ZRecordedAccount = z.object({ email: z.string(), name: z.string().default('') });

/**
 * The Google account the user last signed in with, as its audit entry recorded it: nothing of
 * Google's is stored elsewhere, and no token is kept to ask Google again.
 */
export async function getGoogleProfile(
  db: Database,
  userId: string,
): Promise<z.infer<typeof ZGoogleProfile> | null> {
  const latest = await findLatestGoogleSignIn(db, userId);
  const account = ZRecordedAccount.safeParse(latest?.details);
  if (!latest || !account.success) return null;
  return {
    email: account.data.email,
    name: account.data.name,
    signed_in_at: latest.occurredAt.toISOString(),
  };
}
