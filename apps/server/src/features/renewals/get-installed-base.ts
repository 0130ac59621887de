import type { InstalledBase } from '@bastion/domain/renewals/schemas';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';

/** POST /api/dx/installed-base: an opportunity's account's contracts (stub until written). */
export async function getInstalledBase(
  _db: Database,
  _caller: AuthContext,
  _opportunityId: string,
): Promise<InstalledBase> {
  throw new AppError('INTERNAL', 'Not written yet.');
}
