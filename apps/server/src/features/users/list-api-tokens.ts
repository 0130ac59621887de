import type { ApiTokenRow } from '@bastion/domain/accounts/user-admin-schemas';
import type { Database } from '@bastion/db/client';
import { findApiTokens } from './api-tokens.repository.ts';
import { requireServiceAccount } from './service-account.ts';

/** POST /api/admin/api-tokens: a service account's tokens, newest first; never the tokens. */
export async function listApiTokens(
  db: Database,
  email: string,
  now = new Date(),
): Promise<{ email: string; tokens: ApiTokenRow[] }> {
  const account = await requireServiceAccount(db, email);
  return { email: account.email, tokens: await findApiTokens(db, account.id, now) };
}
