import { AppError } from '../../lib/app-error.ts';
import type { Database } from '@bastion/db/client';
import { unknownUser } from './user-admin-errors.ts';
import { findUserByEmail, type UserRow } from './users.repository.ts';

export const NOT_A_SERVICE_ACCOUNT_MESSAGE =
  'API tokens are for service accounts: people sign in themselves.';

/** The service account of this address; 404 when there is no user, 409 when it is a person. */
export async function requireServiceAccount(db: Database, email: string): Promise<UserRow> {
  const user = await findUserByEmail(db, email);
  if (!user) throw unknownUser(email);
  if (!user.isServiceAccount) throw new AppError('CONFLICT', NOT_A_SERVICE_ACCOUNT_MESSAGE);
  return user;
}
