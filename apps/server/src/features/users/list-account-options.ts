import type { Database } from '@bastion/db/client';
import { findAccountOptions } from './users.repository.ts';

/** Enough to pick from while typing; a longer list means the search should say more. */
export const MAX_ACCOUNT_OPTIONS = 50;

/** POST /api/admin/user-account-options: CRM accounts to limit a role to, by name. */
export async function listAccountOptions(db: Database, search: string) {
  return { accounts: await findAccountOptions(db, search, MAX_ACCOUNT_OPTIONS) };
}
